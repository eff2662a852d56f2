/**
 * Sign-off between two people (issue 30, docs/product.md#sign-off, #sign-off-changes), on the
 * accounts-mode server: an editor of the client types a forecast and submits it; the admin finds it
 * in 'À valider', reads what changed, and sends it back with a reason; the editor sees the reason,
 * and submits again; the admin validates; the editor's forecast cells are locked, the actuals not.
 */
import type { Page } from '@playwright/test';
import { E2E_USER } from './auth-user';
import { budgetTab } from './budget-page';
import { signIn, signedInBrowser } from './accounts';
import { expect, test } from './fixtures';

const CLIENT = 'Validation Équipe';
const EDITOR = 'pole.paid@agence.fr';

const bar = (page: Page) => page.getByRole('main').getByRole('region', { name: 'Validation du budget' });

async function transition(page: Page, button: string, dialog: string, confirm: string, text?: [string, string]) {
  await bar(page).getByRole('button', { name: button }).click();
  const box = page.getByRole('dialog', { name: dialog });
  if (text) await box.getByRole('textbox', { name: text[0] }).fill(text[1]);
  await box.getByRole('button', { name: confirm, exact: true }).click();
  await expect(box).toBeHidden();
}

test('an editor submits, the admin sends it back with a reason, then validates; the forecast locks', async ({
  app,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(app.page, E2E_USER.email, E2E_USER.password, { goto: true });
  const post = async <T>(path: string, data: unknown) =>
    (await (await app.page.request.post(path, { data })).json()) as T;
  const client = await post<{ id: string }>('/api/clients', { name: CLIENT });
  await post(`/api/clients/${client.id}/poles`, { name: 'Paid', lines: ['Google Ads'] });
  const { temporaryPassword } = await post<{ temporaryPassword: string }>('/api/users', {
    email: EDITOR,
    role: 'editor',
    clientIds: [client.id],
  });
  const second = await signedInBrowser(browser, EDITOR, temporaryPassword);
  const editor = { page: second.app.page, tab: budgetTab(second.app.page) };

  // The editor types January's forecast and submits with a note.
  await editor.tab.selectClient(CLIENT);
  const forecast = editor.tab.cell('Paid', 'Google Ads', 0, 'previsionnel');
  await forecast.fill('1500');
  await forecast.press('Enter');
  await expect
    .poll(async () => {
      const res = await editor.page.request.get(`/api/clients/${client.id}/budget`);
      return ((await res.json()) as { lines: { previsionnel: number[] }[] }[])[0]!.lines[0]!.previsionnel[0];
    })
    .toBe(1500);
  await transition(editor.page, 'Soumettre pour validation…', 'Soumettre le budget', 'Soumettre', [
    'Note pour le valideur (facultative)',
    'Budget Paid prêt',
  ]);
  await expect(bar(editor.page)).toContainText('Soumis');
  // An editor cannot validate their own submission.
  await expect(bar(editor.page).getByRole('button', { name: 'Valider…' })).toHaveCount(0);

  // The admin opens it from 'À valider', reads the changes (nothing validated before, no reference
  // version: nothing to compare) and sends it back with a reason.
  await app.page.reload();
  const waiting = app.page.getByRole('main').getByRole('region', { name: 'À valider' });
  await waiting.getByRole('button', { name: CLIENT }).click();
  await expect(bar(app.page)).toContainText('« Budget Paid prêt »');
  await bar(app.page).getByRole('button', { name: 'Changements…' }).click();
  const changes = app.page.getByRole('dialog', { name: /^Changements du prévisionnel/ });
  await expect(changes).toContainText('rien à comparer');
  await app.page.keyboard.press('Escape');
  await transition(app.page, 'Renvoyer…', 'Renvoyer le budget', 'Renvoyer', ['Motif du renvoi', 'Revoir Google Ads']);
  await expect(bar(app.page)).toContainText('Brouillon');

  // The editor sees it back as a draft with the reason (live, or on the next read), and submits again.
  await editor.page.reload();
  await editor.tab.selectClient(CLIENT);
  await expect(bar(editor.page)).toContainText('« Revoir Google Ads »');
  await transition(editor.page, 'Soumettre pour validation…', 'Soumettre le budget', 'Soumettre');

  // The admin validates; the editor's forecast cells lock, the actuals stay open.
  await app.page.reload();
  await app.page
    .getByRole('main')
    .getByRole('region', { name: 'À valider' })
    .getByRole('button', { name: CLIENT })
    .click();
  await transition(app.page, 'Valider…', 'Valider le budget', 'Valider');
  await expect(bar(app.page)).toContainText('Validé');
  await editor.page.reload();
  await editor.tab.selectClient(CLIENT);
  await expect(bar(editor.page)).toContainText('Validé');
  await expect(editor.tab.cell('Paid', 'Google Ads', 0, 'previsionnel')).not.toBeEditable();
  await expect(editor.tab.cell('Paid', 'Google Ads', 0, 'reel')).toBeEditable();
  await editor.page.screenshot({ path: testInfo.outputPath('editeur-budget-valide.png') });
  await second.context.close();
  expect(app.consoleErrors).toEqual([]);
});
