/**
 * The dashboards' compare with a version (docs/product.md#versions-and-landing): `?version=` adds
 * the version's forecast per client and pole name, over the year and à date; the live figures
 * are unchanged; an unknown version is 404, one of another year 400, in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedVersionAnswer, DashboardAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';

const Y = 2032;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

const dashboard = (query: string, year = Y) =>
  t.request<DashboardAnswer>('GET', `/api/dashboard?year=${year}&${query}`);
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;
const setCell = async (lineId: string, month: number, field: string, value: number) =>
  expect((await t.request('PATCH', `/api/cells?year=${Y}`, [{ lineId, month, field, value }])).status).toBe(200);

describe('GET /api/dashboard?version=', () => {
  let a: Client;
  let b: Client;
  let version: CreatedVersionAnswer;
  beforeAll(async () => {
    a = (await t.request<Client>('POST', `/api/clients?year=${Y}`, { name: 'Alpha' })).json;
    b = (await t.request<Client>('POST', `/api/clients?year=${Y}`, { name: 'Bêta' })).json;
    const paidA = (
      await t.request<Pole>('POST', `/api/clients/${a.id}/poles?year=${Y}`, { name: 'Paid', lines: ['S'] })
    ).json;
    const seoA = (await t.request<Pole>('POST', `/api/clients/${a.id}/poles?year=${Y}`, { name: 'SEO', lines: ['T'] }))
      .json;
    const paidB = (
      await t.request<Pole>('POST', `/api/clients/${b.id}/poles?year=${Y}`, { name: 'Paid', lines: ['S'] })
    ).json;
    await setCell(paidA.lines[0]!.id, 0, 'previsionnel', 1000);
    await setCell(paidA.lines[0]!.id, 6, 'previsionnel', 500.5);
    await setCell(paidA.lines[0]!.id, 0, 'achat_previsionnel', 100);
    await setCell(seoA.lines[0]!.id, 1, 'previsionnel', 300);
    await setCell(paidB.lines[0]!.id, 11, 'previsionnel', 50);
    // An actual in March: the default cut-off.
    await setCell(paidB.lines[0]!.id, 2, 'reel', 10);
    version = (await t.request<CreatedVersionAnswer>('POST', `/api/years/${Y}/versions`, { name: 'Budget initial' }))
      .json;
    // Edited after the freeze: the live forecast moves, the version's does not.
    await setCell(paidA.lines[0]!.id, 0, 'previsionnel', 1200);
  });

  it('adds the version’s forecast per client and pole name, over the year and à date (cents)', async () => {
    const res = await dashboard(`clients=all&version=${version.id}`);
    expect(res.status).toBe(200);
    expect(res.json.cutoff.month).toBe(2);
    const compared = res.json.version!;
    expect(compared).toMatchObject({ id: version.id, name: 'Budget initial' });
    expect(compared.clients).toEqual(
      expect.arrayContaining([
        {
          id: a.id,
          previsionnel: 180_050,
          achat_previsionnel: 10_000,
          toDate: { previsionnel: 130_000, achat_previsionnel: 10_000 },
        },
        { id: b.id, previsionnel: 5_000, achat_previsionnel: 0, toDate: { previsionnel: 0, achat_previsionnel: 0 } },
      ]),
    );
    expect(compared.poles).toEqual([
      {
        name: 'Paid',
        previsionnel: 155_050,
        achat_previsionnel: 10_000,
        toDate: { previsionnel: 100_000, achat_previsionnel: 10_000 },
      },
      {
        name: 'SEO',
        previsionnel: 30_000,
        achat_previsionnel: 0,
        toDate: { previsionnel: 30_000, achat_previsionnel: 0 },
      },
    ]);
    // The live figures are those without ?version=.
    const live = (await dashboard('clients=all')).json;
    expect(live.version).toBeUndefined();
    const { version: _version, ...withoutVersion } = res.json;
    expect(withoutVersion).toEqual(live);
    expect(live.clients.find((c) => c.id === a.id)!.sums.previsionnel).toBe(200_050);
  });

  it('follows the selection and the chosen cut-off', async () => {
    const res = await dashboard(`clients=${b.id}&cutoff=11&version=${version.id}`);
    expect(res.json.version!.clients).toEqual([
      { id: b.id, previsionnel: 5_000, achat_previsionnel: 0, toDate: { previsionnel: 5_000, achat_previsionnel: 0 } },
    ]);
    expect(res.json.version!.poles.map((p) => p.name)).toEqual(['Paid']);
  });

  it('refuses an unknown version (404), one of another year (400), a malformed one (400), in French', async () => {
    const unknown = await dashboard(`version=${version.id + 1000}`);
    expect(unknown.status).toBe(404);
    expect(message(unknown)).toBe(`Version introuvable dans l'exercice ${Y}.`);
    const other = await dashboard(`version=${version.id}`, Y + 1);
    expect(other.status).toBe(400);
    expect(message(other)).toBe(`La version « Budget initial » est de l'exercice ${Y}, pas de ${Y + 1}.`);
    const malformed = await dashboard('version=abc');
    expect(malformed.status).toBe(400);
    expect(message(malformed)).toContain('La version doit être un identifiant de version');
    const lines = await t.request('GET', `/api/dashboard/lines?year=${Y}&version=${version.id + 1000}`);
    expect(lines.status).toBe(404);
  });
});
