import type { APIRequestContext, Locator } from '@playwright/test';
import type { Measure, Pole } from '../src/domain';
import { budgetTab, createClientWithPoles, storedBudget } from './budget-page';
import { expect, test, type AppPage } from './fixtures';

// docs/product.md#history in the budget tab, against the real server: Ctrl+Z / Ctrl+Y across a
// reload, a deleted line taken back from its toast, a cell's history and 'Restaurer cette valeur',
// the panel. Each test works on a client of its own name.

/** The stored value of one cell (euros) of the client's first pole. */
async function stored(
  request: APIRequestContext,
  clientId: string,
  line: string,
  month: number,
  field: Measure = 'previsionnel',
): Promise<number> {
  const [pole] = await storedBudget(request, clientId);
  return pole!.lines.find((l) => l.name === line)![field][month]!;
}

/** A new client with these poles (name → lines), opened in the budget tab. */
async function openNewClient(app: AppPage, request: APIRequestContext, name: string, poles: Record<string, string[]>) {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, name, poles);
  await app.goto('/');
  await tab.selectClient(name);
  return { tab, clientId };
}

/** Clicks the cell, types `text`, presses Enter, and waits until `isStored` reads the server's value. */
async function typeAndSave(app: AppPage, cell: Locator, text: string, isStored: () => Promise<number>, euros: number) {
  await cell.click();
  await app.page.keyboard.type(text);
  await app.page.keyboard.press('Enter');
  await expect.poll(isStored).toBe(euros);
}

test('Ctrl+Z brings the previous value back, also after a reload; Ctrl+Y brings it again; a cell being typed in keeps Ctrl+Z for its typing', async ({
  app,
  request,
}) => {
  const { tab, clientId } = await openNewClient(app, request, 'Hist Clavier', { Paid: ['Google Ads', 'Meta'] });
  const january = tab.cell('Paid', 'Google Ads', 0, 'previsionnel');
  const undo = app.main.getByRole('button', { name: 'Annuler', exact: true });
  const redo = app.main.getByRole('button', { name: 'Rétablir', exact: true });
  // Adding the pole is the user's first undoable change; nothing is redoable yet.
  await expect(undo).toBeEnabled();
  await expect(redo).toBeDisabled();

  const storedJanuary = () => stored(request, clientId, 'Google Ads', 0);
  await typeAndSave(app, january, '565,84', storedJanuary, 565.84);
  await typeAndSave(app, january, '999', storedJanuary, 999);
  await expect(undo).toBeEnabled();

  // The focus is on the cell below, not being typed in: Ctrl+Z undoes the last stored change and
  // the cursor goes back to the cell it changed.
  await app.page.keyboard.press('Control+z');
  await expect(january).toHaveValue('565,84');
  await expect(january).toBeFocused();
  await expect.poll(storedJanuary).toBe(565.84);
  await expect(redo).toBeEnabled();
  await app.page.keyboard.press('Control+y');
  await expect(january).toHaveValue('999');
  await expect.poll(storedJanuary).toBe(999);

  // The stack is the server's: after a reload, Ctrl+Z still undoes, and 'Rétablir' redoes. From
  // the reload on, the page's clock is Playwright's (it runs as the real one until paused, below).
  await app.page.clock.install();
  await app.page.reload();
  await expect(january).toHaveValue('999');
  await expect(undo).toBeEnabled();
  await expect(redo).toBeDisabled();
  await app.page.keyboard.press('Control+z');
  await expect(january).toHaveValue('565,84');
  await expect.poll(storedJanuary).toBe(565.84);
  await app.page.keyboard.press('Control+z');
  await expect(january).toHaveValue('');
  await expect.poll(storedJanuary).toBe(0);
  await redo.click();
  await expect(january).toHaveValue('565,84');
  await expect.poll(storedJanuary).toBe(565.84);

  // Typing in a cell, Ctrl+Z cancels the typing (the value it had when focused), not a stored change.
  // The clock stands still while typing: after a pause of 600 ms the typing is stored as a draft
  // (ADR 048) and Ctrl+Z writes the value back, a new change that empties the redo stack — and a
  // loaded machine can take that long between two keys.
  await january.click();
  await app.page.clock.pauseAt(await app.page.evaluate(() => Date.now() + 5_000));
  await app.page.keyboard.type('12');
  await app.page.keyboard.press('Control+z');
  await expect(january).toHaveValue('565,84');
  await app.page.clock.resume();
  await app.page.keyboard.press('Tab');
  await expect.poll(storedJanuary).toBe(565.84);
  await expect(redo).toBeEnabled();
  expect(app.consoleErrors).toEqual([]);
});

test("a deleted line comes back with its figures from the toast's 'Annuler'", async ({ app, request }) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Hist Ligne', { Paid: ['Google Ads', 'Meta'] });
  const [pole] = await storedBudget(request, clientId);
  const meta = pole!.lines.find((l) => l.name === 'Meta')!;
  const figures = [
    { lineId: meta.id, month: 0, field: 'previsionnel', value: 1200.5 },
    { lineId: meta.id, month: 5, field: 'reel', value: 310 },
    { lineId: meta.id, month: 11, field: 'achat', value: 42.42 },
  ];
  await request.patch('/api/cells', { data: figures });
  const before: Pole[] = await storedBudget(request, clientId);
  await app.goto('/');
  await tab.selectClient('Hist Ligne');
  await expect(tab.cell('Paid', 'Meta', 0, 'previsionnel')).toHaveValue('1\u202f200,50');

  await app.main.getByRole('button', { name: 'Supprimer la ligne Meta' }).click();
  // The line holds figures: its deletion is confirmed first (issue 13).
  await app.page.getByRole('dialog').getByRole('button', { name: 'Supprimer la ligne' }).click();
  const toast = tab.toast('Ligne supprimée');
  await expect(toast).toContainText('Meta');
  await expect(tab.cell('Paid', 'Meta', 0, 'previsionnel')).toHaveCount(0);
  await toast.getByRole('button', { name: 'Annuler' }).click();

  await expect(tab.cell('Paid', 'Meta', 0, 'previsionnel')).toHaveValue('1\u202f200,50');
  await expect(tab.cell('Paid', 'Meta', 5, 'reel')).toHaveValue('310');
  await expect(tab.cell('Paid', 'Meta', 11, 'achat')).toHaveValue('42,42');
  await expect(tab.toast('Annulation : Ligne « Meta » supprimée (Paid)')).toBeVisible();
  // Its id, place and 48 figures: the stored budget is what it was.
  expect(await storedBudget(request, clientId)).toEqual(before);
  expect(app.consoleErrors).toEqual([]);
});

test("a cell's history shows its two edits; 'Restaurer cette valeur' writes the older one back", async ({
  app,
  request,
}) => {
  const { tab, clientId } = await openNewClient(app, request, 'Hist Cellule', { Paid: ['Google Ads'] });
  const march = tab.cell('Paid', 'Google Ads', 2, 'previsionnel');
  const storedMarch = () => stored(request, clientId, 'Google Ads', 2);
  await typeAndSave(app, march, '100', storedMarch, 100);
  await typeAndSave(app, march, '250,5', storedMarch, 250.5);

  await march.click({ button: 'right' });
  const menu = app.page.getByRole('menu', { name: 'Paid · Google Ads · Mars · Prévisionnel' });
  await menu.getByRole('menuitem', { name: 'Historique de la cellule' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Historique de la cellule' });
  await expect(dialog).toContainText('Paid · Google Ads · Mars · Prévisionnel');
  const items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Newest first: who, when, the source, old → new in euros to the cent (spaces: French no-break ones).
  await expect(items.nth(0)).toContainText(/^100\s€250,50\s€Saisie·Vous·\d{1,2} \S+ \d{4} à \d\d:\d\dValeur actuelle$/);
  await expect(items.nth(1)).toContainText(
    /^0\s€100\s€Saisie·Vous·\d{1,2} \S+ \d{4} à \d\d:\d\dRestaurer cette valeur$/,
  );

  await items.nth(1).getByRole('button', { name: 'Restaurer cette valeur' }).click();
  await expect(dialog).toBeHidden();
  await expect(march).toHaveValue('100');
  await expect(march).toBeFocused();
  await expect(tab.toast('Valeur restaurée')).toContainText('Paid · Google Ads · Mars · Prévisionnel : 100 €');
  await expect.poll(storedMarch).toBe(100);

  // From the keyboard (Shift+F10): the restore is the newest entry, a typed one.
  await app.page.keyboard.press('Shift+F10');
  await menu.getByRole('menuitem', { name: 'Historique de la cellule' }).click();
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText(/^250,50\s€100\s€Saisie/);
  await app.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(app.consoleErrors).toEqual([]);
});

test("the panel 'Historique' lists the client's changes and undoes one; a refused undo says why", async ({
  app,
  request,
}) => {
  const { tab, clientId } = await openNewClient(app, request, 'Hist Panneau', { Paid: ['Google Ads'] });
  const april = tab.cell('Paid', 'Google Ads', 3, 'reel');
  await typeAndSave(app, april, '70', () => stored(request, clientId, 'Google Ads', 3, 'reel'), 70);
  const [pole] = await storedBudget(request, clientId);

  await app.main.getByRole('button', { name: 'Historique', exact: true }).click();
  const panel = app.page.getByRole('dialog', { name: 'Historique' });
  await expect(panel).toContainText('Hist Panneau · exercice');
  const entries = panel.getByRole('list', { name: 'Modifications' }).locator(':scope > li');
  // Newest first: the typed cell (named, before → after: m16), the pole, the client.
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText(
    /^1 cellule saisiePaid · Google Ads · Avril · Réel\u00a0: 0\u00a0€ → 70\u00a0€Saisie·Vous·/,
  );
  await expect(entries.nth(0).getByRole('list', { name: 'Cellules modifiées' }).getByRole('listitem')).toHaveCount(1);
  await expect(entries.nth(1)).toContainText(/^Pôle « Paid » ajouté \(1 ligne\)Structure·Vous·/);
  await expect(entries.nth(2)).toContainText(/^Client « Hist Panneau » ajoutéStructure·Vous·/);

  // Someone else (another browser) changes the cell: the live stream brings their entry to the top of
  // the open panel; undoing the typed entry (now second) is refused, nothing changes.
  await request.patch('/api/cells', { data: [{ lineId: pole!.lines[0]!.id, month: 3, field: 'reel', value: 75 }] });
  await expect(entries).toHaveCount(4);
  await expect(april).toHaveValue('75');
  await entries.nth(1).getByRole('button', { name: 'Annuler' }).click();
  await expect(tab.toast('Erreur')).toContainText(
    "Impossible d'annuler : une cellule a été modifiée depuis. Cellule : Paid · Google Ads · Avril · Réel.",
  );
  await expect(april).toHaveValue('75');

  // The newest entry is the other browser's edit: undone from the panel, the cell is 70 again.
  await expect(entries.first()).toContainText('1 cellule saisie');
  await entries.first().getByRole('button', { name: 'Annuler' }).click();
  await expect(april).toHaveValue('70');
  await expect(entries.nth(1).getByRole('button', { name: 'Annulée' })).toBeDisabled();
  await expect(entries.first()).toContainText('Annulation : 1 cellule saisie');
  await panel.getByRole('button', { name: 'Fermer' }).click();
  await expect(panel).toBeHidden();
  // The refusal was logged, as every failure is (the browser logs the 409 too).
  expect(app.consoleErrors).toContainEqual(expect.stringContaining("Impossible d'annuler"));
  for (const error of app.consoleErrors) expect(error).toMatch(/Impossible d'annuler|409/);
});
