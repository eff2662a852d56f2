/**
 * Issue 13's structure edits: renaming poles and lines in place, moving a line up or down within
 * its pole, and a client name already taken. Each write takes `?year=`, records a history entry,
 * and is undone (and redone) through POST /api/history/:id/undo.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/domain/api-error';
import type { ClientWire as Client, LineWire as Line, PoleWire as Pole } from '@/domain/schemas';
import { UNKNOWN_ID, createTestApp } from '@/server/test/test-db';
import type { HistoryEntryWire } from '@/domain/answers';

const Y = 2031;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

async function newClient(name: string): Promise<Client> {
  const res = await t.request<Client>('POST', '/api/clients', { name });
  expect(res.status).toBe(201);
  return res.json;
}
async function budget(clientId: string): Promise<Pole[]> {
  return (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${Y}`)).json;
}
async function latest(clientId: string): Promise<HistoryEntryWire> {
  const res = await t.request<{ entries: HistoryEntryWire[] }>(
    'GET',
    `/api/history?clientId=${clientId}&year=${Y}&limit=1`,
  );
  return res.json.entries[0]!;
}
async function undo(id: number) {
  return t.request<{ entry: HistoryEntryWire } & ApiErrorBody>('POST', `/api/history/${id}/undo`);
}
const names = (poles: Pole[]) => poles.map((p) => [p.name, p.lines.map((l) => l.name)]);

describe('renaming a pole and a line in place', () => {
  it('renames, records the entry, and undo / redo rename back and forth', async () => {
    const client = await newClient('Renommages SA');
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, {
        name: 'Paid',
        lines: ['SEA', 'Social'],
      })
    ).json;
    const res = await t.request<Pole>('PUT', `/api/poles/${pole.id}/name?year=${Y}`, { name: '  Paid Media ' });
    expect(res.status).toBe(200);
    expect(res.json.name).toBe('Paid Media');
    const poleEntry = await latest(client.id);
    expect(poleEntry).toMatchObject({ source: 'structure', summary: 'Pôle « Paid » renommé en « Paid Media »' });

    const line = pole.lines[0]!;
    const renamed = await t.request<Line>('PUT', `/api/lines/${line.id}/name?year=${Y}`, { name: 'Google Ads' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: line.id, name: 'Google Ads' });
    const lineEntry = await latest(client.id);
    expect(lineEntry.summary).toBe('Ligne « SEA » renommée en « Google Ads » (Paid Media)');
    expect(names(await budget(client.id))).toEqual([['Paid Media', ['Google Ads', 'Social']]]);

    const undone = await undo(lineEntry.id);
    expect(undone.status).toBe(200);
    expect(names(await budget(client.id))).toEqual([['Paid Media', ['SEA', 'Social']]]);
    expect((await undo(undone.json.entry.id)).status).toBe(200); // redo
    expect(names(await budget(client.id))).toEqual([['Paid Media', ['Google Ads', 'Social']]]);
    expect((await undo(poleEntry.id)).status).toBe(200);
    expect(names(await budget(client.id))).toEqual([['Paid', ['Google Ads', 'Social']]]);
  });

  it('refuses a name taken in the same pole or client year, an unknown id, another year; nothing changes', async () => {
    const client = await newClient('Refus de noms');
    const paid = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, {
        name: 'Paid',
        lines: ['SEA', 'Social'],
      })
    ).json;
    await t.request('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'SEO', lines: ['Audit'] });
    const before = await budget(client.id);

    const lineTaken = await t.request('PUT', `/api/lines/${paid.lines[0]!.id}/name?year=${Y}`, { name: 'Social' });
    expect(lineTaken.status).toBe(409);
    expect(lineTaken.json.error.message).toBe('Une ligne « Social » existe déjà dans ce pôle.');
    const poleTaken = await t.request('PUT', `/api/poles/${paid.id}/name?year=${Y}`, { name: 'SEO' });
    expect(poleTaken.status).toBe(409);
    expect(poleTaken.json.error.message).toBe('Un pôle « SEO » existe déjà pour ce client.');
    expect((await t.request('PUT', `/api/poles/${paid.id}/name?year=${Y}`, { name: '  ' })).status).toBe(400);
    expect((await t.request('PUT', `/api/lines/${UNKNOWN_ID}/name?year=${Y}`, { name: 'x' })).status).toBe(404);
    expect((await t.request('PUT', `/api/poles/${paid.id}/name?year=${Y + 1}`, { name: 'x' })).status).toBe(404);
    expect(await budget(client.id)).toEqual(before);
  });

  it('refuses to undo a rename once the name changed again', async () => {
    const client = await newClient('Renommé deux fois');
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Data', lines: ['Audit'] })
    ).json;
    const line = pole.lines[0]!;
    await t.request('PUT', `/api/lines/${line.id}/name?year=${Y}`, { name: 'Audit GA4' });
    const first = await latest(client.id);
    await t.request('PUT', `/api/lines/${line.id}/name?year=${Y}`, { name: 'Audit GTM' });
    const refused = await undo(first.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe("Impossible d'annuler : la ligne a été renommée ou supprimée depuis.");
    expect(names(await budget(client.id))).toEqual([['Data', ['Audit GTM']]]);
  });
});

describe('moving a line up or down within its pole', () => {
  it('moves, keeps the order across reads, and undo / redo put it back and again', async () => {
    const client = await newClient('Déplacements');
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, {
        name: 'CRM',
        lines: ['A', 'B', 'C'],
      })
    ).json;
    const [a, b, c] = pole.lines.map((l) => l.id);
    await t.request('PATCH', `/api/cells?year=${Y}`, [{ lineId: c, month: 0, field: 'reel', value: 12.5 }]);

    const down = await t.request<{ lineIds: string[] }>('POST', `/api/lines/${a}/move?year=${Y}`, {
      direction: 'down',
    });
    expect(down.status).toBe(200);
    expect(down.json.lineIds).toEqual([b, a, c]);
    const up = await t.request('POST', `/api/lines/${c}/move?year=${Y}`, { direction: 'up' });
    expect(up.status).toBe(200);
    expect(names(await budget(client.id))).toEqual([['CRM', ['B', 'C', 'A']]]);
    const entry = await latest(client.id);
    expect(entry).toMatchObject({ source: 'structure', summary: 'Ligne « C » montée (CRM)' });

    const undone = await undo(entry.id);
    expect(undone.status).toBe(200);
    expect(names(await budget(client.id))).toEqual([['CRM', ['B', 'A', 'C']]]);
    expect((await undo(undone.json.entry.id)).status).toBe(200);
    expect(names(await budget(client.id))).toEqual([['CRM', ['B', 'C', 'A']]]);
    // The figures travel with their line.
    expect((await budget(client.id))[0]!.lines[1]!.reel[0]).toBe(12.5);
  });

  it('refuses past the edges, a bad direction, an unknown line; nothing changes', async () => {
    const client = await newClient('Bords');
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'SEO', lines: ['A', 'B'] })
    ).json;
    const [a, b] = pole.lines.map((l) => l.id);
    const first = await t.request('POST', `/api/lines/${a}/move?year=${Y}`, { direction: 'up' });
    expect(first.status).toBe(409);
    expect(first.json.error.message).toBe('Cette ligne est déjà la première de son pôle.');
    const last = await t.request('POST', `/api/lines/${b}/move?year=${Y}`, { direction: 'down' });
    expect(last.json.error.message).toBe('Cette ligne est déjà la dernière de son pôle.');
    const bad = await t.request('POST', `/api/lines/${a}/move?year=${Y}`, { direction: 'left' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain('direction');
    expect((await t.request('POST', `/api/lines/${UNKNOWN_ID}/move?year=${Y}`, { direction: 'up' })).status).toBe(404);
    expect(names(await budget(client.id))).toEqual([['SEO', ['A', 'B']]]);
  });

  it('refuses to undo a move once the pole’s lines changed since', async () => {
    const client = await newClient('Ordre changé');
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Data', lines: ['A', 'B'] })
    ).json;
    await t.request('POST', `/api/lines/${pole.lines[0]!.id}/move?year=${Y}`, { direction: 'down' });
    const move = await latest(client.id);
    await t.request('POST', `/api/poles/${pole.id}/lines?year=${Y}`, { name: 'C' });
    const refused = await undo(move.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe("Impossible d'annuler : les lignes de ce pôle ont changé depuis.");
    expect(names(await budget(client.id))).toEqual([['Data', ['B', 'A', 'C']]]);
  });
});

describe('a client name already taken', () => {
  it.each([
    ['the same name', 'Éditions Lambert'],
    ['another case', 'ÉDITIONS LAMBERT'],
    ['without accents', 'Editions  Lambert'],
  ])('refuses %s on creation (409, French message) and adds nothing', async (_label, name) => {
    if (!(await t.request<Client[]>('GET', '/api/clients')).json.some((c) => c.name === 'Éditions Lambert')) {
      await newClient('Éditions Lambert');
    }
    const count = (await t.request<Client[]>('GET', '/api/clients')).json.length;
    const res = await t.request('POST', '/api/clients', { name });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'conflict', message: 'Un client « Éditions Lambert » existe déjà.' });
    expect((await t.request<Client[]>('GET', '/api/clients')).json).toHaveLength(count);
  });

  it('refuses a rename onto another client’s name, but not onto its own in another case', async () => {
    await newClient('Hôtel des Pins');
    const other = await newClient('Hôtel du Lac');
    const res = await t.request('PATCH', `/api/clients/${other.id}`, { name: 'hotel des pins' });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('Un client « Hôtel des Pins » existe déjà.');
    const own = await t.request<Client>('PATCH', `/api/clients/${other.id}`, { name: 'HÔTEL DU LAC' });
    expect(own.status).toBe(200);
    expect(own.json.name).toBe('HÔTEL DU LAC');
  });
});
