/**
 * A3 (issue 34): the history is read through the scope of each entry's client. A scoped user
 * asking for the history of a line of a client outside their scope gets nothing — also once the
 * line is deleted (it then has no client to check, and its entries leaked: actor, client, values).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire, PoleWire } from '@/domain/schemas';
import { addRoleUsers, createAccountsTestApp, PASSWORD, type RoleUser } from '@/server/test/test-accounts';
import { TEST_DB } from '@/server/test/test-db';

const Y = 2026;
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let users: RoleUser[];
let admin: string;
let inside: ClientWire;
let outsideLine: string;
let insideLine: string;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.addUser('chef@agence.fr');
  admin = await t.signIn('chef@agence.fr', PASSWORD, '192.0.2.1');
  users = await addRoleUsers(t, 20);
  const as = <T>(method: string, path: string, body?: unknown) =>
    t.call(method, path, { cookie: admin, body }).then((r) => r.json as T);
  inside = await as<ClientWire>('POST', `/api/clients?year=${Y}`, { name: 'Dedans' });
  const outside = await as<ClientWire>('POST', `/api/clients?year=${Y}`, { name: 'Dehors' });
  const poleOf = (client: ClientWire) =>
    as<PoleWire>('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['Ads'] });
  insideLine = (await poleOf(inside)).lines[0]!.id;
  outsideLine = (await poleOf(outside)).lines[0]!.id;
  await as('PATCH', `/api/cells?year=${Y}`, [{ lineId: outsideLine, month: 3, field: 'reel', value: 424242.42 }]);
  await as('PATCH', `/api/cells?year=${Y}`, [{ lineId: insideLine, month: 3, field: 'reel', value: 12 }]);
  // One batch over both clients: an entry of no client.
  await as('PATCH', `/api/cells?year=${Y}`, [
    { lineId: outsideLine, month: 4, field: 'reel', value: 535353.53 },
    { lineId: insideLine, month: 4, field: 'reel', value: 13 },
  ]);
  for (const u of users.filter((u) => u.assigned)) await as('PATCH', `/api/users/${u.id}`, { clientIds: [inside.id] });
});
afterAll(() => t.db.close());

const scoped = () => users.filter((u) => u.assigned);
const historyOf = (u: RoleUser, lineId: string) =>
  t.call('GET', `/api/history?lineId=${lineId}&year=${Y}`, { cookie: u.cookie });

describe(`the history of a line outside the scope, on ${TEST_DB}`, () => {
  it('is refused while the line exists, and empty once it is deleted', async () => {
    for (const u of scoped()) expect((await historyOf(u, outsideLine)).status, u.name).toBe(404);
    expect((await t.call('DELETE', `/api/lines/${outsideLine}?year=${Y}`, { cookie: admin })).status).toBe(204);
    for (const u of scoped()) {
      const res = await historyOf(u, outsideLine);
      expect(res.text, u.name).not.toMatch(/424242|535353/);
      expect({ who: u.name, status: res.status, json: res.json }).toEqual({
        who: u.name,
        status: 200,
        json: { entries: [] },
      });
    }
    // Everyone in scope still reads it: the admin and the unscoped roles.
    const all = await t.call('GET', `/api/history?lineId=${outsideLine}&year=${Y}`, { cookie: admin });
    expect(all.text).toContain('424242');
  });

  it("still answers a line in scope, with its cells of a batch over several clients and no other's", async () => {
    for (const u of scoped()) {
      const res = await historyOf(u, insideLine);
      expect(res.status).toBe(200);
      const cells = (res.json as { entries: { cells: { lineId: string; new: number }[] }[] }).entries.flatMap(
        (e) => e.cells,
      );
      expect(cells.map((c) => [c.lineId === insideLine, c.new]).sort(), u.name).toEqual(
        expect.arrayContaining([
          [true, 12],
          [true, 13],
        ]),
      );
      expect(cells.every((c) => c.lineId === insideLine)).toBe(true);
    }
  });
});
