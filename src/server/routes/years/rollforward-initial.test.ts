/**
 * The roll forward's initial MB forecast and « Budget initial {N+1} » (docs/product.md#roll-forward,
 * ADR 049): the new year's initial forecast filled from its forecast (kept when typed, unless
 * overwrite), undone with the rest; the version frozen when asked, in the same transaction, the
 * reference when it is the year's first; a name taken: 409 with nothing changed; an editor: 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RollForwardAnswerWire, VersionPolesAnswer, VersionsAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';
import { createAccountsTestApp } from '@/server/test/test-accounts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

/** A client whose year `from` has one line: 1 000 € forecast sales and 250,5 € purchases in March and May. */
async function clientWithForecast(name: string, from: number): Promise<Client> {
  const client = (await t.request<Client>('POST', `/api/clients?year=${from}`, { name })).json;
  const pole = (
    await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${from}`, { name: 'Paid', lines: ['A'] })
  ).json;
  const lineId = pole.lines[0]!.id;
  const cells = [2, 4].flatMap((month) => [
    { lineId, month, field: 'previsionnel', value: 1000 },
    { lineId, month, field: 'achat_previsionnel', value: 250.5 },
  ]);
  expect((await t.request('PATCH', `/api/cells?year=${from}`, cells)).status).toBe(200);
  return client;
}
const rollForward = (year: number, body: object) =>
  t.request<RollForwardAnswerWire>('POST', `/api/years/${year}/rollforward`, {
    from: year - 1,
    clients: 'all',
    figures: 'previsionnel',
    ...body,
  });
const debut = async (client: Client, year: number) =>
  (await t.request<Client[]>('GET', `/api/clients?year=${year}`)).json.find((c) => c.id === client.id)!
    .prevision_mb_annuelle_debut;
const versions = async (year: number) => (await t.request<VersionsAnswer>('GET', `/api/years/${year}/versions`)).json;

describe("the roll forward's initial MB forecast", () => {
  it('fills it from the new forecast; a dry run and an undo leave it at 0', async () => {
    const client = await clientWithForecast('Début', 2040);
    expect((await rollForward(2041, { dryRun: true })).status).toBe(200);
    expect(await debut(client, 2041)).toBe(0);

    const res = await rollForward(2041, { upliftSales: 10 });
    expect(res.status).toBe(200);
    // 2 × (1 100 − 250,5)
    expect(await debut(client, 2041)).toBe(1699);
    expect(res.json.version).toBeNull();

    expect((await t.request('POST', `/api/history/${res.json.historyId}/undo`)).status).toBe(200);
    expect(await debut(client, 2041)).toBe(0);
  });

  it('keeps one typed in fill-empty and replaces it in overwrite', async () => {
    const client = await clientWithForecast('Saisi', 2042);
    expect((await rollForward(2043, { figures: 'none' })).status).toBe(200);
    expect(await debut(client, 2043)).toBe(0);
    await t.request('PATCH', `/api/clients/${client.id}?year=2043`, { prevision_mb_annuelle_debut: 5000 });

    expect((await rollForward(2043, {})).status).toBe(200);
    expect(await debut(client, 2043)).toBe(5000);
    expect((await rollForward(2043, { mode: 'overwrite' })).status).toBe(200);
    expect(await debut(client, 2043)).toBe(1499);
  });
});

describe('« Budget initial {N+1} » frozen by the roll forward', () => {
  it('is the reference when it is the first, holds what was prepared, and is previewed without being kept', async () => {
    const client = await clientWithForecast('Figé', 2044);
    const preview = await rollForward(2045, { freezeVersion: true, dryRun: true });
    expect(preview.status).toBe(200);
    expect(preview.json.version).toMatchObject({ name: 'Budget initial 2045', reference: true });
    expect(preview.json.historyId).toBeNull();
    expect(await versions(2045)).toEqual([]);

    const res = await rollForward(2045, { freezeVersion: true });
    expect(res.status).toBe(200);
    const list = await versions(2045);
    expect(list).toEqual([res.json.version]);
    expect(list[0]).toMatchObject({ name: 'Budget initial 2045', reference: true, by: 'local' });
    const frozen = (
      await t.request<VersionPolesAnswer>('GET', `/api/years/2045/versions/${list[0]!.id}?clientId=${client.id}`)
    ).json;
    expect(frozen[0]!.lines[0]!.previsionnel[2]).toBe(1000);
    expect(frozen[0]!.lines[0]!.achat_previsionnel[4]).toBe(250.5);
  });

  it('is not the reference when the year has one already', async () => {
    await clientWithForecast('Second', 2046);
    expect((await t.request('POST', '/api/years/2047/versions', { name: 'Ébauche' })).status).toBe(201);
    const res = await rollForward(2047, { freezeVersion: true });
    expect(res.status).toBe(200);
    expect(res.json.version).toMatchObject({ name: 'Budget initial 2047', reference: false });
  });

  it('refuses a name already taken with 409 in French, and changes nothing', async () => {
    const client = await clientWithForecast('Pris', 2048);
    expect((await t.request('POST', '/api/years/2049/versions', { name: 'budget initial 2049' })).status).toBe(201);
    const res = await rollForward(2049, { freezeVersion: true });
    expect(res.status).toBe(409);
    expect((res.json as unknown as { error: { message: string } }).error.message).toBe(
      "Une version « budget initial 2049 » existe déjà pour l'exercice 2049.",
    );
    expect(await debut(client, 2049)).toBe(0);
    expect((await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget?year=2049`)).json).toEqual([]);
    expect((await versions(2049)).map((v) => v.name)).toEqual(['budget initial 2049']);
  });

  describe('in accounts mode', () => {
    let a: Awaited<ReturnType<typeof createAccountsTestApp>>;
    let cookie: string;
    // Set up in hooks (their longer limit): an accounts app and a signed-in editor of every client.
    beforeAll(async () => {
      a = await createAccountsTestApp();
      await a.addUser('editeur@agence.fr', undefined, { role: 'editor', clientIds: null });
      cookie = await a.signIn('editeur@agence.fr', undefined, '192.0.2.80');
    });
    afterAll(() => a.db.close());

    it('is an admin’s: an editor asking for it gets 403, without it the roll forward runs', async () => {
      const body = { from: 2050, clients: 'all', figures: 'none' };
      const refused = await a.call('POST', '/api/years/2051/rollforward', {
        cookie,
        body: { ...body, freezeVersion: true },
      });
      expect(refused.status).toBe(403);
      const ran = await a.call('POST', '/api/years/2051/rollforward', { cookie, body });
      expect(ran.status).toBe(200);
    });
  });
});
