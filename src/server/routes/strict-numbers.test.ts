/**
 * R5 (issue 34): every number read from a path or a query string goes through one strict parser
 * (src/domain/url-numbers.ts): ASCII digits only — no sign, space, point, exponent, hexadecimal,
 * leading zero, or empty text. Each lenient spelling answers a French 400 and changes nothing
 * (the fuzzer closed January through `months/%20/close`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire, PoleWire } from '@/domain/schemas';
import { createTestApp, TEST_DB, UNKNOWN_ID } from '@/server/test/test-db';

const Y = 2026;
let t: Awaited<ReturnType<typeof createTestApp>>;
let historyId: number;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  const client = (await t.request<ClientWire>('POST', `/api/clients?year=${Y}`, { name: 'Stricte' })).json;
  clientId = client.id;
  const pole = (
    await t.request<PoleWire>('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['Ads'] })
  ).json;
  const saved = await t.request<{ historyId: number }>('PATCH', `/api/cells?year=${Y}`, [
    { lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 100 },
  ]);
  historyId = saved.json.historyId;
  // A version, so that its id has something to name.
  expect((await t.request('POST', `/api/years/${Y}/versions`, { name: 'Budget initial' })).status).toBe(201);
});
afterAll(() => t.db.close());

/** Everything the database holds, as the backup serves it (its export date aside), and the history. */
async function everything() {
  const { exportDate: _, ...data } = (await t.request<Record<string, unknown>>('GET', '/api/backup')).json;
  const history = (await t.request('GET', '/api/history')).json;
  return { data, history };
}

/** Lenient spellings of 0 (month) or 1 (ids: entry 1 is the client's creation): each read as a number by Number() or z.coerce. */
const LENIENT_ZERO = ['%20', '%2B0', '0x0', '0e0', '0.0', '-0', '00', '%0A0', '0%0A', '0%20', '%200'];
const LENIENT_ONE = ['%2B1', '1e0', '0x1', '1.0', '%201', '01', '1%0A', '0b1', '1%20'];

describe(`one strict parser for path and query numbers, on ${TEST_DB}`, () => {
  it.each<[string, string, object | undefined]>([
    ...LENIENT_ZERO.flatMap((v) => [
      ['POST', `/api/years/${Y}/months/${v}/close`, {}] as [string, string, object | undefined],
      ['POST', `/api/years/${Y}/months/${v}/reopen`, { reason: 'Essai' }] as [string, string, object | undefined],
      ['GET', `/api/years/${Y}/months/${v}/checklist`, undefined] as [string, string, object | undefined],
    ]),
    ...LENIENT_ONE.flatMap((v) => [
      ['POST', `/api/history/${v}/undo`, undefined] as [string, string, object | undefined],
      ['GET', `/api/history?limit=${v}`, undefined] as [string, string, object | undefined],
      ['GET', `/api/history?before=${v}`, undefined] as [string, string, object | undefined],
      ['GET', `/api/years/${Y}/versions/${v}?clientId=${UNKNOWN_ID}`, undefined] as [
        string,
        string,
        object | undefined,
      ],
    ]),
    ['GET', '/api/history?limit=', undefined],
    ['GET', '/api/history?before=', undefined],
    ['GET', '/api/clients?year=02026', undefined],
    ['GET', `/api/years/0${Y}/months/0/checklist`, undefined],
    ['GET', '/api/history?limit=99999999999999999999', undefined],
  ])('%s %s → 400 in French, nothing changed', async (method, path, body) => {
    const before = await everything();
    const res = await t.request(method, path, body);
    expect({ status: res.status, code: res.json.error?.code }).toEqual({ status: 400, code: 'validation' });
    expect(res.json.error.message).toMatch(/^[A-ZÀ-Ü«][^]*\.$/);
    expect(await everything()).toEqual(before);
  });

  it('still reads the plain spellings', async () => {
    expect((await t.request('GET', `/api/years/${Y}/months/0/checklist`)).status).toBe(200);
    expect((await t.request('GET', '/api/history?limit=5&before=10')).status).toBe(200);
    expect((await t.request('GET', `/api/years/${Y}/versions/1?clientId=${clientId}`)).status).toBe(200);
    expect((await t.request('POST', `/api/history/${historyId}/undo`)).status).toBe(200);
  });
});
