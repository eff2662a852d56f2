/**
 * Budget years (issue 11, docs/product.md#budget-years): the header's 'Exercice' select switches
 * every tab to that year's data and survives a reload; 'Préparer {N+1}' previews, then applies a
 * roll forward whose lines and forecasts show in the next year.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Measure } from '../src/domain';
import { budgetTab, createClientWithPoles } from './budget-page';
import { expect, test } from './fixtures';

/** The exercice the page opens on: the current year where the browser runs (Europe/Paris). */
const N = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric' }).format(new Date()));

const yearSelect = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: 'Exercice' });

async function selectYear(page: Page, year: number) {
  await yearSelect(page).click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
  await expect(yearSelect(page)).toHaveText(String(year));
}

/** Adds poles (name → lines) to a client in `year`; returns the created lines' ids by name. */
async function addPoles(
  request: APIRequestContext,
  clientId: string,
  year: number,
  poles: Record<string, readonly string[]>,
): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const [name, lines] of Object.entries(poles)) {
    const res = await request.post(`/api/clients/${clientId}/poles?year=${year}`, { data: { name, lines } });
    expect(res.status()).toBe(201);
    const pole = (await res.json()) as { lines: { id: string; name: string }[] };
    for (const line of pole.lines) ids[line.name] = line.id;
  }
  return ids;
}

/** Writes cells of `year` through the API (euros). */
async function writeCells(
  request: APIRequestContext,
  year: number,
  cells: { lineId: string; month: number; field: Measure; value: number }[],
) {
  expect((await request.patch(`/api/cells?year=${year}`, { data: cells })).status()).toBe(200);
}

/** One stored figure of a client's line in `year` (euros). */
async function storedFigure(
  request: APIRequestContext,
  clientId: string,
  year: number,
  line: string,
  field: Measure,
  month: number,
): Promise<number | undefined> {
  const poles = (await (await request.get(`/api/clients/${clientId}/budget?year=${year}`)).json()) as {
    lines: ({ name: string } & Record<Measure, number[]>)[];
  }[];
  return poles.flatMap((p) => p.lines).find((l) => l.name === line)?.[field][month];
}

test('a figure typed in one exercice is absent from the other, in the budget tab and the dashboards', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Juliette Exercices');
  await addPoles(request, clientId, N, { Paid: ['Google Ads – Search'] });
  await addPoles(request, clientId, N + 1, { Paid: ['Google Ads – Search'] });
  await app.goto('/');
  await expect(yearSelect(app.page)).toHaveText(String(N));
  await tab.selectClient('Juliette Exercices');

  const cell = tab.cell('Paid', 'Google Ads – Search', 0, 'reel');
  await cell.fill('1234');
  await cell.press('Enter');
  await expect.poll(() => storedFigure(request, clientId, N, 'Google Ads – Search', 'reel', 0)).toBe(1234);

  await selectYear(app.page, N + 1);
  // The same client stays selected (clients span years); its grid is next year's.
  await expect(tab.clientSelect).toHaveText('Juliette Exercices');
  await expect(cell).toHaveValue('');
  await cell.fill('55');
  await cell.press('Enter');
  await expect.poll(() => storedFigure(request, clientId, N + 1, 'Google Ads – Search', 'reel', 0)).toBe(55);
  expect(await storedFigure(request, clientId, N, 'Google Ads – Search', 'reel', 0)).toBe(1234);

  // The dashboards follow the year too (this client only: other tests' clients share the server).
  await app.openTab('Dashboard');
  await app.main.getByRole('button', { name: 'Tous les clients' }).click();
  await app.page.getByRole('option', { name: 'Juliette Exercices' }).click();
  await app.page.keyboard.press('Escape');
  const revenue = app.main
    .getByRole('list', { name: 'Indicateurs clés' })
    .getByRole('listitem')
    .filter({ hasText: "Chiffre d'Affaires" });
  await expect(revenue).toContainText(/55\s€/);
  await selectYear(app.page, N);
  await expect(revenue).toContainText(/1\s234\s€/);

  await app.openTab('Saisie Budgétaire');
  await expect(cell).toHaveValue('1\u202f234');
  expect(app.consoleErrors).toEqual([]);
});

test('Préparer {N+1}: the preview counts, Appliquer, then next year shows the lines and filled forecasts, and stays after a reload', async ({
  app,
  request,
}, testInfo) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'India Report');
  const lines = await addPoles(request, clientId, N, { 'SEO/GEO': ['Netlinking', 'Audit technique'] });
  await writeCells(request, N, [
    { lineId: lines['Netlinking']!, month: 0, field: 'previsionnel', value: 1000 },
    { lineId: lines['Netlinking']!, month: 0, field: 'achat_previsionnel', value: 400 },
    { lineId: lines['Netlinking']!, month: 1, field: 'reel', value: 500 },
    { lineId: lines['Netlinking']!, month: 2, field: 'previsionnel', value: 200 },
    { lineId: lines['Audit technique']!, month: 0, field: 'previsionnel', value: 300 },
  ]);
  // Next year already holds Netlinking, with a forecast typed by hand: fill-empty keeps it.
  const next = await addPoles(request, clientId, N + 1, { 'SEO/GEO': ['Netlinking'] });
  await writeCells(request, N + 1, [{ lineId: next['Netlinking']!, month: 0, field: 'previsionnel', value: 5 }]);

  await app.goto('/');
  await tab.selectClient('India Report');
  await app.main.getByRole('button', { name: `Préparer ${N + 1}` }).click();
  const dialog = app.page.getByRole('dialog', { name: `Préparer ${N + 1}` });
  await dialog.getByRole('button', { name: 'Tous les clients' }).click();
  await app.page.getByRole('option', { name: 'India Report' }).click();
  await app.page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Base des prévisions' }).click();
  await app.page.getByRole('option', { name: 'Prévisionnel', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Hausse des ventes (%)' }).fill('10');
  await dialog.getByRole('textbox', { name: 'Hausse des achats (%)' }).fill('2,5');
  await expect(dialog.getByRole('checkbox', { name: 'Ne remplir que les cellules vides' })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Appliquer' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Aperçu' }).click();

  // Poles created: none (SEO/GEO is there); lines created: Audit technique; filled: Netlinking's March sales and January purchases, Audit's
  // January sales; skipped: Netlinking's January sales (5 € typed in N+1). Actuals are not copied.
  const preview = dialog.getByRole('table', { name: `Aperçu de la préparation de ${N + 1}` });
  const row = preview.getByRole('row').filter({ hasText: 'India Report' }).getByRole('cell');
  await expect(row).toHaveText(['India Report', '0', '1', '3', '1', /^5\s€ → 555\s€$/, /^0\s€ → 410\s€$/]);
  const shot = testInfo.outputPath('preparer-apercu.png');
  await app.page.screenshot({ path: shot });
  await testInfo.attach('preparer-apercu', { path: shot, contentType: 'image/png' });
  // The preview changed nothing.
  expect(await storedFigure(request, clientId, N + 1, 'Netlinking', 'previsionnel', 2)).toBe(0);
  expect(await storedFigure(request, clientId, N + 1, 'Audit technique', 'previsionnel', 0)).toBeUndefined();

  await dialog.getByRole('button', { name: 'Appliquer' }).click();

  await expect(app.page.locator('[data-sonner-toast]').filter({ hasText: `Exercice ${N + 1} préparé` })).toContainText(
    '1 ligne créée, 3 cellules remplies.',
  );
  await expect(dialog).toBeHidden();
  await expect(yearSelect(app.page)).toHaveText(String(N + 1));
  await expect(tab.clientSelect).toHaveText('India Report');
  const expected: [string, number, Measure, string][] = [
    ['Netlinking', 0, 'previsionnel', '5'],
    ['Netlinking', 0, 'achat_previsionnel', '410'],
    ['Netlinking', 1, 'reel', ''],
    ['Netlinking', 2, 'previsionnel', '220'],
    ['Audit technique', 0, 'previsionnel', '330'],
  ];
  for (const [line, month, measure, value] of expected) {
    await expect(tab.cell('SEO/GEO', line, month, measure)).toHaveValue(value);
  }

  // The exercice survives a reload.
  await app.page.reload();
  await expect(yearSelect(app.page)).toHaveText(String(N + 1));
  await expect(tab.cell('SEO/GEO', 'Audit technique', 0, 'previsionnel')).toHaveValue('330');
  await expect(app.main.getByRole('button', { name: `Préparer ${N + 2}` })).toBeVisible();
  expect(app.consoleErrors).toEqual([]);
});
