/**
 * Client attributes (docs/product.md#client-attributes, ADR 055): an account manager, a sector and
 * a status set on a client (a history entry, undoable), refused in French when wrong with nothing
 * changed; the dashboards narrowed by them; the version 2 backup holds them. With accounts the
 * manager is a user who sees the client; without accounts, a free name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientAnswer, ClientsAnswer, DashboardAnswer, DashboardLinesAnswer } from '@/domain/answers';
import type { AllYearsBackupWire, PoleWire as Pole } from '@/domain/schemas';
import { createAccountsTestApp } from '@/server/test/test-accounts';
import { createTestApp } from '@/server/test/test-db';

const Y = 2046;
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;

describe('with accounts', () => {
  let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
  const cookie = { admin: '', editor: '' };
  const call = (who: keyof typeof cookie, method: string, path: string, body?: unknown) =>
    t.call(method, path, { cookie: cookie[who], body });
  const clients = async () => (await call('admin', 'GET', `/api/clients?year=${Y}`)).json as ClientsAnswer;
  const dashboard = async (query: string) => call('admin', 'GET', `/api/dashboard?year=${Y}&${query}`);
  const names = async (query: string) =>
    ((await dashboard(query)).json as DashboardAnswer).clients.map((c) => c.name).sort();
  let acme: ClientAnswer;
  let bolt: ClientAnswer;
  let cora: ClientAnswer;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    await t.addUser('admin@agence.fr');
    cookie.admin = await t.signIn('admin@agence.fr', undefined, '192.0.2.1');
    const add = async (name: string) => {
      const client = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name })).json as ClientAnswer;
      const pole = (
        await call('admin', 'POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['A'] })
      ).json as Pole;
      await call('admin', 'PATCH', `/api/cells?year=${Y}`, [
        { lineId: pole.lines[0]!.id, month: 0, field: 'previsionnel', value: 100 },
      ]);
      return client;
    };
    acme = await add('Acme');
    bolt = await add('Bolt');
    cora = await add('Cora');
    await t.addUser('Camille@Agence.fr', undefined, { role: 'editor', clientIds: [acme.id, bolt.id] });
    cookie.editor = await t.signIn('camille@agence.fr', undefined, '192.0.2.2');
  });
  afterAll(() => t.db.close());

  it('a new client has no manager, no sector, and is active', () => {
    expect([acme.manager, acme.sector, acme.status]).toEqual([null, null, 'actif']);
  });

  it('sets a user as manager (by email, any case), a trimmed sector and a status: one undoable history entry', async () => {
    const res = await call('editor', 'PATCH', `/api/clients/${acme.id}?year=${Y}`, {
      manager: 'CAMILLE@agence.fr',
      sector: '  Luxe ',
      status: 'prospect',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ manager: 'camille@agence.fr', sector: 'Luxe', status: 'prospect' });
    const history = (await call('admin', 'GET', `/api/history?clientId=${acme.id}`)).json as {
      entries: { id: number; summary: string }[];
    };
    const entry = history.entries[0]!;
    expect(entry.summary).toBe(
      'Client « Acme » : responsable — → « camille@agence.fr », secteur — → « Luxe », statut Actif → Prospect',
    );
    expect((await call('admin', 'POST', `/api/history/${entry.id}/undo`)).status).toBe(200);
    expect((await clients()).find((c) => c.id === acme.id)).toMatchObject({
      manager: null,
      sector: null,
      status: 'actif',
    });
    await call('editor', 'PATCH', `/api/clients/${acme.id}?year=${Y}`, {
      manager: 'camille@agence.fr',
      sector: 'Luxe',
      status: 'prospect',
    });
  });

  it('refuses a manager who is not a user seeing the client, an unknown status, an empty sector: 400, nothing changed', async () => {
    const unknown = await call('admin', 'PATCH', `/api/clients/${cora.id}?year=${Y}`, {
      manager: 'personne@agence.fr',
      sector: 'Auto',
    });
    expect([unknown.status, message(unknown)]).toEqual([
      400,
      "Responsable de compte inconnu : « personne@agence.fr » n'est pas un utilisateur actif qui voit ce client.",
    ]);
    // Camille is a user, but not one who sees Cora.
    const outside = await call('admin', 'PATCH', `/api/clients/${cora.id}?year=${Y}`, { manager: 'camille@agence.fr' });
    expect(outside.status).toBe(400);
    const status = await call('admin', 'PATCH', `/api/clients/${cora.id}?year=${Y}`, { status: 'archivé' });
    expect([status.status, message(status)]).toEqual([
      400,
      expect.stringContaining('Le statut doit valoir prospect, actif ou terminé.'),
    ]);
    const empty = await call('admin', 'PATCH', `/api/clients/${cora.id}?year=${Y}`, { sector: '   ' });
    expect([empty.status, message(empty)]).toEqual([400, expect.stringContaining('Le secteur ne peut pas être vide.')]);
    const bidi = await call('admin', 'PATCH', `/api/clients/${cora.id}?year=${Y}`, { sector: 'Lu\u202Exe' });
    expect(bidi.status).toBe(400);
    expect((await clients()).find((c) => c.id === cora.id)).toMatchObject({
      manager: null,
      sector: null,
      status: 'actif',
    });
  });

  it('null clears the manager and the sector', async () => {
    await call('admin', 'PATCH', `/api/clients/${bolt.id}?year=${Y}`, { manager: 'admin@agence.fr', sector: 'Auto' });
    const cleared = await call('admin', 'PATCH', `/api/clients/${bolt.id}?year=${Y}`, { manager: null, sector: null });
    expect(cleared.json).toMatchObject({ manager: null, sector: null });
    await call('admin', 'PATCH', `/api/clients/${bolt.id}?year=${Y}`, {
      manager: 'admin@agence.fr',
      sector: 'LUXE',
      status: 'terminé',
    });
  });

  it('the dashboards narrow to a manager, a sector (case and accents aside), a status; together they all apply', async () => {
    expect(await names('clients=all')).toEqual(['Acme', 'Bolt', 'Cora']);
    expect(await names('clients=all&manager=camille%40agence.fr')).toEqual(['Acme']);
    expect(await names('clients=all&sector=luxe')).toEqual(['Acme', 'Bolt']);
    expect(await names('clients=all&status=actif')).toEqual(['Cora']);
    expect(await names('clients=all&sector=luxe&status=terminé')).toEqual(['Bolt']);
    expect(await names(`clients=${acme.id},${cora.id}&sector=Luxe`)).toEqual(['Acme']);
    expect(await names('clients=all&manager=personne%40agence.fr')).toEqual([]);
    const lines = (await call('admin', 'GET', `/api/dashboard/lines?year=${Y}&clients=all&sector=luxe&status=prospect`))
      .json as DashboardLinesAnswer;
    expect(lines.poles.map((p) => p.pole)).toEqual(['Paid']);
    // The editor's 'Mes clients': their own, within their scope.
    const mine = await t.call('GET', `/api/dashboard?year=${Y}&clients=all&manager=camille%40agence.fr`, {
      cookie: cookie.editor,
    });
    expect((mine.json as DashboardAnswer).clients.map((c) => c.name)).toEqual(['Acme']);
  });

  it('refuses an unknown status or an empty manager in the dashboard query, and still 404s an unknown client', async () => {
    const status = await dashboard('clients=all&status=archivé');
    expect([status.status, message(status)]).toEqual([
      400,
      expect.stringContaining('Le statut doit valoir prospect, actif ou terminé.'),
    ]);
    expect((await dashboard('clients=all&manager=%20')).status).toBe(400);
    expect((await dashboard('clients=00000000-0000-4000-8000-000000000000&sector=Luxe')).status).toBe(404);
  });

  it('the version 2 backup holds the attributes; a restore brings them back, an older file leaves them empty', async () => {
    const file = (await call('admin', 'GET', '/api/backup')).json as AllYearsBackupWire;
    expect(file.clients.find((c) => c.id === acme.id)).toMatchObject({
      manager: 'camille@agence.fr',
      sector: 'Luxe',
      status: 'prospect',
    });
    await call('admin', 'PATCH', `/api/clients/${acme.id}?year=${Y}`, { sector: 'Banque' });
    expect((await call('admin', 'POST', '/api/backup', file)).status).toBe(200);
    expect((await clients()).find((c) => c.id === acme.id)).toMatchObject({ sector: 'Luxe', status: 'prospect' });

    const bad = structuredClone(file);
    Object.assign(bad.clients[0]!, { status: 'archivé' });
    const refused = await call('admin', 'POST', '/api/backup', bad);
    expect([refused.status, message(refused)]).toEqual([
      400,
      expect.stringContaining('Le statut doit valoir prospect, actif ou terminé.'),
    ]);

    const older = { ...file, clients: file.clients.map(({ id, name, created_at }) => ({ id, name, created_at })) };
    expect((await call('admin', 'POST', '/api/backup', older)).status).toBe(200);
    expect((await clients()).map((c) => [c.manager, c.sector, c.status])).toEqual([
      [null, null, 'actif'],
      [null, null, 'actif'],
      [null, null, 'actif'],
    ]);
  });
});

describe('without accounts', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.db.close());

  it('the manager is a free name, kept as typed (trimmed); the client list carries it', async () => {
    const client = (await t.request<ClientAnswer>('POST', `/api/clients?year=${Y}`, { name: 'Delta' })).json;
    const res = await t.request<ClientAnswer>('PATCH', `/api/clients/${client.id}?year=${Y}`, {
      manager: ' Camille Martin ',
      status: 'terminé',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ manager: 'Camille Martin', sector: null, status: 'terminé' });
    const list = (await t.request<ClientsAnswer>('GET', `/api/clients?year=${Y}`)).json;
    expect(list[0]).toMatchObject({ manager: 'Camille Martin', status: 'terminé' });
    const mine = (await t.request<DashboardAnswer>('GET', `/api/dashboard?year=${Y}&manager=camille%20martin`)).json;
    expect(mine.clients.map((c) => c.name)).toEqual(['Delta']);
    const bad = await t.request('PATCH', `/api/clients/${client.id}?year=${Y}`, { manager: 42 });
    expect([bad.status, message(bad)]).toEqual([
      400,
      expect.stringContaining('Le responsable de compte doit être un texte.'),
    ]);
  });
});
