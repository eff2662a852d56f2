import { assertCents, formatEuros, formatPercent } from '../src/domain';
import { budgetTab, createClientWithPoles, storedBudget } from './budget-page';
import { expect, test } from './fixtures';

// One server and database for the whole run: each test works on clients of its own names.

/** PATCH /api/cells?year=…, whatever the year. */
const CELLS = /\/api\/cells(\?|$)/;

test('creates, renames, cancels a rename and deletes a client', async ({ app }) => {
  const tab = budgetTab(app.page);
  await app.goto('/');

  // An empty name does nothing.
  await tab.newClientName.fill('   ');
  await tab.addClientButton.click();
  await expect(tab.toast('Client ajouté')).toHaveCount(0);

  // Enter adds the trimmed name, selects the new client and clears the field.
  await tab.newClientName.fill('  Alpha Cosmétiques  ');
  await tab.newClientName.press('Enter');
  await expect(tab.toast('Client ajouté')).toContainText('Alpha Cosmétiques');
  await expect(tab.clientSelect).toHaveText('Alpha Cosmétiques');
  await expect(tab.newClientName).toHaveValue('');
  await expect(app.main.getByText('Prévisions Marge Brute')).toBeVisible();

  // Rename: pencil, type, Enter.
  await app.main.getByRole('button', { name: 'Renommer le client' }).click();
  const nameField = app.main.getByRole('textbox', { name: 'Nom du client' });
  await nameField.fill('  Alpha Beauté ');
  await nameField.press('Enter');
  await expect(tab.toast('Nom modifié')).toBeVisible();
  await expect(tab.clientSelect).toHaveText('Alpha Beauté');

  // Cancel a rename with the cross, then with Escape; an empty name is ignored.
  await app.main.getByRole('button', { name: 'Renommer le client' }).click();
  await nameField.fill('Autre nom');
  await app.main.getByRole('button', { name: 'Annuler le renommage' }).click();
  await expect(tab.clientSelect).toHaveText('Alpha Beauté');
  await app.main.getByRole('button', { name: 'Renommer le client' }).click();
  await nameField.fill('Encore un autre');
  await nameField.press('Escape');
  await expect(tab.clientSelect).toHaveText('Alpha Beauté');
  await app.main.getByRole('button', { name: 'Renommer le client' }).click();
  await nameField.fill('   ');
  await app.main.getByRole('button', { name: 'Valider le nom' }).click();
  await expect(tab.clientSelect).toHaveText('Alpha Beauté');

  // Delete: the confirmation dialog of docs/product.md#client-card; cancel first, then confirm.
  await app.main.getByRole('button', { name: 'Supprimer le client' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Êtes-vous sûr de vouloir supprimer ce client ?' });
  await expect(dialog).toContainText('irréversible');
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  await expect(tab.clientSelect).toHaveText('Alpha Beauté');
  await app.main.getByRole('button', { name: 'Supprimer le client' }).click();
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(tab.toast('Client supprimé')).toBeVisible();
  await expect(app.main.getByText('Prévisions Marge Brute')).toBeHidden();
  await tab.clientSelect.click();
  await expect(app.page.getByRole('option', { name: 'Alpha Beauté' })).toHaveCount(0);
  expect(app.consoleErrors).toEqual([]);
});

test('adds a pole with some of its default lines, a custom line, and deletes a line', async ({ app, request }) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Bravo Pôles');
  await app.goto('/');
  await expect(app.main.getByText('Veuillez sélectionner un client pour commencer')).toBeVisible();
  await tab.selectClient('Bravo Pôles');

  const addButton = app.main.getByRole('button', { name: /^Ajouter \(\d+ ligne\(s\)\)$/ });
  await expect(addButton).toHaveText('Ajouter (0 ligne(s))');
  await expect(addButton).toBeDisabled();
  await app.main.getByRole('combobox', { name: "Pôle d'expertise" }).click();
  await app.page.getByRole('option', { name: 'Offline' }).click();
  await expect(addButton).toHaveText('Ajouter (6 ligne(s))');
  await app.main.getByRole('checkbox', { name: 'Presse' }).click();
  await app.main.getByRole('checkbox', { name: 'Cinéma' }).click();
  await expect(addButton).toHaveText('Ajouter (4 ligne(s))');
  await addButton.click();

  await expect(tab.toast('Pôle ajouté')).toBeVisible();
  await expect(addButton).toHaveText('Ajouter (0 ligne(s))');
  await expect(tab.grid.getByRole('rowheader', { name: 'Télévision' })).toBeVisible();
  await expect(tab.grid.getByRole('rowheader', { name: 'Presse' })).toHaveCount(0);

  // The same pole again offers only what is missing.
  await app.main.getByRole('combobox', { name: "Pôle d'expertise" }).click();
  await app.page.getByRole('option', { name: 'Offline' }).click();
  await expect(addButton).toHaveText('Ajouter (2 ligne(s))');

  // A custom line: the button is disabled while the name is blank; Enter adds the trimmed name.
  const customName = tab.grid.getByRole('textbox', { name: 'Nouvelle ligne · Offline' });
  const customAdd = tab.grid.getByRole('button', { name: 'Ajouter la ligne à Offline' });
  await customName.fill('  ');
  await expect(customAdd).toBeDisabled();
  await customName.fill('  Street marketing ');
  await customName.press('Enter');
  await expect(tab.toast('Ligne ajoutée')).toBeVisible();
  await expect(tab.grid.getByRole('rowheader', { name: 'Street marketing' })).toBeVisible();
  await expect(customName).toHaveValue('');

  await tab.grid.getByRole('button', { name: 'Supprimer la ligne Radio' }).click();
  await expect(tab.toast('Ligne supprimée')).toBeVisible();
  await expect(tab.grid.getByRole('rowheader', { name: 'Radio' })).toHaveCount(0);

  const [pole] = await storedBudget(request, clientId);
  expect(pole!.lines.map((l) => l.name)).toEqual([
    'Télévision',
    'Affichage (OOH)',
    'Production créative offline',
    'Street marketing',
  ]);
  expect(app.consoleErrors).toEqual([]);
});

test('typing figures updates totals, margins, deltas and the revised forecast, and saves them', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Charlie Chiffres', {
    Paid: ['Google Shopping', 'TikTok Ads'],
  });
  await request.patch(`/api/clients/${clientId}`, { data: { prevision_mb_annuelle_debut: 800 } });
  await app.goto('/');
  await tab.selectClient('Charlie Chiffres');

  await tab.cell('Paid', 'Google Shopping', 0, 'previsionnel').fill('1 000');
  await tab.cell('Paid', 'Google Shopping', 0, 'achat_previsionnel').fill('400');
  await tab.cell('Paid', 'Google Shopping', 0, 'reel').fill('1200,50');
  await tab.cell('Paid', 'Google Shopping', 0, 'achat').fill('300.5');
  await tab.cell('Paid', 'TikTok Ads', 1, 'previsionnel').fill('500');
  // Totals follow the typing, before any blur.
  const total = tab.grid.getByTestId('total-year');
  await expect(total).toContainText(formatEuros(assertCents(150000))); // CA prévisionnel 1 000 + 500
  await expect(total).toContainText(formatEuros(assertCents(120050))); // CA réel
  await expect(total).toContainText(formatEuros(assertCents(110000))); // MB prév. 1 500 − 400
  await expect(total).toContainText(formatEuros(assertCents(90000))); // MB réelle 1 200,50 − 300,50
  const googleRow = tab.grid
    .getByRole('row')
    .filter({ has: app.page.getByRole('rowheader', { name: 'Google Shopping' }) });
  await expect(googleRow.getByTestId('delta').first()).toHaveText(`+${formatEuros(assertCents(20050))}`);
  await expect(googleRow.getByTestId('delta').first()).toHaveClass(/text-success/);
  await expect(
    tab.grid
      .getByRole('row')
      .filter({ has: app.page.getByRole('rowheader', { name: 'TikTok Ads' }) })
      .getByTestId('delta')
      .nth(1),
  ).toHaveClass(/text-destructive/);
  // Revised forecast: January has actuals (900), February its forecast margin (500): 1 400 vs 800.
  await expect(app.main.getByRole('textbox', { name: 'Prévision MB annuelle revue' })).toHaveValue(
    formatEuros(assertCents(140000)),
  );
  await expect(app.main.getByTestId('forecast-gap')).toHaveText(formatPercent(75, true));
  await expect(app.main.getByTestId('forecast-gap')).toHaveClass(/text-success/);
  // The initial forecast is typed and saved; the gap follows: (1 400 − 2 000) / 2 000 = −30 %.
  const initial = app.main.getByRole('textbox', { name: "Prévision MB annuelle (début d'année)" });
  await initial.fill('2 000');
  await initial.press('Enter');
  await expect(tab.toast('Client mis à jour')).toBeVisible();
  await expect(app.main.getByTestId('forecast-gap')).toHaveText(formatPercent(-30, true));
  await expect(app.main.getByTestId('forecast-gap')).toHaveClass(/text-destructive/);
  const clients = (await (await request.get('/api/clients')).json()) as {
    id: string;
    prevision_mb_annuelle_debut: number;
  }[];
  expect(clients.find((c) => c.id === clientId)?.prevision_mb_annuelle_debut).toBe(2000);

  // Typing replaces the value; the blur saves.
  await tab.cell('Paid', 'Google Shopping', 0, 'previsionnel').click();
  await app.page.keyboard.type('2000');
  await app.page.keyboard.press('Enter');
  await expect(tab.cell('Paid', 'Google Shopping', 0, 'previsionnel')).toHaveValue('2\u202f000'); // not focused: French digit grouping
  await expect.poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.previsionnel[0]).toBe(2000);
  const [pole] = await storedBudget(request, clientId);
  expect(pole!.lines[0]!.reel[0]).toBe(1200.5);
  expect(pole!.lines[0]!.achat[0]).toBe(300.5);
  expect(pole!.lines[1]!.previsionnel[1]).toBe(500);
  expect(app.consoleErrors).toEqual([]);
});

test('moves with arrows, Tab and Enter; Escape reverts the cell being typed', async ({ app, request }) => {
  const tab = budgetTab(app.page);
  await createClientWithPoles(request, 'Delta Clavier', { Data: ['Audit tracking', 'Plan de marquage'] });
  await app.goto('/');
  await tab.selectClient('Delta Clavier');
  const cell = (line: 'Audit tracking' | 'Plan de marquage', month: number, measure: Parameters<typeof tab.cell>[3]) =>
    tab.cell('Data', line, month, measure);
  const keys = app.page.keyboard;

  await cell('Audit tracking', 0, 'previsionnel').click();
  await keys.press('ArrowRight');
  await expect(cell('Audit tracking', 0, 'reel')).toBeFocused();
  await keys.press('ArrowDown');
  await expect(cell('Audit tracking', 0, 'achat')).toBeFocused();
  await keys.press('Tab');
  await expect(cell('Audit tracking', 1, 'achat_previsionnel')).toBeFocused();
  // Enter on a cell not being typed in enters edit mode (issue 13); a second Enter commits and moves down.
  await keys.press('Enter');
  await expect(cell('Audit tracking', 1, 'achat_previsionnel')).toBeFocused();
  await keys.press('Enter');
  await expect(cell('Plan de marquage', 1, 'previsionnel')).toBeFocused();
  await keys.press('Shift+Tab');
  await expect(cell('Plan de marquage', 0, 'reel')).toBeFocused();
  await keys.press('ArrowUp');
  await expect(cell('Audit tracking', 0, 'achat')).toBeFocused();
  await keys.press('ArrowLeft');
  await expect(cell('Audit tracking', 0, 'achat_previsionnel')).toBeFocused();
  await keys.press('Shift+Enter');
  await expect(cell('Audit tracking', 0, 'previsionnel')).toBeFocused();

  // Type, then Escape: the value before typing comes back, and so do the totals.
  await keys.type('750');
  await expect(tab.grid.getByTestId('total-year')).toContainText(formatEuros(assertCents(75000)));
  await keys.press('Escape');
  await expect(cell('Audit tracking', 0, 'previsionnel')).toHaveValue('');
  await expect(tab.grid.getByTestId('total-year')).not.toContainText(formatEuros(assertCents(75000)));
  expect(app.consoleErrors).toEqual([]);
});

test('pasting a 3 × 4 block from a spreadsheet fills 12 cells in one request', async ({ app, request }) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Echo Collage', {
    CRM: ['Stratégie CRM', 'Emailing & automation', 'Gestion de la plateforme CRM', 'Segmentation & scoring'],
  });
  await app.goto('/');
  await tab.selectClient('Echo Collage');
  const patches: string[] = [];
  app.page.on('request', (r) => {
    if (r.method() === 'PATCH' && new URL(r.url()).pathname === '/api/cells') patches.push(r.postData() ?? '');
  });

  // As Excel copies it: tab-separated, CRLF, French and dot decimals, a trailing line break.
  const block = '1 000,50\t2000\t3000\t4000\r\n10\t20.25\t30\t40\r\n-5\t\t7\t8\r\n';
  const origin = tab.cell('CRM', 'Emailing & automation', 2, 'reel');
  await origin.focus();
  await origin.evaluate((input, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, block);

  await expect(origin).toHaveValue('1000,50');
  await expect(tab.cell('CRM', 'Segmentation & scoring', 5, 'reel')).toHaveValue('8');
  await expect(tab.cell('CRM', 'Gestion de la plateforme CRM', 3, 'reel')).toHaveValue('20,25');
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines.map((l) => l.reel.slice(2, 6)))
    .toEqual([
      [0, 0, 0, 0],
      [1000.5, 2000, 3000, 4000],
      [10, 20.25, 30, 40],
      [-5, 0, 7, 8],
    ]);
  expect(patches).toHaveLength(1);
  expect(JSON.parse(patches[0]!)).toHaveLength(12);
  expect(app.consoleErrors).toEqual([]);
});

test('the invoiced flags and the expand state survive a reload', async ({ app, request }) => {
  const tab = budgetTab(app.page);
  await createClientWithPoles(request, 'Foxtrot Facturé', { SEO: ['SEO local'], Content: ['Production vidéo'] });
  await app.goto('/');
  await tab.selectClient('Foxtrot Facturé');

  await tab.grid.getByRole('checkbox', { name: 'Facturé · SEO · Mars' }).click();
  await expect(tab.grid.getByRole('checkbox', { name: 'Facturé · SEO · Mars' })).toBeChecked();
  await tab.grid.getByRole('button', { name: 'Replier Content' }).click();
  await expect(tab.grid.getByRole('button', { name: 'Déplier Content' })).toBeVisible();
  await expect(tab.grid.getByRole('rowheader', { name: 'Production vidéo' })).toHaveCount(0);
  await app.page.waitForLoadState('networkidle');

  await app.page.reload();
  // The selected client is remembered in this browser.
  await expect(tab.clientSelect).toHaveText('Foxtrot Facturé');
  await expect(tab.grid.getByRole('checkbox', { name: 'Facturé · SEO · Mars' })).toBeChecked();
  await expect(tab.grid.getByRole('checkbox', { name: 'Facturé · SEO · Avril' })).not.toBeChecked();
  await expect(tab.grid.getByRole('button', { name: 'Déplier Content' })).toBeVisible();
  await expect(tab.grid.getByRole('rowheader', { name: 'Production vidéo' })).toHaveCount(0);

  await tab.grid.getByRole('button', { name: 'Déplier Content' }).click();
  await expect(tab.grid.getByRole('rowheader', { name: 'Production vidéo' })).toBeVisible();
  expect(app.consoleErrors).toEqual([]);
});

test('a failed save shows the error, keeps the value marked unsaved, and stores it once the server answers', async ({
  app,
  request,
}) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'Golf Panne', { Offline: ['Radio'] });
  await app.goto('/');
  await tab.selectClient('Golf Panne');

  await app.page.route(CELLS, (route) => route.abort());
  const cell = tab.cell('Offline', 'Radio', 6, 'reel');
  await cell.fill('4321,09');
  await cell.press('Enter');

  await expect(tab.toast('Impossible de sauvegarder les données')).toContainText('Erreur');
  await expect(cell).toHaveAttribute('data-unsaved', 'true');
  await expect(app.main.getByRole('alert')).toContainText('1 montant(s) en attente d’enregistrement');
  await expect(cell).toHaveValue('4\u202f321,09');
  expect((await storedBudget(request, clientId))[0]!.lines[0]!.reel[6]).toBe(0);

  await app.page.unroute(CELLS);
  await expect
    .poll(async () => (await storedBudget(request, clientId))[0]!.lines[0]!.reel[6], { timeout: 15_000 })
    .toBe(4321.09);
  await expect(cell).not.toHaveAttribute('data-unsaved', 'true');
  await expect(app.main.getByRole('alert')).toHaveCount(0);
  // The failure was logged (docs/product.md#error-toasts), and only that.
  expect(
    app.consoleErrors.every(
      (e) => e.includes('Impossible de sauvegarder les données') || e.includes('net::ERR_FAILED'),
    ),
  ).toBe(true);
});

test('leaving the page with an edit not saved yet asks first', async ({ app, request }) => {
  const tab = budgetTab(app.page);
  await createClientWithPoles(request, 'Hotel Départ', { CRM: ['Stratégie CRM'] });
  await app.goto('/');
  await tab.selectClient('Hotel Départ');
  await app.page.route(CELLS, (route) => route.abort());
  await tab.cell('CRM', 'Stratégie CRM', 0, 'previsionnel').fill('99');
  await tab.cell('CRM', 'Stratégie CRM', 0, 'previsionnel').press('Enter');
  await expect(tab.toast('Impossible de sauvegarder les données')).toBeVisible();

  const dialog = new Promise<string>((resolve) => {
    app.page.once('dialog', (d) => {
      resolve(d.type());
      void d.dismiss(); // stay on the page
    });
  });
  await app.page.close({ runBeforeUnload: true });
  expect(await dialog).toBe('beforeunload');
});
