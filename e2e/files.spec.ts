/**
 * Files (issue 6, years: issue 11): each downloaded file is compared byte for byte with what the
 * domain builder produces from the data the server holds; a restore is confirmed and shows its
 * data; a broken file is refused with the first problem and changes nothing. The page opens on
 * the current exercice, the one the seed writes (no `?year=`): the CSV names carry it, the JSON
 * backup holds every year (version 2).
 */
import { budgetDataFromWire, clientsFromWire, polesFromWire } from '../src/domain/codec';
import fs from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { backupFileName, backupJsonText, type AllYearsBackupDocument } from '../src/domain/files/backup-json';
import { clientCsvFile } from '../src/domain/files/client-csv';
import { invoicingCsvFile } from '../src/domain/files/invoicing-csv';
import type {
  BudgetDataWire as BudgetData,
  ClientWire as Client,
  LineWire as Line,
  PoleWire as Pole,
} from '../src/domain/schemas';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';
import { json } from './http';

const DUPONT = '=Dupont "père"; fils';

/**
 * Empties the database (a restore of an empty one-year backup empties the other years too), then
 * creates three clients through the API, in the current year.
 */
async function seed(request: APIRequestContext) {
  await json(request.post('/api/backup', { data: { clients: [], budgetData: {} } }));
  const dupont = await json<Client>(request.post('/api/clients', { data: { name: DUPONT } }));
  const paid = await json<Pole>(
    request.post(`/api/clients/${dupont.id}/poles`, {
      data: { name: 'Paid', lines: ['Google Ads – Search', 'Meta Ads (Facebook & Instagram)'] },
    }),
  );
  const [search, meta] = paid.lines as [Line, Line];
  const ete = await json<Client>(request.post('/api/clients', { data: { name: 'Été' } }));
  const custom = await json<Pole>(
    request.post(`/api/clients/${ete.id}/poles`, { data: { name: 'Pôle, "maison"', lines: ['Conseil'] } }),
  );
  await json(request.post('/api/clients', { data: { name: 'Sans budget' } }));
  await json(
    request.patch('/api/cells', {
      data: [
        { lineId: search.id, month: 0, field: 'previsionnel', value: 2000 },
        { lineId: search.id, month: 0, field: 'reel', value: 1234.5 },
        { lineId: search.id, month: 0, field: 'achat', value: -0.05 },
        { lineId: meta.id, month: 2, field: 'reel', value: 0.3 },
        { lineId: meta.id, month: 11, field: 'achat_previsionnel', value: 99.99 },
        { lineId: custom.lines[0]!.id, month: 5, field: 'reel', value: -250 },
      ],
    }),
  );
  await json(request.put(`/api/poles/${paid.id}/facture/0`, { data: { value: true } }));
  await json(request.put(`/api/poles/${paid.id}/facture/2`, { data: { value: true } }));
  await json(request.put(`/api/poles/${custom.id}/facture/5`, { data: { value: true } }));
  return { dupont, ete };
}

/** Clicks a button and returns the file it downloads, as text (BOM kept) and name. */
async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: (file satisfies Download).suggestedFilename(), text: fs.readFileSync(await file.path(), 'utf8') };
}

/**
 * The local date the browser put in a file name, as a Date in this process's time zone: the
 * browser runs in Europe/Paris (playwright.config.ts), this process maybe not, and the builders
 * take the local date. Checked against today in Paris, so it cannot be any date.
 */
function fileNameDate(name: string): Date {
  const [, y, m, d] = /(\d{4})-(\d{2})-(\d{2})\.\w+$/.exec(name) ?? [];
  expect(`${y}-${m}-${d}`).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date()));
  return new Date(Number(y), Number(m) - 1, Number(d), 12);
}

/** The exercice the page opens on: the current year where the browser runs (Europe/Paris). */
const openYear = () =>
  Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));

/** The names the client drop-down of 'Gestion des Clients' offers (opens and closes it). */
async function clientNames(page: Page): Promise<string[]> {
  await budgetTab(page).clientSelect.click();
  const names = await page.getByRole('listbox', { name: 'Clients' }).getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

/** Chooses the client in 'Gestion des Clients', then clicks its CSV export button. */
async function exportClientCsv(page: Page, name: string) {
  const tab = budgetTab(page);
  await tab.selectClient(name);
  await tab.clientCard.getByRole('button', { name: 'Exporter CSV' }).click();
}
const backupCard = (page: Page) => page.getByRole('region', { name: 'Sauvegarde et Restauration' });
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.beforeEach(async ({ request }) => {
  await seed(request);
});

test('the client CSV downloaded is the builder’s file for that client, byte for byte', async ({ app, request }) => {
  await app.goto('/');
  const { name, text } = await download(app.page, () => exportClientCsv(app.page, DUPONT));

  const clients = await json<Client[]>(request.get('/api/clients'));
  const dupont = clients.find((c) => c.name === DUPONT)!;
  const year = openYear();
  const expected = clientCsvFile(
    DUPONT,
    year,
    polesFromWire(await json<Pole[]>(request.get(`/api/clients/${dupont.id}/budget?year=${year}`))),
    fileNameDate(name),
  )!;
  expect(name).toBe(expected.fileName);
  expect(name).toMatch(new RegExp(`^budget-Dupont-père-fils-${year}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  expect(text).toBe(expected.text);
  // And a few bytes checked by eye: BOM, quoting, decimal comma, negative cents.
  expect(text.startsWith('\uFEFF"Pôle";"Ligne Budgétaire";"Janvier Prévisionnel"')).toBe(true);
  expect(text).toContain('\r\n"Paid";"Google Ads – Search";"2000";"1234,50";"-0,05";');
  await expect(toast(app.page, 'Export réussi')).toBeVisible();
});

test('a client without any line gets the error, and no file', async ({ app }) => {
  await app.goto('/');
  await exportClientCsv(app.page, 'Sans budget');
  await expect(toast(app.page, 'Aucune donnée trouvée pour ce client')).toBeVisible();
  await expect(toast(app.page, 'Erreur')).toBeVisible();
});

test('the invoicing CSV downloaded is the builder’s file for every client, byte for byte', async ({ app, request }) => {
  await app.goto('/');
  await app.openTab('Clôture');
  await backupCard(app.page).getByRole('button', { name: 'Exporter pour facturation' }).click();
  // The dialog's defaults (every month, every client, SPEC's CSV) give SPEC's file.
  const dialog = app.page.getByRole('dialog', { name: 'Exporter pour facturation' });
  await expect(dialog.getByRole('radio', { name: 'CSV (virgule, point décimal)' })).toBeChecked();
  const { name, text } = await download(app.page, () => dialog.getByRole('button', { name: 'Exporter' }).click());

  const year = openYear();
  const { clients, budgetData } = await json<{ clients: Client[]; budgetData: BudgetData }>(
    request.get(`/api/budget?year=${year}`),
  );
  const expected = invoicingCsvFile(
    clientsFromWire(clients),
    budgetDataFromWire(budgetData),
    year,
    fileNameDate(name),
  )!;
  expect(name).toBe(expected.fileName);
  expect(name).toMatch(new RegExp(`^facturation-${year}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  expect(text).toBe(expected.text);
  expect(text).toContain(`\r\n"'=Dupont ""père""; fils",Paid,Google Ads – Search,Janvier,1234.50,-0.05\r\n`);
  expect(text).toContain('\r\nÉté,"Pôle, ""maison""",Conseil,Juin,-250,0\r\n');
  await expect(toast(app.page, 'Export réussi')).toBeVisible();
});

test('the invoicing export says so when no pole is invoiced', async ({ app, request }) => {
  const budget = await json<{ budgetData: BudgetData }>(request.get('/api/budget'));
  for (const pole of Object.values(budget.budgetData).flat()) {
    for (const m of [0, 2, 5])
      await json(request.put(`/api/poles/${pole.id}/facture/${m}`, { data: { value: false } }));
  }
  await app.goto('/');
  await app.openTab('Clôture');
  await backupCard(app.page).getByRole('button', { name: 'Exporter pour facturation' }).click();
  await app.page
    .getByRole('dialog', { name: 'Exporter pour facturation' })
    .getByRole('button', { name: 'Exporter' })
    .click();
  await expect(toast(app.page, 'Aucune donnée à exporter')).toBeVisible();
  await expect(toast(app.page, "Aucun pôle n'est marqué comme facturé.")).toBeVisible();
});

test('the JSON backup downloaded is GET /api/backup (every year) with a 2-space indent', async ({ app, request }) => {
  await app.goto('/');
  await app.openTab('Clôture');
  const { name, text } = await download(app.page, () =>
    backupCard(app.page).getByRole('button', { name: 'Exporter les données' }).click(),
  );

  const fromFile = JSON.parse(text) as AllYearsBackupDocument;
  const fromApi = await json<AllYearsBackupDocument>(request.get('/api/backup'));
  expect(name).toBe(backupFileName(fileNameDate(name)));
  expect(text).toBe(backupJsonText({ ...fromApi, exportDate: fromFile.exportDate }));
  expect(text.startsWith('{\n  "version": 2,\n  "clients": [\n    {\n')).toBe(true);
  expect(fromFile.years.map((y) => y.year)).toEqual([openYear()]);
  await expect(toast(app.page, 'Export réussi')).toBeVisible();
});

test('importing a backup asks first, then replaces everything and every view shows it', async ({
  app,
  request,
}, testInfo) => {
  // The file: this data set's own backup (every year), renamed, plus a fourth client.
  const doc = await json<AllYearsBackupDocument>(request.get('/api/backup'));
  const newId = '9b2f3c1e-8a7d-4e6f-9c0b-1a2b3c4d5e6f';
  doc.clients = doc.clients.map((c) => ({ ...c, name: `Importé ${c.name}` }));
  doc.clients.push({
    id: newId,
    name: 'Nouveau client',
    created_at: new Date(Date.now() + 60_000).toISOString(),
    // The attributes as the server writes them back (docs/product.md#client-attributes).
    manager: null,
    sector: null,
    status: 'actif',
  });
  const year = doc.years[0]!;
  // Its forecast of that year; no budget (the server's own backup lists no empty budget either).
  year.clients.push({ id: newId, prevision_mb_annuelle_debut: 10, prevision_mb_annuelle_revue: 0 });
  const path = testInfo.outputPath('sauvegarde.json');
  fs.writeFileSync(path, JSON.stringify(doc, null, 2));

  await app.goto('/');
  await expect.poll(() => clientNames(app.page)).toContain(DUPONT);
  await app.openTab('Clôture');
  const [chooser] = await Promise.all([
    app.page.waitForEvent('filechooser'),
    backupCard(app.page).getByRole('button', { name: 'Importer les données' }).click(),
  ]);
  await chooser.setFiles(path);

  const dialog = app.page.getByRole('dialog', { name: 'Remplacer toutes les données ?' });
  await expect(dialog).toContainText('contient 4 clients');
  await expect(dialog).toContainText(
    `Sauvegarde de tous les exercices (${year.year}) : elle remplace les données de chaque exercice.`,
  );
  await expect(dialog).toContainText('3 clients actuels seront remplacés');
  const shot = testInfo.outputPath('import-confirmation.png');
  await app.page.screenshot({ path: shot });
  await testInfo.attach('import-confirmation', { path: shot, contentType: 'image/png' });
  await dialog.getByRole('button', { name: 'Remplacer les données' }).click();

  await expect(toast(app.page, 'Import réussi')).toBeVisible();
  await expect(dialog).toBeHidden();
  await app.openTab('Saisie Budgétaire');
  await expect.poll(async () => (await clientNames(app.page)).sort()).toEqual(doc.clients.map((c) => c.name).sort());
  const after = await json<AllYearsBackupDocument>(request.get('/api/backup'));
  expect({ ...after, exportDate: '' }).toEqual({ ...doc, exportDate: '' });
});

test('a backup downloaded from the card imports back to the very same data', async ({ app, request }, testInfo) => {
  await app.goto('/');
  await app.openTab('Clôture');
  const card = backupCard(app.page);
  const { text } = await download(app.page, () => card.getByRole('button', { name: 'Exporter les données' }).click());
  const path = testInfo.outputPath('aller-retour.json');
  fs.writeFileSync(path, text);
  await json(request.post('/api/clients', { data: { name: 'Créé après la sauvegarde' } }));
  await app.page.reload();
  await expect.poll(() => clientNames(app.page)).toContain('Créé après la sauvegarde');

  await app.openTab('Clôture');
  await app.page.getByLabel('Fichier de sauvegarde à importer').setInputFiles(path);
  const dialog = app.page.getByRole('dialog', { name: 'Remplacer toutes les données ?' });
  await expect(dialog).toContainText('contient 3 clients');
  await expect(dialog).toContainText('4 clients actuels seront remplacés');
  await dialog.getByRole('button', { name: 'Remplacer les données' }).click();

  await expect(toast(app.page, 'Import réussi')).toBeVisible();
  await app.openTab('Saisie Budgétaire');
  await expect.poll(() => clientNames(app.page)).not.toContain('Créé après la sauvegarde');
  const after = await json<AllYearsBackupDocument>(request.get('/api/backup'));
  expect(backupJsonText({ ...after, exportDate: '' })).toBe(
    backupJsonText({ ...(JSON.parse(text) as AllYearsBackupDocument), exportDate: '' }),
  );
});

test('cancelling the confirmation changes nothing', async ({ app, request }, testInfo) => {
  const before = await json<AllYearsBackupDocument>(request.get('/api/backup'));
  const path = testInfo.outputPath('vide.json');
  fs.writeFileSync(path, JSON.stringify({ clients: [], budgetData: {} }));

  await app.goto('/');
  await app.openTab('Clôture');
  await app.page.getByLabel('Fichier de sauvegarde à importer').setInputFiles(path);
  const dialog = app.page.getByRole('dialog', { name: 'Remplacer toutes les données ?' });
  await expect(dialog).toContainText('contient 0 client.');
  // A file of SPEC's shape is one year: it goes into the exercice on screen.
  await expect(dialog).toContainText(
    `Sauvegarde d'un seul exercice : elle sera restaurée dans l'exercice ${openYear()}, et les autres exercices seront vidés.`,
  );
  await dialog.getByRole('button', { name: 'Annuler' }).click();

  await expect(dialog).toBeHidden();
  const after = await json<AllYearsBackupDocument>(request.get('/api/backup'));
  expect({ ...after, exportDate: '' }).toEqual({ ...before, exportDate: '' });
});

test.describe('a broken file is refused with its first problem, and nothing changes', () => {
  const cases: [string, (doc: AllYearsBackupDocument) => string, string][] = [
    ['not JSON', () => '{"clients": [', "Le fichier n'est pas valide."],
    [
      '11 monthly values',
      (doc) => {
        const line = Object.values(doc.years[0]!.budgetData).flat()[0]!.lines[0]!;
        line.reel = line.reel.slice(1);
        return JSON.stringify(doc);
      },
      `exercice ${openYear()}, client « ${DUPONT} », pôle « Paid », ligne « Google Ads – Search », reel : Il faut exactement 12 valeurs mensuelles.`,
    ],
    [
      'version 2 without years',
      (doc) => JSON.stringify({ version: 2, clients: doc.clients }),
      "Le fichier n'est pas valide. years : ",
    ],
    [
      'one year without budgetData',
      () => JSON.stringify({ clients: [] }),
      "Le fichier n'est pas valide. budgetData : ",
    ],
  ];
  for (const [label, spoil, message] of cases) {
    test(label, async ({ app, request }, testInfo) => {
      const before = await json<AllYearsBackupDocument>(request.get('/api/backup'));
      const path = testInfo.outputPath('casse.json');
      fs.writeFileSync(path, spoil(structuredClone(before)));

      await app.goto('/');
      await app.openTab('Clôture');
      await app.page.getByLabel('Fichier de sauvegarde à importer').setInputFiles(path);

      await expect(toast(app.page, "Erreur d'import")).toBeVisible();
      await expect(toast(app.page, message)).toBeVisible();
      const shot = testInfo.outputPath('erreur-import.png');
      await app.page.screenshot({ path: shot });
      await testInfo.attach('erreur-import', { path: shot, contentType: 'image/png' });
      await expect(app.page.getByRole('dialog')).toHaveCount(0);
      const after = await json<AllYearsBackupDocument>(request.get('/api/backup'));
      expect({ ...after, exportDate: '' }).toEqual({ ...before, exportDate: '' });
    });
  }
});
