/**
 * Issue 28, item 3 (docs/product.md#grid-views): the grid's 'Par mesure' view, where each line has
 * one row per measure and the months run across, so a year's forecast is typed with Tab as in
 * Excel; a block pasted maps onto the cells as shown; 'Prévisions seules' hides the actual rows;
 * the choice survives a reload.
 */
import { budgetTab, createClientWithPoles, storedBudget } from './budget-page';
import { expect, test } from './fixtures';

/** An element's text without its spaces (the amounts group digits with narrow no-break spaces). */
const compact = (text: string | null) => (text ?? '').replace(/\s/g, '');

test("'Par mesure': a forecast row typed with Tab across 12 months, a block pasted as shown, 'Prévisions seules' hides the actuals, the choice kept after a reload", async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Vues Saison Budgétaire', { Paid: ['Google Ads', 'Meta Ads'] });
  await app.goto('/');
  await tab.selectClient('Vues Saison Budgétaire');
  const views = app.page.getByRole('toolbar', { name: 'Affichage de la grille' });
  await expect(views.getByRole('button', { name: 'Par mois' })).toHaveAttribute('aria-pressed', 'true');
  await views.getByRole('button', { name: 'Par mesure' }).click();
  await expect(views.getByRole('button', { name: 'Par mesure' })).toHaveAttribute('aria-pressed', 'true');

  // Twelve forecasts separated by Tab land in the twelve months of 'Prévisionnel', none in 'Réel';
  // Enter after the last goes back to January, one row down (as in Excel).
  const keys = app.page.keyboard;
  await tab.cell('Paid', 'Google Ads', 0, 'previsionnel').click();
  for (let month = 0; month < 12; month++) {
    await keys.type(String((month + 1) * 100));
    await keys.press(month < 11 ? 'Tab' : 'Enter');
  }
  await expect(tab.cell('Paid', 'Google Ads', 0, 'achat_previsionnel')).toBeFocused();
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.previsionnel)
    .toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]);
  const googleAds = (await storedBudget(request, clientId))[0]!.lines[0]!;
  expect(googleAds.reel.every((v) => v === 0)).toBe(true);
  expect(googleAds.achat_previsionnel.every((v) => v === 0)).toBe(true);

  // A block of 2 rows × 3 columns pasted on Meta Ads · Mars · Achat prévisionnel: its second row
  // goes to the row shown below, 'Réel'.
  const origin = tab.cell('Paid', 'Meta Ads', 2, 'achat_previsionnel');
  await origin.click();
  await origin.evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', '10\t20\t30\r\n40\t50\t60\r\n');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect
    .poll(async () => {
      const line = (await storedBudget(request, clientId))[0]!.lines[1]!;
      return [line.achat_previsionnel.slice(2, 5), line.reel.slice(2, 5), line.previsionnel[2], line.achat[2]];
    })
    .toEqual([[10, 20, 30], [40, 50, 60], 0, 0]);
  // The totals follow: CA prév. 7 800 €, MB prév. 7 800 − 60 = 7 740 €, CA réel 150 €.
  const yearTotal = tab.grid.getByTestId('total-year');
  await expect.poll(async () => compact(await yearTotal.textContent())).toBe('7800€7740€150€150€');

  // 'Prévisions seules': the actual rows are gone, the forecast ones stay, the totals are the forecast's.
  await views.getByRole('checkbox', { name: 'Prévisions seules' }).click();
  await expect(tab.cell('Paid', 'Meta Ads', 2, 'reel')).toHaveCount(0);
  await expect(tab.cell('Paid', 'Meta Ads', 2, 'achat')).toHaveCount(0);
  await expect(tab.cell('Paid', 'Meta Ads', 2, 'achat_previsionnel')).toBeVisible();
  await expect.poll(async () => compact(await yearTotal.textContent())).toBe('7800€7740€');
  // Enter goes down to the next forecast row: from Google Ads' purchases to Meta Ads' sales.
  await tab.cell('Paid', 'Google Ads', 5, 'achat_previsionnel').click();
  await keys.type('75');
  await keys.press('Enter');
  await expect(tab.cell('Paid', 'Meta Ads', 5, 'previsionnel')).toBeFocused();
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.achat_previsionnel[5]).toBe(75);

  // Reloaded, the grid opens in the same view.
  await app.page.reload();
  await expect(views.getByRole('button', { name: 'Par mesure' })).toHaveAttribute('aria-pressed', 'true');
  await expect(views.getByRole('checkbox', { name: 'Prévisions seules' })).toBeChecked();
  await expect(tab.cell('Paid', 'Google Ads', 0, 'previsionnel')).toBeVisible();
  await expect(tab.cell('Paid', 'Google Ads', 0, 'reel')).toHaveCount(0);

  // Back to 'Par mois': the 2 × 2 block per month again, and the choice is kept too.
  await views.getByRole('button', { name: 'Par mois' }).click();
  await expect(tab.cell('Paid', 'Google Ads', 0, 'reel')).toBeVisible();
  await expect(views.getByRole('checkbox', { name: 'Prévisions seules' })).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});
