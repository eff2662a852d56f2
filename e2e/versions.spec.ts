/**
 * Versions and landing (issue 29, docs/product.md#versions-and-landing): freeze the forecast as
 * « Budget initial » (the reference), edit a cell after it, run a landing from its preview, see it
 * in the grid, and undo it from its toast. On a year of its own: versions and the cut-off are the
 * whole year's, so no other spec may share them.
 */
import type { Pole } from '../src/domain';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';
import { clientWithPole } from './http';
import { selectYear } from './year-select';

const Y = 2037;

test('freezes « Budget initial », lands the rest of the year from its preview, and undoes the landing', async ({
  app,
  request,
}, testInfo) => {
  test.slow(); // many steps, each a dialog and a save: on a shared 2-core machine this outgrows 30 s
  const tab = budgetTab(app.page);
  const { client, pole } = await clientWithPole(request, Y, 'Atterrissage SA', 'Paid', ['Google Ads']);
  const lineId = pole.lines[0]!.id;
  const storedApril = async () => {
    const poles = (await (await request.get(`/api/clients/${client.id}/budget?year=${Y}`)).json()) as Pole[];
    return poles[0]!.lines[0]!.previsionnel[3];
  };
  const cells = [
    ...[1000, 2000, 3000].map((value, month) => ({ lineId, month, field: 'reel', value })),
    ...Array.from({ length: 12 }, (_, month) => ({ lineId, month, field: 'previsionnel', value: 500 })),
  ];
  expect((await request.patch(`/api/cells?year=${Y}`, { data: cells })).status()).toBe(200);

  await app.goto('/');
  await selectYear(app.page, Y);
  await tab.selectClient('Atterrissage SA');

  // Freeze: the year's first version is offered as « Budget initial » and becomes the reference.
  const versionsButton = app.main.getByRole('button', { name: /^Versions/ });
  await versionsButton.click();
  const menu = app.page.getByRole('dialog', { name: `Versions de ${Y}` });
  await expect(menu).toContainText('Aucune version figée');
  await menu.getByRole('button', { name: 'Figer le prévisionnel…' }).click();
  const freeze = app.page.getByRole('dialog', { name: 'Figer le prévisionnel' });
  await expect(freeze.getByRole('textbox', { name: 'Nom de la version' })).toHaveValue('Budget initial');
  await freeze.getByRole('button', { name: 'Figer', exact: true }).click();
  await expect(tab.toast('Version « Budget initial » figée')).toContainText('version de référence');
  await versionsButton.click();
  await expect(menu.getByRole('listitem', { name: 'Budget initial' })).toContainText('Référence');
  await app.page.keyboard.press('Escape');

  // An edit after the freeze: the version keeps 500.
  const april = tab.cell('Paid', 'Google Ads', 3, 'previsionnel');
  await april.fill('800');
  await april.press('Enter');
  await expect.poll(() => storedApril()).toBe(800);
  const versions = (await (await request.get(`/api/years/${Y}/versions`)).json()) as { id: number }[];
  const frozen = (await (
    await request.get(`/api/years/${Y}/versions/${versions[0]!.id}?clientId=${client.id}`)
  ).json()) as Pole[];
  expect(frozen[0]!.lines[0]!.previsionnel[3]).toBe(500);

  // Landing: the run rate of January–March (the cut-off: the last month with an actual) is 2 000 €.
  await app.main.getByRole('button', { name: 'Atterrissage…' }).click();
  const dialog = app.page.getByRole('dialog', { name: `Atterrissage ${Y}` });
  await dialog.getByRole('button', { name: 'Tous les clients' }).click();
  await app.page.getByRole('option', { name: 'Atterrissage SA' }).click();
  await app.page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Ne remplir que les cellules vides' }).click();
  await expect(dialog.getByRole('button', { name: 'Appliquer' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Aperçu' }).click();
  await expect(dialog).toContainText('Mois réécrits : après mars (à date)');
  const row = dialog
    .getByRole('table', { name: `Aperçu de l'atterrissage ${Y}` })
    .getByRole('row')
    .filter({ hasText: 'Atterrissage SA' })
    .getByRole('cell');
  await expect(row).toHaveText(['Atterrissage SA', '9', '0', /^6\s300\s€ → 19\s500\s€$/, /^0\s€ → 0\s€$/]);
  await app.page.screenshot({ path: testInfo.outputPath('atterrissage-apercu.png') });
  // The preview changed nothing.
  expect(await storedApril()).toBe(800);

  await dialog.getByRole('button', { name: 'Appliquer' }).click();
  const toast = tab.toast(`Atterrissage ${Y} appliqué`);
  await expect(toast).toContainText('9 cellules remplies.');
  await expect(dialog).toBeHidden();
  await expect(april).toHaveValue('2\u202f000');
  await expect(tab.cell('Paid', 'Google Ads', 2, 'previsionnel')).toHaveValue('500');

  // One undo takes the whole landing back.
  await toast.getByRole('button', { name: 'Annuler' }).click();
  await expect(april).toHaveValue('800');
  await expect(tab.cell('Paid', 'Google Ads', 11, 'previsionnel')).toHaveValue('500');
  expect(app.consoleErrors).toEqual([]);
});
