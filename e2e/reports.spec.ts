/**
 * Reports that read (docs/product.md#dashboard-charts, docs/product.md#dashboard-tables,
 * docs/product.md#management-pack): the project chart ranked by value with a top-N choice and
 * 'Autres' as a note, the TOTAL caption naming the clients the table does not list, and the
 * management pack PDF downloaded from the Dashboard and read back.
 */
import fs from 'node:fs';
import { extractText } from 'unpdf';
import { formatEuros, formatPercent, type Cents } from '../src/domain/money';
import type { BackupWire as Backup, LineWire as Line } from '../src/domain/schemas';
import { expect, test } from './fixtures';

const months = (values: readonly number[] = []) => Array.from({ length: 12 }, (_, m) => values[m] ?? 0);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

// 25 clients with actuals, named in an order unlike their margins' (MB réelle = 1 000 € × rank,
// shuffled), and one with forecasts only: not listed, said under the table.
const COUNT = 25;
const margin = (n: number) => (((n * 7) % COUNT) + 1) * 1000;
const clients = Array.from({ length: COUNT + 1 }, (_, i) => ({
  id: id(i + 1),
  name: i < COUNT ? `Client ${String(i + 1).padStart(2, '0')}` : 'Prospect Clavier',
  prevision_mb_annuelle_debut: 10_000,
  prevision_mb_annuelle_revue: 0,
  created_at: '2025-01-01T10:00:00.000Z',
}));
const lineOf = (n: number): Line => ({
  id: id(100 + n),
  name: 'Search',
  previsionnel: months([2000]),
  achat_previsionnel: months(),
  reel: months(n < COUNT ? [margin(n)] : []),
  achat: months(),
});
const backup: Backup = {
  clients,
  budgetData: Object.fromEntries(
    clients.map((c, n) => [
      c.id,
      [{ id: id(200 + n), name: 'Paid', isExpanded: true, facture: months().map(() => false), lines: [lineOf(n)] }],
    ]),
  ),
  exportDate: '2025-06-01T00:00:00.000Z',
};

test.beforeEach(async ({ request }) => {
  const res = await request.post('/api/backup', { data: backup });
  expect(res.status()).toBe(200);
});

test('the project chart is ranked by value, with a top-N choice and « Autres » as a note', async ({ app }) => {
  await app.goto('/');
  await app.openTab('Dashboard');
  const main = app.main;
  const chart = main.getByRole('img', { name: /^Marges par Projet : MB Réelle de \d+ élément\(s\), du plus grand/ });
  await expect(chart).toHaveAccessibleName(
    /de 20 élément\(s\), du plus grand au plus petit, 5 autres hors du graphique/,
  );
  const ranked = [...clients.slice(0, COUNT)]
    .map((c, n) => ({ name: c.name, value: margin(n) }))
    .sort((a, b) => b.value - a.value)
    .map((c) => c.name);
  // The x axis' names (the y axis' ticks are amounts).
  const ticks = chart.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /^Client / });
  await expect(ticks).toHaveText(ranked.slice(0, 20));
  // The five smallest: 1 000 + … + 5 000 €, off the scale.
  await expect(chart.locator('figcaption')).toHaveText(
    'Les 20 plus grands, du plus grand au plus petit. Autres (hors échelle) : 5 élément(s), 15\u202f000 € au total — tous figurent dans le tableau.',
  );

  await main.getByLabel('Afficher').first().selectOption({ label: 'Les 10 plus grands' });
  await expect(ticks).toHaveText(ranked.slice(0, 10));
  await main.getByLabel('Afficher').first().selectOption({ label: 'Tous' });
  await expect(ticks).toHaveCount(COUNT);
  await expect(chart.locator('figcaption')).toHaveCount(0);
});

test('the TOTAL caption says how many clients the table does not list, and why', async ({ app }) => {
  await app.goto('/');
  await app.openTab('Dashboard');
  const table = app.main.getByRole('table', { name: 'Marges par Projet' });
  await expect(table.locator('caption')).toHaveText(
    `TOTAL de toute la sélection (${COUNT} ligne(s))` +
      '1 client(s) de la sélection sans réel ni achat ne sont pas listés ; leurs prévisions comptent dans les indicateurs.',
  );
  await expect(table.locator('tbody tr')).toHaveCount(COUNT);
  // An unknown search says so; an empty table without a search never quotes « ».
  await app.main.getByLabel('Rechercher dans Marges par Projet').fill('zzz');
  await expect(table.getByText('Aucune ligne ne correspond à « zzz ».')).toBeVisible();
});

test('« Dossier de gestion (PDF) » downloads the pack, read back with the screen’s figures', async ({ app }) => {
  await app.goto('/');
  await app.openTab('Dashboard');
  const main = app.main;
  const mbReelle = main
    .getByRole('list', { name: 'Indicateurs clés' })
    .getByRole('listitem')
    .filter({ hasText: 'Marge Brute Réelle' })
    .locator('p')
    .first();
  await expect(mbReelle).toHaveText('325\u202f000 €');

  const [download] = await Promise.all([
    app.page.waitForEvent('download'),
    main.getByRole('button', { name: 'Dossier de gestion (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^dossier-gestion-tous-clients-\d{4}-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(app.page.getByText('Le dossier de gestion (Tous les clients) a été exporté en PDF.')).toBeVisible();
  const bytes = new Uint8Array(fs.readFileSync(await download.path()));
  const { totalPages, text } = await extractText(bytes, { mergePages: false });
  const plain = text.map((page) => page.replace(/[\u202f\u00a0]/g, ' '));
  plain.forEach((page, i) => {
    expect(page).toMatch(/Dossier de gestion — Tous les clients — Exercice \d{4}, arrêté à fin Janvier/);
    expect(page).toContain(`Page ${i + 1} / ${totalPages}`);
  });
  const all = plain.join('\n');
  expect(all).toContain('Marge Brute Réelle 325 000 € —');
  expect(all).toContain('Nombre de projets 26 —');
  expect(all).toContain('1 client(s) de la sélection sans réel ni achat ne sont pas listés');
  // Client 01: MB début 10 000, MB prév. 2 000, MB réelle 1 000; gap −9 000 € (−90 %).
  const euros = (e: number) => formatEuros((e * 100) as Cents).replace(/[\u202f\u00a0]/g, ' ');
  const pct = formatPercent(-90, true).replace(/[\u202f\u00a0]/g, ' ');
  expect(all).toContain(`\nClient 01 ${[10_000, 2000, 1000, -9000].map(euros).join(' ')} ${pct} `);
});
