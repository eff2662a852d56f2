/** Accounts-mode helpers the specs of several people share: signing in, a second person's browser. */
import type { Browser, Page } from '@playwright/test';
import { createAppPage, expect } from './fixtures';

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();
}

/** Another person's browser: a second context (its own cookies), signed in on the budget tab. */
export async function signedInBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1440, height: 900 },
  });
  const app = createAppPage(await context.newPage());
  await signIn(app.page, email, password);
  return { context, app };
}
