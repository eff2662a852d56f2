import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/domain/api-error';
import type { AllYearsBackupDocument } from '@/domain/files/backup-json';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createAccountsTestApp } from '@/server/test/test-accounts';
import { UNKNOWN_ID, createTestApp } from '@/server/test/test-db';
import type { HistoryEntryWire } from '@/domain/answers';

const Y = 2030;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

/** Everything stored, every year (the version 2 backup without its date). */
async function everything() {
  const doc = (await t.request<AllYearsBackupDocument>('GET', '/api/backup')).json;
  return { ...doc, exportDate: '' };
}
async function newClient(name: string): Promise<Client> {
  return (await t.request<Client>('POST', '/api/clients', { name })).json;
}
async function addPole(clientId: string, name: string, lines: string[]): Promise<Pole> {
  return (await t.request<Pole>('POST', `/api/clients/${clientId}/poles?year=${Y}`, { name, lines })).json;
}
async function budget(clientId: string): Promise<Pole[]> {
  return (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${Y}`)).json;
}
async function history(query: string): Promise<HistoryEntryWire[]> {
  const res = await t.request<{ entries: HistoryEntryWire[] }>('GET', `/api/history?${query}`);
  expect(res.status).toBe(200);
  return res.json.entries;
}
async function latest(clientId: string): Promise<HistoryEntryWire> {
  return (await history(`clientId=${clientId}&year=${Y}&limit=1`))[0]!;
}
async function undo(id: number) {
  // Either answer: the new entry, or the error (typed together: each test checks the status first).
  return t.request<{ entry: HistoryEntryWire } & ApiErrorBody>('POST', `/api/history/${id}/undo`);
}
async function setCells(cells: unknown[], source?: string) {
  const res = await t.request<{ historyId: number | null }>(
    'PATCH',
    `/api/cells?year=${Y}${source ? `&source=${source}` : ''}`,
    cells,
  );
  expect(res.status).toBe(200);
  return res.json.historyId;
}

describe('every change is an entry, with its old and new values', () => {
  it('records a cell batch: source, actor, client, year, each cell old → new; nothing for a batch that changes nothing', async () => {
    const client = await newClient('Saisie');
    const pole = await addPole(client.id, 'Paid', ['Meta Ads', 'LinkedIn Ads']);
    const [meta, linkedin] = pole.lines.map((l) => l.id);
    const first = await setCells([
      { lineId: meta, month: 0, field: 'previsionnel', value: 565.84 },
      { lineId: linkedin, month: 11, field: 'achat', value: -2.5 },
    ]);
    const second = await setCells([{ lineId: meta, month: 0, field: 'previsionnel', value: 999 }], 'collage');
    expect(await setCells([{ lineId: meta, month: 0, field: 'previsionnel', value: 999 }])).toBeNull();

    const [pasted, typed] = await history(`clientId=${client.id}&year=${Y}&limit=2`);
    expect(typed).toMatchObject({
      id: first,
      actor: 'local',
      source: 'saisie',
      summary: '2 cellules saisies',
      clientId: client.id,
      year: Y,
      cellCount: 2,
      reverted: false,
    });
    expect(typed!.cells).toEqual(
      expect.arrayContaining([
        { lineId: meta, month: 0, field: 'previsionnel', old: 0, new: 565.84 },
        { lineId: linkedin, month: 11, field: 'achat', old: 0, new: -2.5 },
      ]),
    );
    expect(pasted).toMatchObject({ id: second, source: 'collage', summary: 'Collage de 1 cellule' });
    expect(pasted!.cells).toEqual([{ lineId: meta, month: 0, field: 'previsionnel', old: 565.84, new: 999 }]);
  });

  it('records structure: client added, renamed, forecast, pole and lines added, invoiced month, line deleted, client deleted', async () => {
    const client = await newClient('Structure');
    await t.request('PATCH', `/api/clients/${client.id}?year=${Y}`, { name: 'Structure & Cie' });
    await t.request('PATCH', `/api/clients/${client.id}?year=${Y}`, { prevision_mb_annuelle_debut: 1500.25 });
    const pole = await addPole(client.id, 'SEO/GEO', ['Netlinking']);
    await t.request('POST', `/api/poles/${pole.id}/lines?year=${Y}`, { name: 'Audit' });
    await t.request('PUT', `/api/poles/${pole.id}/facture/2?year=${Y}`, { value: true });
    // Expanding is how a screen shows a pole: not recorded.
    await t.request('PATCH', `/api/poles/${pole.id}?year=${Y}`, { isExpanded: false });
    await t.request('DELETE', `/api/lines/${pole.lines[0]!.id}?year=${Y}`);
    const entries = await history(`clientId=${client.id}&year=${Y}`);
    expect(entries.map((e) => [e.source, e.summary])).toEqual([
      ['structure', 'Ligne « Netlinking » supprimée (SEO/GEO)'],
      ['structure', 'SEO/GEO : mars facturé'],
      ['structure', 'Ligne « Audit » ajoutée (SEO/GEO)'],
      ['structure', 'Pôle « SEO/GEO » ajouté (1 ligne)'],
      ['structure', `Prévision MB annuelle début ${Y} : 0\u00a0€ → 1\u202f500,25\u00a0€`],
      ['structure', 'Client « Structure » renommé en « Structure & Cie »'],
      ['structure', 'Client « Structure » ajouté'],
    ]);
    await t.request('DELETE', `/api/clients/${client.id}`);
    expect((await history(`clientId=${client.id}&limit=1`))[0]!.summary).toBe('Client « Structure & Cie » supprimé');
  });
});

describe('undo and redo', () => {
  it('undo → redo → undo of a cell entry gives exactly the same data each time', async () => {
    const client = await newClient('Aller-retour');
    const pole = await addPole(client.id, 'Data', ['Tracking']);
    const lineId = pole.lines[0]!.id;
    await setCells([{ lineId, month: 3, field: 'reel', value: 565.84 }]);
    const before = await everything();
    const entry = await setCells([
      { lineId, month: 3, field: 'reel', value: 999 },
      { lineId, month: 4, field: 'achat', value: 12.5 },
    ]);
    const after = await everything();

    const undone = await undo(entry!);
    expect(undone.status).toBe(200);
    expect(undone.json.entry).toMatchObject({
      source: 'annulation',
      revertsId: entry,
      summary: 'Annulation : 2 cellules saisies',
      cellCount: 2,
    });
    expect(await everything()).toEqual(before);
    const redone = await undo(undone.json.entry.id);
    expect(redone.json.entry.summary).toBe('Rétablissement : 2 cellules saisies');
    expect(await everything()).toEqual(after);
    expect((await undo(redone.json.entry.id)).status).toBe(200);
    expect(await everything()).toEqual(before);
  });

  it('brings a deleted line back with its id, place and 48 figures; redo deletes it again', async () => {
    const client = await newClient('Ligne supprimée');
    const pole = await addPole(client.id, 'Paid', ['Google Ads – Search', 'Meta Ads', 'YouTube Ads']);
    const meta = pole.lines[1]!.id;
    const figures = ['previsionnel', 'achat_previsionnel', 'reel', 'achat'].flatMap((field, f) =>
      Array.from({ length: 12 }, (_, month) => ({ lineId: meta, month, field, value: (f + 1) * 100 + month + 0.01 })),
    );
    await setCells(figures);
    const before = await everything();
    await t.request('DELETE', `/api/lines/${meta}?year=${Y}`);
    const deleted = await everything();
    const entry = await latest(client.id);
    expect((await undo(entry.id)).status).toBe(200);
    expect(await everything()).toEqual(before);
    const back = (await budget(client.id))[0]!;
    expect(back.lines.map((l) => l.name)).toEqual(['Google Ads – Search', 'Meta Ads', 'YouTube Ads']);
    expect(back.lines[1]!.achat[11]).toBe(411.01);
    const redo = (await latest(client.id)).id;
    expect((await undo(redo)).status).toBe(200);
    expect(await everything()).toEqual(deleted);
  });

  it('brings a deleted client back with every year, then undoes its creation once empty', async () => {
    const client = await newClient('Client supprimé');
    await addPole(client.id, 'CRM', ['Emailing']);
    await t.request('PATCH', `/api/clients/${client.id}?year=${Y}`, { prevision_mb_annuelle_debut: 42 });
    await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y + 1}`, {
      name: 'Data',
      lines: ['Tracking'],
    });
    const before = await everything();
    await t.request('DELETE', `/api/clients/${client.id}`);
    const deletion = (await history(`clientId=${client.id}&limit=1`))[0]!;
    expect((await undo(deletion.id)).status).toBe(200);
    expect(await everything()).toEqual(before);

    // Creation cannot be undone while the client holds data…
    const creation = (await history(`clientId=${client.id}`)).find(
      (e) => e.summary.endsWith('ajouté') && e.year === null,
    )!;
    const refused = await undo(creation.id);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ error: { code: 'conflict' } });
    expect(await everything()).toEqual(before);
  });

  it('undoes a pole added with its lines, and a roll forward as one step', async () => {
    const client = await newClient('Report annulé');
    const pole = await addPole(client.id, 'Paid', ['Meta Ads']);
    await setCells([{ lineId: pole.lines[0]!.id, month: 0, field: 'previsionnel', value: 100.01 }]);
    const before = await everything();
    const res = await t.request<{ historyId: number }>('POST', `/api/years/${Y + 5}/rollforward`, {
      from: Y,
      clients: [client.id],
      figures: 'previsionnel',
      upliftSales: 3.5,
    });
    const entry = (await history(`clientId=${client.id}&year=${Y + 5}&limit=1`))[0]!;
    expect(entry).toMatchObject({ id: res.json.historyId, source: 'report', cellCount: 1 });
    expect(entry.summary).toBe(`Préparation de ${Y + 5} depuis ${Y} : 1 ligne créée, 1 cellule remplie`);
    expect(entry.cells).toEqual([{ lineId: expect.any(String), month: 0, field: 'previsionnel', old: 0, new: 103.51 }]);
    expect((await undo(entry.id)).status).toBe(200);
    expect(await everything()).toEqual(before);
  });

  it('undoes a restore: the data before it comes back; redo restores the file again', async () => {
    const client = await newClient('Avant restauration');
    await addPole(client.id, 'Paid', ['Meta Ads']);
    const before = await everything();
    const file = {
      clients: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          name: 'Du fichier',
          prevision_mb_annuelle_debut: 0,
          prevision_mb_annuelle_revue: 0,
          created_at: '2025-01-01T00:00:00.000Z',
        },
      ],
      budgetData: {},
    };
    expect((await t.request('POST', `/api/backup?year=${Y}`, file)).status).toBe(200);
    const restored = await everything();
    const entry = (await history('limit=1'))[0]!;
    expect(entry).toMatchObject({ source: 'restauration', summary: "Restauration d'une sauvegarde (1 client)" });
    expect((await undo(entry.id)).status).toBe(200);
    expect(await everything()).toEqual(before);
    const redo = (await history('limit=1'))[0]!;
    expect((await undo(redo.id)).status).toBe(200);
    expect(await everything()).toEqual(restored);
    // Put the earlier data back for the next tests.
    expect((await undo((await history('limit=1'))[0]!.id)).status).toBe(200);
    expect(await everything()).toEqual(before);
  });

  it('refuses (409) to undo a restore after a change since, and changes nothing', async () => {
    const before = await everything();
    await t.request('POST', '/api/backup', before);
    const restoreEntry = (await history('limit=1'))[0]!;
    const client = await newClient('Après restauration');
    const after = await everything();
    const res = await undo(restoreEntry.id);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toContain('ont changé depuis cette restauration');
    expect(await everything()).toEqual(after);
    await t.request('DELETE', `/api/clients/${client.id}`);
  });
});

describe('conflicts and bad input', () => {
  it('refuses (409) to undo an entry whose cell someone changed since, listing it, and changes nothing', async () => {
    const client = await newClient('Conflit');
    const pole = await addPole(client.id, 'Paid', ['Meta Ads']);
    const lineId = pole.lines[0]!.id;
    const mine = await setCells([
      { lineId, month: 1, field: 'previsionnel', value: 10 },
      { lineId, month: 2, field: 'previsionnel', value: 20 },
    ]);
    await setCells([{ lineId, month: 2, field: 'previsionnel', value: 25 }]);
    const before = await everything();
    const res = await undo(mine!);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('conflict');
    expect(res.json.error.cells).toEqual([{ lineId, month: 2, field: 'previsionnel', current: 25, expected: 20 }]);
    expect(await everything()).toEqual(before);
  });

  it('refuses to undo an entry twice: of two undos racing, exactly one wins', async () => {
    const client = await newClient('Course');
    const pole = await addPole(client.id, 'Paid', ['Meta Ads']);
    const entry = await setCells([{ lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 7 }]);
    const [a, b] = await Promise.all([undo(entry!), undo(entry!)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await budget(client.id))[0]!.lines[0]!.reel[0]).toBe(0);
  });

  it('answers 404 for an unknown entry and 400 for bad history queries', async () => {
    const missing = await undo(987654321);
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toBe('Modification introuvable : 987654321.');
    for (const query of [
      'clientId=abc',
      'lineId=1',
      'limit=0',
      'limit=201',
      'limit=x',
      'before=-1',
      'month=12',
      'field=marge',
      'year=1999',
    ]) {
      const res = await t.request('GET', `/api/history?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await t.request('POST', '/api/history/abc/undo')).status).toBe(400);
    expect((await t.request('GET', `/api/history/stack?clientId=${UNKNOWN_ID}&year=1999`)).status).toBe(400);
  });
});

describe('reading the history', () => {
  it('gives the history of one cell, newest first, and pages with before', async () => {
    const client = await newClient('Cellule');
    const pole = await addPole(client.id, 'Paid', ['Meta Ads']);
    const lineId = pole.lines[0]!.id;
    for (const value of [1, 2, 3]) await setCells([{ lineId, month: 5, field: 'achat', value }]);
    await setCells([{ lineId, month: 6, field: 'achat', value: 9 }]);
    const cell = await history(`lineId=${lineId}&month=5&field=achat`);
    expect(cell.map((e) => e.cells)).toEqual([
      [{ lineId, month: 5, field: 'achat', old: 2, new: 3 }],
      [{ lineId, month: 5, field: 'achat', old: 1, new: 2 }],
      [{ lineId, month: 5, field: 'achat', old: 0, new: 1 }],
    ]);
    const page = await history(`lineId=${lineId}&month=5&field=achat&limit=1&before=${cell[0]!.id}`);
    expect(page.map((e) => e.id)).toEqual([cell[1]!.id]);
  });

  it('gives the caller’s undo and redo targets for a client and year, across requests', async () => {
    const client = await newClient('Pile');
    const pole = await addPole(client.id, 'Paid', ['Meta Ads']);
    const lineId = pole.lines[0]!.id;
    const stack = async () =>
      (
        await t.request<{ undo: number | null; redo: number | null }>(
          'GET',
          `/api/history/stack?clientId=${client.id}&year=${Y}`,
        )
      ).json;
    const poleAdded = (await latest(client.id)).id;
    const a = await setCells([{ lineId, month: 0, field: 'reel', value: 1 }]);
    const b = await setCells([{ lineId, month: 0, field: 'reel', value: 2 }]);
    expect(await stack()).toEqual({ undo: b, redo: null });
    const u = (await undo(b!)).json.entry.id;
    expect(await stack()).toEqual({ undo: a, redo: u });
    const r = (await undo(u)).json.entry.id;
    expect(await stack()).toEqual({ undo: r, redo: null });
    // Down to the pole; the client's own creation is not a step of its budget's undo.
    await undo(r);
    await undo(a!);
    const poleUndone = (await undo(poleAdded)).json.entry.id;
    expect((await stack()).undo).toBeNull();
    expect((await stack()).redo).toBe(poleUndone);
  });
});

describe('the actor in accounts mode', () => {
  it('is the signed-in user’s email, and each user undoes their own entries', async () => {
    const a = await createAccountsTestApp();
    try {
      await a.addUser('anne@agence.fr');
      await a.addUser('bruno@agence.fr');
      const anne = await a.signIn('anne@agence.fr');
      const bruno = await a.signIn('bruno@agence.fr');
      const client = (await a.call('POST', '/api/clients', { body: { name: 'Comptes' }, cookie: anne })).json as Client;
      const pole = (
        await a.call('POST', `/api/clients/${client.id}/poles?year=${Y}`, {
          body: { name: 'Paid', lines: ['Meta Ads'] },
          cookie: anne,
        })
      ).json as Pole;
      await a.call('PATCH', `/api/cells?year=${Y}`, {
        body: [{ lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 5 }],
        cookie: bruno,
      });
      const { entries } = (await a.call('GET', `/api/history?clientId=${client.id}`, { cookie: anne })).json as {
        entries: HistoryEntryWire[];
      };
      expect(entries.map((e) => e.actor)).toEqual(['bruno@agence.fr', 'anne@agence.fr', 'anne@agence.fr']);
      const stackOf = async (cookie: string) =>
        (await a.call('GET', `/api/history/stack?clientId=${client.id}&year=${Y}`, { cookie })).json;
      expect(await stackOf(anne)).toEqual({ undo: entries[1]!.id, redo: null });
      expect(await stackOf(bruno)).toEqual({ undo: entries[0]!.id, redo: null });
    } finally {
      await a.db.close();
    }
  });
});
