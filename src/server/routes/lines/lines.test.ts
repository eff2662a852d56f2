import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, LineWire as Line, PoleWire as Pole } from '@/domain/schemas';
import { TWELVE_ZEROS, UNKNOWN_ID, createTestApp, createTestAppWithClient } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
let client: Client;
beforeAll(async () => ({ t, client } = await createTestAppWithClient()));
afterAll(() => t.db.close());

describe('lines API', () => {
  it('adds a custom line with 12 zeroed months, and refuses a duplicate name', async () => {
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'Content', lines: ['Production vidéo'] })
    ).json;
    const res = await t.request<Line>('POST', `/api/poles/${pole.id}/lines`, { name: '  Podcast  ' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: 'Podcast', previsionnel: TWELVE_ZEROS, reel: TWELVE_ZEROS });
    const dup = await t.request('POST', `/api/poles/${pole.id}/lines`, { name: 'Podcast' });
    expect(dup.status).toBe(409);
    expect(dup.json.error.message).toBe('Une ligne « Podcast » existe déjà dans ce pôle.');
    expect((await t.request('POST', `/api/poles/${UNKNOWN_ID}/lines`, { name: 'x' })).status).toBe(404);
    expect((await t.request('POST', `/api/poles/${pole.id}/lines`, { name: ' ' })).status).toBe(400);
  });

  it('deletes a line and its months', async () => {
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, {
        name: 'Affiliation',
        lines: ["Plateforme d'affiliation", 'Frais de gestion affiliation'],
      })
    ).json;
    const [gone, kept] = pole.lines;
    expect((await t.request('DELETE', `/api/lines/${gone!.id}`)).status).toBe(204);
    expect((await t.request('DELETE', `/api/lines/${gone!.id}`)).status).toBe(404);
    const budget = await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`);
    expect(budget.json.find((p) => p.id === pole.id)?.lines.map((l) => l.id)).toEqual([kept!.id]);
    const { rows } = await t.db.query<{ n: number }>(
      'select count(*)::int as n from budget_monthly_data where budget_line_item_id = $1',
      [gone!.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});
