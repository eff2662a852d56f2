/**
 * Roles and scopes in accounts mode (issue 14, docs/product.md#roles): an admin creates users on the
 * server, looks at the app as a viewer ('Voir en tant que…', banner, read-only); an editor sees
 * only their assigned client; a viewer sees read-only inputs. Runs on the accounts-mode server.
 */
import type { Page } from '@playwright/test';
import { signIn, signInFirstTime } from './accounts';
import { E2E_USER } from './auth-user';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';

async function signOut(page: Page, email: string) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: `Compte ${email}` })
    .click();
  await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
}

test('an editor sees only their clients, a viewer read-only inputs, and an admin sees as them', async ({
  app,
}, testInfo) => {
  // Five sign-ins and two first-time password changes, each a password hash on a shared machine.
  test.setTimeout(90_000);
  const tab = budgetTab(app.page);
  await app.goto('/');
  await signIn(app.page, E2E_USER.email, E2E_USER.password);
  const setup = await app.page.evaluate(async () => {
    const post = async <T>(path: string, body: unknown) =>
      (await (
        await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()) as T;
    const alpha = await post<{ id: string }>('/api/clients', { name: 'Rôles Alpha' });
    await post('/api/clients', { name: 'Rôles Bêta' });
    await post(`/api/clients/${alpha.id}/poles`, { name: 'Paid', lines: ['Google Ads'] });
    const editor = await post<{ temporaryPassword: string }>('/api/users', {
      email: 'editeur.e2e@agence.fr',
      role: 'editor',
      clientIds: [alpha.id],
    });
    const viewer = await post<{ temporaryPassword: string }>('/api/users', {
      email: 'lecteur.e2e@agence.fr',
      role: 'viewer',
      clientIds: null,
    });
    return { editor: editor.temporaryPassword, viewer: viewer.temporaryPassword };
  });

  // The admin looks at the app as the viewer: a banner, read-only cells, then back.
  await app.header.getByRole('link', { name: 'Utilisateurs' }).click();
  await expect(app.page.getByRole('heading', { level: 1, name: 'Utilisateurs' })).toBeVisible();
  await app.page
    .getByRole('group', { name: 'Utilisateur lecteur.e2e@agence.fr' })
    .getByRole('button', { name: 'Voir en tant que…' })
    .click();
  const banner = app.page.getByRole('status', { name: 'Voir en tant que' });
  await expect(banner).toContainText("Vous voyez l'application en tant que lecteur.e2e@agence.fr — lecture seule.");
  await tab.selectClient('Rôles Alpha');
  await expect(tab.cell('Paid', 'Google Ads', 0, 'previsionnel')).not.toBeEditable();
  await app.page.screenshot({ path: testInfo.outputPath('voir-en-tant-que.png') });
  await banner.getByRole('button', { name: 'Quitter' }).click();
  await expect(banner).toHaveCount(0);
  await expect(tab.cell('Paid', 'Google Ads', 0, 'previsionnel')).toBeEditable();
  await signOut(app.page, E2E_USER.email);

  // The editor: only the assigned client.
  await signInFirstTime(app.page, 'editeur.e2e@agence.fr', setup.editor);
  await tab.clientSelect.click();
  await expect(app.page.getByRole('option', { name: 'Rôles Alpha', exact: true })).toBeVisible();
  await expect(app.page.getByRole('option', { name: 'Rôles Bêta', exact: true })).toHaveCount(0);
  await app.page.getByRole('option', { name: 'Rôles Alpha', exact: true }).click();
  await expect(tab.cell('Paid', 'Google Ads', 0, 'previsionnel')).toBeEditable();
  await expect(app.header.getByRole('link', { name: 'Utilisateurs' })).toHaveCount(0);
  await signOut(app.page, 'editeur.e2e@agence.fr');

  // The viewer: read-only inputs, no structure to change.
  await signInFirstTime(app.page, 'lecteur.e2e@agence.fr', setup.viewer);
  await tab.selectClient('Rôles Alpha');
  await expect(tab.cell('Paid', 'Google Ads', 0, 'previsionnel')).not.toBeEditable();
  await expect(tab.grid.getByRole('checkbox', { name: 'Facturé · Paid · Janvier' })).toBeDisabled();
  await expect(app.main.getByRole('button', { name: 'Supprimer la ligne Google Ads' })).toHaveCount(0);
  // Nothing else to change either: the client, the year's preparation, a restore.
  await expect(app.main.getByLabel("Prévision MB annuelle (début d'année)")).not.toBeEditable();
  for (const name of ['Renommer le client', 'Supprimer le client', /^Préparer \d{4}$/]) {
    await expect(app.main.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(app.main.getByLabel('Nouveau client')).toHaveCount(0);
  await app.page.screenshot({ path: testInfo.outputPath('lecteur.png') });
  // The restore is on the 'Clôture' tab (docs/product.md#closing-and-backups-page): not offered either.
  await app.openTab('Clôture');
  await expect(app.pageTitle('Clôture et sauvegardes')).toBeVisible();
  await expect(app.main.getByRole('button', { name: 'Importer les données' })).toHaveCount(0);
});
