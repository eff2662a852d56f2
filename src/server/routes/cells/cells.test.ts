import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
let client: Client;
let pole: Pole;
beforeAll(async () => {
  t = await createTestApp();
  client = (await t.request<Client>('POST', '/api/clients', { name: 'Acme' })).json;
  pole = (
    await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, {
      name: 'Paid',
      lines: ['Google Ads – Search', 'Google Shopping', 'YouTube Ads'],
    })
  ).json;
});
afterAll(() => t.db.close());

const budget = async () => (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`)).json;
const lineId = (i: number) => pole.lines[i]!.id;

describe('PATCH /api/cells', () => {
  it('stores exactly the values written, cents preserved', async () => {
    const res = await t.request('PATCH', '/api/cells', [
      { lineId: lineId(0), month: 0, field: 'reel', value: 0.1 },
      { lineId: lineId(0), month: 1, field: 'reel', value: 0.2 },
      { lineId: lineId(1), month: 11, field: 'previsionnel', value: 1234.56 },
      { lineId: lineId(1), month: 11, field: 'achat_previsionnel', value: -50 },
      { lineId: lineId(2), month: 5, field: 'achat', value: 1.005 },
      { lineId: lineId(2), month: 6, field: 'achat', value: -1.005 },
    ]);
    expect(res.status).toBe(200);
    const [poleRead] = await budget();
    const [search, shopping, youtube] = poleRead!.lines;
    expect(search!.reel.slice(0, 3)).toEqual([0.1, 0.2, 0]);
    expect(shopping!.previsionnel[11]).toBe(1234.56);
    expect(shopping!.achat_previsionnel[11]).toBe(-50);
    expect(youtube!.achat.slice(5, 7)).toEqual([1.01, -1.01]);
    // Sum in SQL numeric: exact, no float drift.
    const { rows } = await t.db.query<{ total: string }>(
      `select sum(reel)::text as total from budget_monthly_data where budget_line_item_id = $1`,
      [lineId(0)],
    );
    expect(rows[0]!.total).toBe('0.30');
  });

  it('keeps the revised forecast cache of the client up to date', async () => {
    // Σ (réel > 0 ? réel − achat : prév − achat prév): 0.1 + 0.2 (réel) + (1234.56 + 50); achats without réel do not count.
    const clients = (await t.request<Client[]>('GET', '/api/clients')).json;
    expect(clients.find((c) => c.id === client.id)?.prevision_mb_annuelle_revue).toBe(1284.86);
  });

  it('stores the last value when one batch writes a cell twice, and sequential saves end on the last', async () => {
    await t.request('PATCH', '/api/cells', [
      { lineId: lineId(0), month: 3, field: 'previsionnel', value: 1 },
      { lineId: lineId(0), month: 3, field: 'previsionnel', value: 2 },
    ]);
    await t.request('PATCH', '/api/cells', [{ lineId: lineId(0), month: 3, field: 'previsionnel', value: 3 }]);
    await t.request('PATCH', '/api/cells', [{ lineId: lineId(0), month: 3, field: 'previsionnel', value: 4.5 }]);
    expect((await budget())[0]!.lines[0]!.previsionnel[3]).toBe(4.5);
  });

  it('writes 5,000 cells in one request', async () => {
    const cells = Array.from({ length: 5000 }, (_, i) => ({
      lineId: lineId(i % 3),
      month: i % 12,
      field: (['previsionnel', 'achat_previsionnel', 'reel', 'achat'] as const)[i % 4]!,
      value: i / 100,
    }));
    const res = await t.request('PATCH', '/api/cells', cells);
    expect(res.status).toBe(200);
    // The last write of (line 2, month 11, achat) in that batch: largest i with i%3=2, i%12=11, i%4=3.
    const last = cells.filter((c) => c.lineId === lineId(2) && c.month === 11 && c.field === 'achat').at(-1)!;
    expect((await budget())[0]!.lines[2]!.achat[11]).toBe(last.value);
  });

  it.each([
    ['an empty list', [], 400],
    ['not a list', { lineId: 'x' }, 400],
    ['a bad month', [{ lineId: '00000000-0000-4000-8000-000000000000', month: 12, field: 'reel', value: 1 }], 400],
    ['a bad field', [{ lineId: '00000000-0000-4000-8000-000000000000', month: 1, field: 'marge', value: 1 }], 400],
    ['a string value', [{ lineId: '00000000-0000-4000-8000-000000000000', month: 1, field: 'reel', value: '12' }], 400],
    [
      'a value too large',
      [{ lineId: '00000000-0000-4000-8000-000000000000', month: 1, field: 'reel', value: 1e15 }],
      400,
    ],
    [
      '5,001 cells',
      Array.from({ length: 5001 }, () => ({
        lineId: '00000000-0000-4000-8000-000000000000',
        month: 1,
        field: 'reel',
        value: 1,
      })),
      400,
    ],
  ])('refuses %s', async (_label, body, status) => {
    const before = await budget();
    const res = await t.request('PATCH', '/api/cells', body);
    expect(res.status).toBe(status);
    expect(res.json.error.code).toBe('validation');
    expect(await budget()).toEqual(before);
  });

  it('changes nothing when one line of the batch does not exist (all or nothing)', async () => {
    const before = await budget();
    const unknown = '00000000-0000-4000-8000-00000000abcd';
    const res = await t.request('PATCH', '/api/cells', [
      { lineId: lineId(0), month: 0, field: 'reel', value: 999 },
      { lineId: unknown, month: 0, field: 'reel', value: 1 },
    ]);
    expect(res.status).toBe(404);
    expect(res.json.error.message).toContain(unknown);
    expect(await budget()).toEqual(before);
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await t.request('PATCH', '/api/cells', 'x'.repeat(3 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('too_large');
  });
});
