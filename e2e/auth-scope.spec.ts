/**
 * A user's clients at scale (docs/product.md#user-scope): a new editor starts with no client; the
 * admin finds clients by typing in the searchable picker and reads the summary « 2 clients : … ».
 * Runs on the accounts-mode server.
 */
import { signIn } from './accounts';
import { E2E_USER } from './auth-user';
import { expect, test } from './fixtures';

test('a new editor has no client until assigned, then the ones picked by search', async ({ app }, testInfo) => {
  await app.goto('/');
  await signIn(app.page, E2E_USER.email, E2E_USER.password);
  await app.page.evaluate(async () => {
    for (const name of ['Périmètre Alpha', 'Périmètre Bêta', 'Périmètre Gamma'])
      await fetch('/api/clients', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
  });
  await app.header.getByRole('link', { name: 'Utilisateurs' }).click();
  await app.page.getByLabel('Adresse email').fill('perimetre.e2e@agence.fr');
  await app.page.getByRole('button', { name: 'Créer' }).click();

  const row = app.page.getByRole('group', { name: 'Utilisateur perimetre.e2e@agence.fr' });
  await expect(row.getByLabel('Périmètre de perimetre.e2e@agence.fr')).toHaveValue('assigned');
  const summary = row.getByRole('status', { name: 'Clients de perimetre.e2e@agence.fr' });
  await expect(summary).toHaveText('Aucun client (à assigner)');

  // Searched, accents ignored: « beta » finds « Bêta ». The picker's own list (the role and scope
  // selects have options too).
  const list = app.page.getByRole('listbox');
  await row.getByRole('button', { name: 'Assigner des clients…' }).click();
  await app.page.getByLabel('Rechercher un client').fill('perimetre beta');
  await expect(list.getByRole('option')).toHaveCount(1);
  await list.getByRole('option', { name: 'Périmètre Bêta' }).click();
  await expect(summary).toHaveText('1 client : Périmètre Bêta');
  await app.page.getByLabel('Rechercher un client').fill('alpha');
  await list.getByRole('option', { name: 'Périmètre Alpha' }).click();
  await expect(summary).toHaveText('2 clients : Périmètre Alpha, Périmètre Bêta');
  await expect(list.getByRole('option', { name: 'Périmètre Alpha' })).toHaveAttribute('aria-selected', 'true');
  await app.page.keyboard.press('Escape');
  await testInfo.attach('users-scope', { body: await app.page.screenshot(), contentType: 'image/png' });
});
