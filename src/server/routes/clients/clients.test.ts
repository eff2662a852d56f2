import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { clientSchema } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

describe('clients API', () => {
  it('creates a client with a trimmed name and zero forecasts', async () => {
    const res = await t.request<Client>('POST', '/api/clients', { name: '  Équipe Zèbre  ' });
    expect(res.status).toBe(201);
    const client = clientSchema.parse(res.json);
    expect(client).toMatchObject({
      name: 'Équipe Zèbre',
      prevision_mb_annuelle_debut: 0,
      prevision_mb_annuelle_revue: 0,
    });
    expect(Date.parse(client.created_at)).not.toBeNaN();
  });

  it('lists clients by name in French collation', async () => {
    for (const name of ['Zoé', 'ébène', 'Alpha', 'Eole']) await t.request('POST', '/api/clients', { name });
    const res = await t.request<Client[]>('GET', '/api/clients');
    expect(res.status).toBe(200);
    expect(res.json.map((c) => c.name)).toEqual(['Alpha', 'ébène', 'Eole', 'Équipe Zèbre', 'Zoé']);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 42 }, 'name'],
    [{}, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'ok', extra: 1 }, 'extra'],
  ])('refuses the body %j with a French message naming %s', async (body, field) => {
    const before = await t.request<Client[]>('GET', '/api/clients');
    const res = await t.request('POST', '/api/clients', body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation');
    expect(res.json.error.message).toMatch(/^Données invalides/);
    expect(res.json.error.message).toContain(field);
    const after = await t.request<Client[]>('GET', '/api/clients');
    expect(after.json).toEqual(before.json);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.request('POST', '/api/clients', '{nope');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe("Le corps de la requête n'est pas un JSON valide.");
  });

  it('renames and sets the initial forecast, rounding to cents', async () => {
    const { json: created } = await t.request<Client>('POST', '/api/clients', { name: 'Renommé' });
    const res = await t.request<Client>('PATCH', `/api/clients/${created.id}`, {
      name: ' Nouveau nom ',
      prevision_mb_annuelle_debut: 1234.565,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Nouveau nom', prevision_mb_annuelle_debut: 1234.57 });
    const only = await t.request<Client>('PATCH', `/api/clients/${created.id}`, { prevision_mb_annuelle_debut: -50 });
    expect(only.json).toMatchObject({ name: 'Nouveau nom', prevision_mb_annuelle_debut: -50 });
  });

  it.each([
    [{}, 'Rien à modifier'],
    [{ name: '' }, 'name'],
    [{ prevision_mb_annuelle_debut: 'abc' }, 'prevision_mb_annuelle_debut'],
    [{ prevision_mb_annuelle_debut: 1e13 }, 'prevision_mb_annuelle_debut'],
  ])('refuses the update %j', async (body, text) => {
    // A name of its own per case: two clients cannot share a name.
    const { json: created } = await t.request<Client>('POST', '/api/clients', {
      name: `Intact ${JSON.stringify(body)}`,
    });
    const res = await t.request('PATCH', `/api/clients/${created.id}`, body);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain(text);
    const list = await t.request<Client[]>('GET', '/api/clients');
    expect(list.json.find((c) => c.id === created.id)).toEqual(created);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('PATCH', `/api/clients/${unknown}`, { name: 'x' })).status).toBe(404);
    expect((await t.request('DELETE', `/api/clients/${unknown}`)).status).toBe(404);
    const missing = await t.request('GET', `/api/clients/${unknown}/budget`);
    expect(missing.status).toBe(404);
    expect(missing.json.error).toEqual({ code: 'not_found', message: 'Client introuvable.' });
    expect((await t.request('GET', '/api/clients/pas-un-uuid/budget')).status).toBe(400);
  });

  it('deletes a client with its poles, lines and months', async () => {
    const { json: client } = await t.request<Client>('POST', '/api/clients', { name: 'À supprimer' });
    await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'Paid', lines: ['Google Shopping'] });
    const res = await t.request('DELETE', `/api/clients/${client.id}`);
    expect(res.status).toBe(204);
    expect((await t.request('GET', `/api/clients/${client.id}/budget`)).status).toBe(404);
    const { rows } = await t.db.query<{ n: number }>(
      `select (select count(*) from expertise_poles)::int + (select count(*) from budget_line_items)::int
            + (select count(*) from budget_monthly_data)::int as n`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
