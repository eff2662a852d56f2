import { clientFromWire, polesFromWire } from '../src/domain/codec';
import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import { ALL_CLIENTS } from '../src/domain/client-filter';
import { aggregateBudgets, buildDashboard } from '../src/domain/dashboard/from-budgets';
import { dashboardCsv, dashboardCsvSelection } from '../src/domain/files/dashboard-csv';
import type { BackupWire as Backup, LineWire as Line, PoleWire as Pole } from '../src/domain/schemas';
import { expect, test } from './fixtures';

const months = (values: readonly number[] = []) => Array.from({ length: 12 }, (_, m) => values[m] ?? 0);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const line = (
  n: number,
  name: string,
  v: Partial<Record<'previsionnel' | 'achat_previsionnel' | 'reel' | 'achat', number[]>>,
): Line => ({
  id: id(n),
  name,
  previsionnel: months(v.previsionnel),
  achat_previsionnel: months(v.achat_previsionnel),
  reel: months(v.reel),
  achat: months(v.achat),
});
const pole = (n: number, name: string, lines: Line[]): Pole => ({
  id: id(n),
  name,
  isExpanded: true,
  facture: months().map(() => false),
  lines,
});
const client = (n: number, name: string, debut: number) => ({
  id: id(n),
  name,
  prevision_mb_annuelle_debut: debut,
  prevision_mb_annuelle_revue: 0,
  created_at: `2025-01-0${n}T10:00:00.000Z`,
});

// Alpha: prév. 2 000, achat prév. 800, réel 1 200, achat 500, initial forecast 1 000 (MB réelle 700, gap −300).
// Beta: prév. 500, réel 800,40, achat 100 (MB réelle 700,40). Gamma: forecast only, so not listed.
const alpha = client(1, 'Alpha', 1000);
const beta = client(2, 'Beta', 0);
const gamma = client(3, 'Gamma', 2000);
const backup: Backup = {
  clients: [alpha, beta, gamma],
  budgetData: {
    [alpha.id]: [
      pole(11, 'Paid', [
        line(21, 'Google Ads – Search', {
          previsionnel: [1000, 1000],
          achat_previsionnel: [400, 400],
          reel: [1200],
          achat: [500],
        }),
      ]),
    ],
    [beta.id]: [pole(12, 'SEO/GEO', [line(22, 'Netlinking', { previsionnel: [500], reel: [800.4], achat: [100] })])],
    [gamma.id]: [pole(13, 'Data', [line(23, 'Audit tracking', { previsionnel: [3000], achat_previsionnel: [1000] })])],
  },
  exportDate: '2025-06-01T00:00:00.000Z',
};

/** The cells of the row whose first cell is `name`. */
const rowCells = (table: Locator, name: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name, exact: true }) })
    .getByRole('cell');
const kpi = (main: Locator, title: string) =>
  main.getByRole('list', { name: 'Indicateurs clés' }).getByRole('listitem').filter({ hasText: title });

const TO_DATE_HEADERS = ['MB prév. à date', 'MB réelle à date', 'Écart MB à date', 'MB réelle N−1', 'Écart vs N−1'];
// January: Alpha 1 000 − 400 forecast, 1 200 − 500 actual; with Beta 500 and 800,40 − 100.
const ALPHA_TO_DATE = ['600 €', '700 €', '100 € (+16,7 %)', '—', '—'];
const TOTAL_TO_DATE = ['1 100 €', '1 400 €', '300 € (+27,3 %)', '—', '—'];

test.beforeEach(async ({ request }) => {
  const res = await request.post('/api/backup', { data: backup });
  expect(res.status()).toBe(200);
});

test('the Dashboard tab shows the KPIs, the four sub-tabs and their TOTAL rows', async ({ app }, testInfo) => {
  await app.goto('/');
  await app.openTab('Dashboard');
  const main = app.main;

  await expect(kpi(main, "Chiffre d'Affaires")).toContainText('2 000 €');
  await expect(kpi(main, "Chiffre d'Affaires")).toContainText('Prévisionnel : 5 500 €');
  await expect(kpi(main, 'Achats Totaux')).toContainText('600 €');
  await expect(kpi(main, 'Achats Totaux')).toContainText('Prévisionnel : 1 800 €');
  await expect(kpi(main, 'Marge Brute Prévisionnelle')).toContainText('3 700 €');
  await expect(kpi(main, 'Marge Brute Réelle')).toContainText('1 400 €');
  // Revised: Alpha 700 + 600 (February, no actual), Beta 700,40, Gamma 2 000.
  await expect(kpi(main, 'Total MB Annuelle Revue')).toContainText('4 000 €');

  await expect(main.getByRole('tab', { name: 'Marges par Projet' })).toHaveAttribute('aria-selected', 'true');
  const projects = main.getByRole('table', { name: 'Marges par Projet' });
  await expect(projects.getByRole('columnheader')).toHaveText([
    'Projet',
    'Prév. MB Début',
    'MB Prévisionnelle',
    'MB Réelle',
    'Écart MB Réelle vs MB Début',
    ...TO_DATE_HEADERS,
  ]);
  // À date: the cut-off defaults to January, the last month holding an actual figure; no N−1.
  await expect(rowCells(projects, 'Alpha')).toHaveText([
    'Alpha',
    '1 000 €',
    '1 200 €',
    '700 €',
    '-300 € (-30,0 %)',
    ...ALPHA_TO_DATE,
  ]);
  await expect(rowCells(projects, 'TOTAL')).toHaveText([
    'TOTAL',
    '1 000 €',
    '1 700 €',
    '1 400 €',
    '400 € (+40,0 %)',
    ...TOTAL_TO_DATE,
  ]);
  await expect(rowCells(projects, 'Gamma')).toHaveCount(0);
  await expect(main.locator('.recharts-responsive-container')).toHaveCount(1);
  const shot = testInfo.outputPath('dashboard.png');
  await app.page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('dashboard', { path: shot, contentType: 'image/png' });

  await main.getByRole('tab', { name: 'Marge par Pôle' }).click();
  const poles = main.getByRole('table', { name: 'Marge par Pôle' });
  await expect(rowCells(poles, 'Paid')).toHaveText([
    'Paid',
    '1 000 €',
    '1 200 €',
    '700 €',
    '-300 € (-30,0 %)',
    ...ALPHA_TO_DATE,
  ]);
  await expect(rowCells(poles, 'TOTAL')).toHaveText([
    'TOTAL',
    '1 000 €',
    '1 700 €',
    '1 400 €',
    '400 € (+40,0 %)',
    ...TOTAL_TO_DATE,
  ]);

  await main.getByRole('tab', { name: 'Évolution Mensuelle' }).click();
  await expect(main.locator('figcaption > span')).toHaveText(['Réel', 'Prévisionnel', 'Marge']);

  await main.getByRole('tab', { name: 'Tableau Récapitulatif' }).click();
  const summary = main.getByRole('table', { name: 'Tableau récapitulatif' });
  // The Écart header also holds its (hidden until hovered) formula tooltip.
  await expect(summary.getByRole('columnheader')).toContainText([
    'Projet',
    'Prévisionnel',
    'Réel',
    'Achats',
    'Marge',
    'Écart',
    '% Écart',
    'Prév. à date',
    'Réel à date',
    ...TO_DATE_HEADERS,
  ]);
  // Beta: one realised month, 800,40 − 100 − 500 = 200,40 against 500 → +40,1 %.
  await expect(rowCells(summary, 'Beta')).toHaveText([
    'Beta',
    '500 €',
    '800 €',
    '100 €',
    '700 €',
    '200 €',
    '+40,1 %',
    '500 €',
    '800 €',
    '500 €',
    '700 €',
    '200 € (+40,1 %)',
    '—',
    '—',
  ]);
  // Alpha: January 1 200 − 500 − 1 000 = −300 against 1 000; TOTAL −99,60 against 1 500.
  await expect(rowCells(summary, 'TOTAL')).toHaveText([
    'TOTAL',
    '2 500 €',
    '2 000 €',
    '600 €',
    '1 400 €',
    '-100 €',
    '-6,6 %',
    '1 500 €',
    '2 000 €',
    ...TOTAL_TO_DATE,
  ]);
  await main.getByRole('button', { name: "Formule de l'écart" }).focus();
  await expect(main.getByRole('tooltip')).toContainText('Écart = Σ (Réel − Achat − Prévisionnel)');
  expect(app.consoleErrors).toEqual([]);
});

test("the Dashboard follows another person's edit without reloading (live stream)", async ({ app, request }) => {
  await app.goto('/');
  await app.openTab('Dashboard');
  const ca = kpi(app.main, "Chiffre d'Affaires");
  await expect(ca).toContainText('2 000 €');
  // Another browser (no tab of this page) stores Alpha's January actual: 1 200 → 2 200.
  const res = await request.patch('/api/cells', { data: [{ lineId: id(21), month: 0, field: 'reel', value: 2200 }] });
  expect(res.status()).toBe(200);
  await expect(ca).toContainText('3 000 €');
  await expect(kpi(app.main, 'Marge Brute Réelle')).toContainText('2 400 €');
  expect(app.consoleErrors).toEqual([]);
});

test('the client filter goes all → one → two → badge removed → all, and is shared by both tabs', async ({ app }) => {
  await app.goto('/');
  await app.openTab('Dashboard');
  const main = app.main;
  const ca = kpi(main, "Chiffre d'Affaires");
  await expect(main.getByText('Sélectionner des clients :')).toBeVisible();
  await expect(ca).toContainText('2 000 €');

  await main.getByRole('button', { name: 'Tous les clients' }).click();
  const search = app.page.getByPlaceholder('Rechercher un client...');
  await search.fill('zzz');
  await expect(app.page.getByText('Aucun client trouvé.')).toBeVisible();
  await search.fill('alp');
  await app.page.getByRole('option', { name: 'Alpha' }).click();
  await expect(main.getByRole('button', { name: '1 client(s) sélectionné(s)' })).toBeVisible();
  await expect(ca).toContainText('1 200 €');

  await search.fill('');
  await app.page.getByRole('option', { name: 'Beta' }).click();
  await expect(main.getByRole('button', { name: '2 client(s) sélectionné(s)' })).toBeVisible();
  await expect(ca).toContainText('2 000 €');
  await app.page.keyboard.press('Escape');

  // The same selection on the other dashboard tab.
  await app.openTab('Dashboard Pôles');
  await expect(app.main.getByRole('button', { name: '2 client(s) sélectionné(s)' })).toBeVisible();
  await app.openTab('Dashboard');

  await main.getByRole('button', { name: 'Retirer Alpha' }).click();
  await expect(main.getByRole('button', { name: '1 client(s) sélectionné(s)' })).toBeVisible();
  await expect(ca).toContainText('800 €');
  await main.getByRole('button', { name: 'Retirer Beta' }).click();
  await expect(main.getByRole('button', { name: 'Tous les clients' })).toBeVisible();
  await expect(ca).toContainText('2 000 €');
  expect(app.consoleErrors).toEqual([]);
});

test('Exporter CSV downloads the dashboard as the builder writes it', async ({ app }) => {
  await app.goto('/');
  await app.openTab('Dashboard');
  await expect(kpi(app.main, "Chiffre d'Affaires")).toContainText('2 000 €');

  const downloading = app.page.waitForEvent('download');
  await app.main.getByRole('button', { name: 'Exporter CSV' }).click();
  const download = await downloading;
  await expect(app.page.getByText('Export réussi')).toBeVisible();
  await expect(
    app.page.getByText('Les données du dashboard (Tous les clients) ont été exportées en CSV.'),
  ).toBeVisible();

  // The exercice on screen (the current year, where the backup went), then the local date.
  const match = /^dashboard-export-tous-clients-(\d{4})-(\d{4})-(\d{2})-(\d{2})\.csv$/.exec(
    download.suggestedFilename(),
  );
  expect(match, download.suggestedFilename()).not.toBeNull();
  const [, year, y, m, d] = match!;
  expect(year).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));
  const expected = dashboardCsv(
    buildDashboard(
      aggregateBudgets(
        backup.clients.map((c) => ({ client: clientFromWire(c), poles: polesFromWire(backup.budgetData[c.id] ?? []) })),
        { cutoff: { month: 0, source: 'actual' } },
      ),
    ),
    dashboardCsvSelection(ALL_CLIENTS, backup.clients),
    new Date(Number(y), Number(m) - 1, Number(d)),
  );
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.equals(Buffer.from(expected, 'utf8'))).toBe(true);
  // And as a reader checks it.
  const text = bytes.toString('utf8');
  expect(text.startsWith('\uFEFF"Export Dashboard"\r\n"Clients";"Tous les clients"\r\n')).toBe(true);
  expect(text).toContain(
    '"Alpha";"2000";"800";"1200";"500";"1200";"700";"1000";"-300";"-30,0";"1000";"1200";"600";"700";"100";"16,7";"";"";""\r\n',
  );
  // The pole row carries the project table's columns (issue 32): Paid is Alpha's one pole.
  expect(text).toMatch(
    /\r\n"Paid";"2000";"800";"1200";"500";"1200";"700";[^\r]*;"1000";"1200";"600";"700";"100";"16,7";"";"";""\r\n/,
  );
});

test('the Dashboard Pôles tab lists poles in catalogue order and their lines', async ({ app }, testInfo) => {
  await app.goto('/');
  await app.openTab('Dashboard Pôles');
  const main = app.main;
  await expect(main.getByText("Analyse des budgets et des marges par pôle d'expertise")).toBeVisible();
  await expect(main.getByRole('tab', { name: 'Vue par Pôles' })).toHaveAttribute('aria-selected', 'true');

  const table = main.getByRole('table', { name: 'Vue par pôles' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Pôle',
    'Prévisionnel',
    'Achat Prévisionnel',
    'MB Prévisionnelle',
    'Réel',
    'Achat Réel',
    'MB Réelle',
    'MB prév. à date',
    'MB réelle à date',
    'Écart MB à date',
  ]);
  await expect(table.getByRole('row').locator('td:first-child')).toHaveText(['Paid', 'SEO/GEO', 'Data']);
  await expect(rowCells(table, 'Paid')).toHaveText([
    'Paid',
    '2 000 €',
    '800 €',
    '1 200 €',
    '1 200 €',
    '500 €',
    '700 €',
    '600 €',
    '700 €',
    '100 € (+16,7 %)',
  ]);
  const shot = testInfo.outputPath('poles.png');
  await app.page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('poles', { path: shot, contentType: 'image/png' });

  await main.getByRole('tab', { name: 'Vue par Lignes Budgétaires' }).click();
  const seo = main.getByRole('table', { name: 'Lignes de SEO/GEO' });
  await expect(seo.getByRole('columnheader')).toHaveText([
    'Ligne Budgétaire',
    'Prév.',
    'Achat prév.',
    'MB prév.',
    'Réel',
    'Achat réel',
    'MB réelle',
    'MB réelle à date',
  ]);
  await expect(rowCells(seo, 'Netlinking')).toHaveText([
    'Netlinking',
    '500 €',
    '0 €',
    '500 €',
    '800 €',
    '100 €',
    '700 €',
    '700 €',
  ]);
  const shot2 = testInfo.outputPath('poles-lines.png');
  await app.page.screenshot({ path: shot2, fullPage: true });
  expect(app.consoleErrors).toEqual([]);
});
