/**
 * Live updates in accounts mode (docs/product.md#live-updates, #roles): each role, with every
 * client or only assigned ones, gets on its stream the changes and presence of the clients it may
 * see and nothing of the others; the scope and the session are re-read at each heartbeat; the
 * author's display name comes from the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent, PresenceEvent } from '@/domain/live';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { addRoleUsers, createAccountsTestApp, ROLE_USERS, type RoleUser } from '@/server/test/test-accounts';
import { dataOf, sseReader, type SseMessage } from '@/server/test/sse';
import { MAX_REPLAY } from './hub';

const Y = 2032;
const q = `?year=${Y}`;

type T = Awaited<ReturnType<typeof createAccountsTestApp>>;
let t: T;

type User = RoleUser;
const users: User[] = [];
const admin = () => users[0]!;

beforeAll(async () => {
  // Pings every 300 ms; no stalled-reader cut (streams read in memory: see live.test.ts).
  t = await createAccountsTestApp({ live: { heartbeatMs: 300, stallMs: 600_000 } });
  users.push(...(await addRoleUsers(t, 30)));
  await t.db.query(`update auth_user set name = 'Camille Martin' where email = 'admin@agence.fr'`);
});
afterAll(async () => {
  await t.live.close();
  await t.db.close();
});

const as = (user: User, method: string, path: string, body?: unknown) =>
  t.call(method, path, { cookie: user.cookie, body });

/** A client with one line, assigned to the assigned users when `inScope`. */
async function fixture(inScope: boolean) {
  const client = (await as(admin(), 'POST', `/api/clients${q}`, { name: `Client ${crypto.randomUUID()}` }))
    .json as Client;
  const pole = (await as(admin(), 'POST', `/api/clients/${client.id}/poles${q}`, { name: 'Paid', lines: ['A'] }))
    .json as Pole;
  if (inScope) {
    for (const u of users.filter((u) => u.assigned)) {
      await t.db.query(`insert into user_clients (user_id, client_id) values ($1, $2)`, [u.id, client.id]);
    }
  }
  return { client, lineId: pole.lines[0]!.id };
}

async function openStream(user: User) {
  const res = await t.app.request(`/api/events${q}`, { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  const s = sseReader(res.body!);
  await s.next();
  return s;
}

const type = async (lineId: string, value: number) =>
  (
    (await as(admin(), 'PATCH', `/api/cells${q}`, [{ lineId, month: 0, field: 'reel', value }])).json as {
      historyId: number;
    }
  ).historyId;

const changeFor = (historyId: number) => (m: SseMessage) =>
  m.event === 'change' && dataOf<ChangeEvent>(m).historyId === historyId;

const mentions = (messages: SseMessage[], client: Client) =>
  messages.some((m) => (m.data ?? '').includes(client.id) || (m.data ?? '').includes(client.name));

describe.each(ROLE_USERS.map((u) => [u.name, u] as const))('%s', (_name, spec) => {
  it('gets the changes and presence of the clients in scope, nothing of the others', async () => {
    const user = users.find((u) => u.email === spec.email)!;
    const inside = await fixture(true);
    const outside = await fixture(false);
    const s = await openStream(user);

    const outsideEntry = await type(outside.lineId, 11);
    await as(admin(), 'PUT', '/api/presence', { year: Y, clientId: outside.client.id, tab: `admin-${user.id}` });
    const insideEntry = await type(inside.lineId, 22);
    const { message, before } = await s.until(changeFor(insideEntry));
    expect(dataOf<ChangeEvent>(message)).toMatchObject({
      clientId: inside.client.id,
      by: 'admin@agence.fr',
      byName: 'Camille Martin',
      byInitials: 'CM',
      cells: [{ lineId: inside.lineId, month: 0, field: 'reel', value: 22 }],
    });
    // Everything before it: the outside client's change and presence only for a reader of every client.
    const sawOutside = before.some(changeFor(outsideEntry));
    expect(sawOutside).toBe(!spec.assigned);
    expect(mentions(before, outside.client)).toBe(!spec.assigned);

    await as(admin(), 'PUT', '/api/presence', { year: Y, clientId: inside.client.id, tab: `admin-${user.id}` });
    const seen = await s.until((m) => m.event === 'presence' && dataOf<PresenceEvent>(m).clientId === inside.client.id);
    expect(dataOf<PresenceEvent>(seen.message).users).toEqual([
      { id: admin().id, name: 'Camille Martin', initials: 'CM', tab: `admin-${user.id}` },
    ]);
    // The tab left the outside client: a presence event of it, in either order with this one (two
    // notifications), and only to a reader of every client. Nothing of it ever reached the others.
    if (spec.assigned) expect(mentions(s.seen, outside.client)).toBe(false);
    await s.cancel();
  });
});

describe('at each heartbeat', () => {
  it('the scope is read again: a client taken away stops arriving', async () => {
    const user = users.find((u) => u.email === 'editeur.a@agence.fr')!;
    const inside = await fixture(true);
    const s = await openStream(user);
    const first = await type(inside.lineId, 1);
    await s.until(changeFor(first));
    await t.db.query(`delete from user_clients where user_id = $1 and client_id = $2`, [user.id, inside.client.id]);
    // Each ping follows a re-check, and on PostgreSQL the re-checks run beside the delete: pings
    // written while it ran wait in the stream (a slow delete outlasts several 300 ms heartbeats).
    // Read what waits (a waiting chunk is read before a 50 ms timer can fire), then two pings: the
    // first was written after that, the second follows a re-check that started after the first.
    for (;;) {
      const waiting = await s.next(50).catch(() => undefined);
      if (waiting === undefined) break;
      expect(waiting, 'the stream ended').not.toBeNull();
    }
    await s.until((m) => m.comment === 'ping');
    await s.until((m) => m.comment === 'ping');
    const second = await type(inside.lineId, 2);
    // A closing (no client) goes to everyone as a resync: the marker after which nothing else can come.
    expect((await as(admin(), 'POST', `/api/years/${Y}/months/0/close`, {})).status).toBe(200);
    const { before } = await s.until((m) => m.event === 'resync');
    expect(before.some(changeFor(second))).toBe(false);
    expect(mentions(before, inside.client)).toBe(false);
    expect((await as(admin(), 'POST', `/api/years/${Y}/months/0/reopen`, { reason: 'Essai' })).status).toBe(200);
    // The reopening (no client) goes to every stream of the year as a resync: let the hub hand it
    // out while this stream is open, or the next test's stream could get it (PostgreSQL: the hub
    // reads it after a NOTIFY, which may come after that stream has opened).
    await s.until((m) => m.event === 'resync');
    await s.cancel();
  });

  it('the session is read again: a revoked session ends the stream', async () => {
    const email = 'revoque@agence.fr';
    await t.addUser(email, undefined, { role: 'viewer', clientIds: null });
    const cookie = await t.signIn(email, undefined, '192.0.2.80');
    const res = await t.app.request(`/api/events${q}`, { headers: { cookie } });
    const s = sseReader(res.body!);
    await s.next();
    await t.db.query(`delete from auth_session where "userId" = (select id from auth_user where email = $1)`, [email]);
    const rest = await s.toEnd();
    expect(rest.filter((m) => m.event !== undefined)).toEqual([]);
  });

  it('a stream needs a session to open', async () => {
    const res = await t.call('GET', `/api/events${q}`);
    expect(res.status).toBe(401);
  });
});

describe('resume (issue 34, B4)', () => {
  it('counts only the entries in scope: many missed entries of other clients do not turn a resume into a resync', async () => {
    const user = users.find((u) => u.email === 'lecteur.a@agence.fr')!;
    const inside = await fixture(true);
    const outside = await fixture(false);
    // The resume point a stream opened now is given (the hub has read up to it).
    const first = await t.app.request(`/api/events${q}`, { headers: { cookie: user.cookie } });
    const s = sseReader(first.body!);
    const from = Number((await s.next())!.id);
    await s.cancel();
    await t.db.query(
      `insert into history_entries (actor, source, client_id, year, summary)
       select 'admin@agence.fr', 'structure', $1, $2, 'Ajout' from generate_series(1, $3)`,
      [outside.client.id, Y, MAX_REPLAY + 1],
    );
    const saved = await type(inside.lineId, 5);
    const res = await t.app.request(`/api/events${q}`, {
      headers: { cookie: user.cookie, 'Last-Event-ID': String(from) },
    });
    const again = sseReader(res.body!);
    const { message, before } = await again.until((m) => m.event !== undefined);
    expect(message.event).toBe('change');
    expect(dataOf<ChangeEvent>(message).historyId).toBe(saved);
    expect(before.filter((m) => m.event !== undefined)).toEqual([]);
    await again.cancel();
  });
});
