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

test.describe('at 1280×720, adding', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test("m13, m9, m3: 'Tout décocher' keeps one line of a pole; the cursor goes to the pole's line, then to a custom line added, scrolled in", async ({
    app,
    request,
  }) => {
    const tab = budgetTab(app.page);
    const paid = Array.from({ length: 12 }, (_, i) => `Campagne ${i + 1}`);
    await createClientWithPoles(request, 'Grille Ajouts', { Paid: paid });
    await app.goto('/');
    await tab.selectClient('Grille Ajouts');
    await expect(tab.cell('Paid', 'Campagne 1', 0, 'previsionnel')).toBeVisible();

    // m13: 'Tout décocher', then one tick: one line added. m9: the cursor on its first cell.
    await app.main.getByRole('combobox', { name: "Pôle d'expertise" }).click();
    await app.page.getByRole('option', { name: 'Offline', exact: true }).click();
    await app.main.getByRole('button', { name: 'Tout décocher' }).click();
    await expect(app.main.getByRole('button', { name: 'Ajouter (0 ligne(s))' })).toBeDisabled();
    await app.main.getByRole('checkbox', { name: 'Radio' }).click();
    await app.main.getByRole('button', { name: 'Ajouter (1 ligne(s))' }).click();
    const radio = tab.cell('Offline', 'Radio', 0, 'previsionnel');
    await expect(radio).toBeFocused();
    await expect(radio).toBeInViewport({ ratio: 1 });
    await expect(tab.grid.getByRole('textbox', { name: /^Offline · Télévision · / })).toHaveCount(0);

    // m3: a custom line added at the end of Paid's twelve: the grid scrolls to it, its first cell focused.
    const field = tab.grid.getByRole('textbox', { name: 'Nouvelle ligne · Paid' });
    await field.scrollIntoViewIfNeeded();
    await field.fill('Campagne ajoutée');
    await field.press('Enter');
    const added = tab.cell('Paid', 'Campagne ajoutée', 0, 'previsionnel');
    await expect(added).toBeFocused();
    await expect(added).toBeInViewport({ ratio: 1 });
  });
});
