import { POLE_CATALOGUE } from '../src/domain';
import { budgetTab, createClientWithPoles } from './budget-page';
import { expect, test } from './fixtures';

// Screenshots of the budget tab at 1440 px, attached to the report for a human to look at; the
// assertions check what must read well: names visible, months scrolling under the sticky column.

test('budget tab screenshots: no client selected, full catalogue, a collapsed pole, months scrolled', async ({
  app,
  request,
}, testInfo) => {
  test.slow(); // 3,312 inputs rendered, then scrolled: on a shared 2-core machine this outgrows 30 s
  const tab = budgetTab(app.page);
  const shoot = async (name: string) => {
    const path = testInfo.outputPath(`${name}.png`);
    await app.page.screenshot({ path });
    await testInfo.attach(name, { path, contentType: 'image/png' });
  };
  await createClientWithPoles(
    request,
    'Hotel Catalogue Complet',
    Object.fromEntries(POLE_CATALOGUE.map((p) => [p.name, p.lines])),
  );

  await app.goto('/');
  await expect(app.main.getByText('Veuillez sélectionner un client pour commencer')).toBeVisible();
  await shoot('budget-vide');

  await tab.selectClient('Hotel Catalogue Complet');
  await expect(tab.grid.getByRole('rowheader', { name: 'Paid', exact: false }).first()).toBeVisible();
  await tab.cell('Paid', 'Google Ads – Search', 0, 'previsionnel').fill('12 500');
  await tab.cell('Paid', 'Google Ads – Search', 0, 'reel').fill('11 980,40');
  await tab.cell('Paid', 'Google Ads – Search', 0, 'achat').fill('9 100');
  await tab.cell('Paid', 'Google Ads – Search', 0, 'achat').press('Enter');
  await tab.grid.scrollIntoViewIfNeeded();
  await shoot('budget-catalogue-complet');

  await tab.grid.getByRole('button', { name: 'Replier Paid' }).click();
  await expect(tab.grid.getByRole('button', { name: 'Déplier Paid' })).toBeVisible();
  await shoot('budget-pole-replie');

  // Months scroll under the sticky line column; the line names stay in place.
  await tab.grid.evaluate((el) => el.scrollBy({ left: 1200, top: 2000 }));
  const firstName = tab.grid.getByRole('rowheader').first();
  await expect(firstName).toBeVisible();
  await shoot('budget-mois-defiles');
});
