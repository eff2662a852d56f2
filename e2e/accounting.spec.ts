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
/** One entry's lines: [CompteNum, CompteLib, CompAuxNum, CompAuxLib, Debit, Credit] each, dated `day` of March. */
function entry(journal: string, num: string, day: string, label: string, lines: string[][]): string[] {
  const date = `${Y}03${day}`;
  const [journalLib, piece] = journal === 'VE' ? ['Ventes', 'F1'] : ['Achats', 'G1'];
  return lines.map(([account, accountLib, aux, auxLib, debit, credit]) => {
    // The fields by name; the others (lettering, currency) stay empty.
    const values: Record<string, string | undefined> = {
      JournalCode: journal,
      JournalLib: journalLib,
      EcritureNum: num,
      EcritureDate: date,
      CompteNum: account,
      CompteLib: accountLib,
      CompAuxNum: aux,
      CompAuxLib: auxLib,
      PieceRef: piece,
      PieceDate: date,
      EcritureLib: label,
      Debit: debit,
      Credit: credit,
      ValidDate: date,
    };
    return FIELDS.split('|')
      .map((name) => values[name] ?? '')
      .join('|');
  });
}
/** An Odoo-style FEC: pipes, CRLF, no final newline. A sale to DUPONT and a purchase from GOOGLE in March. */
const FEC = [
  FIELDS,
  ...entry('VE', 'VE1', '15', 'Facture mars', [
    ['411000', 'Clients', 'DUPONT', 'Dupont SA', '1200,00', '0,00'],
    ['706100', 'Prestations', '', '', '0,00', '1000,00'],
    ['445710', 'TVA collectée', '', '', '0,00', '200,00'],
  ]),
  ...entry('HA', 'HA1', '20', 'Google Ads mars', [
    ['604000', 'Achats médias', '', '', '300,00', '0,00'],
    ['401000', 'Fournisseurs', 'GOOGLE', 'Google Ireland', '0,00', '300,00'],
  ]),
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
