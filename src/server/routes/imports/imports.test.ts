/**
 * POST /api/import (docs/product.md#excel-import): new lines and cells in one transaction and one
 * history entry of source `import`, undone whole; bad input and closed months change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import type { Db, Queryable } from '@/server/db/client';
import { createTestApp, UNKNOWN_ID } from '@/server/test/test-db';

const Y = 2031;
let t: Awaited<ReturnType<typeof createTestApp>>;
let acme: Client;
let zenith: Client;
let pole: Pole;
beforeAll(async () => {
  t = await createTestApp();
  acme = (await t.request<Client>('POST', '/api/clients', { name: 'Import Acme' })).json;
  zenith = (await t.request<Client>('POST', '/api/clients', { name: 'Import Zénith' })).json;
  pole = (
    await t.request<Pole>('POST', `/api/clients/${acme.id}/poles?year=${Y}`, {
      name: 'Paid',
      lines: ['Google Ads – Search', 'Google Shopping'],
    })
  ).json;
});
afterAll(() => t.db.close());

const budget = async (clientId: string) =>
  (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${Y}`)).json;
const history = async () =>
  (
    await t.request<{ entries: { id: number; source: string; summary: string; cellCount: number }[] }>(
      'GET',
      `/api/history?year=${Y}`,
    )
  ).json.entries;
const post = (body: unknown) =>
  t.request<{ historyId: number | null; lines: number; cells: number }>('POST', `/api/import?year=${Y}`, body);

describe('POST /api/import', () => {
  it('creates new lines (and a catalogue pole) and writes cells, exact to the cent, as one entry', async () => {
    const before = (await history()).length;
    const res = await post({
      lines: [
        { clientId: acme.id, pole: 'Paid', name: 'TikTok Ads' },
        { clientId: zenith.id, pole: 'SEO', name: 'Netlinking' },
      ],
      cells: [
        { lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 0.1 },
        { lineId: pole.lines[0]!.id, month: 1, field: 'reel', value: 0.2 },
        { newLine: 0, month: 2, field: 'previsionnel', value: 1234.56 },
        { newLine: 1, month: 11, field: 'achat', value: -0.05 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ lines: 2, cells: 4 });
    const [paid] = await budget(acme.id);
    expect(paid!.lines.map((l) => l.name)).toEqual(['Google Ads – Search', 'Google Shopping', 'TikTok Ads']);
    expect(paid!.lines[0]!.reel.slice(0, 2)).toEqual([0.1, 0.2]);
    expect(paid!.lines[2]!.previsionnel[2]).toBe(1234.56);
    const zenithPoles = await budget(zenith.id);
    expect(zenithPoles.map((p) => p.name)).toEqual(['SEO']);
    expect(zenithPoles[0]!.lines[0]!.achat[11]).toBe(-0.05);
    const { rows } = await t.db.query<{ total: string }>(
      `select sum(reel)::text as total from budget_monthly_data where budget_line_item_id = $1`,
      [pole.lines[0]!.id],
    );
    expect(rows[0]!.total).toBe('0.30');
    const entries = await history();
    expect(entries.length).toBe(before + 1);
    expect(entries[0]).toMatchObject({
      id: res.json.historyId,
      source: 'import',
      summary: 'Import de 4 cellules, 2 lignes créées',
      cellCount: 4,
    });
  });

  it('is undone whole: the cells back, the new lines and the new pole gone', async () => {
    const { historyId } = (
      await post({
        lines: [{ clientId: acme.id, pole: 'Data', name: 'Audit tracking' }],
        cells: [
          { lineId: pole.lines[1]!.id, month: 4, field: 'achat_previsionnel', value: 99.99 },
          { newLine: 0, month: 4, field: 'reel', value: 10 },
        ],
      })
    ).json;
    expect((await budget(acme.id)).map((p) => p.name)).toEqual(['Paid', 'Data']);
    const undo = await t.request('POST', `/api/history/${historyId}/undo`);
    expect(undo.status).toBe(200);
    const after = await budget(acme.id);
    expect(after.map((p) => p.name)).toEqual(['Paid']);
    expect(after[0]!.lines[1]!.achat_previsionnel[4]).toBe(0);
  });

  it('records nothing when nothing changes', async () => {
    const res = await post({ lines: [], cells: [{ lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 0.1 }] });
    expect(res.json).toEqual({ historyId: null, lines: 0, cells: 0 });
  });

  it.each([
    ['an unknown line', { lines: [], cells: [{ lineId: UNKNOWN_ID, month: 0, field: 'reel', value: 1 }] }, 404],
    ['an unknown client', { lines: [{ clientId: UNKNOWN_ID, pole: 'Paid', name: 'X' }], cells: [] }, 404],
    ['a line that exists', { lines: [{ clientId: 'ACME', pole: 'Paid', name: 'Google Shopping' }], cells: [] }, 409],
    [
      'a line named twice',
      {
        lines: [
          { clientId: 'ACME', pole: 'SEO', name: 'Audit' },
          { clientId: 'ACME', pole: 'SEO', name: 'Audit' },
        ],
        cells: [],
      },
      409,
    ],
    [
      'a new line taking its client past the year bound',
      {
        lines: [{ clientId: 'ACME', pole: 'CRM', name: 'Trop' }],
        cells: [
          { newLine: 0, month: 0, field: 'previsionnel', value: 999_999_999_999.99 },
          { newLine: 0, month: 1, field: 'previsionnel', value: 1 },
        ],
      },
      400,
    ],
    ['a cell of no new line', { lines: [], cells: [{ newLine: 0, month: 0, field: 'reel', value: 1 }] }, 400],
    [
      'both targets',
      { lines: [], cells: [{ lineId: UNKNOWN_ID, newLine: 0, month: 0, field: 'reel', value: 1 }] },
      400,
    ],
    [
      'an amount out of range',
      { lines: [], cells: [{ lineId: UNKNOWN_ID, month: 0, field: 'reel', value: 1e15 }] },
      400,
    ],
  ])('refuses %s and changes nothing', async (_, body, status) => {
    const before = JSON.stringify(await budget(acme.id));
    const count = (await history()).length;
    // A valid cell beside the bad part: it must not be written either.
    const withValid = {
      lines: body.lines.map((l) => (l.clientId === 'ACME' ? { ...l, clientId: acme.id } : l)),
      cells: [...body.cells, { lineId: pole.lines[0]!.id, month: 7, field: 'reel', value: 777 }],
    };
    const res = await post(withValid);
    expect(res.status).toBe(status);
    expect(res.json).toHaveProperty('error.message');
    expect(JSON.stringify(await budget(acme.id))).toBe(before);
    expect((await history()).length).toBe(count);
  });

  it('refuses a closed month (409 period_locked) and changes nothing, then writes once it is reopened', async () => {
    expect((await t.request('POST', `/api/years/${Y}/months/0/close`, {})).status).toBe(200);
    const body = {
      lines: [{ clientId: acme.id, pole: 'Paid', name: 'Amazon Ads' }],
      cells: [
        { lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 5 },
        { newLine: 0, month: 1, field: 'reel', value: 5 },
      ],
    };
    const res = await post(body);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ error: { code: 'period_locked' } });
    expect((await budget(acme.id))[0]!.lines.map((l) => l.name)).not.toContain('Amazon Ads');
    await t.request('POST', `/api/years/${Y}/months/0/reopen`, { reason: 'Import corrigé' });
    expect((await post(body)).status).toBe(200);
  });
});

describe('POST /api/import of many lines', () => {
  /** `db` counting the statements it runs, inside transactions too. */
  function counting(db: Db): { db: Db; count: () => number } {
    let n = 0;
    const wrap = (q: Queryable): Queryable => ({
      query: (sql, params) => ((n += 1), q.query(sql, params)),
      exec: (sql) => ((n += 1), q.exec(sql)),
    });
    return { db: { ...db, ...wrap(db), transaction: (fn) => db.transaction((tx) => fn(wrap(tx))) }, count: () => n };
  }

  /** An import of `n` new lines in a new pole and in the client's pole 'Paid', each with 12 forecasts. */
  const manyLines = (clientId: string, n: number) => ({
    lines: Array.from({ length: n }, (_, i) => ({ clientId, pole: i % 2 ? 'Paid' : 'SEO', name: `Ligne ${i}` })),
    cells: Array.from({ length: n * 12 }, (_, k) => ({
      newLine: Math.floor(k / 12),
      month: k % 12,
      field: 'previsionnel' as const,
      value: k + 0.5,
    })),
  });

  // issue 34, E3: one statement per line (and a re-read of its pole's names) made the import quadratic.
  it('runs as many statements for 80 lines as for 2', async () => {
    const { db, count } = counting(t.db);
    const app = await createTestApp(db);
    const statements = async (n: number) => {
      const client = (await app.request<Client>('POST', '/api/clients', { name: `Import ${n} lignes` })).json;
      await app.request('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['Existante'] });
      const before = count();
      const res = await app.request<{ lines: number; cells: number }>(
        'POST',
        `/api/import?year=${Y}`,
        manyLines(client.id, n),
      );
      expect(res.json).toMatchObject({ lines: n, cells: n * 12 });
      return count() - before;
    };
    expect(await statements(80)).toBe(await statements(2));
  });

  it('writes every new line in file order with its figures, and its history from zero', async () => {
    const client = (await t.request<Client>('POST', '/api/clients', { name: 'Import ordre' })).json;
    const res = await post(manyLines(client.id, 30));
    expect(res.json).toMatchObject({ lines: 30, cells: 360 });
    const poles = await budget(client.id);
    expect(poles.map((p) => p.name)).toEqual(['SEO', 'Paid']);
    expect(poles[0]!.lines.map((l) => l.name)).toEqual(Array.from({ length: 15 }, (_, i) => `Ligne ${2 * i}`));
    expect(poles[1]!.lines[1]!.previsionnel).toEqual(Array.from({ length: 12 }, (_, m) => 3 * 12 + m + 0.5));
    const { rows } = await t.db.query<{ n: string; old: string; total: string }>(
      `select count(*)::text as n, sum(abs(old))::text as old, sum(new)::text as total from history_cells where entry_id = $1`,
      [res.json.historyId],
    );
    expect(rows[0]).toEqual({ n: '360', old: '0.00', total: String((359 * 360) / 2 + 180) + '.00' });
  });
});
