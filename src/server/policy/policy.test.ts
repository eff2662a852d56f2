/**
 * Roles and scopes in accounts mode (docs/product.md#roles): role × scope × every route. Each case
 * runs on a fresh client, in or out of the caller's scope; a write without the right → 403, a client
 * outside the scope → 404 on every route that names it, and lists never show it. Then 'Voir en tant
 * que…' and the users' own accounts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessWire, UserWire } from '@/domain/control';
import { VIEW_AS_HEADER } from '@/domain/control';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import type { YearSummary } from '@/domain/answers';
import {
  addRoleUsers,
  createAccountsTestApp,
  ROLE_USERS,
  sessionCookie,
  type RoleUser,
} from '@/server/test/test-accounts';

const Y = 2030;
const q = `?year=${Y}`;

type T = Awaited<ReturnType<typeof createAccountsTestApp>>;
let t: T;

type User = RoleUser;
const USERS = ROLE_USERS;
const users: User[] = [];
const admin = () => users[0]!;

async function as(user: User, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.call(method, path, { cookie: user.cookie, body, headers });
}

/** A fresh client with a pole of two lines and one typed cell (an entry), in or out of the assigned users' scope. */
async function fixture(inScope: boolean) {
  const client = (await as(admin(), 'POST', `/api/clients${q}`, { name: `Client ${crypto.randomUUID()}` }))
    .json as Client;
  const pole = (await as(admin(), 'POST', `/api/clients/${client.id}/poles${q}`, { name: 'Paid', lines: ['A', 'B'] }))
    .json as Pole;
  const typed = (
    await as(admin(), 'PATCH', `/api/cells${q}`, [{ lineId: pole.lines[0]!.id, month: 3, field: 'reel', value: 10 }])
  ).json as { historyId: number };
  if (inScope) {
    for (const u of users.filter((u) => u.assigned)) {
      await t.db.query(`insert into user_clients (user_id, client_id) values ($1, $2)`, [u.id, client.id]);
    }
  }
  return { client, pole, lineId: pole.lines[0]!.id, otherLineId: pole.lines[1]!.id, entryId: typed.historyId };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;
type Req = [method: string, path: string, body?: unknown];

/**
 * What a route needs: `read`/`write` a client, `create` a client, `admin` work; `own`: a write that
 * changes no data, open to every role on a client in scope (presence, comments).
 */
type Kind = 'read' | 'write' | 'create' | 'admin' | 'own';

let userSeq = 0;
/**
 * Every route of the app but the accounts' own (/api/auth/*, tested in auth.test.ts), the lists below
 * and the event stream GET /api/events (it never ends: its scope per role is in live/live-scope.test.ts).
 */
const ROUTES: { route: string; kind: Kind; req: (f: Fixture) => Req }[] = [
  { route: 'GET /api/clients/:id/budget', kind: 'read', req: (f) => ['GET', `/api/clients/${f.client.id}/budget${q}`] },
  { route: 'GET /api/history?clientId', kind: 'read', req: (f) => ['GET', `/api/history?clientId=${f.client.id}`] },
  { route: 'GET /api/history?lineId', kind: 'read', req: (f) => ['GET', `/api/history?lineId=${f.lineId}&year=${Y}`] },
  {
    route: 'GET /api/history/stack',
    kind: 'read',
    req: (f) => ['GET', `/api/history/stack?clientId=${f.client.id}&year=${Y}`],
  },
  {
    route: 'GET /api/dashboard?clients=id',
    kind: 'read',
    req: (f) => ['GET', `/api/dashboard?clients=${f.client.id}${`&year=${Y}`}`],
  },
  {
    route: 'PATCH /api/clients/:id',
    kind: 'write',
    req: (f) => ['PATCH', `/api/clients/${f.client.id}${q}`, { name: `Renommé ${crypto.randomUUID()}` }],
  },
  { route: 'DELETE /api/clients/:id', kind: 'write', req: (f) => ['DELETE', `/api/clients/${f.client.id}`] },
  {
    route: 'POST /api/clients/:id/poles',
    kind: 'write',
    req: (f) => ['POST', `/api/clients/${f.client.id}/poles${q}`, { name: 'SEO', lines: ['Audit'] }],
  },
  {
    route: 'PATCH /api/poles/:id',
    kind: 'write',
    req: (f) => ['PATCH', `/api/poles/${f.pole.id}${q}`, { isExpanded: false }],
  },
  {
    route: 'PUT /api/poles/:id/facture/:month',
    kind: 'write',
    req: (f) => ['PUT', `/api/poles/${f.pole.id}/facture/2${q}`, { value: true }],
  },
  {
    route: 'POST /api/poles/:id/lines',
    kind: 'write',
    req: (f) => ['POST', `/api/poles/${f.pole.id}/lines${q}`, { name: 'C' }],
  },
  {
    route: 'PUT /api/poles/:id/name',
    kind: 'write',
    req: (f) => ['PUT', `/api/poles/${f.pole.id}/name${q}`, { name: 'Paid Media' }],
  },
  {
    route: 'PUT /api/lines/:id/name',
    kind: 'write',
    req: (f) => ['PUT', `/api/lines/${f.lineId}/name${q}`, { name: 'A bis' }],
  },
  {
    route: 'POST /api/lines/:id/move',
    kind: 'write',
    req: (f) => ['POST', `/api/lines/${f.lineId}/move${q}`, { direction: 'down' }],
  },
  { route: 'DELETE /api/lines/:id', kind: 'write', req: (f) => ['DELETE', `/api/lines/${f.otherLineId}${q}`] },
  {
    route: 'PATCH /api/cells',
    kind: 'write',
    req: (f) => ['PATCH', `/api/cells${q}`, [{ lineId: f.lineId, month: 4, field: 'previsionnel', value: 5 }]],
  },
  {
    route: 'POST /api/years/:year/rollforward',
    kind: 'write',
    req: (f) => [
      'POST',
      `/api/years/${Y + 1}/rollforward`,
      { from: Y, clients: [f.client.id], figures: 'previsionnel' },
    ],
  },
  {
    route: 'POST /api/import',
    kind: 'write',
    req: (f) => [
      'POST',
      `/api/import${q}`,
      { lines: [], cells: [{ lineId: f.lineId, month: 5, field: 'reel', value: 6 }] },
    ],
  },
  { route: 'POST /api/history/:id/undo', kind: 'write', req: (f) => ['POST', `/api/history/${f.entryId}/undo`] },
  {
    route: 'GET /api/presence',
    kind: 'read',
    req: (f) => ['GET', `/api/presence?year=${Y}&clientId=${f.client.id}`],
  },
  {
    route: 'PUT /api/presence',
    kind: 'own',
    req: (f) => ['PUT', '/api/presence', { year: Y, clientId: f.client.id, tab: `onglet-${++userSeq}` }],
  },
  {
    route: 'GET /api/comments',
    kind: 'read',
    req: (f) => ['GET', `/api/comments?clientId=${f.client.id}&year=${Y}`],
  },
  {
    route: 'GET /api/comments/people',
    kind: 'read',
    req: (f) => ['GET', `/api/comments/people?clientId=${f.client.id}`],
  },
  // A viewer may comment (docs/product.md#comments): a write every role makes on a client in scope.
  {
    route: 'POST /api/comments',
    kind: 'own',
    req: (f) => ['POST', '/api/comments', { clientId: f.client.id, year: Y, lineId: f.lineId, text: 'Vu' }],
  },
  {
    route: 'POST /api/clients',
    kind: 'create',
    req: () => ['POST', `/api/clients${q}`, { name: `Nouveau ${crypto.randomUUID()}` }],
  },
  {
    route: 'GET /api/years/:year/months/:month/checklist',
    kind: 'admin',
    req: () => ['GET', `/api/years/2040/months/0/checklist`],
  },
  {
    route: 'POST /api/years/:year/months/:month/close',
    kind: 'admin',
    req: () => ['POST', `/api/years/2040/months/0/close`, {}],
  },
  {
    route: 'POST /api/years/:year/months/:month/reopen',
    kind: 'admin',
    req: () => ['POST', `/api/years/2040/months/0/reopen`, { reason: 'Essai' }],
  },
  { route: 'GET /api/users', kind: 'admin', req: () => ['GET', '/api/users'] },
  {
    route: 'POST /api/users',
    kind: 'admin',
    req: () => ['POST', '/api/users', { email: `nouveau${++userSeq}@agence.fr`, role: 'viewer', clientIds: null }],
  },
  { route: 'PATCH /api/users/:id', kind: 'admin', req: () => ['PATCH', `/api/users/${dummyId}`, { role: 'viewer' }] },
];
let dummyId = '';

/** The status a user gets: 'ok' (2xx), 403 or 404. */
function expected(user: User, kind: Kind, inScope: boolean): 'ok' | 403 | 404 {
  const writes = kind !== 'read' && kind !== 'own';
  if (!inScope) return user.role === 'viewer' && writes ? 403 : 404;
  if (kind === 'read' || kind === 'own') return 'ok';
  if (kind === 'write') return user.role === 'viewer' ? 403 : 'ok';
  if (kind === 'create') return user.role === 'viewer' || user.assigned ? 403 : 'ok';
  return user.role === 'admin' ? 'ok' : 403;
}

beforeAll(async () => {
  t = await createAccountsTestApp();
  users.push(...(await addRoleUsers(t, 20)));
  await t.addUser('dummy@agence.fr');
  dummyId = (await t.db.query<{ id: string }>(`select id from auth_user where email = 'dummy@agence.fr'`)).rows[0]!.id;
});
afterAll(() => t.db.close());

describe.each(USERS.map((u) => [u.name, u] as const))('%s', (_name, spec) => {
  const targets = [true, ...(spec.assigned ? [false] : [])];
  for (const { route, kind, req } of ROUTES) {
    for (const inScope of targets) {
      if (!inScope && (kind === 'create' || kind === 'admin')) continue;
      const want = expected({ ...spec, cookie: '', id: '' }, kind, inScope);
      it(`${route}, client ${inScope ? 'in' : 'outside'} scope → ${want}`, async () => {
        const user = users.find((u) => u.email === spec.email)!;
        const f = await fixture(inScope);
        const before = (await as(admin(), 'GET', '/api/backup')).text;
        const [method, path, body] = req(f);
        const res = await as(user, method, path, body);
        if (want === 'ok') {
          expect(res.status, res.text).toBeLessThan(300);
        } else {
          expect(res.status, res.text).toBe(want);
          expect((res.json as { error: { code: string } }).error.code).toBe(want === 403 ? 'forbidden' : 'not_found');
          if (!inScope) expect(res.text).not.toContain(f.client.name);
          // A refused request changed nothing (the backup is every client and year, minus its date).
          const after = (await as(admin(), 'GET', '/api/backup')).text;
          expect(after.replace(/"exportDate":"[^"]*"/, '')).toBe(before.replace(/"exportDate":"[^"]*"/, ''));
        }
      });
    }
  }

  it('lists, dashboards, exports and the history hold only the clients in scope', async () => {
    const user = users.find((u) => u.email === spec.email)!;
    const inside = await fixture(true);
    const outside = await fixture(false);
    const lists = [
      `/api/clients${q}`,
      `/api/budget${q}`,
      '/api/backup',
      `/api/backup${q}`,
      `/api/dashboard?clients=all&year=${Y}`,
      '/api/history?limit=200',
    ];
    for (const path of lists) {
      const res = await as(user, 'GET', path);
      expect(res.status, path).toBe(200);
      // The dashboard names its clients; the history names them in its entries' client ids.
      const shows = (f: Fixture) => res.text.includes(f.client.id) || res.text.includes(f.client.name);
      expect(shows(inside), path).toBe(true);
      expect(shows(outside), path).toBe(!spec.assigned);
    }
    // The years' client counts count only the clients in scope too.
    const years = (await as(user, 'GET', '/api/years')).json as YearSummary[];
    const all = (await as(admin(), 'GET', '/api/years')).json as YearSummary[];
    const countIn = (list: YearSummary[]) => list.find((y) => y.year === Y)!.clients;
    const assigned = Number(
      (
        await t.db.query<{ n: string }>(
          `select count(distinct p.client_id)::text as n from user_clients u
             join expertise_poles p on p.client_id = u.client_id and p.year = $2
            where u.user_id = $1 and exists (select 1 from budget_line_items l where l.expertise_pole_id = p.id)`,
          [user.id, Y],
        )
      ).rows[0]!.n,
    );
    expect(countIn(years)).toBe(spec.assigned ? assigned : countIn(all));
    expect(countIn(all)).toBeGreaterThan(assigned);
    const access = (await as(user, 'GET', '/api/access')).json as AccessWire;
    expect(access.role).toBe(spec.role);
    expect(access.clientIds === null).toBe(!spec.assigned);
  });

  it('cannot change their own role or scope, nor restore', async () => {
    const user = users.find((u) => u.email === spec.email)!;
    const raise = await as(user, 'PATCH', `/api/users/${user.id}`, { role: 'admin', clientIds: null });
    expect(raise.status).toBe(403);
    const backup = (await as(admin(), 'GET', '/api/backup')).json;
    expect((await as(user, 'POST', '/api/backup', backup)).status).toBe(spec.role === 'admin' ? 200 : 403);
    expect(((await as(user, 'GET', '/api/access')).json as AccessWire).role).toBe(spec.role);
  });
});

describe("'Voir en tant que…'", () => {
  it('shows an admin what a user sees, read-only, and only to an admin', async () => {
    const viewer = users.find((u) => u.email === 'lecteur.a@agence.fr')!;
    const editor = users.find((u) => u.email === 'editeur.a@agence.fr')!;
    const inside = await fixture(true);
    const outside = await fixture(false);
    const look = { [VIEW_AS_HEADER]: editor.id };
    const access = (await as(admin(), 'GET', '/api/access', undefined, look)).json as AccessWire;
    expect(access).toEqual({
      mode: 'accounts',
      role: 'editor',
      clientIds: expect.arrayContaining([inside.client.id]),
      viewAs: { id: editor.id, email: editor.email },
      // 'Mes clients' are the user's looked through (docs/product.md#client-attributes).
      me: editor.email,
    });
    const list = (await as(admin(), 'GET', `/api/clients${q}`, undefined, look)).text;
    expect(list).toContain(inside.client.id);
    expect(list).not.toContain(outside.client.id);
    expect((await as(admin(), 'GET', `/api/clients/${outside.client.id}/budget${q}`, undefined, look)).status).toBe(
      404,
    );
    // Even what the viewed editor may write is refused while looking.
    const write = await as(admin(), 'PATCH', `/api/clients/${inside.client.id}${q}`, { name: 'Non' }, look);
    expect(write.status).toBe(403);
    expect((write.json as { error: { message: string } }).error.message).toContain('lecture seule');
    // Only an admin may look through someone else's eyes.
    expect((await as(viewer, 'GET', `/api/clients${q}`, undefined, { [VIEW_AS_HEADER]: admin().id })).status).toBe(403);
    expect((await as(admin(), 'GET', `/api/clients${q}`, undefined, { [VIEW_AS_HEADER]: 'nobody' })).status).toBe(404);
  });
});

describe('the users page', () => {
  it('creates a user with a temporary password shown once, sets role and clients, disables', async () => {
    const client = (await fixture(false)).client;
    const created = await as(admin(), 'POST', '/api/users', {
      email: 'Camille@Agence.fr',
      role: 'editor',
      clientIds: [client.id],
    });
    expect(created.status).toBe(201);
    const { user, temporaryPassword } = created.json as { user: UserWire; temporaryPassword: string };
    expect(user).toEqual({
      id: expect.any(String),
      email: 'camille@agence.fr',
      role: 'editor',
      clientIds: [client.id],
      disabled: false,
      twoFactorEnabled: false,
    });
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    // The temporary password signs in, to choose one's own first (ADR 051); the list never shows it.
    const first = await t.signIn('camille@agence.fr', temporaryPassword, '192.0.2.90');
    expect((await t.call('GET', `/api/clients${q}`, { cookie: first })).status).toBe(403);
    const changed = await t.call('POST', '/api/auth/change-password', {
      cookie: first,
      body: { currentPassword: temporaryPassword, newPassword: 'le mot de passe de Camille' },
      ip: '192.0.2.90',
    });
    expect(changed.status).toBe(200);
    const cookie = sessionCookie(changed.headers);
    expect((await t.call('GET', `/api/clients${q}`, { cookie })).json).toEqual([
      expect.objectContaining({ id: client.id }),
    ]);
    expect((await as(admin(), 'GET', '/api/users')).text).not.toContain(temporaryPassword);

    expect((await as(admin(), 'POST', '/api/users', { email: 'camille@agence.fr' })).status).toBe(409);
    expect((await as(admin(), 'POST', '/api/users', { email: 'pas une adresse' })).status).toBe(400);
    expect((await as(admin(), 'POST', '/api/users', { email: 'x@agence.fr', role: 'chef' })).status).toBe(400);
    const unknownClient = await as(admin(), 'POST', '/api/users', {
      email: 'inconnu@agence.fr',
      clientIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownClient.status).toBe(404);
    expect((await as(admin(), 'GET', '/api/users')).text).not.toContain('inconnu@agence.fr');

    const viewer = await as(admin(), 'PATCH', `/api/users/${user.id}`, { role: 'viewer', clientIds: null });
    expect(viewer.json).toMatchObject({ role: 'viewer', clientIds: null });
    expect((await t.call('POST', `/api/clients${q}`, { cookie, body: { name: 'Refusé' } })).status).toBe(403);
    expect((await as(admin(), 'PATCH', `/api/users/${user.id}`, { disabled: true })).json).toMatchObject({
      disabled: true,
    });
    expect((await t.call('GET', `/api/clients${q}`, { cookie })).status).toBe(401);
    // An admin does not lock themselves out.
    expect((await as(admin(), 'PATCH', `/api/users/${admin().id}`, { disabled: true })).status).toBe(403);
  });
});
