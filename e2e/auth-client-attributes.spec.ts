/**
 * Client attributes (issue 30, docs/product.md#client-attributes), in accounts mode: the account
 * manager, sector and status set on the client card, then the Dashboard narrowed to 'Mes clients'.
 * On a year of its own.
 */
import type { Page } from '@playwright/test';
import { signIn } from './accounts';
import { E2E_USER } from './auth-user';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';

const Y = 2041;

async function selectYear(page: Page, year: number) {
  const select = page.getByRole('banner').getByRole('combobox', { name: 'Exercice' });
  await select.click();
  await page.getByRole('option', { name: String(year), exact: true }).click();
  await expect(select).toHaveText(String(year));
}

test('sets the manager, sector and status on the card, then filters the Dashboard to « Mes clients »', async ({
  app,
}) => {
  test.slow(); // a sign-in (a password hash) and several saves on a shared machine
  await app.goto('/');
  await signIn(app.page, E2E_USER.email, E2E_USER.password);
  // Two clients with figures each (the projects table lists those with actuals).
  await app.page.evaluate(async (year) => {
    const send = async (method: string, path: string, body: unknown) =>
      (
        await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
      ).json() as Promise<{ id: string; lines: { id: string }[] }>;
    for (const name of ['Attributs Mien', 'Attributs Autre']) {
      const client = await send('POST', `/api/clients?year=${year}`, { name });
      const pole = await send('POST', `/api/clients/${client.id}/poles?year=${year}`, { name: 'Paid', lines: ['A'] });
      await send('PATCH', `/api/cells?year=${year}`, [
        { lineId: pole.lines[0]!.id, month: 0, field: 'previsionnel', value: 100 },
        { lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 90 },
      ]);
    }
  }, Y);
  await app.page.reload();
  await selectYear(app.page, Y);
  await budgetTab(app.page).selectClient('Attributs Mien');

  const section = app.main.getByRole('region', { name: 'Responsable, secteur et statut' });
  await section.getByLabel('Responsable de compte').fill(E2E_USER.email);
  await section.getByLabel('Secteur').fill('Luxe');
  await section.getByLabel('Statut').selectOption('prospect');
  await section.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(app.page.getByText('Client mis à jour')).toBeVisible();

  await app.openTab('Dashboard');
  const projects = app.main.getByRole('table', { name: 'Marges par Projet' });
  await expect(projects).toContainText('Attributs Autre');
  await app.main.getByRole('button', { name: 'Mes clients' }).click();
  await expect(app.main.getByRole('button', { name: 'Mes clients' })).toHaveAttribute('aria-pressed', 'true');
  await expect(projects).toContainText('Attributs Mien');
  await expect(projects).not.toContainText('Attributs Autre');
  // The sector filter lists the sector given on the card.
  await expect(app.main.getByLabel('Secteur')).toContainText('Luxe');
});
