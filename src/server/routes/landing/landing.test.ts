/**
 * POST /api/years/:year/landing (docs/product.md#versions-and-landing): the three methods on real
 * data, the preview equal to the run, one undoable entry, closed months and months up to the
 * cut-off never written, bad input in French. Each test uses its own year: the cut-off is the
 * year's, agency-wide.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryPageAnswer, LandingAnswerWire } from '@/domain/answers';
import type { ClientWire as Client, LandingBody, PoleWire as Pole } from '@/domain/schemas';
import { UNKNOWN_ID, createTestApp } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

/** A client with one pole of the given lines in `year`. */
async function setup(year: number, name: string, lines = ['Search']) {
  const client = (await t.request<Client>('POST', `/api/clients?year=${year}`, { name })).json;
  const pole = (await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${year}`, { name: 'Paid', lines }))
    .json;
  return { client, pole, lineId: pole.lines[0]!.id };
}
async function set(year: number, lineId: string, field: string, values: Record<number, number>) {
  const cells = Object.entries(values).map(([month, value]) => ({ lineId, month: Number(month), field, value }));
  expect((await t.request('PATCH', `/api/cells?year=${year}`, cells)).status).toBe(200);
}
const land = (year: number, body: LandingBody) =>
  t.request<LandingAnswerWire>('POST', `/api/years/${year}/landing`, body);
async function line(year: number, clientId: string, lineId: string) {
  const poles = (await t.request<Pole[]>('GET', `/api/clients/${clientId}/budget?year=${year}`)).json;
  return poles.flatMap((p) => p.lines).find((l) => l.id === lineId)!;
}
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;

describe('run-rate', () => {
  const Y = 2041;
  it('previews exactly what it then does, in one undoable entry', async () => {
    const { client, lineId } = await setup(Y, 'Rythme');
    await set(Y, lineId, 'reel', { 0: 999, 3: 100, 4: 200, 5: 301 });
    await set(Y, lineId, 'achat', { 3: -1, 4: -2 });
    await set(Y, lineId, 'previsionnel', { 2: 50, 6: 10 });
    const before = await line(Y, client.id, lineId);

    const preview = await land(Y, { clients: [client.id], method: 'run-rate', mode: 'fill-empty', dryRun: true });
    expect(preview.status).toBe(200);
    expect(await line(Y, client.id, lineId)).toEqual(before);
    const run = await land(Y, { clients: [client.id], method: 'run-rate', mode: 'fill-empty', dryRun: false });
    expect(run.json.clients).toEqual(preview.json.clients);
    expect(preview.json.historyId).toBeNull();
    expect(run.json.historyId).toEqual(expect.any(Number));
    expect([preview.json.cutoff, run.json.cutoff]).toEqual([5, 5]);

    // Cut-off June (the last month with an actual). July held 10: kept and skipped (fill-empty).
    const after = await line(Y, client.id, lineId);
    expect(after.previsionnel).toEqual([0, 0, 50, 0, 0, 0, 10, 200.33, 200.33, 200.33, 200.33, 200.33]);
    expect(after.achat_previsionnel).toEqual([0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1]);
    expect(run.json.clients).toEqual([
      {
        id: client.id,
        name: 'Rythme',
        cellsFilled: 11,
        cellsSkipped: 1,
        before: { previsionnel: 60, achat_previsionnel: 0 },
        after: { previsionnel: 60 + 5 * 200.33, achat_previsionnel: -6 },
      },
    ]);

    const { entries } = (await t.request<HistoryPageAnswer>('GET', `/api/history?clientId=${client.id}&year=${Y}`))
      .json;
    expect(entries[0]).toMatchObject({
      id: run.json.historyId,
      source: 'atterrissage',
      summary: `Atterrissage ${Y} (Rythme des 3 derniers mois) après juin : 11 cellules remplies`,
    });
    expect((await t.request('POST', `/api/history/${run.json.historyId}/undo`)).status).toBe(200);
    expect(await line(Y, client.id, lineId)).toEqual(before);
  });

  it('overwrites every month after the cut-off in overwrite mode; a second run changes nothing', async () => {
    const { client, lineId } = await setup(Y, 'Écrase');
    await set(Y, lineId, 'previsionnel', { 5: 7, 6: 10, 11: 1 });
    const run = await land(Y, { clients: [client.id], method: 'run-rate', mode: 'overwrite', dryRun: false });
    // No actual on this line: the rate is 0, so July and December go to 0; June is the cut-off.
    expect((await line(Y, client.id, lineId)).previsionnel).toEqual([0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0]);
    expect(run.json.clients[0]).toMatchObject({ cellsFilled: 2, cellsSkipped: 0 });
    const again = await land(Y, { clients: [client.id], method: 'run-rate', mode: 'overwrite', dryRun: false });
    expect(again.json).toEqual({ clients: [expect.objectContaining({ cellsFilled: 0 })], historyId: null, cutoff: 5 });
  });
});

describe('n-1', () => {
  const Y = 2043;
  it('takes the same month of the previous year × (1 + growth); a line absent in N−1 is left as it is', async () => {
    const { client, pole, lineId } = await setup(Y, 'Saison', ['Search', 'Nouvelle']);
    await t.request('POST', `/api/clients/${client.id}/poles?year=${Y - 1}`, { name: 'Paid', lines: ['Search'] });
    const prev = (await t.request<Pole[]>('GET', `/api/clients/${client.id}/budget?year=${Y - 1}`)).json[0]!.lines[0]!;
    await set(Y - 1, prev.id, 'reel', { 9: 100, 10: -100, 11: 33.33 });
    await set(Y - 1, prev.id, 'achat', { 9: 10 });
    await set(Y, lineId, 'reel', { 8: 1 });
    const newLine = pole.lines[1]!.id;
    await set(Y, newLine, 'previsionnel', { 10: 5 });

    const run = await land(Y, { clients: 'all', method: 'n-1', growth: 3.5, mode: 'overwrite', dryRun: false });
    expect(run.status).toBe(200);
    const after = await line(Y, client.id, lineId);
    expect(after.previsionnel).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 103.5, -103.5, 34.5]);
    expect(after.achat_previsionnel).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 10.35, 0, 0]);
    expect((await line(Y, client.id, newLine)).previsionnel[10]).toBe(5);
  });
});

describe('objectif', () => {
  const Y = 2045;
  it('refuses without a reference version (409), then lands the year on the reference', async () => {
    const { client, lineId } = await setup(Y, 'Cible');
    await set(Y, lineId, 'previsionnel', { 0: 100, 1: 100, 2: 100, 3: 100, 4: 100, 5: 100, 6: 100, 7: 200 });
    const refused = await land(Y, { clients: 'all', method: 'objectif', mode: 'overwrite', dryRun: false });
    expect(refused.status).toBe(409);
    expect(message(refused)).toBe(
      `L'exercice ${Y} n'a pas de version de référence : figez d'abord son budget (menu Versions).`,
    );
    expect((await t.request('POST', `/api/years/${Y}/versions`, { name: 'Budget initial' })).status).toBe(201);
    // Actuals to date (January–March) of 350: 550 remain, over April–December in proportion to
    // the forecast (100 × 4, 200 for August, 0 elsewhere).
    await set(Y, lineId, 'reel', { 0: 150, 1: 100, 2: 100 });
    const run = await land(Y, { clients: 'all', method: 'objectif', mode: 'overwrite', dryRun: false });
    expect(run.status).toBe(200);
    const after = await line(Y, client.id, lineId);
    expect(after.previsionnel).toEqual([100, 100, 100, 91.67, 91.67, 91.67, 91.66, 183.33, 0, 0, 0, 0]);
    expect(after.previsionnel.slice(3).reduce((s, v) => s + v * 100, 0) / 100 + 350).toBeCloseTo(900, 6);
  });
});

describe('closed months and the cut-off', () => {
  const Y = 2047;
  it('never writes a closed month: the last closed month is the cut-off', async () => {
    const { client, lineId } = await setup(Y, 'Clôturé');
    await set(Y, lineId, 'reel', { 0: 30, 1: 60, 2: 90, 4: 1000 });
    for (const m of [0, 1, 2])
      expect((await t.request('POST', `/api/years/${Y}/months/${m}/close`, {})).status).toBe(200);
    const run = await land(Y, { clients: 'all', method: 'run-rate', mode: 'overwrite', dryRun: false });
    expect(run.status).toBe(200);
    // Cut-off March (closed), not May (the last actual): April on get January–March's rate.
    expect((await line(Y, client.id, lineId)).previsionnel).toEqual([0, 0, 0, 60, 60, 60, 60, 60, 60, 60, 60, 60]);
  });
});

describe('bad input', () => {
  const Y = 2049;
  it.each([
    ['an unknown method', { method: 'moyenne' }, 'method doit être run-rate, n-1 ou objectif.'],
    ['a growth above 1000 %', { method: 'n-1', growth: 1000.01 }, 'La croissance ne peut pas dépasser 1000 %.'],
    ['a growth below −100 %', { method: 'n-1', growth: -101 }, 'La croissance ne peut pas être inférieure à -100 %.'],
    ['a growth of 3 decimals', { method: 'n-1', growth: 2.555 }, 'La croissance a au plus deux décimales.'],
    ['an unknown mode', { method: 'n-1', mode: 'ajout' }, 'mode doit être fill-empty ou overwrite.'],
  ])('refuses %s: 400 in French, nothing changed', async (_case, over, expected) => {
    const { client, lineId } = await setup(Y, `Refus ${crypto.randomUUID()}`);
    await set(Y, lineId, 'reel', { 0: 5 });
    const before = await line(Y, client.id, lineId);
    const res = await t.request('POST', `/api/years/${Y}/landing`, { clients: 'all', mode: 'overwrite', ...over });
    expect(res.status).toBe(400);
    expect(message(res)).toContain(expected);
    expect(await line(Y, client.id, lineId)).toEqual(before);
  });

  it('answers 404 for an unknown client', async () => {
    const res = await land(Y, { clients: [UNKNOWN_ID], method: 'run-rate', mode: 'overwrite', dryRun: false });
    expect(res.status).toBe(404);
    expect(message(res)).toBe(`Client introuvable : ${UNKNOWN_ID}. Rien n'a été réestimé.`);
  });
});
