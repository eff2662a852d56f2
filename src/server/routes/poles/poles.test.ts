import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLE_CATALOGUE } from '@/domain/catalogue';
import { poleSchema, type ClientWire as Client, type PoleWire as Pole } from '@/domain/schemas';
import { TWELVE_ZEROS, UNKNOWN_ID, createTestApp, createTestAppWithClient } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
let client: Client;
beforeAll(async () => ({ t, client } = await createTestAppWithClient()));
afterAll(() => t.db.close());

describe('poles API', () => {
  it('adds a pole with its lines, each with 12 zeroed months, in the order given', async () => {
    const res = await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, {
      name: 'SEO/GEO',
      lines: ['Netlinking', 'Audit SEO technique', 'SEO local'],
    });
    expect(res.status).toBe(201);
    const pole = poleSchema.parse(res.json);
    expect(pole).toMatchObject({ name: 'SEO/GEO', isExpanded: true, facture: Array(12).fill(false) });
    expect(pole.lines.map((l) => l.name)).toEqual(['Netlinking', 'Audit SEO technique', 'SEO local']);
    for (const line of pole.lines) {
      expect(line).toMatchObject({
        previsionnel: TWELVE_ZEROS,
        achat_previsionnel: TWELVE_ZEROS,
        reel: TWELVE_ZEROS,
        achat: TWELVE_ZEROS,
      });
    }
    const { rows } = await t.db.query<{ n: number }>(
      `select count(*)::int as n from budget_monthly_data d join budget_line_items l on l.id = d.budget_line_item_id
        where l.expertise_pole_id = $1`,
      [pole.id],
    );
    expect(rows[0]!.n).toBe(36);
  });

  it('reuses an existing pole of the same name and skips lines it already has', async () => {
    const first = await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, {
      name: 'Data',
      lines: ['Audit tracking'],
    });
    const again = await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, {
      name: 'Data',
      lines: ['Audit tracking', 'Plan de marquage', 'Plan de marquage'],
    });
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    expect(again.json.lines.map((l) => l.name)).toEqual(['Audit tracking', 'Plan de marquage']);
    const budget = await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`);
    expect(budget.json.filter((p) => p.name === 'Data')).toHaveLength(1);
  });

  it('lists poles in creation order with the whole catalogue', async () => {
    const other = (await t.request<Client>('POST', '/api/clients', { name: 'Catalogue complet' })).json;
    for (const pole of POLE_CATALOGUE) {
      const res = await t.request('POST', `/api/clients/${other.id}/poles`, { name: pole.name, lines: pole.lines });
      expect(res.status).toBe(201);
    }
    const budget = await t.request<Pole[]>('GET', `/api/clients/${other.id}/budget`);
    expect(budget.json.map((p) => p.name)).toEqual(POLE_CATALOGUE.map((p) => p.name));
    expect(budget.json.flatMap((p) => p.lines.map((l) => l.name))).toEqual(POLE_CATALOGUE.flatMap((p) => p.lines));
  });

  it.each([
    [{ name: 'Paid', lines: [] }, 'lines'],
    [{ name: '', lines: ['a'] }, 'name'],
    [{ name: 'Paid', lines: [''] }, 'lines.0'],
    [{ name: 'Paid' }, 'lines'],
  ])('refuses %j and changes nothing', async (body, field) => {
    const before = await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`);
    const res = await t.request('POST', `/api/clients/${client.id}/poles`, body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain(field);
    expect((await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`)).json).toEqual(before.json);
  });

  it('answers 404 when adding a pole to an unknown client', async () => {
    const res = await t.request('POST', `/api/clients/${UNKNOWN_ID}/poles`, { name: 'Paid', lines: ['Reddit Ads'] });
    expect(res.status).toBe(404);
  });

  it('saves the expanded flag', async () => {
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'CRM', lines: ['Stratégie CRM'] })
    ).json;
    const res = await t.request<Pole>('PATCH', `/api/poles/${pole.id}`, { isExpanded: false });
    expect(res.status).toBe(200);
    expect(res.json.isExpanded).toBe(false);
    const budget = await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`);
    expect(budget.json.find((p) => p.id === pole.id)?.isExpanded).toBe(false);
    expect((await t.request('PATCH', `/api/poles/${pole.id}`, { isExpanded: 'non' })).status).toBe(400);
    expect((await t.request('PATCH', `/api/poles/${UNKNOWN_ID}`, { isExpanded: true })).status).toBe(404);
  });

  it('sets one invoiced month atomically, even under concurrent toggles', async () => {
    const pole = (
      await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'Offline', lines: ['Radio'] })
    ).json;
    // Twelve concurrent writes of different months: a read-then-write would lose some of them.
    await Promise.all(
      Array.from({ length: 12 }, (_, m) =>
        t.request('PUT', `/api/poles/${pole.id}/facture/${m}`, { value: m % 2 === 0 }),
      ),
    );
    const res = await t.request<Pole>('PUT', `/api/poles/${pole.id}/facture/11`, { value: true });
    expect(res.status).toBe(200);
    expect(res.json.facture).toEqual([true, false, true, false, true, false, true, false, true, false, true, true]);
  });

  it.each([
    ['12', { value: true }, 400],
    ['-1', { value: true }, 400],
    ['1.5', { value: true }, 400],
    ['abc', { value: true }, 400],
    ['3', { value: 'oui' }, 400],
    ['3', {}, 400],
  ])('refuses invoiced month %s with %j', async (month, body, status) => {
    const pole = (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`)).json[0]!;
    const res = await t.request('PUT', `/api/poles/${pole.id}/facture/${month}`, body);
    expect(res.status).toBe(status);
    const after = (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget`)).json[0]!;
    expect(after.facture).toEqual(pole.facture);
  });
});
