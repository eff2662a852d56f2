/**
 * Sign-in with the agency's account (docs/product.md#sign-in-oidc) end to end: the sign-in page's
 * button leads to a real OpenID provider (oidc-provider's login form, scripts/e2e-oidc-provider.ts),
 * which sends an existing user back signed in and an unknown one back to the page, told why.
 * Runs on the accounts-mode server, where the password sign-in stays on beside it.
 */
import type { Page } from '@playwright/test';
import { OIDC_BUTTON, OIDC_REFUSALS } from '../src/domain/sign-in';
import { E2E_USER } from './auth-user';
import { expect, test } from './fixtures';

/** From the sign-in page, through the provider's login form as `email`, back to the app. */
async function signInWithAgencyAccount(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('link', { name: OIDC_BUTTON }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('mot de passe du fournisseur');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test("an existing user signs in with the agency's account, by their e-mail in any case", async ({ app }) => {
  await app.page.goto('/');
  await expect(app.page.getByRole('link', { name: OIDC_BUTTON })).toBeVisible();
  // The password sign-in is on here too (PASSWORD_SIGNIN unset).
  await expect(app.page.getByLabel('Mot de passe')).toBeVisible();
  await signInWithAgencyAccount(app.page, E2E_USER.email.toUpperCase());
  await expect(app.page.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();
  await expect(app.page.getByRole('banner').getByRole('button', { name: `Compte ${E2E_USER.email}` })).toBeVisible();
  expect(new URL(app.page.url()).search).toBe('');
});

test('an unknown e-mail comes back to the sign-in page, told why, and is not signed in', async ({ app }) => {
  await signInWithAgencyAccount(app.page, 'inconnu@agence.fr');
  await expect(app.page.getByRole('alert')).toHaveText(OIDC_REFUSALS.inconnu);
  await expect(app.page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // The reason is read once, then out of the address (a reload does not show it again).
  await expect.poll(() => new URL(app.page.url()).search).toBe('');
  await app.page.reload();
  await expect(app.page.getByRole('link', { name: OIDC_BUTTON })).toBeVisible();
  await expect(app.page.getByRole('alert')).toHaveCount(0);
});
