/**
 * The Dashboard compared with a version (docs/product.md#versions-and-landing): freeze, edit a
 * forecast, choose the version in 'Comparer avec': its MB forecast and the gap show beside each
 * project and TOTAL, the choice stays in the URL across a reload, the CSV carries them; and the
 * landing view (docs/product.md#landing-view) of the same data.
 */
import fs from 'node:fs';
import type { Locator } from '@playwright/test';
import type { CreatedVersionAnswer } from '../src/domain/answers';
import type { BackupWire as Backup } from '../src/domain/schemas';
import { currentYear } from '../src/domain/years';
import { expect, test } from './fixtures';
import { json } from './http';

const months = (values: readonly number[] = []) => Array.from({ length: 12 }, (_, m) => values[m] ?? 0);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// Alpha: prév. 2 000, achat prév. 800 (MB prév. 1 200), réel 1 200, achat 500.
const backup: Backup = {
  clients: [
    {
      id: id(1),
      name: 'Alpha',
      prevision_mb_annuelle_debut: 1000,
      prevision_mb_annuelle_revue: 0,
      created_at: '2025-01-01T10:00:00.000Z',
    },
  ],
  budgetData: {
    [id(1)]: [
      {
        id: id(11),
        name: 'Paid',
        isExpanded: true,
        facture: months().map(() => false),
        lines: [
          {
            id: id(21),
            name: 'Search',
            previsionnel: months([1000, 1000]),
            achat_previsionnel: months([400, 400]),
            reel: months([1200]),
            achat: months([500]),
          },
        ],
      },
    ],
  },
};

const rowCells = (table: Locator, name: string) =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name, exact: true }) })
    .getByRole('cell');

test('compares the Dashboard with a frozen version, remembered in the URL, in the CSV too', async ({
  app,
  request,
}) => {
  const year = currentYear();
  await json(request.post('/api/backup', { data: backup }));
  const version = await json<CreatedVersionAnswer>(
    request.post(`/api/years/${year}/versions`, { data: { name: 'Budget initial' } }),
  );
  // After the freeze: February's forecast 1 000 → 1 500 (MB prév. 1 700).
  await json(
    request.patch(`/api/cells?year=${year}`, {
      data: [{ lineId: id(21), month: 1, field: 'previsionnel', value: 1500 }],
    }),
  );

  await app.goto('/');
  await app.openTab('Dashboard');
  const projects = app.main.getByRole('table', { name: 'Marges par Projet' });
  await expect(projects.getByRole('columnheader', { name: 'MB Budget initial' })).toHaveCount(0);
  await app.main.getByLabel('Comparer avec').selectOption({ label: 'Budget initial (référence)' });

  const headers = projects.getByRole('columnheader');
  await expect(headers.nth(3)).toHaveText('MB Budget initial');
  await expect(headers.nth(4)).toHaveText('Écart vs Budget initial');
  await expect(rowCells(projects, 'Alpha').nth(2)).toHaveText('1 700 €');
  await expect(rowCells(projects, 'Alpha').nth(3)).toHaveText('1 200 €');
  await expect(rowCells(projects, 'Alpha').nth(4)).toHaveText('500 €');
  await expect(rowCells(projects, 'TOTAL').nth(4)).toHaveText('500 €');
  expect(new URL(app.page.url()).searchParams.get('version')).toBe(String(version.id));

  await app.page.reload();
  await app.openTab('Dashboard');
  await expect(app.main.getByLabel('Comparer avec')).toHaveValue(String(version.id));
  await expect(rowCells(projects, 'Alpha').nth(4)).toHaveText('500 €');

  const [download] = await Promise.all([
    app.page.waitForEvent('download'),
    app.main.getByRole('button', { name: 'Exporter CSV' }).click(),
  ]);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('"Version comparée";"Budget initial"');
  expect(csv).toContain('"MB Budget initial";"Écart vs Budget initial"');

  await app.main.getByLabel('Comparer avec').selectOption({ label: 'Aucune version' });
  await expect(projects.getByRole('columnheader', { name: 'MB Budget initial' })).toHaveCount(0);
  expect(new URL(app.page.url()).searchParams.get('version')).toBeNull();
});

test("lands the year in the 'Atterrissage' tab: actuals to the cut-off, forecasts after, against the reference", async ({
  app,
  request,
}) => {
  const year = currentYear();
  await json(request.post('/api/backup', { data: backup }));
  await json(request.post(`/api/years/${year}/versions`, { data: { name: 'Budget initial' } }));
  await json(
    request.patch(`/api/cells?year=${year}`, {
      data: [{ lineId: id(21), month: 1, field: 'previsionnel', value: 1500 }],
    }),
  );

  await app.goto('/');
  await app.openTab('Dashboard');
  await app.main.getByRole('tab', { name: 'Atterrissage' }).click();
  const table = app.main.getByRole('table', { name: 'Atterrissage par client et pôle' });
  // January is actual (1 200 − 500), February the forecast typed after the freeze (1 500 − 400).
  await expect(table.getByRole('columnheader').nth(1)).toHaveText(/janv\. réel/);
  await expect(table.getByRole('columnheader').nth(2)).toHaveText(/févr\. prév\./);
  const alpha = rowCells(table, 'Alpha · Paid');
  await expect(alpha.nth(1)).toHaveText('700 €');
  await expect(alpha.nth(2)).toHaveText('1 100 €');
  await expect(alpha.nth(13)).toHaveText('1 800 €');
  await expect(alpha.nth(14)).toHaveText('1 200 €');
  await expect(alpha.nth(15)).toHaveText('600 €');
  await expect(app.main.getByText('Réel jusqu’à janvier, prévisionnel ensuite')).toContainText(
    'Atterrissage 1 800 € = MB réelle à date 700 € + MB prévisionnelle après janvier 1 100 €.',
  );
});
