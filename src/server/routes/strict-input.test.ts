/**
 * Issue 19, item 5: the borderline inputs the first release accepted (found by its reliability report,
 * not kept in the repo: wrong-type months written as real cells, a `__proto__` key, years 1–99), each
 * now refused with a French 400 — and the data unchanged (the whole backup compared).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientWire } from '@/domain/schemas';
import { createTestApp, TEST_DB } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
let lineId: string;
let poleId: string;
beforeAll(async () => {
  t = await createTestApp();
  const client = (await t.request<ClientWire>('POST', '/api/clients', { name: 'Stricte' })).json;
  const pole = await t.request<{ id: string; lines: { id: string }[] }>('POST', `/api/clients/${client.id}/poles`, {
    name: 'Paid',
    lines: ['Ads'],
  });
  poleId = pole.json.id;
  lineId = pole.json.lines[0]!.id;
});
afterAll(() => t.db.close());

/** Everything the database holds, as the backup serves it (its export date aside). */
async function everything() {
  const { exportDate: _, ...data } = (await t.request<Record<string, unknown>>('GET', '/api/backup')).json;
  return data;
}

/** Sends a raw request; expects a 400 with a French message, and nothing changed. */
async function refused(method: string, path: string, body: string, contentType = 'application/json') {
  const before = await everything();
  const res = await t.app.request(path, { method, body, headers: { 'content-type': contentType } });
  const json = (await res.json()) as { error: { code: string; message: string } };
  expect({ status: res.status, code: json.error.code }, `${method} ${path} ${body}`).toEqual({
    status: 400,
    code: 'validation',
  });
  expect(await everything()).toEqual(before);
  return json.error.message;
}

describe(`strict input on ${TEST_DB}`, () => {
  it.each([
    'null',
    'true',
    'false',
    '""',
    '[]',
    '[5]',
    '["6"]',
    '"3"',
    '" 7 "',
    '"0x2"',
    '"1e1"',
    '3.5',
    '-0',
    '12',
    '-1',
  ])('refuses month %s in PATCH /api/cells', async (month) => {
    const message = await refused(
      'PATCH',
      '/api/cells',
      `[{"lineId":"${lineId}","month":${month},"field":"reel","value":777.77}]`,
    );
    expect(message).toContain('Le mois doit être un entier de 0 à 11.');
  });

  it('still takes month 0 to 11 as JSON numbers (3.0 is the number 3)', async () => {
    const res = await t.request('PATCH', '/api/cells', [
      { lineId, month: 0, field: 'reel', value: 1 },
      { lineId, month: 11, field: 'reel', value: 2 },
    ]);
    expect(res.status).toBe(200);
    expect(
      (
        await t.app.request('/api/cells', {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: `[{"lineId":"${lineId}","month":3.0,"field":"reel","value":3}]`,
        })
      ).status,
    ).toBe(200);
  });

  it.each(['%201', '1e0', '-0', '0x1', '1.0', '%091', '0b1', '+1', '%0A1', '01', '12', 'x'])(
    'refuses month %s in the path of PUT …/facture/:month',
    async (month) => {
      await refused('PUT', `/api/poles/${poleId}/facture/${month}`, '{"value":true}');
    },
  );

  it('still takes 0 to 11 in the path', async () => {
    expect((await t.request('PUT', `/api/poles/${poleId}/facture/11`, { value: true })).status).toBe(200);
    expect((await t.request('GET', `/api/history?month=11`)).status).toBe(200);
    expect((await t.request('GET', `/api/history?month=011`)).status).toBe(400);
  });

  it.each([
    'text/plain; application/json',
    'application/jsonp',
    'application/json-patch+json',
    'text/plain',
    'application/json; charset=latin1',
  ])('refuses a JSON body sent as %s', async (type) => {
    const message = await refused('POST', '/api/clients', '{"name":"Passe"}', type);
    expect(message).toContain('Content-Type: application/json');
  });

  it('takes application/json with a UTF-8 charset', async () => {
    const res = await t.app.request('/api/clients', {
      method: 'POST',
      body: '{"name":"Avec charset"}',
      headers: { 'content-type': 'Application/JSON; charset=UTF-8' },
    });
    expect(res.status).toBe(201);
  });

  it.each(['\u200B', '\u0085', '\u0007\u0008', '\u202E', '\u200B\u200C\u200D\u2060', '\u3164', '\uFEFF\u00A0 '])(
    'refuses a name of invisible characters only (%j)',
    async (name) => {
      const message = await refused('POST', '/api/clients', JSON.stringify({ name }));
      expect(message).toMatch(/aucun caractère visible|ne peut pas être vide/);
    },
  );

  // E2 of the second release's probe (issue 34): a control or bidi character inside a name.
  const CONTROL_OR_BIDI_NAMES = [
    'Client \u202Egnp.exe',
    'Client \u202Dlro',
    'A\u202Ab',
    'A\u2066isolé\u2069',
    'A\u2067b',
    'A\u2068b',
    'Marque\u200Egauche',
    'Marque\u200Fdroite',
    'Deux\nlignes',
    'Avec\ttabulation',
    'Échap\u001B[31m',
    'Suppr\u007F',
    'C1\u0085',
  ];
  const NAME_REFUSAL =
    'Données invalides : « name » — Le nom contient un caractère interdit : retour à la ligne, tabulation, caractère de contrôle ou de direction du texte.';
  it.each(CONTROL_OR_BIDI_NAMES)(
    'refuses %j as the name of a client, a pole or a line, created or renamed',
    async (name) => {
      const clientId = (await t.request<ClientWire[]>('GET', '/api/clients')).json[0]!.id;
      const body = JSON.stringify({ name });
      expect(await refused('POST', '/api/clients', body)).toBe(NAME_REFUSAL);
      expect(await refused('PATCH', `/api/clients/${clientId}`, body)).toBe(NAME_REFUSAL);
      expect(await refused('POST', `/api/clients/${clientId}/poles`, JSON.stringify({ name, lines: [] }))).toBe(
        NAME_REFUSAL,
      );
      expect(await refused('PUT', `/api/poles/${poleId}/name`, body)).toBe(NAME_REFUSAL);
      expect(await refused('POST', `/api/poles/${poleId}/lines`, body)).toBe(NAME_REFUSAL);
      expect(await refused('PUT', `/api/lines/${lineId}/name`, body)).toBe(NAME_REFUSAL);
    },
  );

  it('takes names with accents, apostrophes, emoji and right-to-left letters', async () => {
    for (const name of ["L'Oréal – Été", 'Café 😀', 'شركة عربية', 'Ünïcödé « guillemets »']) {
      expect((await t.request('POST', '/api/clients', { name })).status, name).toBe(201);
    }
  });

  const backupWith = (created_at: string, extra = '') =>
    `{"clients":[{"id":"11111111-1111-4111-8111-111111111111","name":"Daté","prevision_mb_annuelle_debut":0,` +
    `"prevision_mb_annuelle_revue":0,"created_at":"${created_at}"}],"budgetData":{${extra}}}`;

  it.each([
    '0050-06-01',
    '0099-01-01',
    '0001-01-01',
    '1899-12-31T23:59:59Z',
    '2101-01-01',
    '2024-02-30',
    '12/31/1999',
    '2024',
    'demain',
    '2024-13-01',
    '2024-06-01T25:00:00Z',
  ])('refuses the creation date %s in a backup', async (date) => {
    const message = await refused('POST', '/api/backup', backupWith(date));
    expect(message).toContain('Date invalide');
  });

  it('restores ISO dates between 1900 and 2100 as they are', async () => {
    for (const date of ['1900-01-01', '2100-12-31T23:59:59.999Z', '2024-02-29T10:00:00+02:00']) {
      expect((await t.request('POST', '/api/backup', backupWith(date))).status, date).toBe(200);
    }
    const clients = (await t.request<ClientWire[]>('GET', '/api/clients')).json;
    expect(clients.map((c) => c.created_at)).toEqual(['2024-02-29T08:00:00.000Z']);
  });

  it('refuses a backup with a __proto__ key instead of dropping it', async () => {
    const pole = `{"id":"22222222-2222-4222-8222-222222222222","name":"Caché","lines":[]}`;
    const message = await refused('POST', '/api/backup', backupWith('2024-01-01', `"__proto__":[${pole}]`));
    expect(message).toContain('« budgetData.__proto__ » — Clé interdite : « __proto__ ».');
  });

  // Found by fuzz.test.ts: valid JSON, but no UTF-8 text; PostgreSQL refused it mid-write (500).
  it.each([
    ['POST', '/api/clients', '{"name":"Acme \\ud800"}', '« name »'],
    ['PUT', 'line name', '{"name":"\\udc00x"}', '« name »'],
  ])('refuses half a surrogate pair in a %s body (%s)', async (method, path, body, where) => {
    const url = path === 'line name' ? `/api/lines/${lineId}/name` : path;
    const message = await refused(method, url, body);
    expect(message).toContain(where);
    expect(message).toContain('demi-paire UTF-16');
  });

  // Found by fuzz.test.ts: the __proto__ check of a restore recursed, and 20,000 nested arrays overflowed the stack (500).
  it.each([
    ['arrays', '['.repeat(20_000) + ']'.repeat(20_000)],
    ['objects', '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000)],
  ])('refuses a backup of 20,000 nested %s with a 400', async (_, body) => {
    await refused('POST', '/api/backup', body);
  });
});
