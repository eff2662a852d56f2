/**
 * Ids and positions crossing a power of ten (9 → 10, 99 → 100…): each query that reads them as
 * text for the wire must still order them as numbers. Found by the browser test of Ctrl+Z, whose
 * undo picked entry 9 over entry 10 (`select id::text … order by id` sorts the text).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';

const Y = 2030;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

/** The next value of `table.column`'s identity is `next` (the following ones straddle a power of ten). */
async function nextIdentity(table: string, column: string, next: number) {
  await t.db.query(`select setval(pg_get_serial_sequence($1, $2), $3, false)`, [table, column, next]);
}
const newClient = async (name: string) => (await t.request<Client>('POST', '/api/clients', { name })).json;
const addPole = async (clientId: string, name: string, lines: string[]) =>
  (await t.request<Pole>('POST', `/api/clients/${clientId}/poles?year=${Y}`, { name, lines })).json;
const budget = async (clientId: string) =>
  (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${Y}`)).json;

describe('numbers crossing a power of ten keep their numeric order', () => {
  it('the undo stack: the newest entry is undone, 100 after 99', async () => {
    const client = await newClient('Pile');
    const pole = await addPole(client.id, 'Paid', ['Google Ads']);
    await nextIdentity('history_entries', 'id', 99);
    const save = async (value: number) =>
      (
        await t.request<{ historyId: number }>('PATCH', `/api/cells?year=${Y}`, [
          { lineId: pole.lines[0]!.id, month: 0, field: 'previsionnel', value },
        ])
      ).json.historyId;
    expect([await save(1), await save(2)]).toEqual([99, 100]);
    const stack = await t.request<{ undo: number }>('GET', `/api/history/stack?clientId=${client.id}&year=${Y}`);
    expect(stack.json.undo).toBe(100);
  });

  it('moving a line among lines placed 99, 100, 101', async () => {
    const client = await newClient('Lignes');
    await nextIdentity('budget_line_items', 'seq', 99);
    const pole = await addPole(client.id, 'Paid', ['A', 'B', 'C']);
    const moved = await t.request<{ lineIds: string[] }>('POST', `/api/lines/${pole.lines[0]!.id}/move?year=${Y}`, {
      direction: 'down',
    });
    expect(moved.status).toBe(200);
    expect((await budget(client.id))[0]!.lines.map((l) => l.name)).toEqual(['B', 'A', 'C']);
  });

  it('a deleted client comes back with its poles in their order, placed 99, 100, 101', async () => {
    const client = await newClient('Pôles');
    await nextIdentity('expertise_poles', 'seq', 99);
    for (const name of ['Paid', 'SEO', 'Data']) await addPole(client.id, name, ['L']);
    expect((await t.request('DELETE', `/api/clients/${client.id}`)).status).toBe(204);
    const [deletion] = (
      await t.request<{ entries: { id: number }[] }>('GET', `/api/history?clientId=${client.id}&limit=1`)
    ).json.entries;
    expect((await t.request('POST', `/api/history/${deletion!.id}/undo`)).status).toBe(200);
    expect((await budget(client.id)).map((p) => p.name)).toEqual(['Paid', 'SEO', 'Data']);
  });
});
