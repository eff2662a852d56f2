/**
 * Driver lines and roles (docs/product.md#roles): an editor of the client (or an admin) sets and
 * removes a line's driver; a viewer is refused (403), an editor of other clients finds no such
 * line (404); nothing changes on a refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire, PoleWire } from '@/domain/schemas';
import { createAccountsTestApp, threePeople } from '@/server/test/test-accounts';

const Y = 2047;
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const { call, join } = threePeople(() => t);
let mine: PoleWire;
let theirs: PoleWire;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await join('admin');
  const alpha = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Alpha' })).json as ClientWire;
  const beta = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Bêta' })).json as ClientWire;
  mine = (await call('admin', 'POST', `/api/clients/${alpha.id}/poles?year=${Y}`, { name: 'Paid', lines: ['A', 'B'] }))
    .json as PoleWire;
  theirs = (await call('admin', 'POST', `/api/clients/${beta.id}/poles?year=${Y}`, { name: 'Paid', lines: ['C', 'D'] }))
    .json as PoleWire;
  await join('editor', [alpha.id]);
  await join('viewer');
});
afterAll(() => t.db.close());

const driverOf = (pole: PoleWire) => ({
  measure: 'previsionnel',
  percent: 15,
  sourceMeasure: 'achat_previsionnel',
  sources: { pole: pole.id },
});
const path = (pole: PoleWire) => `/api/lines/${pole.lines[1]!.id}/driver?year=${Y}`;

describe('PUT and DELETE /api/lines/:id/driver by role and scope', () => {
  it('viewer 403, editor outside the scope 404, editor of the client and admin allowed', async () => {
    expect((await call('viewer', 'PUT', path(mine), driverOf(mine))).status).toBe(403);
    expect((await call('viewer', 'DELETE', path(mine))).status).toBe(403);
    expect((await call('editor', 'PUT', path(theirs), driverOf(theirs))).status).toBe(404);
    expect((await call('editor', 'DELETE', path(theirs))).status).toBe(404);
    const budget = (await call('admin', 'GET', `/api/budget?year=${Y}`)).json;
    expect(JSON.stringify(budget)).not.toContain('"driver"');

    expect((await call('editor', 'PUT', path(mine), driverOf(mine))).status).toBe(200);
    expect((await call('admin', 'PUT', path(theirs), driverOf(theirs))).status).toBe(200);
    expect((await call('editor', 'DELETE', path(mine))).status).toBe(200);
  });
});
