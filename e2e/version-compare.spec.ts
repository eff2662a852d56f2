/**
 * Comparing with a version in the budget grid and in 'Dashboard Pôles' (docs/product.md#versions-and-landing,
 * ADR 062): freeze « Budget initial », edit a forecast, turn 'Comparer avec' on in the grid and
 * read the version's figure and the gap under the month, the line's year, the pole and TOTAL
 * GÉNÉRAL; 'Par mesure' disables the choice and says why; then the poles view and its lines with
 * the version's columns. On a year of its own: versions are the whole year's.
 */
import type { Locator } from '@playwright/test';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';
import { clientWithPole } from './http';
import { selectYear } from './year-select';

const Y = 2043;

/** The compare figure whose title starts so (« Écart ventes prév. · Budget initial · Janvier · Paid / Google Ads »). */
const figure = (scope: Locator, title: string) => scope.locator(`[title^="${title}\u00a0: "]`);

test('compares the grid and the poles dashboard with « Budget initial »', async ({ app, request }) => {
  test.slow(); // a freeze, an edit and two tabs on a shared 2-core machine
  const tab = budgetTab(app.page);
  const { pole } = await clientWithPole(request, Y, 'Comparaison SA', 'Paid', ['Google Ads']);
  const lineId = pole.lines[0]!.id;
  const cells = [
    { lineId, month: 0, field: 'previsionnel', value: 1000 },
    { lineId, month: 0, field: 'achat_previsionnel', value: 400 },
  ];
  expect((await request.patch(`/api/cells?year=${Y}`, { data: cells })).status()).toBe(200);

  await app.goto('/');
  await selectYear(app.page, Y);
  await tab.selectClient('Comparaison SA');
  // Off by default, and nothing to compare with before a freeze.
  await expect(app.main.getByLabel('Comparer avec')).toHaveCount(0);

  const versionsButton = app.main.getByRole('button', { name: /^Versions/ });
  await versionsButton.click();
  await app.page
    .getByRole('dialog', { name: `Versions de ${Y}` })
    .getByRole('button', { name: 'Figer le prévisionnel…' })
    .click();
  const freeze = app.page.getByRole('dialog', { name: 'Figer le prévisionnel' });
  await freeze.getByRole('button', { name: 'Figer', exact: true }).click();
  await expect(tab.toast('Version « Budget initial » figée')).toBeVisible();

  // After the freeze: January's forecast sales 1 000 → 1 250.
  const january = tab.cell('Paid', 'Google Ads', 0, 'previsionnel');
  await january.fill('1250');
  await january.press('Enter');
  const compare = app.main.getByLabel('Comparer avec');
  await expect(compare).toHaveValue('none');
  await expect(app.main.locator('[data-compare]')).toHaveCount(0);
  await compare.selectOption({ label: 'Budget initial (référence)' });

  const line = 'Janvier · Paid / Google Ads';
  await expect(figure(app.main, `Ventes prév. · Budget initial · ${line}`)).toHaveText(/^1\s000\s€$/);
  await expect(figure(app.main, `Achats prév. · Budget initial · ${line}`)).toHaveText(/^400\s€$/);
  await expect(figure(app.main, `Écart ventes prév. · Budget initial · ${line}`)).toHaveText(/^\+250\s€$/);
  await expect(figure(app.main, `Écart achats prév. · Budget initial · ${line}`)).toHaveText(/^0\s€$/);
  await expect(figure(app.main, 'Écart ventes prév. · Budget initial · Total Annuel · Paid / Google Ads')).toHaveText(
    /^\+250\s€$/,
  );
  await expect(figure(app.main, 'Ventes prév. · Budget initial · Janvier · Paid')).toHaveText(/^1\s000\s€$/);
  await expect(figure(app.main, 'Écart ventes prév. · Budget initial · Total Annuel · TOTAL GÉNÉRAL')).toHaveText(
    /^\+250\s€$/,
  );
  // Exact cents on hover.
  await expect(figure(app.main, `Ventes prév. · Budget initial · ${line}`)).toHaveAttribute('title', /:\s1\s000\s€$/);

  // 'Par mesure' cannot show it: the choice is disabled and says why; back in 'Par mois' it is there again.
  await app.main.getByRole('button', { name: 'Par mesure' }).click();
  await expect(compare).toBeDisabled();
  await expect(app.main.getByText('La comparaison avec une version s’affiche dans la vue « Par mois ».')).toBeVisible();
  await expect(app.main.locator('[data-compare]')).toHaveCount(0);
  await app.main.getByRole('button', { name: 'Par mois' }).click();
  await expect(figure(app.main, `Écart ventes prév. · Budget initial · ${line}`)).toHaveText(/^\+250\s€$/);

  // 'Dashboard Pôles': MB 850 live, 600 in the version, a gap of 250.
  await app.openTab('Dashboard Pôles');
  await app.main.getByLabel('Comparer avec').selectOption({ label: 'Budget initial (référence)' });
  const poles = app.main.getByRole('table', { name: 'Vue par pôles' });
  const headers = poles.getByRole('columnheader');
  await expect(headers.nth(3)).toHaveText(/MB Prévisionnelle/);
  await expect(headers.nth(4)).toHaveText(/MB Budget initial/);
  await expect(headers.nth(5)).toHaveText(/Écart vs Budget initial/);
  const paid = poles.getByRole('row').filter({ has: app.page.getByRole('cell', { name: 'Paid', exact: true }) });
  await expect(paid.getByRole('cell').nth(3)).toHaveText(/^850\s€$/);
  await expect(paid.getByRole('cell').nth(4)).toHaveText(/^600\s€$/);
  await expect(paid.getByRole('cell').nth(5)).toContainText(/250\s€/);
  await app.main.getByRole('tab', { name: 'Vue par Lignes Budgétaires' }).click();
  const lines = app.main.getByRole('table', { name: 'Lignes de Paid' });
  await expect(lines.getByRole('columnheader', { name: 'MB Budget initial' })).toBeVisible();
  const googleAds = lines.getByRole('row').filter({ hasText: 'Google Ads' }).getByRole('cell');
  await expect(googleAds.nth(7)).toHaveText(/^600\s€$/);
  await expect(googleAds.nth(8)).toContainText(/250\s€/);
});
