/**
 * Issue 16 as a controller uses it: a cut-off month picked, the evolution chart stopping at it,
 * a table sorted and searched (its TOTAL saying what it covers), a drill into a client and into a
 * pole; the figures à date and N−1 against the domain's own computation.
 */
import type { BackupWire as Backup, LineWire as Line, PoleWire as Pole } from '../src/domain/schemas';
import { expect, test } from './fixtures';

const months = (values: readonly number[] = []) => Array.from({ length: 12 }, (_, m) => values[m] ?? 0);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const line = (n: number, name: string, v: Partial<Record<keyof Omit<Line, 'id' | 'name'>, number[]>>): Line => ({
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
const client = (n: number, name: string) => ({
  id: id(n),
  name,
  prevision_mb_annuelle_debut: 0,
  prevision_mb_annuelle_revue: 0,
  created_at: `2025-01-0${n}T10:00:00.000Z`,
});

// Actuals from January to April: the default cut-off is April. Forecast 1 000 € a month each.
const twelve = Array.from({ length: 12 }, () => 1000);
const clients = [client(1, 'Épicerie Martin'), client(2, 'Atelier Bernard'), client(3, 'Zinc & Co')];
const backup: Backup = {
  clients,
  budgetData: {
    [id(1)]: [pole(11, 'Paid', [line(21, 'Google Ads', { previsionnel: twelve, reel: [900, 950, 1000, 1100] })])],
    [id(2)]: [pole(12, 'SEO/GEO', [line(22, 'Audit', { previsionnel: twelve, reel: [3000, 3000, 3000, 3000] })])],
    [id(3)]: [pole(13, 'Data', [line(23, 'Tracking', { previsionnel: twelve, reel: [500, 500], achat: [100] })])],
  },
  exportDate: '2025-06-01T00:00:00.000Z',
};

test.beforeEach(async ({ request }) => {
  expect((await request.post('/api/backup', { data: backup })).status()).toBe(200);
});

test('pick a cut-off, see the chart stop at it, sort and search a table, drill into a client and a pole', async ({
  app,
}, testInfo) => {
  await app.page.setViewportSize({ width: 1280, height: 900 });
  await app.goto('/');
  await app.openTab('Dashboard');
  const main = app.main;
  const cutoff = main.getByLabel('À date : arrêté à fin de');
  await expect(cutoff).toHaveValue('auto');
  await expect(cutoff.locator('option:checked')).toHaveText('Automatique : Avril (dernier mois avec du réel)');
  // À date, April: Σ réel 3 950 + 12 000 + 1 000 = 16 950 €, forecast 12 000 €.
  const toDate = main.getByRole('list', { name: 'Indicateurs à date, fin avril' });
  await expect(toDate.getByRole('listitem').filter({ hasText: 'CA à date' })).toContainText('16 950 €');
  await expect(toDate.getByRole('listitem').filter({ hasText: 'CA à date' })).toContainText('12 000 €');

  // Pick February: the figures à date follow, the chart's actual series stop there.
  await cutoff.selectOption({ label: 'Février' });
  await expect(main.getByRole('list', { name: 'Indicateurs à date, fin février' })).toContainText('8 850 €');
  await main.getByRole('tab', { name: 'Évolution Mensuelle' }).click();
  const chart = main.getByRole('img', { name: /Évolution mensuelle en k€ : Réel et Marge jusqu'à Février/ });
  await expect(chart).toBeVisible();
  // Réel and Marge are drawn over two months only: their paths have 2 points, Prévisionnel 12.
  const paths = chart.locator('.recharts-line path.recharts-curve');
  await expect(paths).toHaveCount(3);
  const points = async (i: number) => ((await paths.nth(i).getAttribute('d')) ?? '').split(/[LC]/).length;
  expect(await points(1)).toBeGreaterThan(await points(0));
  const shot = testInfo.outputPath('evolution-fevrier.png');
  await app.page.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('evolution', { path: shot, contentType: 'image/png' });

  // Sort 'Marges par Projet' by MB Réelle, then search it.
  await main.getByRole('tab', { name: 'Marges par Projet' }).click();
  const table = main.getByRole('table', { name: 'Marges par Projet' });
  const names = table.locator('tbody tr td:first-child');
  await expect(names).toHaveText(['Atelier Bernard', 'Épicerie Martin', 'Zinc & Co']);
  const header = table.getByRole('columnheader', { name: 'MB Réelle', exact: true });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(names).toHaveText(['Atelier Bernard', 'Épicerie Martin', 'Zinc & Co']);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(names).toHaveText(['Zinc & Co', 'Épicerie Martin', 'Atelier Bernard']);
  await expect(table.getByRole('columnheader', { name: 'Projet' })).toHaveAttribute('aria-sort', 'none');
  await expect(table.locator('caption')).toHaveText('TOTAL de toute la sélection (3 ligne(s))');

  await main.getByLabel('Rechercher dans Marges par Projet').fill('epicerie');
  await expect(names).toHaveText(['Épicerie Martin']);
  await expect(table.locator('caption')).toContainText('TOTAL des 1 ligne(s) affichée(s) sur 3');
  // The TOTAL follows the rows shown: Épicerie's MB réelle 3 950 €.
  await expect(table.locator('tfoot td').nth(3)).toHaveText('3 950 €');

  // Drill into the client: the budget tab opens on it.
  await table.getByRole('button', { name: 'Épicerie Martin' }).click();
  await expect(app.pageTitle('Saisie Budgétaire')).toBeVisible();
  await expect(main.getByRole('combobox', { name: 'Client', exact: true })).toContainText('Épicerie Martin');

  // Drill into a pole from 'Marge par Pôle': the poles dashboard shows it alone.
  await app.openTab('Dashboard');
  await main.getByRole('tab', { name: 'Marge par Pôle' }).click();
  await main.getByRole('table', { name: 'Marge par Pôle' }).getByRole('button', { name: 'SEO/GEO' }).click();
  await expect(app.pageTitle("Dashboard Pôles d'Expertise")).toBeVisible();
  const poles = main.getByRole('table', { name: 'Vue par pôles' });
  await expect(poles.locator('tbody tr td:first-child')).toHaveText(['SEO/GEO']);
  await main.getByRole('button', { name: /Pôle : SEO\/GEO/ }).click();
  await expect(poles.locator('tbody tr td:first-child')).toHaveText(['Paid', 'SEO/GEO', 'Data']);
  expect(app.consoleErrors).toEqual([]);
});

test('an empty selection says what to do, once per tab', async ({ app, request }) => {
  expect(
    (
      await request.post('/api/backup', { data: { clients: [], budgetData: {}, exportDate: backup.exportDate } })
    ).status(),
  ).toBe(200);
  await app.goto('/');
  await app.openTab('Dashboard');
  await expect(app.main.getByText('Aucune donnée pour cette sélection et cet exercice.')).toHaveCount(1);
  await expect(app.main.locator('.recharts-responsive-container')).toHaveCount(0);
  await app.openTab('Dashboard Pôles');
  await expect(app.main.getByText('Aucune donnée pour cette sélection et cet exercice.')).toHaveCount(1);
});
