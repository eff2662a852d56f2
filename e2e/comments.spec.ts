/**
 * Comments, mentions and notifications (issue 31, docs/product.md#comments, #notifications): two
 * people in two browsers on the accounts-mode server. Camille comments a cell and mentions Léa; the
 * cell shows its corner mark; Léa's bell counts it without a reload; the notification opens the
 * client on that cell with the thread; Léa replies (Camille's bell counts it) and resolves the
 * thread, and the mark leaves Camille's grid.
 */
import type { Page } from '@playwright/test';
import { E2E_USER } from './auth-user';
import { budgetTab } from './budget-page';
import { signIn, signedInBrowser } from './accounts';
import { expect, test } from './fixtures';

const CLIENT = 'Commentaires SA';
const LEA = 'lea.moreau@agence.fr';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a comment mentions someone, their bell rings, the notification opens the cell, the thread resolves', async ({
  app,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const camille = budgetTab(app.page);
  await signIn(app.page, E2E_USER.email, E2E_USER.password, { goto: true });
  // page.request carries Camille's session cookie.
  const post = async <T>(path: string, data: unknown) =>
    (await (await app.page.request.post(path, { data })).json()) as T;
  const created = await post<{ id: string }>('/api/clients', { name: CLIENT });
  await post(`/api/clients/${created.id}/poles`, { name: 'Paid', lines: ['Meta Ads', 'Google Ads'] });
  const { temporaryPassword: leaPassword } = await post<{ temporaryPassword: string }>('/api/users', {
    email: LEA,
    role: 'editor',
    clientIds: null,
  });
  // Camille's bell starts empty: earlier specs on this accounts server (a sign-off) may have told her
  // things. The list on screen was read before the client existed: read both again.
  await post('/api/notifications/read', { all: true });
  await app.page.reload();
  await camille.selectClient(CLIENT);
  const second = await signedInBrowser(browser, LEA, leaPassword);
  const lea = { context: second.context, page: second.app.page, tab: budgetTab(second.app.page) };
  await expect(bell(lea.page)).toHaveAccessibleName('Notifications');
  const shot = (page: Page, name: string) => page.screenshot({ path: testInfo.outputPath(name) });

  // Camille comments March's actual sales of Meta Ads from the cell's context menu, mentioning Léa.
  const march = (tab: typeof camille) => tab.cell('Paid', 'Meta Ads', 2, 'reel');
  await march(camille).click({ button: 'right' });
  await app.page.getByRole('menuitem', { name: 'Commenter la cellule' }).click();
  const panel = app.page.getByRole('dialog', { name: 'Commentaires' });
  await expect(panel).toContainText('Paid · Meta Ads · Mars · Réel');
  const box = panel.getByRole('combobox', { name: 'Nouveau commentaire sur la cellule' });
  await box.pressSequentially('@lea');
  await expect(panel.getByRole('option', { name: LEA })).toBeVisible();
  await box.press('Enter');
  await box.pressSequentially('peux-tu vérifier mars ?');
  await panel.getByRole('button', { name: 'Commenter' }).click();
  await expect(panel.getByRole('listitem', { name: /^Fil/ })).toContainText(`@${LEA} peux-tu vérifier mars ?`);
  await expect(march(camille)).toHaveAttribute('data-thread', 'true');
  await shot(app.page, 'comment-panel.png');
  await panel.getByRole('button', { name: 'Fermer' }).click();

  // Léa's bell counts it, live; the notification opens the client on the cell, with its thread.
  await expect(bell(lea.page)).toHaveAccessibleName('Notifications : 1 non lue');
  await bell(lea.page).click();
  const item = lea.page.getByRole('list', { name: 'Liste des notifications' }).getByRole('button');
  await expect(item).toContainText(`${E2E_USER.email} vous a mentionné — ${CLIENT}, Paid › Meta Ads, Mars (Réel)`);
  await shot(lea.page, 'bell.png');
  await item.click();
  await expect(march(lea.tab)).toBeFocused();
  await expect(march(lea.tab)).toHaveAttribute('data-thread', 'true');
  const leaPanel = lea.page.getByRole('dialog', { name: 'Commentaires' });
  const thread = leaPanel.getByRole('listitem', { name: 'Fil : Paid › Meta Ads, Mars (Réel)' });
  await expect(thread).toContainText('peux-tu vérifier mars ?');
  await expect(bell(lea.page)).toHaveAccessibleName('Notifications');
  await shot(lea.page, 'opened-from-notification.png');

  // Léa replies: Camille, the thread's author, is told.
  await thread.getByRole('button', { name: 'Répondre' }).click();
  await thread.getByRole('combobox', { name: 'Répondre' }).fill('Vérifié : avoir Meta attendu.');
  await thread.getByRole('button', { name: 'Répondre' }).click();
  await expect(thread).toContainText('Vérifié : avoir Meta attendu.');
  await expect(bell(app.page)).toHaveAccessibleName('Notifications : 1 non lue');

  // Léa resolves: the thread moves to the resolved ones, the mark leaves both grids.
  await thread.getByRole('button', { name: 'Résoudre' }).click();
  await expect(leaPanel.getByRole('button', { name: 'Résolus (1)' })).toBeVisible();
  await expect(march(lea.tab)).not.toHaveAttribute('data-thread');
  await expect(march(camille)).not.toHaveAttribute('data-thread');
  await leaPanel.getByRole('button', { name: 'Résolus (1)' }).click();
  await expect(leaPanel.getByRole('button', { name: 'Rouvrir' })).toBeVisible();
  await shot(lea.page, 'resolved.png');
  await lea.context.close();
});
