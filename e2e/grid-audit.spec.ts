/**
 * Issue 28, items 6 and 7 (the audit's grid items, docs/product.md#budget-tab): the grid comes
 * right under the client card (D11).
 */
import { budgetTab, createClientWithPoles } from './budget-page';
import { expect, test } from './fixtures';

test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("D11: the client's first budget line is on screen without scrolling the page", async ({ app, request }) => {
    const tab = budgetTab(app.page);
    await createClientWithPoles(request, 'Grille Premier Plan', { Paid: ['Google Ads', 'Meta Ads'], SEO: ['Audit'] });
    await app.goto('/');
    await tab.selectClient('Grille Premier Plan');
    const firstCell = tab.cell('Paid', 'Google Ads', 0, 'previsionnel');
    await expect(firstCell).toBeVisible();
    expect(await app.page.evaluate(() => window.scrollY)).toBe(0);
    // The whole height of the first line's row (its name, its sales and purchases), inside the
    // window; the row is wider than the window (the months scroll sideways in the grid).
    const row = await firstCell.locator('xpath=ancestor::tr[1]').boundingBox();
    expect(row).not.toBeNull();
    expect(row!.y).toBeGreaterThanOrEqual(0);
    expect(row!.y + row!.height).toBeLessThanOrEqual(720);
    await expect(firstCell).toBeInViewport({ ratio: 1 });
  });
});
