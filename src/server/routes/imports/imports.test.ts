/**
 * POST /api/import (docs/product.md#excel-import): new lines and cells in one transaction and one
 * history entry of source `import`, undone whole; bad input and closed months change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
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
