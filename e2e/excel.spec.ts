/**
 * Excel in and out (issue 17) in Chromium: each .xlsx downloaded is read back (values with
 * read-excel-file, formulas from the sheet's XML); a workbook changed as a user would is imported
 * through the preview, applied and undone; the invoicing dialog for one month and one client.
 */
import fs from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import readXlsxFile from 'read-excel-file/node';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { budgetDataFromWire, clientsFromWire } from '../src/domain/codec';
import { invoicingExport } from '../src/domain/files/invoicing-csv';
import { BUDGET_HEADER } from '../src/domain/files/budget-workbook';
import { MONTHS } from '../src/domain/months';
import { json } from './http';
import type { ExportFile } from '../src/domain/files/export-file';
import type { BudgetDataWire, ClientWire as Client, LineWire as Line, PoleWire as Pole } from '../src/domain/schemas';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';

/** Empties the database, then two clients with figures in the current year (the page's). */
async function seed(request: APIRequestContext) {
  await json(request.post('/api/backup', { data: { clients: [], budgetData: {} } }));
  const acme = await json<Client>(request.post('/api/clients', { data: { name: 'Acme Excel' } }));
  const paid = await json<Pole>(
    request.post(`/api/clients/${acme.id}/poles`, {
      data: { name: 'Paid', lines: ['Google Ads – Search', 'Meta Ads'] },
    }),
  );
  const [search, meta] = paid.lines as [Line, Line];
  const zen = await json<Client>(request.post('/api/clients', { data: { name: 'Zénith Excel' } }));
  const seo = await json<Pole>(
    request.post(`/api/clients/${zen.id}/poles`, { data: { name: 'SEO/GEO', lines: ['Netlinking'] } }),
  );
  await json(
    request.patch('/api/cells', {
      data: [
        { lineId: search.id, month: 0, field: 'previsionnel', value: 2000 },
        { lineId: search.id, month: 0, field: 'reel', value: 1234.5 },
        { lineId: search.id, month: 1, field: 'reel', value: 0.1 },
        { lineId: meta.id, month: 1, field: 'reel', value: 0.2 },
        { lineId: meta.id, month: 0, field: 'achat', value: 100 },
        { lineId: seo.lines[0]!.id, month: 0, field: 'reel', value: 500 },
      ],
    }),
  );
  for (const [pole, m] of [
    [paid.id, 0],
    [paid.id, 1],
    [seo.id, 0],
  ] as const)
    await json(request.put(`/api/poles/${pole}/facture/${m}`, { data: { value: true } }));
  return { acme, zen, search, meta };
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await (file satisfies Download).path();
  return { name: file.suggestedFilename(), path, bytes: new Uint8Array(fs.readFileSync(path)) };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const sheetXml = (bytes: Uint8Array, n: number) => strFromU8(unzipSync(bytes)[`xl/worksheets/sheet${n}.xml`]!);

test('the client workbook read back: values, SUM formulas, the long sheet and the hidden ids', async ({
  app,
  request,
}) => {
  const { acme, search } = await seed(request);
  await app.goto('/');
  const tab = budgetTab(app.page);
  await tab.selectClient(acme.name);
  const file = await download(app.page, () => tab.clientCard.getByRole('button', { name: 'Exporter Excel' }).click());
  expect(file.name).toMatch(/^budget-Acme-Excel-\d{4}-\d{4}-\d{2}-\d{2}\.xlsx$/);

  const sheets = await readXlsxFile(file.path);
  // 'Commentaires' (docs/product.md#excel-export): the client's threads, none here: its header only.
  expect(sheets.map((s) => s.sheet)).toEqual([
    'Budget',
    'Marges mensuelles',
    'Clôtures',
    'Données',
    '_ids',
    'Commentaires',
  ]);
  expect(sheets[5]!.data).toHaveLength(1);
  // docs/product.md#excel-export: the monthly MB and the invoiced flag per pole; no month closed here.
  // Paid, Janvier: MB prév. 2000, MB réelle 1234,50 − 100 of Meta Ads' achat, invoiced (seed); Mars not.
  expect(sheets[1]!.data.find((r) => r[1] === 'Paid')!.slice(0, 5)).toEqual([
    'Acme Excel',
    'Paid',
    2000,
    1134.5,
    'Oui',
  ]);
  // Mars Facturé: column 2 + 3 × month + 2.
  expect(sheets[1]!.data.find((r) => r[1] === 'Paid')![2 + 3 * 2 + 2]).toBe('Non');
  expect(sheets[2]!.data.slice(1).map((r) => r[1])).toEqual(Array.from({ length: 12 }, () => 'Non'));
  const budget = sheets[0]!.data;
  expect(budget[0]).toEqual(BUDGET_HEADER);
  // Row 2: the pole's subtotals (cached values of its SUM formulas); row 3: the line's own amounts.
  expect(budget[1]!.slice(0, 8)).toEqual(['Acme Excel', 'Paid', null, 2000, 0, 1234.5, 100, 0]);
  expect(budget[2]!.slice(0, 6)).toEqual(['Acme Excel', 'Paid', 'Google Ads – Search', 2000, 0, 1234.5]);
  expect(budget.at(-1)!.slice(0, 2)).toEqual(['Acme Excel', 'Total client']);
  const xml = sheetXml(file.bytes, 1);
  expect(xml).toMatch(/<c r="F2" s="\d+"><f>SUM\(F3:F4\)<\/f><v>1234.50<\/v><\/c>/);
  expect(xml).toContain('state="frozen"');
  expect(sheets[3]!.data).toContainEqual([
    'Acme Excel',
    expect.any(Number),
    'Paid',
    'Meta Ads',
    'Février',
    'Réel',
    0.2,
  ]);
  expect(sheets[4]!.data[1]).toEqual([3, acme.id, search.id, 'Paid', 'Google Ads – Search']);
  expect(strFromU8(unzipSync(file.bytes)['xl/workbook.xml']!)).toContain('name="_ids" state="hidden"');
});

test('every client’s workbook and the dashboard workbook read back', async ({ app, request }) => {
  await seed(request);
  await app.goto('/');
  await app.openTab('Clôture');
  const all = await download(app.page, () =>
    app.page
      .getByRole('region', { name: 'Sauvegarde et Restauration' })
      .getByRole('button', { name: 'Exporter tous les clients (Excel)' })
      .click(),
  );
  const budget = (await readXlsxFile(all.path))[0]!.data;
  expect(budget.map((r) => r[0])).toEqual([
    'Client',
    'Acme Excel',
    'Acme Excel',
    'Acme Excel',
    'Acme Excel',
    'Zénith Excel',
    'Zénith Excel',
    'Zénith Excel',
    'Total général',
  ]);
  // Janvier Réel of the grand total: 1234,50 + 500.
  expect(budget.at(-1)![5]).toBe(1734.5);
  expect(sheetXml(all.bytes, 1)).toMatch(/<c r="F9" s="\d+"><f>SUM\(F5,F8\)<\/f><v>1734.50<\/v><\/c>/);

  await app.openTab('Dashboard');
  const dash = await download(app.page, () => app.page.getByRole('button', { name: 'Exporter Excel' }).click());
  expect(dash.name).toMatch(/^dashboard-export-tous-clients-\d{4}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheets = await readXlsxFile(dash.path);
  expect(sheets.map((s) => s.sheet)).toEqual([
    'Synthèse',
    'Marges par projet',
    'Évolution mensuelle',
    'Marges par pôle',
    'Tableau récapitulatif',
    'Données',
  ]);
  const evolution = sheets[2]!.data;
  expect(evolution[1]!.slice(0, 2)).toEqual(['Janvier', 1734.5]);
  expect(evolution.at(-1)!.slice(0, 2)).toEqual(['TOTAL', 1734.8]);
  expect(sheetXml(dash.bytes, 3)).toContain('<f>SUM(B2:B13)</f>');
});

test('a workbook changed as a user would is previewed, imported as one entry, and undone', async ({ app, request }) => {
  const { acme, search, meta } = await seed(request);
  await app.goto('/');
  const tab = budgetTab(app.page);
  await tab.selectClient(acme.name);
  const file = await download(app.page, () => tab.clientCard.getByRole('button', { name: 'Exporter Excel' }).click());

  // As in Excel: Janvier Réel of Search 1234,50 → 1500,10; a new line typed at the end of the pole.
  const files = unzipSync(file.bytes);
  let xml = strFromU8(files['xl/worksheets/sheet1.xml']!);
  xml = xml.replace(/(<c r="F3"[^>]*>)<v>1234.5<\/v>/, '$1<v>1500.0999999999999</v>');
  files['xl/worksheets/sheet1.xml'] = strToU8(xml);
  const changed = zipSync(files);
  const path = `${file.path}-modifie.xlsx`;
  fs.writeFileSync(path, changed);

  await app.page.getByLabel('Classeur Excel ou CSV à importer').setInputFiles(path);
  const preview = app.page.getByRole('dialog', { name: "Aperçu de l'import" });
  await expect(preview).toContainText('1 cellule(s) modifiée(s), 0 nouvelle(s) ligne(s).');
  const cells = preview.getByRole('region', { name: 'Cellules modifiées' });
  await expect(cells.getByRole('row')).toHaveCount(2);
  await expect(cells.getByRole('row').nth(1)).toContainText('Paid · Google Ads – Search');
  await expect(cells.getByRole('row').nth(1)).toContainText('1 234,50 €');
  await expect(cells.getByRole('row').nth(1)).toContainText('1 500,10 €');
  await expect(preview.getByRole('region', { name: 'Totaux par client' })).toContainText('1 234,80 € → 1 500,40 €');
  await preview.getByRole('button', { name: 'Importer' }).click();
  await expect(toast(app.page, 'Import réussi')).toBeVisible();

  const budgetNow = async () => (await json<Pole[]>(request.get(`/api/clients/${acme.id}/budget`)))[0]!.lines;
  const [s1, m1] = await budgetNow();
  expect(s1!.reel.slice(0, 2)).toEqual([1500.1, 0.1]);
  expect(m1!.reel[1]).toBe(0.2);
  const history = await json<{ entries: { source: string; summary: string }[] }>(request.get('/api/history'));
  expect(history.entries[0]).toMatchObject({ source: 'import', summary: 'Import de 1 cellule' });

  await toast(app.page, 'Import réussi').getByRole('button', { name: 'Annuler' }).click();
  await expect.poll(async () => (await budgetNow())[0]!.reel[0]).toBe(1234.5);
  expect(search.id).toBe(s1!.id);
  expect(meta.id).toBe(m1!.id);
});

test('a bad file is refused with its sheet, row and column, and nothing changes', async ({ app, request }) => {
  const { acme } = await seed(request);
  await app.goto('/');
  await budgetTab(app.page).selectClient(acme.name);
  await app.page.getByLabel('Classeur Excel ou CSV à importer').setInputFiles({
    name: 'budget.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFF"Pôle";"Ligne"\r\n'),
  });
  await expect(toast(app.page, "Erreur d'import")).toBeVisible();
  await expect(
    toast(app.page, 'Feuille « CSV », ligne 1, colonne B : en-tête « Ligne Budgétaire » attendu, « Ligne » trouvé.'),
  ).toBeVisible();
});

test('the invoicing dialog for one month and one client, as a CSV for French Excel', async ({ app, request }) => {
  await seed(request);
  await app.goto('/');
  await app.openTab('Clôture');
  await app.page
    .getByRole('region', { name: 'Sauvegarde et Restauration' })
    .getByRole('button', { name: 'Exporter pour facturation' })
    .click();
  const dialog = app.page.getByRole('dialog', { name: 'Exporter pour facturation' });
  await dialog.getByRole('radio', { name: 'CSV pour Excel français (point-virgule, virgule décimale)' }).check();
  for (const month of MONTHS.slice(1)) await dialog.getByRole('checkbox', { name: month }).uncheck();
  await dialog.getByRole('button', { name: 'Aucun' }).click();
  await dialog.getByRole('checkbox', { name: 'Acme Excel' }).check();
  const file = await download(app.page, () => dialog.getByRole('button', { name: 'Exporter' }).click());

  const year = Number(/facturation-(\d{4})-/.exec(file.name)![1]);
  const all = await json<{ clients: Client[]; budgetData: BudgetDataWire }>(request.get(`/api/budget?year=${year}`));
  const [y, m, d] = /(\d{4})-(\d{2})-(\d{2})-excel\.csv$/.exec(file.name)!.slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  const expected = invoicingExport({
    clients: clientsFromWire(all.clients).filter((c) => c.name === 'Acme Excel'),
    budgetData: budgetDataFromWire(all.budgetData),
    year,
    now: new Date(y, m - 1, d, 12),
    months: new Set([0]),
    format: 'csv-fr',
  }) as ExportFile;
  expect(file.name).toBe(expected.fileName);
  expect(Buffer.from(file.bytes).toString('utf8')).toBe(expected.text);
  // Meta Ads has an Achat in January; no zero row: two lines, one block.
  expect(Buffer.from(file.bytes).toString('utf8')).toBe(
    '\uFEFF"Export facturation"\r\n' +
      `"Date d'export";"${String(d).padStart(2, '0')}/${String(m).padStart(2, '0')}/${y}"\r\n` +
      '\r\n' +
      '"Client";"Pôle";"Ligne Budgétaire";"Mois";"Réel";"Achat"\r\n' +
      '"Acme Excel";"Paid";"Google Ads – Search";"Janvier";"1234,50";"0"\r\n' +
      '"Acme Excel";"Paid";"Meta Ads";"Janvier";"0";"100"\r\n' +
      '\r\n',
  );
});
