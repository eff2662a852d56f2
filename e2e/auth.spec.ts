import type { Page } from '@playwright/test';
import { totpCode } from '../src/server/test/totp';
import { E2E_USER } from './auth-user';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';

/** Runs only against the accounts-mode server (project chromium-accounts, AUTH=on). */
const signInPage = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1, name: 'Connexion' }),
  email: page.getByLabel('Email'),
  password: page.getByLabel('Mot de passe'),
  submit: page.getByRole('button', { name: 'Se connecter' }),
});

async function signIn(page: Page, password = E2E_USER.password) {
  const form = signInPage(page);
  await form.email.fill(E2E_USER.email);
  await form.password.fill(password);
  await form.submit.click();
}

/** A request from the page itself: same origin, with the browser's session cookie. */
const fetchStatus = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ([m, p, b]) => {
      const init: RequestInit = { method: m, headers: { 'Content-Type': 'application/json' } };
      if (b !== undefined) init.body = JSON.stringify(b);
      return (await fetch(p, init)).status;
    },
    [method, path, body] as const,
  );

test('signs in, uses the budget tab, signs out and is sent back to sign-in', async ({ app }, testInfo) => {
  await app.goto('/');
  const form = signInPage(app.page);
  await expect(form.heading).toBeVisible();
  await expect(app.page.getByText('Budget & Marges', { exact: true })).toBeVisible();
  await expect(app.nav).toHaveCount(0);
  await app.page.screenshot({ path: testInfo.outputPath('connexion.png') });

  await signIn(app.page, 'pas le bon mot de passe');
  await expect(app.page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
  expect(await fetchStatus(app.page, 'GET', '/api/clients')).toBe(401);

  await signIn(app.page);
  await expect(app.pageTitle('Saisie Budgétaire')).toBeVisible();
  await expect(app.tabButton('Saisie Budgétaire')).toHaveAttribute('aria-pressed', 'true');
  const tab = budgetTab(app.page);
  await tab.newClientName.fill('Client connecté');
  await tab.addClientButton.click();
  await expect(tab.toast('Client ajouté')).toBeVisible();
  await expect(tab.clientSelect).toHaveText('Client connecté');
  await app.openTab('Dashboard');
  await expect(app.pageTitle('Dashboard')).toBeVisible();
  await app.openTab('Saisie Budgétaire');
  await expect(app.pageTitle('Saisie Budgétaire')).toBeVisible();

  await app.header.getByRole('button', { name: `Compte ${E2E_USER.email}` }).click();
  await app.page.screenshot({ path: testInfo.outputPath('menu-compte.png') });
  await app.page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();

  await expect(form.heading).toBeVisible();
  await expect(app.nav).toHaveCount(0);
  expect(await fetchStatus(app.page, 'GET', '/api/clients')).toBe(401);
  await app.page.reload();
  await expect(form.heading).toBeVisible();
  // The CSP lets the app run: any violation would be a console error.
  expect(app.consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('signing out everywhere sends the other browsers back to sign-in', async ({ app, browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  try {
    await otherPage.goto('/');
    await signIn(otherPage);
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' })).toBeVisible();

    await app.goto('/');
    await signIn(app.page);
    await expect(app.pageTitle('Saisie Budgétaire')).toBeVisible();
    await app.header.getByRole('button', { name: `Compte ${E2E_USER.email}` }).click();
    await app.page.getByRole('button', { name: 'Se déconnecter partout' }).click();
    await expect(signInPage(app.page).heading).toBeVisible();

    // The other browser's next request is refused, and it shows the sign-in page.
    expect(await fetchStatus(otherPage, 'GET', '/api/clients')).toBe(401);
    await otherPage.reload();
    await expect(signInPage(otherPage).heading).toBeVisible();
  } finally {
    await other.close();
  }
});

test('a user turns on TOTP two-factor, signs in with a code, and turns it off', async ({ app }, testInfo) => {
  const menu = () => app.header.getByRole('button', { name: `Compte ${E2E_USER.email}` }).click();
  await app.goto('/');
  await signIn(app.page);
  await menu();
  await app.page.getByRole('button', { name: 'Activer la double authentification' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Double authentification' });
  await dialog.getByLabel('Mot de passe').fill(E2E_USER.password);
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  const secret = (await dialog.getByLabel('Clé secrète').inputValue()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await app.page.screenshot({ path: testInfo.outputPath('double-authentification.png') });
  await dialog.getByLabel('Code de vérification').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Activer' }).click();
  await expect(app.page.getByText('Double authentification activée.')).toBeVisible();

  await menu();
  await app.page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
  await signIn(app.page);
  await expect(app.page.getByRole('heading', { level: 1, name: 'Double authentification' })).toBeVisible();
  await app.page.getByLabel('Code de vérification').fill(totpCode(secret, 1));
  await app.page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(app.page.getByRole('alert')).toHaveText('Code de vérification incorrect.');
  await app.page.getByLabel('Code de vérification').fill(totpCode(secret, Math.floor(Date.now() / 30_000) + 1));
  await app.page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(app.pageTitle('Saisie Budgétaire')).toBeVisible();

  // Turned off again, so the account signs in with its password alone.
  await menu();
  await app.page.getByRole('button', { name: 'Double authentification : activée' }).click();
  await dialog.getByLabel('Mot de passe').fill(E2E_USER.password);
  await dialog.getByRole('button', { name: 'Désactiver' }).click();
  await expect(app.page.getByText('Double authentification désactivée.')).toBeVisible();
});
