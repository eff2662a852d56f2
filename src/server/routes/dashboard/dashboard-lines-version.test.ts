/**
 * GET /api/dashboard/lines?version= (docs/product.md#versions-and-landing, ADR 062): the version's
 * forecast per pole name × line name of the selection (its frozen names, merged over clients),
 * over the year and à date; the live lines unchanged and the answer without it as it was; a line
 * deleted since stays in the version's, a client deleted since does not; the caller's scope
 * applies; an unknown version is 404, one of another year 400, in French.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreatedVersionAnswer, DashboardLinesAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createAccountsTestApp, errorMessage, threePeople } from '@/server/test/test-accounts';

const Y = 2033;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const { call, join } = threePeople(() => t);
const lines = async (query: string, who: 'admin' | 'editor' = 'admin', year = Y) =>
  call(who, 'GET', `/api/dashboard/lines?year=${year}&${query}`) as Promise<{
    status: number;
    json: DashboardLinesAnswer;
  }>;
const setCells = async (cells: { lineId: string; month: number; field: string; value: number }[]) =>
  expect((await call('admin', 'PATCH', `/api/cells?year=${Y}`, cells)).status).toBe(200);
const pole = async (clientId: string, name: string, names: string[]) =>
  (await call('admin', 'POST', `/api/clients/${clientId}/poles?year=${Y}`, { name, lines: names })).json as Pole;
const forecast = (p: number, a: number, tdP: number, tdA: number) => ({
  previsionnel: p,
  achat_previsionnel: a,
  toDate: { previsionnel: tdP, achat_previsionnel: tdA },
});

let a: Client;
let b: Client;
let gone: Client;
let version: CreatedVersionAnswer;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await join('admin');
  const client = async (name: string) =>
    (await call('admin', 'POST', `/api/clients?year=${Y}`, { name })).json as Client;
  a = await client('Alpha');
  b = await client('Bêta');
  gone = await client('Gamma');
  const paidA = await pole(a.id, 'Paid', ['Google Ads', 'Meta']);
  const paidB = await pole(b.id, 'Paid', ['Google Ads']);
  const seoGone = await pole(gone.id, 'SEO', ['Audit']);
  const cell = (line: { id: string }, month: number, field: string, value: number) => ({
    lineId: line.id,
    month,
    field,
    value,
  });
  // Forecasts, and an actual in March: the default cut-off.
  await setCells([
    cell(paidA.lines[0]!, 0, 'previsionnel', 1000.25),
    cell(paidA.lines[0]!, 5, 'achat_previsionnel', 200),
    cell(paidA.lines[1]!, 1, 'previsionnel', 40),
    cell(paidB.lines[0]!, 9, 'previsionnel', 500),
    cell(seoGone.lines[0]!, 0, 'previsionnel', 70),
    cell(paidB.lines[0]!, 2, 'reel', 10),
  ]);
  version = (await call('admin', 'POST', `/api/years/${Y}/versions`, { name: 'Budget initial' }))
    .json as CreatedVersionAnswer;
  // After the freeze: a cell edited, a line deleted, a client deleted.
  await setCells([cell(paidA.lines[0]!, 0, 'previsionnel', 1500.25)]);
  expect((await call('admin', 'DELETE', `/api/lines/${paidA.lines[1]!.id}?year=${Y}`)).status).toBe(204);
  expect((await call('admin', 'DELETE', `/api/clients/${gone.id}`)).status).toBe(204);
  await join('editor', [b.id]);
});

describe('GET /api/dashboard/lines?version=', () => {
  it('answers the version’s lines per pole and line name, merged over clients, over the year and à date', async () => {
    const res = await lines(`clients=all&version=${version.id}`);
    expect(res.status).toBe(200);
    expect(res.json.version).toEqual({
      id: version.id,
      name: 'Budget initial',
      poles: [
        {
          pole: 'Paid',
          lines: [
            { name: 'Google Ads', ...forecast(150_025, 20_000, 100_025, 0) },
            // Deleted since the freeze: still the version's.
            { name: 'Meta', ...forecast(4_000, 0, 4_000, 0) },
          ],
        },
      ],
    });
  });

  it('leaves the live lines as they are, and the answer without ?version= holds only them', async () => {
    const compared = await lines(`clients=all&version=${version.id}`);
    const live = await lines('clients=all');
    expect(Object.keys(live.json)).toEqual(['poles']);
    expect(compared.json.poles).toEqual(live.json.poles);
    const googleAds = live.json.poles[0]!.lines.find((l) => l.name === 'Google Ads')!;
    expect(googleAds.sums.previsionnel).toBe(200_025);
  });

  it('follows the selection, the chosen cut-off and the caller’s scope', async () => {
    const one = await lines(`clients=${a.id}&cutoff=11&version=${version.id}`);
    expect(one.json.version!.poles[0]!.lines[0]).toEqual({
      name: 'Google Ads',
      ...forecast(100_025, 20_000, 100_025, 20_000),
    });
    const scoped = await lines(`clients=all&version=${version.id}`, 'editor');
    expect(scoped.status).toBe(200);
    expect(scoped.json.version!.poles).toEqual([
      { pole: 'Paid', lines: [{ name: 'Google Ads', ...forecast(50_000, 0, 0, 0) }] },
    ]);
    const outside = await lines(`clients=${a.id}&version=${version.id}`, 'editor');
    expect(outside.status).toBe(404);
  });

  it('refuses an unknown version (404), one of another year (400), a malformed one (400), in French', async () => {
    const unknown = await lines(`version=${version.id + 1000}`);
    expect(unknown.status).toBe(404);
    expect(errorMessage(unknown)).toBe(`Version introuvable dans l'exercice ${Y}.`);
    const other = await lines(`version=${version.id}`, 'admin', Y + 1);
    expect(other.status).toBe(400);
    expect(errorMessage(other)).toBe(`La version « Budget initial » est de l'exercice ${Y}, pas de ${Y + 1}.`);
    const malformed = await lines('version=0');
    expect(malformed.status).toBe(400);
    expect(errorMessage(malformed)).toContain('La version doit être un identifiant de version');
  });
});
