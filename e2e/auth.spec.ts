import type { Page } from '@playwright/test';
import { E2E_USER } from './auth-user';
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
  expect(await fetchStatus(app.page, 'POST', '/api/clients', { name: 'Client connecté' })).toBe(201);
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
