/**
 * Live collaboration (issue 15, docs/product.md#live-browser): two people, each in their own
 * browser context, on one client of the accounts-mode server. A types, B sees it without
 * reloading, marked with A's initials; a cell B is typing in keeps B's text with A's value beside
 * it; both edit one cell → the second gets the choice (docs/product.md#conflict-choice), and each
 * choice works; a paste of B's meeting A's change of one of its cells waits for B's choice
 * ('Ignorer les cellules modifiées' saves the rest); A deletes a line, B's grid drops it; B offline then back gets what it missed;
 * each sees the other's initials on the client card (docs/product.md#presence-card).
 */
import type { Browser, Page } from '@playwright/test';
import { assertCents, formatGrouped, type Pole } from '../src/domain';
import { E2E_USER } from './auth-user';
import { budgetTab } from './budget-page';
import { signIn, signedInBrowser } from './accounts';
import { expect, test } from './fixtures';

const CLIENT = 'Direct Alpha';
/** A cell's value as shown when not focused: French digit grouping. */
const shown = (euros: number) => formatGrouped(assertCents(euros * 100));
const PAUL = 'paul.roux@agence.fr';

/** Paul's browser: a second context (its own cookies), signed in, on the client. */
async function secondPerson(browser: Browser, password: string) {
  const { context, app } = await signedInBrowser(browser, PAUL, password);
  await budgetTab(app.page).selectClient(CLIENT);
  return { context, app, tab: budgetTab(app.page) };
}

test('two people on one budget see each other, and nobody overwrites silently', async ({ app, browser }, testInfo) => {
  test.setTimeout(120_000);
  const a = budgetTab(app.page);
  await signIn(app.page, E2E_USER.email, E2E_USER.password, { goto: true });
  const { paulPassword, clientId } = await app.page.evaluate(
    async ({ client, email }) => {
      const post = async <T>(path: string, body: unknown) =>
        (await (
          await fetch(path, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()) as T;
      const created = await post<{ id: string }>('/api/clients', { name: client });
      await post(`/api/clients/${created.id}/poles`, { name: 'Paid', lines: ['Google Ads', 'Meta Ads', 'Bing Ads'] });
      const paul = await post<{ temporaryPassword: string }>('/api/users', { email, role: 'editor', clientIds: null });
      return { paulPassword: paul.temporaryPassword, clientId: created.id };
    },
    { client: CLIENT, email: PAUL },
  );
  await a.selectClient(CLIENT);
  const b = await secondPerson(browser, paulPassword);
  const shot = async (page: Page, name: string) => page.screenshot({ path: testInfo.outputPath(name) });

  // Presence: each sees the other's initials on the client card, the full name on hover.
  await expect(a.clientCard.getByRole('group', { name: `Aussi sur ce client : ${PAUL}` })).toBeVisible();
  await expect(a.clientCard.getByRole('listitem', { name: PAUL })).toHaveText('PR');
  await expect(b.tab.clientCard.getByRole('listitem', { name: E2E_USER.email })).toHaveText('CA');
  await shot(app.page, 'presence.png');

  // A types; B sees it without reloading, marked with A's initials, and B's totals follow.
  const googleJan = (tab: typeof a) => tab.cell('Paid', 'Google Ads', 0, 'previsionnel');
  await googleJan(a).click();
  await app.page.keyboard.type('1500');
  await app.page.keyboard.press('Enter');
  await expect(googleJan(b.tab)).toHaveValue(shown(1500));
  await expect(googleJan(b.tab)).toHaveAttribute('data-remote', 'CA');
  await expect(b.tab.grid.getByTestId('total-year')).toContainText(/^CA1.500.€/);
  await shot(b.app.page, 'remote-mark.png');
  await expect(googleJan(b.tab)).not.toHaveAttribute('data-remote', /.+/, { timeout: 10_000 });

  // B is typing in a cell when A stores a value there: B's text stays, A's value shows beside it.
  // B's saves are held at B's door until A's value is stored, so B is second whatever the timing
  // (a typed figure is saved at each pause in typing).
  const holdSaves = async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await b.app.page.route('**/api/cells?**', async (route) => {
      await released;
      await route.continue();
    });
    // Released, the route lets every later save through at once (a newer hold takes over first).
    return release;
  };
  const metaJan = (tab: typeof a) => tab.cell('Paid', 'Meta Ads', 0, 'previsionnel');
  let releaseSaves = await holdSaves();
  await metaJan(b.tab).click();
  await b.app.page.keyboard.type('700');
  await metaJan(a).click();
  await app.page.keyboard.type('900');
  await app.page.keyboard.press('Enter');
  await expect(b.tab.grid.getByRole('status').filter({ hasText: /CA.: 900/ })).toBeVisible();
  await expect(metaJan(b.tab)).toHaveValue('700');
  await shot(b.app.page, 'incoming-beside-typing.png');

  // B validates: the save is refused, nothing lost, and B chooses to keep their value.
  await b.app.page.keyboard.press('Enter');
  releaseSaves();
  const conflicts = b.app.page.getByRole('region', { name: 'Conflits de saisie' });
  const metaConflict = conflicts.getByRole('group', { name: 'Conflit · Paid · Meta Ads · Janvier · Prévisionnel' });
  await expect(metaConflict).toContainText(/votre valeur 700.€, la sienne 900.€/);
  await expect(metaJan(b.tab)).toHaveValue('700');
  await expect(metaJan(b.tab)).toHaveAttribute('data-conflict', 'true');
  await shot(b.app.page, 'conflict-choice.png');
  await metaConflict.getByRole('button', { name: 'Garder ma valeur' }).click();
  await expect(conflicts).toHaveCount(0);
  await expect(metaJan(a)).toHaveValue('700'); // reached A live

  // The other choice: B takes A's value, and stores nothing.
  const googleFeb = (tab: typeof a) => tab.cell('Paid', 'Google Ads', 1, 'previsionnel');
  releaseSaves = await holdSaves();
  await googleFeb(b.tab).click();
  await b.app.page.keyboard.type('333');
  await googleFeb(a).click();
  await app.page.keyboard.type('444');
  await app.page.keyboard.press('Enter');
  await expect(b.tab.grid.getByRole('status').filter({ hasText: /CA.: 444/ })).toBeVisible();
  await b.app.page.keyboard.press('Enter');
  releaseSaves();
  await conflicts
    .getByRole('group', { name: 'Conflit · Paid · Google Ads · Février · Prévisionnel' })
    .getByRole('button', { name: `Prendre la valeur de ${E2E_USER.email}` })
    .click();
  await expect(googleFeb(b.tab)).toHaveValue('444');
  await expect(conflicts).toHaveCount(0);
  await app.page.waitForTimeout(1500); // a save of 333 by B would have reached A by now
  await expect(googleFeb(a)).toHaveValue('444');

  // A paste of B's meets A's change of one of its cells: nothing of the paste is stored until B
  // chooses; 'Ignorer les cellules modifiées' saves the rest and keeps A's value.
  const storedApril = async () =>
    ((await (await app.page.request.get(`/api/clients/${clientId}/budget`)).json()) as Pole[])[0]!.lines
      .slice(0, 2)
      .map((l) => l.previsionnel[3]);
  const april = (tab: typeof a, line: string) => tab.cell('Paid', line, 3, 'previsionnel');
  releaseSaves = await holdSaves();
  await april(b.tab, 'Google Ads').click();
  await april(b.tab, 'Google Ads').evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', '10\r\n20\r\n');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await april(a, 'Meta Ads').click();
  await app.page.keyboard.type('55');
  await app.page.keyboard.press('Enter');
  await expect.poll(storedApril).toEqual([0, 55]);
  releaseSaves();
  const pasteConflict = conflicts.getByRole('group', { name: 'Collage en conflit' });
  await expect(pasteConflict).toContainText(
    new RegExp(`Paid · Meta Ads · Avril · Prévisionnel.: la vôtre 20.€, celle de ${E2E_USER.email} 55.€`),
  );
  await expect(april(b.tab, 'Google Ads')).toHaveValue('10');
  await app.page.waitForTimeout(1000); // the paste's other cell is not stored before the choice
  expect(await storedApril()).toEqual([0, 55]);
  await shot(b.app.page, 'paste-conflict.png');
  await pasteConflict.getByRole('button', { name: 'Ignorer les cellules modifiées' }).click();
  await expect(conflicts).toHaveCount(0);
  await expect.poll(storedApril).toEqual([10, 55]);
  await expect(april(b.tab, 'Meta Ads')).toHaveValue('55');
  await expect(april(a, 'Google Ads')).toHaveValue('10');

  // A deletes a line: B's grid drops it.
  await app.page.getByRole('button', { name: 'Supprimer la ligne Bing Ads' }).click();
  await expect(b.tab.grid.getByRole('rowheader', { name: 'Bing Ads' })).toHaveCount(0);
  await expect(b.tab.grid.getByRole('rowheader', { name: 'Google Ads' })).toBeVisible();

  // B goes offline; A keeps working; back online, B gets what it missed without reloading.
  await b.context.setOffline(true);
  const status = b.app.header.getByRole('status', { name: 'Mises à jour en direct' });
  await expect(status).toHaveText(/Hors ligne|Reconnexion…/);
  await shot(b.app.page, 'offline.png');
  const googleMar = (tab: typeof a) => tab.cell('Paid', 'Google Ads', 2, 'reel');
  await googleMar(a).click();
  await app.page.keyboard.type('2500');
  await app.page.keyboard.press('Enter');
  await app.page.waitForTimeout(800);
  await b.context.setOffline(false);
  await expect(googleMar(b.tab)).toHaveValue(shown(2500), { timeout: 20_000 });
  await expect(status).toHaveCount(0);

  expect(b.app.pageErrors.map(String)).toEqual([]);
  await b.context.close();
});
