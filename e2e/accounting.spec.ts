/**
 * Actuals from the accounting (issue 27, docs/product.md#actuals-from-the-accounting): a real FEC
 * dropped in the 'Comptabilité' tab of a past year opened from the header, one supplier mapped from
 * « À affecter » (« Toujours pour ce tiers »), 'Appliquer', the grid's actuals, the reconciliation's
 * tick, then Ctrl+Z in the grid takes the import back. On a year of its own.
 */
import type { Page } from '@playwright/test';
import { budgetTab, createClientWithPoles } from './budget-page';
import { expect, test } from './fixtures';

const Y = 2021;
const FIELDS =
  'JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise';
const line = (...fields: string[]) => fields.join('|');
/** An Odoo-style FEC: pipes, CRLF, no final newline. A sale to DUPONT and a purchase from GOOGLE in March. */
const FEC = [
  FIELDS,
  line(
    'VE',
    'Ventes',
    'VE1',
    `${Y}0315`,
    '411000',
    'Clients',
    'DUPONT',
    'Dupont SA',
    'F1',
    `${Y}0315`,
    'Facture mars',
    '1200,00',
    '0,00',
    '',
    '',
    `${Y}0315`,
    '',
    '',
  ),
  line(
    'VE',
    'Ventes',
    'VE1',
    `${Y}0315`,
    '706100',
    'Prestations',
    '',
    '',
    'F1',
    `${Y}0315`,
    'Facture mars',
    '0,00',
    '1000,00',
    '',
    '',
    `${Y}0315`,
    '',
    '',
  ),
  line(
    'VE',
    'Ventes',
    'VE1',
    `${Y}0315`,
    '445710',
    'TVA collectée',
    '',
    '',
    'F1',
    `${Y}0315`,
    'Facture mars',
    '0,00',
    '200,00',
    '',
    '',
    `${Y}0315`,
    '',
    '',
  ),
  line(
    'HA',
    'Achats',
    'HA1',
    `${Y}0320`,
    '604000',
    'Achats médias',
    '',
    '',
    'G1',
    `${Y}0320`,
    'Google Ads mars',
    '300,00',
    '0,00',
    '',
    '',
    `${Y}0320`,
    '',
    '',
  ),
  line(
    'HA',
    'Achats',
    'HA1',
    `${Y}0320`,
    '401000',
    'Fournisseurs',
    'GOOGLE',
    'Google Ireland',
    'G1',
    `${Y}0320`,
    'Google Ads mars',
    '0,00',
    '300,00',
    '',
    '',
    `${Y}0320`,
    '',
    '',
  ),
].join('\r\n');

async function openPastYear(page: Page, year: number) {
  const select = page.getByRole('banner').getByRole('combobox', { name: 'Exercice' });
  await select.click();
  await page.getByRole('option', { name: 'Ouvrir un exercice passé…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ouvrir un exercice passé' });
  await dialog.getByRole('textbox', { name: 'Année' }).fill(String(year));
  await dialog.getByRole('button', { name: 'Ouvrir' }).click();
  await expect(select).toHaveText(String(year));
}

test('drops a FEC, maps a supplier from « À affecter », applies, reconciles, and undoes it', async ({
  app,
  request,
}, testInfo) => {
  const tab = budgetTab(app.page);
  const clientId = await createClientWithPoles(request, 'FEC SA', {});
  await request.post(`/api/clients/${clientId}/poles?year=${Y}`, { data: { name: 'Paid', lines: ['Google Ads'] } });
  const mapping = {
    agentAccounts: ['467'],
    openingJournals: ['AN', 'RAN', 'OUV'],
    monthFrom: 'EcritureDate',
    clients: [{ thirdParty: 'DUPONT', clientId }],
    rules: [{ when: { account: '706', thirdParty: 'DUPONT' }, then: { pole: 'Paid', line: 'Google Ads' } }],
  };
  expect((await request.put('/api/accounting/mapping', { data: mapping })).status()).toBe(200);

  await app.goto('/');
  await openPastYear(app.page, Y);
  await app.openTab('Comptabilité');
  await app.page.getByLabel('Fichier des écritures comptables (FEC)').setInputFiles({
    name: `FEC-${Y}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(FEC, 'utf-8'),
  });

  const preview = app.main.getByRole('region', { name: `Aperçu de l'import ${Y}` });
  await expect(preview).toContainText('5 lignes lues');
  await expect(preview.getByRole('meter', { name: `Couverture de ${Y}` })).toHaveAttribute(
    'aria-valuetext',
    '76 % des montants affectés',
  );

  // The purchase from GOOGLE: to FEC SA's Paid · Google Ads, always.
  const row = app.main.getByRole('row', { name: 'Google Ireland · 604000' });
  await expect(row).toContainText('300 €');
  await row.getByRole('button', { name: 'Affecter…' }).click();
  const google = app.main.getByRole('group', { name: 'À affecter : Google Ireland · 604000' });
  await google.getByRole('combobox', { name: 'Client' }).click();
  await app.page.getByRole('option', { name: 'FEC SA', exact: true }).click();
  await google.getByRole('combobox', { name: 'Pôle' }).fill('Paid');
  await google.getByRole('combobox', { name: 'Ligne' }).fill('Google Ads');
  const always = google.getByRole('checkbox', { name: 'Toujours pour ce tiers' });
  await always.check();
  await expect(always).toBeChecked();
  await google.getByRole('button', { name: 'Affecter' }).click();

  await expect(preview.getByRole('meter', { name: `Couverture de ${Y}` })).toHaveAttribute(
    'aria-valuetext',
    '100 % des montants affectés',
  );
  await expect(app.main.getByRole('region', { name: 'À affecter' })).toContainText('Tout est affecté');
  const changes = app.main.getByRole('region', { name: 'Modifications par client' });
  await expect(changes.getByRole('list', { name: 'Modifications de FEC SA' })).toContainText(
    'Paid · Google Ads · Mars · Achat',
  );
  const stored = (await (await request.get('/api/accounting/mapping')).json()) as typeof mapping;
  expect(stored.clients).toContainEqual({ thirdParty: 'GOOGLE', clientId });
  await app.page.screenshot({ path: testInfo.outputPath('apercu.png'), fullPage: true });

  await preview.getByRole('button', { name: 'Appliquer' }).click();
  await expect(preview.getByRole('status').filter({ hasText: 'Import appliqué' })).toHaveText(
    'Import appliqué : 2 cellules, 0 ligne créée',
  );
  const reconciliation = app.main.getByRole('table', { name: 'Rapprochement par mois' });
  const march = reconciliation.getByRole('row', { name: 'Mars' });
  await expect(march.getByRole('cell').last()).toHaveText('Rapproché');
  await app.page.screenshot({ path: testInfo.outputPath('rapprochement.png'), fullPage: true });

  // The grid holds the actuals.
  await app.openTab('Saisie Budgétaire');
  await tab.selectClient('FEC SA');
  await expect(tab.cell('Paid', 'Google Ads', 2, 'reel')).toHaveValue('1\u202f000');
  await expect(tab.cell('Paid', 'Google Ads', 2, 'achat')).toHaveValue('300');

  // The cell's history names the import and its day.
  await tab.cell('Paid', 'Google Ads', 2, 'reel').click({ button: 'right' });
  await app.page
    .getByRole('menu', { name: 'Paid · Google Ads · Mars · Réel' })
    .getByRole('menuitem', { name: 'Historique de la cellule' })
    .click();
  const history = app.page.getByRole('dialog', { name: 'Historique de la cellule' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toContainText(/Import comptable du \d\d\/\d\d\/\d{4}/);
  await app.page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  // Ctrl+Z outside a cell: the import (one entry, this client's) is taken back.
  await app.page.getByRole('heading', { level: 1, name: 'Saisie Budgétaire' }).click();
  await app.page.keyboard.press('Control+z');
  await expect(tab.cell('Paid', 'Google Ads', 2, 'reel')).toHaveValue('');
  await expect(tab.cell('Paid', 'Google Ads', 2, 'achat')).toHaveValue('');

  await app.openTab('Comptabilité');
  await expect(app.main.getByRole('region', { name: `Rapprochement ${Y}` })).toContainText(
    `Aucun import comptable appliqué à ${Y}.`,
  );
  expect(app.consoleErrors).toEqual([]);
});
