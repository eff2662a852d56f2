/**
 * Fiscal years (issue 33, docs/product.md#fiscal-years): an admin sets the year to start in
 * September from the 'Exercice comptable' card, the grid's first month column is then « sept. »
 * of the year before, and once a year holds data another setting is refused with the server's
 * explanation. The setting changes every month of every screen, so this spec runs on a server and
 * database of its own (a free port, a throwaway data directory), never on the lanes' shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { Pole } from '../src/domain';
import { childEnv } from '../src/server/test/test-env';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';
import { json } from './http';
import { selectYear } from './year-select';

const Y = 2031;
let server: ChildProcess;
let base: string;

/** A port the system has just handed out, free for the server to take. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: childEnv({ E2E_PORT: String(port), AUTH: 'off' }),
    stdio: 'ignore',
  });
  // Started when /api/health answers (a first start runs the migrations).
  await expect
    .poll(async () => (await fetch(`${base}/api/health`).catch(() => null))?.status ?? 0, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(async () => {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('sets a year starting in September: « sept. » heads the grid; a later change is refused', async ({ app }) => {
  const { page } = app;
  const tab = budgetTab(page);
  await page.goto(base);
  await app.openTab('Clôture');
  const card = app.main.getByRole('region', { name: 'Exercice comptable' });
  await card.getByRole('combobox', { name: "Premier mois de l'exercice" }).selectOption({ label: 'Septembre' });
  await expect(card.getByRole('combobox', { name: "Nom de l'exercice" })).toHaveValue('end');
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(tab.toast('Exercice enregistré')).toBeVisible();

  const client = await json<{ id: string }>(
    page.request.post(`${base}/api/clients?year=${Y}`, { data: { name: 'Septembre SA' } }),
  );
  await json<Pole>(
    page.request.post(`${base}/api/clients/${client.id}/poles?year=${Y}`, { data: { name: 'Paid', lines: ['Meta'] } }),
  );
  await page.reload();
  await selectYear(page, Y);
  await expect(app.header).toContainText(`sept. ${Y - 1} – août ${Y}`);
  await tab.selectClient('Septembre SA');
  const months = tab.grid.getByRole('columnheader');
  await expect(months.nth(1)).toHaveText(/^sept\. 2030/);
  await expect(months.nth(4)).toHaveText(/^déc\. 2030/);
  await expect(months.nth(5)).toHaveText(/^janv\. 2031/);
  await expect(months.nth(12)).toHaveText(/^août 2031/);
  // The pole's 'Facturé' toggles are named in the fiscal year too (docs/product.md#fiscal-years).
  await expect(tab.grid.getByRole('checkbox', { name: `Facturé · Paid · Septembre ${Y - 1}` })).toBeVisible();
  await expect(tab.grid.getByRole('checkbox', { name: `Facturé · Paid · Août ${Y}` })).toBeVisible();

  await app.openTab('Clôture');
  await card.getByRole('combobox', { name: "Premier mois de l'exercice" }).selectOption({ label: 'Mars' });
  await card.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    `Impossible de changer l'exercice : l'exercice ${Y} contient des données. Le premier mois et le nom de l'exercice se choisissent avant la saisie du premier budget.`,
  );
  expect(await json(page.request.get(`${base}/api/settings`))).toEqual({ fiscalYearStartMonth: 9, yearNaming: 'end' });
});
