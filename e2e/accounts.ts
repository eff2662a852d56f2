/**
 * Accounts-mode steps shared by the specs of several people: sign in, choose one's own password,
 * a second person's browser.
 */
import type { Browser, Page } from '@playwright/test';
import { createAppPage, expect } from './fixtures';

/** Fills the sign-in form (from wherever the page is, `goto` first to start at '/'). */
export async function fillSignIn(page: Page, email: string, password: string, { goto = false } = {}) {
  if (goto) await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs in and waits for the app. */
export async function signIn(page: Page, email: string, password: string, { goto = false } = {}) {
  await fillSignIn(page, email, password, { goto });
  await expect(page.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();
}

/** The password a user chooses at first sign-in, in these tests (≥ 12 characters). */
export const ownPasswordOf = (email: string) => `le mien pour ${email}`;

/**
 * First sign-in with the temporary password an admin handed out (docs/product.md#passwords): the
 * change comes first, then the app. Returns the password chosen.
 */
export async function signInFirstTime(page: Page, email: string, temporary: string, { goto = false } = {}) {
  await fillSignIn(page, email, temporary, { goto });
  return chooseOwnPassword(page, email, temporary);
}

/** On the page a temporary password leads to: chooses one's own, waits for the app, returns it. */
export async function chooseOwnPassword(page: Page, email: string, temporary: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Choisissez votre mot de passe' })).toBeVisible();
  const own = ownPasswordOf(email);
  await page.getByLabel('Mot de passe actuel').fill(temporary);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(own);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(own);
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();
  return own;
}

/**
 * Another person's browser: a second context (its own cookies), signed in for the first time with
 * the temporary password an admin handed out, on the budget tab.
 */
export async function signedInBrowser(browser: Browser, email: string, temporary: string) {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1440, height: 900 },
  });
  const app = createAppPage(await context.newPage());
  await signInFirstTime(app.page, email, temporary, { goto: true });
  return { context, app };
}
