/**
 * docs/product.md#cell-saving in Chromium, against the real server (issue 28, audit D1 and D8):
 * only committed values leave the browser — a fast typist behind a slow network stores the full
 * value, one history step per entry, and Escape writes nothing — and values not yet acknowledged
 * survive a reload during an outage, re-sent with the value the user saw (a change made meanwhile
 * by someone else becomes a conflict, not an overwrite).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Measure } from '../src/domain';
import { budgetTab, createClientWithPoles, storedBudget } from './budget-page';
import { expect, test } from './fixtures';

const CELLS = '**/api/cells**';
const WAITING = /montant\(s\) en attente d[’']enregistrement/;

/** The stored value (euros) and the history entries of one cell of the client's first line. */
async function storedCell(request: APIRequestContext, clientId: string, month: number, field: Measure) {
  const line = (await storedBudget(request, clientId))[0]!.lines[0]!;
  const params = new URLSearchParams({ lineId: line.id, month: String(month), field });
  const { entries } = (await (await request.get(`/api/history?${params.toString()}`)).json()) as {
    entries: unknown[];
  };
  return { value: line[field][month]!, entries: entries.length, lineId: line.id };
}

/** Every save answered 400 ms late, as over a VPN. */
const slowSaves = (page: Page) =>
  page.route(CELLS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });

test('typing at 60 ms a key behind 400 ms of latency stores each full value in one history step; Escape writes nothing', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Saisie Rapide', { Paid: ['Google Ads'] });
  await app.page.clock.install();
  await app.goto('/');
  await tab.selectClient('Saisie Rapide');
  await slowSaves(app.page);
  const keys = app.page.keyboard;

  // Tab commits and moves: Janvier Prév. → Janvier Réel → Février Prév. → Février Réel. Each
  // entry is typed while the previous one's save is still in flight. The page's clock stands still
  // while typing: a loaded machine can leave 600 ms between two keys, a pause after which the
  // typing so far is stored as a draft (ADR 048) — a user typing at 60 ms a key never pauses.
  await tab.cell('Paid', 'Google Ads', 0, 'previsionnel').click();
  await app.page.clock.pauseAt(await app.page.evaluate(() => Date.now() + 5_000));
  for (const text of ['12345,67', '23456,78', '34567,89']) {
    await keys.type(text, { delay: 60 });
    await keys.press('Tab');
  }
  const cancelled = tab.cell('Paid', 'Google Ads', 1, 'reel');
  await expect(cancelled).toBeFocused();
  await keys.type('77777', { delay: 60 });
  await keys.press('Escape');
  await expect(cancelled).toHaveValue('');
  await app.page.clock.resume();

  const cells: [number, Measure, number][] = [
    [0, 'previsionnel', 12345.67],
    [0, 'reel', 23456.78],
    [1, 'previsionnel', 34567.89],
  ];
  for (const [month, field, euros] of cells) {
    await expect.poll(async () => (await storedCell(request, clientId, month, field)).value).toBe(euros);
  }
  // Every save answered (the slow route lets nothing more through after a quiet second).
  await app.page.waitForTimeout(1500);
  for (const [month, field, euros] of cells) {
    expect(await storedCell(request, clientId, month, field)).toMatchObject({ value: euros, entries: 1 });
  }
  expect(await storedCell(request, clientId, 1, 'reel')).toMatchObject({ value: 0, entries: 0 });
  expect(app.consoleErrors).toEqual([]);
});

test('values typed during an outage survive a reload, wait under a banner, and are stored once the server answers; one changed meanwhile becomes a conflict', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Saisie Panne', { Paid: ['Google Ads'] });
  await app.goto('/');
  await tab.selectClient('Saisie Panne');
  await app.page.route(CELLS, (route) => route.abort()); // the server does not answer
  const keys = app.page.keyboard;
  const banner = app.main.getByRole('alert').filter({ hasText: WAITING });

  await tab.cell('Paid', 'Google Ads', 0, 'previsionnel').click();
  for (const text of ['777', '888', '999']) {
    await keys.type(text);
    await keys.press('Tab');
  }
  await expect(banner).toContainText('3 montant(s)');
  // Meanwhile someone else stores 555 where the user typed 999 (Février Prév.).
  const { lineId } = await storedCell(request, clientId, 1, 'previsionnel');
  const other = await request.patch('/api/cells', { data: [{ lineId, month: 1, field: 'previsionnel', value: 555 }] });
  expect(other.ok()).toBe(true);

  await app.page.reload();
  await expect(tab.cell('Paid', 'Google Ads', 0, 'previsionnel')).toHaveValue('777');
  await expect(tab.cell('Paid', 'Google Ads', 0, 'reel')).toHaveValue('888');
  await expect(banner).toContainText('3 montant(s)');
  expect((await storedCell(request, clientId, 0, 'previsionnel')).value).toBe(0);

  await app.page.unroute(CELLS); // the server answers again
  // Sent again expecting what the user saw (0): the cell changed meanwhile is a conflict, not an overwrite.
  const panel = app.main.getByRole('region', { name: 'Conflits de saisie' });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(tab.cell('Paid', 'Google Ads', 1, 'previsionnel')).toHaveAttribute('data-conflict', 'true');
  expect((await storedCell(request, clientId, 1, 'previsionnel')).value).toBe(555);
  await panel.getByRole('button', { name: 'Ignorer les cellules modifiées' }).click();
  await expect.poll(async () => (await storedCell(request, clientId, 0, 'previsionnel')).value).toBe(777);
  expect((await storedCell(request, clientId, 0, 'reel')).value).toBe(888);
  expect((await storedCell(request, clientId, 1, 'previsionnel')).value).toBe(555);
  await expect(banner).toHaveCount(0);
});
