/**
 * Passwords (docs/product.md#passwords): a user created on the users page signs in with the
 * temporary password handed to them and must choose their own before anything else; later they
 * change it from the user menu and sign in with the new one. Runs on the accounts-mode server.
 */
import type { Page } from '@playwright/test';
import { chooseOwnPassword, fillSignIn, signIn, signInFirstTime } from './accounts';
import { E2E_USER } from './auth-user';
import { expect, test } from './fixtures';

/** Signed in as the admin: creates `email` (a viewer) and returns its temporary password. */
async function createUser(page: Page, email: string): Promise<string> {
  await signIn(page, E2E_USER.email, E2E_USER.password, { goto: true });
  const created = await page.evaluate(async (e) => {
    const res = await fetch('/api/users', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: e, role: 'viewer', clientIds: null }),
    });
    return (await res.json()) as { temporaryPassword: string };
  }, email);
  await page.context().clearCookies();
  return created.temporaryPassword;
}

const openMenu = (page: Page, email: string) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: `Compte ${email}` })
    .click();

test('first sign-in with a temporary password: the change comes before the app', async ({ app }, testInfo) => {
  const email = 'premiere.fois@agence.fr';
  const temporary = await createUser(app.page, email);
  await fillSignIn(app.page, email, temporary, { goto: true });
  await expect(app.page.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' })).toBeVisible();
  await expect(app.nav).toHaveCount(0);
  // Too short, then two different entries: refused before anything is sent.
  await app.page.getByLabel('Nouveau mot de passe', { exact: true }).fill('court');
  await app.page.getByLabel('Confirmer le nouveau mot de passe').fill('court');
  await expect(app.page.getByText('Au moins 12 caractères (5 saisis).')).toBeVisible();
  await app.page.screenshot({ path: testInfo.outputPath('mot-de-passe-temporaire.png') });
  const own = await chooseOwnPassword(app.page, email, temporary);
  await expect(app.nav).toBeVisible();
  await app.page.reload();
  await expect(app.page.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();
  await app.page.context().clearCookies();
  await fillSignIn(app.page, email, temporary, { goto: true });
  await expect(app.page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
  await signIn(app.page, email, own);
});

test('changes a password from the user menu, then signs in with the new one', async ({ app }, testInfo) => {
  const email = 'change.menu@agence.fr';
  const temporary = await createUser(app.page, email);
  const own = await signInFirstTime(app.page, email, temporary, { goto: true });
  const next = 'encore un autre mot de passe';

  await openMenu(app.page, email);
  await app.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Changer le mot de passe' });
  await dialog.getByLabel('Mot de passe actuel').fill('pas le bon mot de passe');
  await dialog.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
  await dialog.getByLabel('Confirmer le nouveau mot de passe').fill(next);
  await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Mot de passe incorrect.');
  await dialog.getByLabel('Mot de passe actuel').fill(own);
  await app.page.screenshot({ path: testInfo.outputPath('changer-mot-de-passe.png') });
  await dialog.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(app.page.getByText('Mot de passe changé', { exact: true })).toBeVisible();
  // This session goes on.
  await app.page.reload();
  await expect(app.page.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();

  await openMenu(app.page, email);
  await app.page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
  await fillSignIn(app.page, email, own);
  await expect(app.page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
  await signIn(app.page, email, next);
});
