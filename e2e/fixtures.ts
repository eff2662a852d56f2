import { test as base, expect, type Page } from '@playwright/test';

// The local one-person tool's user is an admin: the admin's 'Comptabilité' tab shows too.
export const MAIN_TABS = ['Saisie Budgétaire', 'Dashboard', 'Dashboard Pôles', 'Clôture', 'Comptabilité'] as const;
export type MainTabName = (typeof MAIN_TABS)[number];

/** The app as a user finds it: by roles and French labels. */
export function createAppPage(page: Page) {
  const consoleErrors: string[] = [];
  const pageErrors: Error[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error));

  const header = page.getByRole('banner');
  const nav = header.getByRole('navigation', { name: 'Navigation principale' });

  return {
    page,
    consoleErrors,
    pageErrors,
    header,
    nav,
    main: page.getByRole('main'),
    tabButton: (name: MainTabName) => nav.getByRole('button', { name, exact: true }),
    pageTitle: (name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }),
    goto: async (path = '/') => {
      await page.goto(path);
    },
    openTab: async (name: MainTabName) => {
      await nav.getByRole('button', { name, exact: true }).click();
    },
  };
}

export type AppPage = ReturnType<typeof createAppPage>;

/** `app` fails the test on any uncaught exception in the page. */
export const test = base.extend<{ app: AppPage }>({
  app: async ({ page }, use) => {
    const app = createAppPage(page);
    await use(app);
    expect(app.pageErrors.map(String), 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };
