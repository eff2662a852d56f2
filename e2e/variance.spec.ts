/**
 * 'Analyse des écarts' (docs/product.md#variance): a client sold less at a worse margin than its
 * reference; the waterfall reads MB référence 300 € → volume −60 € → taux −40 € → MB réelle 200 €,
 * the gap asks for a justification (threshold 50 € and 10 %), and 'Justifier' records one that the
 * table then shows. On a year of its own (the reference and the cut-off are the whole year's).
 */
import type { Pole } from '../src/domain';
import { expect, test } from './fixtures';
import { json } from './http';
import { selectYear } from './year-select';

const Y = 2041;

test('reads a waterfall and justifies a gap', async ({ app, request }) => {
  const client = await json<{ id: string }>(request.post(`/api/clients?year=${Y}`, { data: { name: 'Écarts SA' } }));
  const pole = await json<Pole>(
    request.post(`/api/clients/${client.id}/poles?year=${Y}`, { data: { name: 'Paid', lines: ['Search'] } }),
  );
  const lineId = pole.lines[0]!.id;
  const cell = (field: string, value: number) => ({ lineId, month: 0, field, value });
  await json(
    request.patch(`/api/cells?year=${Y}`, { data: [cell('previsionnel', 1000), cell('achat_previsionnel', 700)] }),
  );
  await json(request.post(`/api/years/${Y}/versions`, { data: { name: 'Budget initial' } }));
  await json(request.patch(`/api/cells?year=${Y}`, { data: [cell('reel', 800), cell('achat', 600)] }));
  await json(request.put('/api/variance/settings', { data: { threshold: { euros: 50, percent: 10 } } }));

  await app.goto('/');
  await selectYear(app.page, Y);
  await app.openTab('Dashboard');
  await app.main.getByRole('tab', { name: 'Analyse des écarts' }).click();

  // (800 − 1 000) × 30 % = −60 € of volume; the rest of the −100 € gap, −40 €, is the rate.
  await expect(app.main.getByRole('img', { name: /^Analyse des écarts :/ })).toHaveAttribute(
    'aria-label',
    /MB référence 300\s€, Effet volume -60\s€, Effet taux -40\s€, MB réelle 200\s€/,
  );
  const table = app.main.getByRole('table', { name: 'Écarts par client' });
  const row = table.getByRole('row').filter({ hasText: 'Écarts SA' });
  await expect(row).toContainText('À justifier');

  await row.getByRole('button', { name: 'Justifier l’écart de Écarts SA' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Justifier l’écart de Écarts SA' });
  await dialog.getByRole('textbox', { name: 'Justification' }).fill('Campagne décalée en février.');
  await dialog.getByRole('button', { name: 'Enregistrer la justification' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Campagne décalée en février.');
  await expect(row).not.toContainText('À justifier');

  // The threshold is global: put it back so no other spec sees a gap asking for a justification.
  await json(request.put('/api/variance/settings', { data: { threshold: null } }));
});
