/**
 * Issue 13 in Chromium: each defect of the first release's audit reproduced as a user meets it,
 * and shown fixed — Excel's entry model, formulas, refusals that keep the cell, a save queue one
 * bad amount cannot hold up, block selection with copy, paste, Delete and Ctrl+R, 'Répartir…',
 * the searchable client picker, structure edits, readable totals and toasts clear of the navigation.
 */
import { assertCents, formatEuros, formatGrouped, type Pole } from '../src/domain';
import { budgetTab, createClientWithPoles, storedBudget } from './budget-page';
import { expect, test } from './fixtures';
import { selectYear } from './year-select';

const NBSP = '\u00a0';
const CELLS = /\/api\/cells(\?|$)/;

test('3000, ←, 3500 stores two cells (arrows commit and move); F2 then ← edits inside the number', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Flèches', { Paid: ['Reddit Ads', 'Snapchat Ads'] });
  await app.goto('/');
  await tab.selectClient('Grille Flèches');
  const keys = app.page.keyboard;

  await tab.cell('Paid', 'Reddit Ads', 0, 'achat').click();
  await keys.type('3000');
  await keys.press('ArrowLeft');
  await expect(tab.cell('Paid', 'Reddit Ads', 0, 'achat_previsionnel')).toBeFocused();
  await keys.type('3500');
  await keys.press('Enter'); // down: the next sub-row is the sales of the next line
  await expect(tab.cell('Paid', 'Snapchat Ads', 0, 'previsionnel')).toBeFocused();
  await expect
    .poll(async () => {
      const line = (await storedBudget(request, clientId))[0]!.lines[0]!;
      return [line.achat[0], line.achat_previsionnel[0]];
    })
    .toEqual([3000, 3500]);

  // F2 on a cell enters edit mode; there ← moves the caret.
  const cell = tab.cell('Paid', 'Reddit Ads', 0, 'achat');
  await keys.press('ArrowUp');
  await keys.press('ArrowRight');
  await expect(cell).toBeFocused();
  await keys.press('F2');
  await keys.press('ArrowLeft');
  await keys.press('ArrowLeft');
  await keys.type('9');
  await expect(cell).toBeFocused();
  await keys.press('Enter');
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.achat[0]).toBe(30900);
  // Not focused, the inputs show French digit grouping.
  await expect(cell).toHaveValue(formatGrouped(assertCents(3_090_000)));
  expect(app.consoleErrors).toEqual([]);
});

test('(500) and =1200*12 store −500 and 14 400; =3500/3 is exact to the cent; abc is refused and the cell keeps its value', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Formules', { SEO: ['Audit SEO'] });
  await request.patch(`/api/cells`, {
    data: [{ lineId: (await storedBudget(request, clientId))[0]!.lines[0]!.id, month: 3, field: 'reel', value: 42 }],
  });
  await app.goto('/');
  await tab.selectClient('Grille Formules');
  const keys = app.page.keyboard;

  await tab.cell('SEO', 'Audit SEO', 0, 'previsionnel').click();
  await keys.type('(500)');
  await keys.press('Tab');
  await keys.type('=1200*12');
  await keys.press('Tab');
  await keys.type('=3500/3');
  await keys.press('Tab');
  await expect
    .poll(async () => {
      const line = (await storedBudget(request, clientId))[0]!.lines[0]!;
      return [line.previsionnel[0], line.reel[0], line.previsionnel[1]];
    })
    .toEqual([-500, 14400, 1166.67]);

  // Refused on the spot: the cell keeps 42 and says why.
  const kept = tab.cell('SEO', 'Audit SEO', 3, 'reel');
  await kept.click();
  await keys.type('abc');
  await keys.press('Enter');
  await expect(tab.toast('Saisie refusée')).toContainText('Saisie non reconnue');
  await expect(kept).toHaveValue('42');
  await expect(kept).toHaveAttribute('aria-invalid', 'true');
  await tab.cell('SEO', 'Audit SEO', 4, 'reel').click();
  await keys.type('=1/0');
  await keys.press('Enter');
  await expect(tab.toast('Division par zéro')).toBeVisible();
  await app.page.waitForLoadState('networkidle');
  const line = (await storedBudget(request, clientId))[0]!.lines[0]!;
  expect([line.reel[3], line.reel[4]]).toEqual([42, 0]);
  expect(app.consoleErrors).toEqual([]);
});

test('an amount the database cannot hold is refused at entry, while a valid edit beside it saves; a 4xx is never retried', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Limites', { Data: ['Tracking', 'Dashboards'] });
  await app.page.clock.install(); // runs as the real clock until paused, below
  await app.goto('/');
  await tab.selectClient('Grille Limites');
  const keys = app.page.keyboard;

  // 10¹² € is beyond a cell; two cells of 6 × 10¹¹ € each fit a cell but not, together, the
  // budget's stored revised forecast (January's actual margin + February's forecast margin).
  await tab.cell('Data', 'Tracking', 0, 'previsionnel').click();
  await keys.type('1000000000000');
  await keys.press('Tab');
  await expect(tab.toast('Saisie refusée')).toContainText('Montant hors limites');
  await keys.type('600000000000');
  await keys.press('Tab');
  await keys.type('600000000000');
  await keys.press('Enter');
  await expect(tab.toast('la base peut enregistrer')).toContainText('Saisie refusée');
  await tab.cell('Data', 'Dashboards', 2, 'previsionnel').click();
  await keys.type('500');
  await keys.press('Enter');
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[1]!.previsionnel[2]).toBe(500);
  const tracking = (await storedBudget(request, clientId))[0]!.lines[0]!;
  expect([tracking.previsionnel[0], tracking.reel[0], tracking.previsionnel[1]]).toEqual([0, 600000000000, 0]);

  // A line deleted in another browser: the server refuses its cell (404) — marked with its reason,
  // not retried — and the edit of the other line is stored. This page gets no live stream here
  // (docs/product.md#live-browser would drop the line from its grid): it stands for a tab that has
  // not heard of the deletion yet.
  await app.page.route('**/api/events?**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 60000\n\n' }),
  );
  await app.page.reload();
  await expect(tab.cell('Data', 'Dashboards', 5, 'reel')).toBeVisible();
  const [, dashboards] = (await storedBudget(request, clientId))[0]!.lines;
  await request.delete(`/api/lines/${dashboards!.id}`);
  const patches: string[] = [];
  app.page.on('request', (r) => {
    if (r.method() === 'PATCH' && CELLS.test(r.url())) patches.push(r.postData() ?? '');
  });
  const gone = tab.cell('Data', 'Dashboards', 5, 'reel');
  // The clock stands still while typing: a loaded machine can leave 600 ms between the two 7s, a
  // pause that would send 7 (ADR 048), then the click 77 — two PATCHes for the refused cell.
  await gone.click();
  await app.page.clock.pauseAt(await app.page.evaluate(() => Date.now() + 5_000));
  await keys.type('77');
  await tab.cell('Data', 'Tracking', 5, 'reel').click();
  await keys.type('88');
  await keys.press('Enter');
  await app.page.clock.resume();
  await expect(gone).toHaveAttribute('aria-invalid', 'true');
  await expect(gone).toHaveAttribute('title', /Refusé par le serveur\u00a0: Ligne introuvable/);
  await expect(tab.toast('Impossible de sauvegarder les données')).toContainText('Ligne introuvable');
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.reel[5]).toBe(88);
  await app.page.waitForTimeout(3000); // longer than the first retry delay: nothing is sent again
  expect(patches.filter((p) => p.includes(dashboards!.id))).toHaveLength(1);
  expect(app.consoleErrors.every((e) => e.includes('Impossible de sauvegarder') || e.includes('404'))).toBe(true);
});

test('a block selected with Shift+arrows is copied with Ctrl+C and pasted elsewhere exactly; Delete clears it in one entry; Ctrl+R fills right', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Blocs', { CRM: ['Source', 'Copie'] });
  const [source] = (await storedBudget(request, clientId))[0]!.lines;
  await request.patch('/api/cells', {
    data: [
      { lineId: source!.id, month: 0, field: 'previsionnel', value: 1000.5 },
      { lineId: source!.id, month: 0, field: 'reel', value: 1100 },
      { lineId: source!.id, month: 1, field: 'previsionnel', value: 2000 },
      { lineId: source!.id, month: 1, field: 'reel', value: -5 },
      { lineId: source!.id, month: 0, field: 'achat_previsionnel', value: 300 },
      { lineId: source!.id, month: 1, field: 'achat', value: 450.25 },
    ],
  });
  await app.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.goto('/');
  await tab.selectClient('Grille Blocs');
  const keys = app.page.keyboard;

  await tab.cell('CRM', 'Source', 0, 'previsionnel').click();
  for (let i = 0; i < 3; i++) await keys.press('Shift+ArrowRight');
  await keys.press('Shift+ArrowDown');
  await expect(tab.grid.locator('input[data-selected]')).toHaveCount(8);
  await keys.press('Control+c');
  expect(await app.page.evaluate(() => navigator.clipboard.readText())).toBe(
    '1000,50\t1100\t2000\t-5\r\n300\t0\t0\t450,25',
  );

  await tab.cell('CRM', 'Copie', 0, 'previsionnel').click();
  await keys.press('Control+v');
  await expect(tab.toast('Collage enregistré')).toBeVisible();
  await expect
    .poll(async () => {
      const [a, b] = (await storedBudget(request, clientId))[0]!.lines;
      return (['previsionnel', 'reel', 'achat_previsionnel', 'achat'] as const).every(
        (m) => JSON.stringify(a![m]) === JSON.stringify(b![m]),
      );
    })
    .toBe(true);

  // Delete clears the pasted block (still selected) to 0 in one request: one history entry.
  const patches: string[] = [];
  app.page.on('request', (r) => {
    if (r.method() === 'PATCH' && CELLS.test(r.url())) patches.push(r.postData() ?? '');
  });
  await keys.press('Delete');
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[1]!.previsionnel[0]).toBe(0);
  expect(patches).toHaveLength(1);
  expect(JSON.parse(patches[0]!)).toHaveLength(8);
  const history = (await (await request.get(`/api/history?clientId=${clientId}&limit=1`)).json()) as {
    entries: { summary: string }[];
  };
  // The entry counts the cells whose value changed: 6 of the 8 held a figure.
  expect(history.entries[0]!.summary).toBe('6 cellules saisies');

  // Ctrl+R: January's 1 100 of 'Source' réel copied to every later month.
  await tab.cell('CRM', 'Source', 0, 'reel').click();
  await keys.press('Control+r');
  await expect(tab.toast('Recopié vers la droite')).toBeVisible();
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.reel)
    .toEqual(Array.from({ length: 12 }, () => 1100));
  await expect(app.page).toHaveURL(/\/$/); // Ctrl+R did not reload the page
  expect(app.consoleErrors).toEqual([]);
});

test('a paste from Excel that runs past December or the last line says how many values were dropped', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Débord', { SEO: ['Netlinking'] });
  await app.goto('/');
  await tab.selectClient('Grille Débord');
  const origin = tab.cell('SEO', 'Netlinking', 10, 'previsionnel');
  await origin.click();
  await origin.evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', '10\t20\t30\t40\r\n1\t2\r\n');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(tab.toast('4 valeurs collées ignorées')).toContainText('au-delà de décembre ou de la dernière ligne');
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.previsionnel.slice(10))
    .toEqual([10, 20]);
  expect(app.consoleErrors).toEqual([]);
});

test("'Répartir…' 1 000 € over 3 months stores 333,34 + 333,33 + 333,33", async ({ app, request }) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Répartition', { Content: ['Rédaction'] });
  await app.goto('/');
  await tab.selectClient('Grille Répartition');
  await tab.grid.getByRole('button', { name: 'Répartir un montant sur Rédaction' }).click();
  const dialog = app.page.getByRole('dialog', { name: `Répartir sur «${NBSP}Rédaction${NBSP}»` });
  await dialog.getByRole('textbox', { name: 'Montant à répartir' }).fill('1000');
  await dialog.getByRole('button', { name: 'Aucun' }).click();
  for (const month of ['Avril', 'Mai', 'Juin']) await dialog.getByRole('checkbox', { name: month }).click();
  await expect(dialog).toContainText('333,34');
  await dialog.getByRole('button', { name: 'Répartir', exact: true }).click();
  await expect(tab.toast('Montant réparti')).toBeVisible();
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.previsionnel)
    .toEqual([0, 0, 0, 333.34, 333.33, 333.33, 0, 0, 0, 0, 0, 0]);
  expect(app.consoleErrors).toEqual([]);
});

test("'Répartir…' leaves closed months out: disabled and unticked, the open months sum exactly to the amount", async ({
  app,
  request,
}) => {
  // A year of its own (closing is agency-wide); its months are reopened at the end, so the
  // closing spec's year (2035) can still close and reopen on this lane's database.
  const Y = 2036;
  const tab = budgetTab(app.page);
  const client = (await (
    await request.post(`/api/clients?year=${Y}`, { data: { name: 'Grille Répartition Close' } })
  ).json()) as {
    id: string;
  };
  await request.post(`/api/clients/${client.id}/poles?year=${Y}`, { data: { name: 'Content', lines: ['Rédaction'] } });
  for (const month of [0, 1]) {
    expect((await request.post(`/api/years/${Y}/months/${month}/close`, { data: {} })).status()).toBe(200);
  }
  try {
    await app.goto('/');
    await selectYear(app.page, Y);
    await tab.selectClient('Grille Répartition Close');
    await expect(tab.grid.getByRole('img', { name: 'Février clôturé' })).toBeVisible();
    await tab.grid.getByRole('button', { name: 'Répartir un montant sur Rédaction' }).click();
    const dialog = app.page.getByRole('dialog', { name: `Répartir sur «${NBSP}Rédaction${NBSP}»` });
    for (const month of ['Janvier', 'Février']) {
      const box = dialog.getByRole('checkbox', { name: month });
      await expect(box).toBeDisabled();
      await expect(box).not.toBeChecked();
    }
    await expect(dialog.getByRole('checkbox', { name: 'Mars' })).toBeChecked();
    // 1 000,05 € over the ten open months: the 5 cents left go to the first five (March–July).
    await dialog.getByRole('textbox', { name: 'Montant à répartir' }).fill('1000,05');
    await expect(dialog.locator('label', { hasText: 'Juillet' })).toHaveText(/^Juillet100,01\s€$/);
    await expect(dialog.locator('label', { hasText: 'Août' })).toHaveText(/^Août100\s€$/);
    await expect(dialog.locator('label', { hasText: 'Février' })).not.toContainText('€');
    await dialog.getByRole('button', { name: 'Répartir', exact: true }).click();
    await expect(tab.toast('Montant réparti')).toBeVisible();
    await expect(tab.toast('10 mois')).toBeVisible();
    await expect
      .poll(async () => {
        const res = await request.get(`/api/clients/${client.id}/budget?year=${Y}`);
        return ((await res.json()) as Pole[])[0]!.lines[0]!.previsionnel;
      })
      .toEqual([0, 0, 100.01, 100.01, 100.01, 100.01, 100.01, 100, 100, 100, 100, 100]);
    const stored = ((await (await request.get(`/api/clients/${client.id}/budget?year=${Y}`)).json()) as Pole[])[0]!
      .lines[0]!.previsionnel;
    expect(Math.round(stored.reduce((a, b) => a + b, 0) * 100)).toBe(100005);
    expect(app.consoleErrors).toEqual([]);
  } finally {
    for (const month of [1, 0]) {
      await request.post(`/api/years/${Y}/months/${month}/reopen`, { data: { reason: 'Fin du test de répartition' } });
    }
  }
});

test("the client picker finds 'Éditions …' from 'editions', lists recent clients first, and the choice survives a reload; a duplicate name is refused", async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  await createClientWithPoles(request, 'Éditions Grille Rivière');
  await createClientWithPoles(request, 'Zèbre Grille Agence');
  await app.goto('/');
  await tab.clientSelect.click();
  // The picker's own list: the card below has native selects (the client's status) with options too.
  const picked = app.page.getByRole('listbox', { name: 'Clients' }).getByRole('option');
  await app.page.getByRole('textbox', { name: 'Rechercher un client' }).fill('editions grille');
  await expect(picked).toHaveText(['Éditions Grille Rivière']);
  await app.page.keyboard.press('Enter');
  await expect(tab.clientSelect).toHaveText('Éditions Grille Rivière');
  await tab.selectClient('Zèbre Grille Agence');

  await app.page.reload();
  await expect(tab.clientSelect).toHaveText('Zèbre Grille Agence');
  await tab.clientSelect.click();
  await expect(picked.nth(0)).toHaveText('Zèbre Grille Agence');
  await expect(picked.nth(1)).toHaveText('Éditions Grille Rivière');
  await app.page.keyboard.press('Escape');

  await tab.newClientName.fill('EDITIONS grille riviere');
  await tab.addClientButton.click();
  await expect(tab.toast("Impossible d'ajouter le client")).toContainText(
    `Un client « Éditions Grille Rivière » existe déjà.`,
  );
  await expect(tab.newClientName).toHaveAttribute('maxlength', '200');
  expect(app.consoleErrors.every((e) => e.includes("Impossible d'ajouter le client") || e.includes('409'))).toBe(true);
});

test('structure: a line with figures asks before deletion and comes back from the toast; lines and poles renamed in place, moved up and down', async ({
  app,
  request,
}) => {
  test.slow(); // many steps, each a reload of the budget
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Structure', { Paid: ['Alpha', 'Beta', 'Gamma'] });
  const [alpha] = (await storedBudget(request, clientId))[0]!.lines;
  await request.patch('/api/cells', { data: [{ lineId: alpha!.id, month: 0, field: 'reel', value: 250 }] });
  await app.goto('/');
  await tab.selectClient('Grille Structure');

  // A line without figures goes at once; one with figures asks first.
  await tab.grid.getByRole('button', { name: 'Supprimer la ligne Gamma' }).click();
  await expect(tab.toast('Ligne supprimée')).toContainText('Gamma');
  await app.page.waitForLoadState('networkidle');
  await tab.grid.getByRole('button', { name: 'Supprimer la ligne Alpha' }).click();
  const dialog = app.page.getByRole('dialog', { name: `Supprimer la ligne «${NBSP}Alpha${NBSP}»${NBSP}?` });
  await expect(dialog).toContainText('1 montant non nul');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(tab.grid.getByRole('rowheader', { name: 'Alpha' })).toBeVisible();
  await tab.grid.getByRole('button', { name: 'Supprimer la ligne Alpha' }).click();
  await dialog.getByRole('button', { name: 'Supprimer la ligne' }).click();
  const toast = tab.toast('Ligne supprimée').filter({ hasText: 'Alpha' });
  await toast.getByRole('button', { name: 'Annuler' }).click();
  await expect(tab.grid.getByRole('rowheader', { name: 'Alpha' })).toBeVisible();
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.reel[0]).toBe(250);

  // Rename a line and the pole in place.
  await tab.grid.getByRole('button', { name: 'Renommer Beta' }).click();
  await tab.grid.getByRole('textbox', { name: 'Nom de la ligne Beta' }).fill('Bêta Ads');
  await app.page.keyboard.press('Enter');
  await expect(tab.grid.getByRole('rowheader', { name: 'Bêta Ads' })).toBeVisible();
  await tab.grid.getByRole('button', { name: 'Renommer Paid' }).click();
  await tab.grid.getByRole('textbox', { name: 'Nom du pôle Paid' }).fill('Paid Media');
  await app.page.keyboard.press('Enter');
  await expect(tab.cell('Paid Media', 'Alpha', 0, 'reel')).toHaveValue('250');

  // Move 'Bêta Ads' above 'Alpha', then Ctrl+Z puts it back.
  await tab.grid.getByRole('button', { name: 'Monter Bêta Ads' }).click();
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines.map((l) => l.name))
    .toEqual(['Bêta Ads', 'Alpha']);
  await expect
    .poll(() =>
      tab.grid.locator('tbody th[aria-label]').evaluateAll((ths) => ths.map((t) => t.getAttribute('aria-label'))),
    )
    .toEqual(['Bêta Ads', 'Alpha']);
  await app.main.getByRole('button', { name: 'Annuler', exact: true }).click();
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines.map((l) => l.name))
    .toEqual(['Alpha', 'Bêta Ads']);
  expect(app.consoleErrors).toEqual([]);
});

test('readable: compact totals that never overlap, 0 € for a few cents, no % for a planned loss, toasts clear of the navigation', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Grille Lisible', { Paid: ['Gros budget', 'Centimes'] });
  const [big, cents] = (await storedBudget(request, clientId))[0]!.lines;
  await request.patch('/api/cells', {
    data: [
      ...Array.from({ length: 12 }, (_, month) => ({
        lineId: big!.id,
        month,
        field: 'previsionnel',
        value: 225783.17,
      })),
      ...Array.from({ length: 12 }, (_, month) => ({ lineId: big!.id, month, field: 'reel', value: 176749.5 })),
      { lineId: cents!.id, month: 1, field: 'previsionnel', value: 10.3 },
      { lineId: cents!.id, month: 1, field: 'reel', value: 10 },
    ],
  });
  await request.patch(`/api/clients/${clientId}`, { data: { prevision_mb_annuelle_debut: -5000 } });
  await app.page.setViewportSize({ width: 1920, height: 1080 });
  await app.goto('/');
  await tab.selectClient('Grille Lisible');

  const total = tab.grid.getByTestId('total-year');
  await expect(total).toContainText(`2${'\u202f'}709${NBSP}k€`);
  await expect(total.locator('span[title^="CA prévisionnel"]')).toHaveAttribute('title', /2\s709\s408,34/);
  // No amount runs into its neighbour: every amount of the total row fits its box.
  const overflowing = await tab.grid
    .locator('tfoot span[title]')
    .evaluateAll((spans) => spans.filter((s) => s.parentElement!.scrollWidth > s.parentElement!.clientWidth).length);
  expect(overflowing).toBe(0);
  // A gap of −0,30 € reads 0 €, in neither red nor '-0'.
  const centsRow = tab.grid.getByRole('row').filter({ has: app.page.getByRole('rowheader', { name: 'Centimes' }) });
  await expect(centsRow.getByTestId('delta').nth(1)).toHaveText(formatEuros(assertCents(0)));
  await expect(centsRow.getByTestId('delta').nth(1)).toHaveClass(/text-success/);
  // A planned loss as the initial forecast: no percentage.
  await expect(app.main.getByTestId('forecast-gap')).toHaveCount(0);
  // The grid uses the width of a large screen.
  const width = await tab.grid.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeGreaterThan(1800);

  // A toast stands below the navigation, not over it.
  await tab.cell('Paid', 'Centimes', 0, 'reel').click();
  await app.page.keyboard.type('abc');
  await app.page.keyboard.press('Enter');
  const navBox = (await app.nav.boundingBox())!;
  // Where the toast settles (it slides in from above).
  await expect
    .poll(async () => (await tab.toast('Saisie refusée').boundingBox())!.y)
    .toBeGreaterThan(navBox.y + navBox.height);
  expect(app.consoleErrors).toEqual([]);
});
