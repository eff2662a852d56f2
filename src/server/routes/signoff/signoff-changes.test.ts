/**
 * What changed since the last validation (docs/product.md#sign-off-changes), in accounts mode:
 * nothing to compare before any version, the year's reference until a validation, then the
 * validation's own version; lines renamed, moved and added, cells changed, totals; the scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForecastChangesAnswer, VersionsAnswer } from '@/domain/answers';
import type { ClientWire as Client, LineWire, PoleWire as Pole } from '@/domain/schemas';
import { UNKNOWN_ID } from '@/server/test/test-db';
import { createAccountsTestApp, threePeople } from '@/server/test/test-accounts';

const Y = 2045;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const { call, join } = threePeople(() => t);
const changes = async (clientId: string, who: 'admin' | 'editor' | 'viewer' = 'admin') =>
  (await call(who, 'GET', `/api/years/${Y}/signoff/${clientId}/changes`)).json as ForecastChangesAnswer;
const save = async (lineId: string, month: number, field: string, value: number) =>
  expect((await call('admin', 'PATCH', `/api/cells?year=${Y}`, [{ lineId, month, field, value }])).status).toBe(200);

let alpha: Client;
let paid: Pole;
let search: string;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await join('admin');
  alpha = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Alpha' })).json as Client;
  paid = (await call('admin', 'POST', `/api/clients/${alpha.id}/poles?year=${Y}`, { name: 'Paid', lines: ['Search'] }))
    .json as Pole;
  search = paid.lines[0]!.id;
  await save(search, 0, 'previsionnel', 100);
  await join('editor', [alpha.id]);
});
afterAll(() => t.db.close());

describe('GET /api/years/:year/signoff/:clientId/changes', () => {
  it('lists nothing while no version holds the client', async () => {
    expect(await changes(alpha.id)).toEqual({
      since: null,
      basis: null,
      poles: [],
      lines: [],
      cells: [],
      totals: { before: { previsionnel: 0, achat_previsionnel: 0 }, after: { previsionnel: 0, achat_previsionnel: 0 } },
    });
  });

  it('reads against the year’s reference until a validation, and the editor of the client reads it too', async () => {
    expect((await call('admin', 'POST', `/api/years/${Y}/versions`, { name: 'Budget initial' })).status).toBe(201);
    await save(search, 1, 'previsionnel', 50.25);
    const answer = await changes(alpha.id, 'editor');
    expect(answer).toMatchObject({ since: { name: 'Budget initial', reference: true }, basis: 'référence' });
    expect(answer.cells).toEqual([
      {
        lineId: search,
        lineName: 'Search',
        poleName: 'Paid',
        month: 1,
        field: 'previsionnel',
        before: 0,
        after: 50.25,
      },
    ]);
    expect(answer.totals).toEqual({
      before: { previsionnel: 100, achat_previsionnel: 0 },
      after: { previsionnel: 150.25, achat_previsionnel: 0 },
    });
  });

  it('reads against the version of the last validation: nothing at first, then each change since', async () => {
    expect((await call('editor', 'POST', `/api/years/${Y}/signoff/${alpha.id}`, { to: 'soumis' })).status).toBe(200);
    expect((await call('admin', 'POST', `/api/years/${Y}/signoff/${alpha.id}`, { to: 'validé' })).status).toBe(200);
    const validated = ((await call('admin', 'GET', `/api/years/${Y}/versions`)).json as VersionsAnswer).at(-1)!;
    const right = await changes(alpha.id);
    expect(right).toMatchObject({ since: { id: validated.id, clientId: alpha.id }, basis: 'validation' });
    expect([right.poles, right.lines, right.cells]).toEqual([[], [], []]);

    const reopen = { to: 'brouillon', reason: 'Nouveau devis Meta' };
    expect((await call('admin', 'POST', `/api/years/${Y}/signoff/${alpha.id}`, reopen)).status).toBe(200);
    await call('admin', 'PUT', `/api/lines/${search}/name?year=${Y}`, { name: 'Search Ads' });
    const meta = (await call('admin', 'POST', `/api/poles/${paid.id}/lines?year=${Y}`, { name: 'Meta' }))
      .json as LineWire;
    await save(meta.id, 2, 'achat_previsionnel', 30);
    await save(search, 0, 'previsionnel', 120);

    const after = await changes(alpha.id);
    expect(after.since!.id).toBe(validated.id);
    expect(after.lines).toEqual([
      {
        lineId: search,
        change: 'modifié',
        name: 'Search Ads',
        poleName: 'Paid',
        previousName: 'Search',
        previousPoleName: null,
      },
      { lineId: meta.id, change: 'ajouté', name: 'Meta', poleName: 'Paid', previousName: null, previousPoleName: null },
    ]);
    expect(after.cells.map((c) => [c.lineName, c.month, c.field, c.before, c.after])).toEqual([
      ['Search Ads', 0, 'previsionnel', 100, 120],
      ['Meta', 2, 'achat_previsionnel', 0, 30],
    ]);
    expect(after.totals).toEqual({
      before: { previsionnel: 150.25, achat_previsionnel: 0 },
      after: { previsionnel: 170.25, achat_previsionnel: 30 },
    });
  });

  it('is refused in French: a client outside the scope or unknown (404), a bad year (400)', async () => {
    const beta = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Bêta' })).json as Client;
    const outside = await call('editor', 'GET', `/api/years/${Y}/signoff/${beta.id}/changes`);
    expect(outside.status).toBe(404);
    const unknown = await call('admin', 'GET', `/api/years/${Y}/signoff/${UNKNOWN_ID}/changes`);
    expect([unknown.status, (unknown.json as { error: { message: string } }).error.message]).toEqual([
      404,
      'Client introuvable.',
    ]);
    expect((await call('admin', 'GET', `/api/years/20x5/signoff/${beta.id}/changes`)).status).toBe(400);
    // Bêta came after the reference was frozen, and was never validated: nothing to compare.
    expect((await changes(beta.id)).since).toBeNull();
  });
});
