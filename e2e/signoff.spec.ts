/**
 * Sign-off (issue 30, docs/product.md#sign-off): submit a budget with a note, find it in 'À
 * valider', validate it, see its forecast cells locked while its actuals stay editable, then send
 * it back — reopen it with a reason — type a forecast again, and read it in 'Changements…'. Without accounts the one user is
 * admin, so one browser makes every step (the roles are the API tests'). On a year of its own.
 */
import type { Pole } from '../src/domain';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';
import { selectYear } from './year-select';

const Y = 2038;

test('submits, validates (forecasts locked, actuals open), reopens with a reason', async ({
  app,
  request,
}, testInfo) => {
  test.slow(); // many steps, each a dialog and a save: on a shared 2-core machine this outgrows 30 s
  const tab = budgetTab(app.page);
  const client = (await (await request.post(`/api/clients?year=${Y}`, { data: { name: 'Validation SA' } })).json()) as {
    id: string;
  };
  await request.post(`/api/clients/${client.id}/poles?year=${Y}`, { data: { name: 'Paid', lines: ['Google Ads'] } });

  await app.goto('/');
  await selectYear(app.page, Y);
  await tab.selectClient('Validation SA');
  const bar = app.main.getByRole('region', { name: 'Validation du budget' });
  await expect(bar).toContainText('Brouillon');

  await bar.getByRole('button', { name: 'Soumettre pour validation…' }).click();
  const submit = app.page.getByRole('dialog', { name: `Soumettre le budget ${Y}` });
  await submit.getByRole('textbox', { name: 'Note pour le valideur (facultative)' }).fill('Prêt pour revue');
  await submit.getByRole('button', { name: 'Soumettre', exact: true }).click();
  await expect(bar).toContainText('Soumis');
  await expect(bar).toContainText('« Prêt pour revue »');
  const waiting = app.main.getByRole('region', { name: 'À valider' });
  await expect(waiting.getByRole('button', { name: 'Validation SA' })).toBeVisible();

  await bar.getByRole('button', { name: 'Valider…' }).click();
  await app.page
    .getByRole('dialog', { name: `Valider le budget ${Y}` })
    .getByRole('button', { name: 'Valider', exact: true })
    .click();
  await expect(bar).toContainText('Validé');
  await expect(waiting).toBeHidden();
  const forecast = tab.cell('Paid', 'Google Ads', 0, 'previsionnel');
  const actual = tab.cell('Paid', 'Google Ads', 0, 'reel');
  await expect(forecast).not.toBeEditable();
  await expect(forecast).toHaveAttribute('title', 'Budget validé\u00a0: prévision en lecture seule');
  await actual.fill('900');
  await actual.press('Enter');
  await expect
    .poll(async () => {
      const poles = (await (await request.get(`/api/clients/${client.id}/budget?year=${Y}`)).json()) as Pole[];
      return poles[0]!.lines[0]!.reel[0];
    })
    .toBe(900);
  await app.page.screenshot({ path: testInfo.outputPath('budget-valide.png') });

  // The validation froze a version of this client.
  const versions = app.main.getByRole('button', { name: /^Versions/ });
  await versions.click();
  const menu = app.page.getByRole('dialog', { name: `Versions de ${Y}` });
  await expect(menu).toContainText('· Validation SA');
  await versions.click();
  await expect(menu).toBeHidden();

  await bar.getByRole('button', { name: 'Rouvrir…' }).click();
  const reopen = app.page.getByRole('dialog', { name: `Rouvrir le budget ${Y}` });
  const confirm = reopen.getByRole('button', { name: 'Rouvrir', exact: true });
  await expect(confirm).toBeDisabled();
  await reopen.getByRole('textbox', { name: 'Motif de la réouverture' }).fill('Nouveau devis client');
  await confirm.click();
  await expect(bar).toContainText('Brouillon');
  await expect(bar).toContainText('« Nouveau devis client »');
  await expect(forecast).toBeEditable();
  await forecast.fill('1200');
  await forecast.press('Enter');
  await expect
    .poll(async () => {
      const poles = (await (await request.get(`/api/clients/${client.id}/budget?year=${Y}`)).json()) as Pole[];
      return poles[0]!.lines[0]!.previsionnel[0];
    })
    .toBe(1200);

  // The reviewer reads what changed since the validation: the cell typed after reopening.
  await bar.getByRole('button', { name: 'Changements…' }).click();
  const changes = app.page.getByRole('dialog', { name: `Changements du prévisionnel ${Y}` });
  await expect(changes).toContainText('Depuis la dernière validation');
  const cells = changes.getByRole('table', { name: 'Cellules modifiées' });
  await expect(cells.getByRole('row').nth(1)).toHaveText(
    /Paid › Google Ads\s*Janvier\s*Prévisionnel\s*0\s*€\s*1\s*200\s*€/,
  );
  await expect(changes.getByRole('table', { name: 'Totaux de l’exercice' })).toContainText('+1\u202f200\u00a0€');
  await app.page.screenshot({ path: testInfo.outputPath('changements.png') });
  await app.page.keyboard.press('Escape');
  await expect(changes).toBeHidden();
  expect(app.consoleErrors).toEqual([]);
});
