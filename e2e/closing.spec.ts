/**
 * Month closing (issue 14, docs/product.md#month-closing): close January after its checklist, see
 * the padlock and the greyed cells, fail to type into it (told why), paste across it (the open cells are
 * saved, the closed ones counted), then reopen it with a reason. On a year of its own, so no other
 * spec meets a closed month.
 */
import type { Pole } from '../src/domain';
import { budgetTab } from './budget-page';
import { expect, test } from './fixtures';
import { selectYear } from './year-select';

const Y = 2035;

test('closes January after its checklist, keeps it out of typing and pasting, reopens it with a reason', async ({
  app,
  request,
}, testInfo) => {
  const tab = budgetTab(app.page);
  const client = (await (await request.post(`/api/clients?year=${Y}`, { data: { name: 'Clôture SA' } })).json()) as {
    id: string;
  };
  const pole = (await (
    await request.post(`/api/clients/${client.id}/poles?year=${Y}`, { data: { name: 'Paid', lines: ['Google Ads'] } })
  ).json()) as Pole;
  const lineId = pole.lines[0]!.id;
  await request.patch(`/api/cells?year=${Y}`, { data: [{ lineId, month: 0, field: 'reel', value: 1200 }] });

  await app.goto('/');
  await selectYear(app.page, Y);
  await tab.selectClient('Clôture SA');
  const jan = tab.cell('Paid', 'Google Ads', 0, 'previsionnel');
  const janReel = tab.cell('Paid', 'Google Ads', 0, 'reel');
  await expect(janReel).toHaveValue('1\u202f200');
  await expect(jan).toBeEditable();

  // The checklist: actual sales in January, not marked invoiced. Closing has its own tab
  // (docs/product.md#closing-and-backups-page): the grid comes first on the budget tab.
  await app.openTab('Clôture');
  await app.main.getByRole('button', { name: 'Clôturer janvier' }).click();
  const dialog = app.page.getByRole('dialog', { name: `Clôturer janvier ${Y}` });
  await expect(dialog.getByRole('region', { name: 'Points à vérifier' })).toContainText(
    "Clôture SA · Paid : du réel saisi, mais le mois n'est pas marqué facturé.",
  );
  await app.page.screenshot({ path: testInfo.outputPath('checklist.png') });
  await dialog.getByRole('button', { name: 'Clôturer janvier' }).click();
  await expect(tab.toast(`Janvier ${Y} clôturé`)).toBeVisible();
  await app.openTab('Saisie Budgétaire');

  await expect(tab.grid.getByRole('img', { name: 'Janvier clôturé' })).toBeVisible();
  await expect(jan).not.toBeEditable();
  await expect(tab.grid.getByRole('checkbox', { name: 'Facturé · Paid · Janvier' })).toBeDisabled();
  await expect(tab.cell('Paid', 'Google Ads', 1, 'previsionnel')).toBeEditable();
  await app.page.screenshot({ path: testInfo.outputPath('janvier-clos.png') });

  // Typing into a closed cell changes nothing, and says why beside it (docs/product.md#read-only-cells);
  // leaving the cell hides the reason.
  const notice = tab.grid.getByRole('status').filter({ hasText: 'est clôturé' });
  await jan.click();
  await expect(notice).toHaveCount(0);
  await app.page.keyboard.type('999');
  await expect(notice).toHaveText('Janvier est clôturé\u00a0: ce montant ne peut plus changer.');
  await expect(jan).toHaveValue('');
  await tab.cell('Paid', 'Google Ads', 1, 'previsionnel').click();
  await expect(notice).toHaveCount(0);
  await jan.click();

  // A block pasted from January's forecast sales along the months: January's cell is left out,
  // February's and March's are saved.
  await jan.evaluate((input) => {
    const data = new DataTransfer();
    data.setData('text/plain', '10\t20\t30\r\n');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(tab.toast('1 cellule(s) clôturée(s) ignorée(s)')).toBeVisible();
  await expect(tab.cell('Paid', 'Google Ads', 1, 'previsionnel')).toHaveValue('20');
  await expect(tab.cell('Paid', 'Google Ads', 2, 'previsionnel')).toHaveValue('30');
  await expect
    .poll(async () => {
      const [stored] = (await (await request.get(`/api/clients/${client.id}/budget?year=${Y}`)).json()) as Pole[];
      const line = stored!.lines[0]!;
      return [line.previsionnel.slice(0, 3), line.reel.slice(0, 3)];
    })
    .toEqual([
      [0, 20, 30],
      [1200, 0, 0],
    ]);

  // Reopening needs a reason.
  await app.openTab('Clôture');
  await app.main.getByRole('button', { name: 'Rouvrir janvier' }).click();
  const reopen = app.page.getByRole('dialog', { name: `Rouvrir Janvier ${Y}` });
  const confirm = reopen.getByRole('button', { name: 'Rouvrir janvier' });
  await expect(confirm).toBeDisabled();
  await reopen.getByLabel('Motif de réouverture').fill('Avoir fournisseur arrivé en retard');
  await confirm.click();
  await expect(tab.toast(`Janvier ${Y} rouvert`)).toBeVisible();
  await app.openTab('Saisie Budgétaire');
  await expect(tab.grid.getByRole('img', { name: 'Janvier clôturé' })).toHaveCount(0);
  await expect(jan).toBeEditable();
  const history = (await (await request.get(`/api/history?year=${Y}&limit=10`)).json()) as {
    entries: { source: string; summary: string }[];
  };
  expect(history.entries.filter((e) => e.source === 'clôture').map((e) => e.summary)).toEqual([
    `Réouverture de janvier ${Y} : Avoir fournisseur arrivé en retard`,
    `Clôture de janvier ${Y}`,
  ]);
  expect(app.consoleErrors).toEqual([]);
});
