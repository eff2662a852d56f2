import { MAIN_TABS, expect, test } from './fixtures';

test('the server is up and healthy', async ({ request }) => {
  const response = await request.get('/api/health');

  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the main screen shows the header and switches between the three tabs', async ({ app }, testInfo) => {
  await app.goto('/');

  await expect(app.page).toHaveTitle('Budget & Marges');
  await expect(app.header.getByText('Budget & Marges', { exact: true })).toBeVisible();
  await expect(app.nav.getByRole('button')).toHaveText([...MAIN_TABS]);
  await expect(app.tabButton('Saisie Budgétaire')).toHaveAttribute('aria-pressed', 'true');
  await expect(app.pageTitle('Saisie Budgétaire')).toBeVisible();

  const shot = testInfo.outputPath('accueil.png');
  await app.page.screenshot({ path: shot });
  await testInfo.attach('accueil', { path: shot, contentType: 'image/png' });

  const steps = [
    ['Dashboard', 'Dashboard'],
    ['Dashboard Pôles', "Dashboard Pôles d'Expertise"],
    ['Saisie Budgétaire', 'Saisie Budgétaire'],
  ] as const;
  for (const [tab, title] of steps) {
    await app.openTab(tab);

    await expect(app.pageTitle(title)).toBeVisible();
    await expect(app.main.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(app.tabButton(tab)).toHaveAttribute('aria-pressed', 'true');
    // Tabs are state, not URLs (docs/product.md#main-tabs).
    await expect(app.page).toHaveURL('/');
  }
  expect(app.consoleErrors).toEqual([]);
});

test('an unknown route shows the 404 page, logs the path, and leads back home', async ({ app }) => {
  await app.goto('/nope');

  await expect(app.page.getByText('Oops! Page not found')).toBeVisible();
  await expect
    .poll(() => app.consoleErrors)
    .toContainEqual('404 Error: User attempted to access non-existent route: /nope');

  await app.page.getByRole('link', { name: 'Return to Home' }).click();

  await expect(app.page).toHaveURL('/');
  await expect(app.tabButton('Saisie Budgétaire')).toHaveAttribute('aria-pressed', 'true');
  await expect(app.pageTitle('Saisie Budgétaire')).toBeVisible();
});
