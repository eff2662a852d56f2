/**
 * Driver lines in Chromium (issue 28 item 4, docs/product.md#driver-lines): 'Frais de gestion
 * Paid' = 15 % of the Paid pole's forecast purchases, defined through 'Calculer cette ligne…';
 * its cells are read-only and say what they are computed from; typing a source cell makes it
 * follow (on screen, then stored); a loop is refused in French and nothing changes.
 */
import { budgetTab, createClientWithPoles, storedBudget } from './budget-page';
import { expect, test } from './fixtures';

const NBSP = '\u00a0';

test('a driver line follows its source as it is typed, and a loop is refused in French', async ({ app, request }) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Pilotée', {
    Paid: ['Google Ads', 'Meta Ads', 'Frais de gestion Paid'],
    SEO: ['Audit SEO'],
  });
  await app.goto('/');
  await tab.selectClient('Pilotée');

  await tab.grid.getByRole('button', { name: 'Calculer cette ligne… (Frais de gestion Paid)' }).click();
  const dialog = app.page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(`Calculer «${NBSP}Frais de gestion Paid${NBSP}»`);
  await dialog.getByLabel('Mesure calculée').selectOption('previsionnel');
  await dialog.getByLabel('Pourcentage (%)').fill('15');
  await dialog.getByLabel('Mesure des sources').selectOption('achat_previsionnel');
  await dialog.getByLabel('Pôle source').selectOption({ label: 'Paid' });
  await dialog.getByRole('button', { name: 'Calculer', exact: true }).click();
  await expect(dialog).toBeHidden();

  const fees = tab.cell('Paid', 'Frais de gestion Paid', 0, 'previsionnel');
  await expect(fees).toHaveAttribute('readonly', '');
  await expect(fees).toHaveAttribute('title', `Calculée : 15${NBSP}% de « Achat prévisionnel » du pôle « Paid »`);

  await tab.cell('Paid', 'Google Ads', 0, 'achat_previsionnel').click();
  await app.page.keyboard.type('1000');
  await app.page.keyboard.press('Tab');
  await expect(fees).toHaveValue('150');
  await tab.cell('Paid', 'Meta Ads', 0, 'achat_previsionnel').click();
  await app.page.keyboard.type('333,33');
  await app.page.keyboard.press('Tab');
  // 15 % × 1 333,33 € = 199,9995 € → 200 € (half away from zero, to the cent).
  await expect(fees).toHaveValue('200');
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[2]!.previsionnel[0]).toBe(200);

  // Suppr on the computed cell leaves it out (no request refused); a later source entry still flows.
  await fees.click();
  await app.page.keyboard.press('Delete');
  await tab.cell('Paid', 'Meta Ads', 1, 'achat_previsionnel').click();
  await app.page.keyboard.type('10');
  await app.page.keyboard.press('Tab');
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines[2]!.previsionnel.slice(0, 2))
    .toEqual([200, 1.5]);
  await expect(fees).toHaveValue('200');

  // Audit SEO = 10 % of the fees' forecast sales; then Google Ads from the SEO pole would loop.
  const [, seo] = await storedBudget(request, clientId);
  const fee = (await storedBudget(request, clientId))[0]!.lines[2]!;
  const audit = await request.put(`/api/lines/${seo!.lines[0]!.id}/driver`, {
    data: { measure: 'achat_previsionnel', percent: 10, sourceMeasure: 'previsionnel', sources: { lineIds: [fee.id] } },
  });
  expect(audit.status()).toBe(200);
  const before = await storedBudget(request, clientId);
  await tab.grid.getByRole('button', { name: 'Calculer cette ligne… (Google Ads)' }).click();
  await dialog.getByLabel('Mesure calculée').selectOption('achat_previsionnel');
  await dialog.getByLabel('Pourcentage (%)').fill('50');
  await dialog.getByLabel('Mesure des sources').selectOption('achat_previsionnel');
  await dialog.getByLabel('Pôle source').selectOption({ label: 'SEO' });
  await dialog.getByRole('button', { name: 'Calculer', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /^Calcul impossible : il formerait une boucle \(.*« Google Ads ».*\)\. Une ligne calculée ne peut pas dépendre d'elle-même\.$/,
  );
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  expect(await storedBudget(request, clientId)).toEqual(before);
  // The refused PUT is the one error the browser logs (its status line); nothing else failed.
  expect(app.consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 400 (Bad Request)',
  ]);
});
