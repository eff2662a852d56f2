/**
 * Versions (docs/product.md#versions-and-landing): freeze, list, read, reference, delete; bad
 * input in French; immutability; the history; roles and scopes in accounts mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedVersionAnswer, HistoryPageAnswer, VersionPolesAnswer, VersionsAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { UNKNOWN_ID, createTestApp } from '@/server/test/test-db';
import { addRoleUsers, createAccountsTestApp, type RoleUser } from '@/server/test/test-accounts';

const Y = 2030;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

async function newClient(name: string, year = Y): Promise<Client> {
  const res = await t.request<Client>('POST', `/api/clients?year=${year}`, { name });
  expect(res.status).toBe(201);
  return res.json;
}
async function addPole(clientId: string, name: string, lines: string[], year = Y): Promise<Pole> {
  const res = await t.request<Pole>('POST', `/api/clients/${clientId}/poles?year=${year}`, { name, lines });
  expect(res.status).toBe(201);
  return res.json;
}
async function setCells(cells: { lineId: string; month: number; field: string; value: number }[], year = Y) {
  expect((await t.request('PATCH', `/api/cells?year=${year}`, cells)).status).toBe(200);
}
const freeze = (name: unknown, year = Y) =>
  t.request<CreatedVersionAnswer>('POST', `/api/years/${year}/versions`, { name });
const list = async (year = Y) => (await t.request<VersionsAnswer>('GET', `/api/years/${year}/versions`)).json;
const read = (id: number, clientId: string, year = Y) =>
  t.request<VersionPolesAnswer>('GET', `/api/years/${year}/versions/${id}?clientId=${clientId}`);
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;

describe('freezing a version', () => {
  let client: Client;
  let pole: Pole;
  let first: CreatedVersionAnswer;
  beforeAll(async () => {
    client = await newClient('Figé');
    pole = await addPole(client.id, 'Paid', ['Search', 'Social']);
    await addPole(client.id, 'SEO', ['Audit']);
    await setCells([
      { lineId: pole.lines[0]!.id, month: 0, field: 'previsionnel', value: 1000.01 },
      { lineId: pole.lines[0]!.id, month: 11, field: 'achat_previsionnel', value: -20.5 },
      { lineId: pole.lines[1]!.id, month: 3, field: 'reel', value: 77 },
    ]);
    await t.request('PATCH', `/api/clients/${client.id}?year=${Y}`, { prevision_mb_annuelle_debut: 5000 });
    const res = await freeze('Budget initial');
    expect(res.status).toBe(201);
    first = res.json;
  });

  it('answers the version, the reference as the first of its year, with its clients and history entry', () => {
    expect(first).toMatchObject({ name: 'Budget initial', by: 'local', reference: true });
    expect(first.clients).toBeGreaterThanOrEqual(1);
    expect(Number.isNaN(Date.parse(first.at))).toBe(false);
    expect(first.historyId).toBeGreaterThan(0);
  });

  it('reads the frozen poles in the budget’s Pole shape, forecast measures only', async () => {
    const res = await read(first.id, client.id);
    expect(res.status).toBe(200);
    const zeros = Array.from({ length: 12 }, () => 0);
    expect(res.json).toEqual([
      {
        id: pole.id,
        name: 'Paid',
        isExpanded: true,
        facture: Array.from({ length: 12 }, () => false),
        lines: [
          {
            id: pole.lines[0]!.id,
            name: 'Search',
            previsionnel: [1000.01, ...zeros.slice(1)],
            achat_previsionnel: [...zeros.slice(1), -20.5],
          },
          { id: pole.lines[1]!.id, name: 'Social', previsionnel: zeros, achat_previsionnel: zeros },
        ],
      },
      {
        id: expect.any(String),
        name: 'SEO',
        isExpanded: true,
        facture: expect.any(Array),
        lines: [{ id: expect.any(String), name: 'Audit', previsionnel: zeros, achat_previsionnel: zeros }],
      },
    ]);
  });

  it('freezes each client’s initial MB forecast', async () => {
    const { rows } = await t.db.query<{ debut: string }>(
      `select prevision_mb_annuelle_debut::text as debut from version_clients where version_id = $1 and client_id = $2`,
      [first.id, client.id],
    );
    expect(rows).toEqual([{ debut: '5000.00' }]);
  });

  it('stays as it was when the budget changes (immutable)', async () => {
    const before = (await read(first.id, client.id)).json;
    await setCells([{ lineId: pole.lines[0]!.id, month: 0, field: 'previsionnel', value: 1 }]);
    await t.request('POST', `/api/poles/${pole.id}/lines?year=${Y}`, { name: 'Display' });
    await t.request('DELETE', `/api/lines/${pole.lines[1]!.id}?year=${Y}`);
    expect((await read(first.id, client.id)).json).toEqual(before);
  });

  it('lists the year’s versions oldest first, the second not the reference', async () => {
    const second = (await freeze('Réforecast juin')).json;
    expect(second.reference).toBe(false);
    const versions = await list();
    expect(versions.map((v) => [v.id, v.name, v.reference, v.by])).toEqual([
      [first.id, 'Budget initial', true, 'local'],
      [second.id, 'Réforecast juin', false, 'local'],
    ]);
    expect(Object.keys(versions[0]!).sort()).toEqual(['at', 'by', 'clientId', 'id', 'name', 'reference']);
    // The second version holds the budget as it is now.
    const lines = (await read(second.id, client.id)).json[0]!.lines;
    expect(lines.map((l) => [l.name, l.previsionnel[0]])).toEqual([
      ['Search', 1],
      ['Display', 0],
    ]);
  });

  it('keeps other years out: their versions, and a version read through another year (404)', async () => {
    expect(await list(Y + 5)).toEqual([]);
    const res = await read(first.id, client.id, Y + 5);
    expect(res.status).toBe(404);
    expect(message(res)).toBe(`Version introuvable dans l'exercice ${Y + 5}.`);
  });

  it('answers [] for a client added after the freeze, 404 for an unknown client', async () => {
    const later = await newClient('Arrivé après');
    expect((await read(first.id, later.id)).json).toEqual([]);
    const res = await read(first.id, UNKNOWN_ID);
    expect(res.status).toBe(404);
    expect(message(res)).toBe('Client introuvable.');
  });
});

describe('bad input', () => {
  it.each([
    ['an empty name', ''],
    ['a blank name', '   '],
    ['no name', undefined],
    ['a number', 12],
  ])('refuses %s: 400 in French, nothing frozen', async (_case, name) => {
    const before = await list(Y + 1);
    const res = await freeze(name, Y + 1);
    expect(res.status).toBe(400);
    expect(message(res)).toMatch(/nom/i);
    expect(await list(Y + 1)).toEqual(before);
  });

  it('refuses a name the year already holds, case and accents aside: 409 in French', async () => {
    expect((await freeze('Révisé', Y + 1)).status).toBe(201);
    const res = await freeze('  REVISE ', Y + 1);
    expect(res.status).toBe(409);
    expect(message(res)).toBe(`Une version « Révisé » existe déjà pour l'exercice ${Y + 1}.`);
    // Another year may use it.
    expect((await freeze('Révisé', Y + 2)).status).toBe(201);
  });

  it.each([
    ['an unknown version', `/api/years/${Y}/versions/999999`, 404],
    ['a version id that is not a number', `/api/years/${Y}/versions/abc`, 400],
    ['a bad year', `/api/years/1800/versions/1`, 400],
  ])('answers %s', async (_case, path, status) => {
    for (const [method, suffix] of [
      ['GET', `?clientId=${UNKNOWN_ID}`],
      ['PUT', '/reference'],
      ['DELETE', ''],
    ] as const) {
      const res = await t.request(method, `${path}${suffix}`);
      expect(res.status, `${method} ${path}`).toBe(status);
      if (status === 404) expect(message(res)).toMatch(/^Version introuvable/);
    }
  });

  it('refuses a read without clientId: 400', async () => {
    const { id } = (await freeze('Sans client', Y + 3)).json;
    expect((await t.request('GET', `/api/years/${Y + 3}/versions/${id}`)).status).toBe(400);
  });
});

describe('the reference and deletion', () => {
  const YR = Y + 4;
  it('moves the reference, refuses to delete it (409), deletes another', async () => {
    const a = (await freeze('A', YR)).json;
    const b = (await freeze('B', YR)).json;
    const moved = await t.request<VersionsAnswer>('PUT', `/api/years/${YR}/versions/${b.id}/reference`);
    expect(moved.status).toBe(200);
    expect(moved.json.map((v) => [v.name, v.reference])).toEqual([
      ['A', false],
      ['B', true],
    ]);
    // Again: nothing changes.
    expect((await t.request('PUT', `/api/years/${YR}/versions/${b.id}/reference`)).json).toEqual(moved.json);

    const refused = await t.request('DELETE', `/api/years/${YR}/versions/${b.id}`);
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(
      "La version « B » est la référence de l'exercice : marquez-en une autre comme référence avant de la supprimer.",
    );
    expect((await t.request('DELETE', `/api/years/${YR}/versions/${a.id}`)).status).toBe(204);
    expect((await list(YR)).map((v) => v.name)).toEqual(['B']);
    expect((await t.request('DELETE', `/api/years/${YR}/versions/${a.id}`)).status).toBe(404);
    const { rows } = await t.db.query(`select 1 from version_months where version_id = $1`, [a.id]);
    expect(rows).toEqual([]);
    // A new version after the reference exists is not the reference.
    expect((await freeze('C', YR)).json.reference).toBe(false);
  });

  it('records freeze, reference and deletion in the year’s history; undo refuses them (409)', async () => {
    const YH = Y + 6;
    const a = (await freeze('Budget initial', YH)).json;
    const b = (await freeze('Juin', YH)).json;
    await t.request('PUT', `/api/years/${YH}/versions/${b.id}/reference`);
    await t.request('DELETE', `/api/years/${YH}/versions/${a.id}`);
    const { entries } = (await t.request<HistoryPageAnswer>('GET', `/api/history?year=${YH}`)).json;
    const ours = entries.filter((e) => e.source === 'version').map((e) => e.summary);
    expect(ours).toEqual([
      `Version « Budget initial » ${YH} supprimée`,
      `Version « Juin » : référence de ${YH}`,
      expect.stringMatching(new RegExp(`^Version « Juin » ${YH} figée \\(\\d+ clients?\\)$`)),
      expect.stringMatching(new RegExp(`^Version « Budget initial » ${YH} figée`)),
    ]);
    const undo = await t.request('POST', `/api/history/${b.historyId}/undo`);
    expect(undo.status).toBe(409);
    expect(message(undo)).toMatch(/^Une version ne s'annule pas/);
  });
});

describe('roles and scopes (accounts mode)', () => {
  type A = Awaited<ReturnType<typeof createAccountsTestApp>>;
  let a: A;
  let users: RoleUser[];
  const as = (u: RoleUser, method: string, path: string, body?: unknown) =>
    a.call(method, path, { cookie: u.cookie, body });
  const user = (name: string) => users.find((u) => u.name === name)!;
  beforeAll(async () => {
    a = await createAccountsTestApp();
    users = await addRoleUsers(a, 60);
  });
  afterAll(() => a.db.close());

  it('lets only the admin write; every role lists and reads its own clients only', async () => {
    const admin = user('admin');
    const mine = (await as(admin, 'POST', `/api/clients?year=${Y}`, { name: 'Assigné' })).json as Client;
    const other = (await as(admin, 'POST', `/api/clients?year=${Y}`, { name: 'Autre' })).json as Client;
    for (const u of users.filter((u) => u.assigned)) {
      await a.db.query(`insert into user_clients (user_id, client_id) values ($1, $2)`, [u.id, mine.id]);
    }
    for (const u of users.filter((u) => u.role !== 'admin')) {
      expect((await as(u, 'POST', `/api/years/${Y}/versions`, { name: `Par ${u.name}` })).status, u.name).toBe(403);
    }
    const created = await as(admin, 'POST', `/api/years/${Y}/versions`, { name: 'Budget initial' });
    expect(created.status).toBe(201);
    const { id } = created.json as CreatedVersionAnswer;
    const second = (await as(admin, 'POST', `/api/years/${Y}/versions`, { name: 'Autre' }))
      .json as CreatedVersionAnswer;
    for (const u of users) {
      const listed = await as(u, 'GET', `/api/years/${Y}/versions`);
      expect(listed.status, u.name).toBe(200);
      expect((listed.json as VersionsAnswer).map((v) => v.name)).toEqual(['Budget initial', 'Autre']);
      expect((await as(u, 'GET', `/api/years/${Y}/versions/${id}?clientId=${mine.id}`)).status, u.name).toBe(200);
      const outside = await as(u, 'GET', `/api/years/${Y}/versions/${id}?clientId=${other.id}`);
      expect(outside.status, u.name).toBe(u.assigned ? 404 : 200);
      // The year's version entries (of no client) are in every reader's history.
      const history = (await as(u, 'GET', `/api/history?year=${Y}`)).json as HistoryPageAnswer;
      expect(history.entries.filter((e) => e.source === 'version').length, u.name).toBe(2);
      if (u.role === 'admin') continue;
      expect((await as(u, 'PUT', `/api/years/${Y}/versions/${second.id}/reference`)).status, u.name).toBe(403);
      expect((await as(u, 'DELETE', `/api/years/${Y}/versions/${second.id}`)).status, u.name).toBe(403);
    }
    expect((await as(admin, 'DELETE', `/api/years/${Y}/versions/${second.id}`)).status).toBe(204);
  });
});
