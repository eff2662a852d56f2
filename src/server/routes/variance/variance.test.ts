/**
 * Variance analysis (docs/product.md#variance, ADR 054), in accounts mode: the volume / rate split
 * through GET /api/dashboard/variance (cents, volume + rate = gap), its refusals in French, the
 * scope of an editor, the admin's threshold, a justification (a client-year comment with gapMonth)
 * and the closing checklist's unjustified gaps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ChecklistAnswer,
  CommentAnswer,
  CreatedVersionAnswer,
  VarianceAnswer,
  VarianceSettingsAnswer,
} from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createAccountsTestApp, errorMessage, threePeople, type Who } from '@/server/test/test-accounts';

const Y = 2046;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const { call, join } = threePeople(() => t);
const message = errorMessage;
const variance = async (who: Who, query: string, year = Y) => {
  const res = await call(who, 'GET', `/api/dashboard/variance?year=${year}&${query}`);
  return { ...res, answer: res.json as VarianceAnswer };
};
const split = (r: { gap: number; volume: number; rate: number }) => [r.gap, r.volume, r.rate];

async function pole(clientId: string, name: string) {
  const res = await call('admin', 'POST', `/api/clients/${clientId}/poles?year=${Y}`, { name, lines: ['L'] });
  return (res.json as Pole).lines[0]!.id;
}
async function cells(list: { lineId: string; field: string; value: number }[]) {
  const res = await call(
    'admin',
    'PATCH',
    `/api/cells?year=${Y}`,
    list.map((c) => ({ ...c, month: 0 })),
  );
  expect(res.status, res.text).toBe(200);
}

let alpha: Client;
let beta: Client;
let version: CreatedVersionAnswer;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await join('admin');
  alpha = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Alpha Écarts' })).json as Client;
  beta = (await call('admin', 'POST', `/api/clients?year=${Y}`, { name: 'Bêta Écarts' })).json as Client;
  const alphaPaid = await pole(alpha.id, 'Paid');
  const alphaSeo = await pole(alpha.id, 'SEO');
  const betaPaid = await pole(beta.id, 'Paid');
  // The reference (January): Alpha Paid CA 1 000 MB 300, Alpha SEO CA 200 MB 200, Bêta Paid CA 3 MB 1.
  await cells([
    { lineId: alphaPaid, field: 'previsionnel', value: 1000 },
    { lineId: alphaPaid, field: 'achat_previsionnel', value: 700 },
    { lineId: alphaSeo, field: 'previsionnel', value: 200 },
    { lineId: betaPaid, field: 'previsionnel', value: 3 },
    { lineId: betaPaid, field: 'achat_previsionnel', value: 2 },
  ]);
  version = (await call('admin', 'POST', `/api/years/${Y}/versions`, { name: 'Budget initial' }))
    .json as CreatedVersionAnswer;
  // The actuals: Alpha SEO has none (a pole in the reference only), Bêta's Data pole is new (actuals only).
  const betaData = await pole(beta.id, 'Data');
  await cells([
    { lineId: alphaPaid, field: 'reel', value: 800 },
    { lineId: alphaPaid, field: 'achat', value: 600 },
    { lineId: betaPaid, field: 'reel', value: 4.01 },
    { lineId: betaPaid, field: 'achat', value: 2.5 },
    { lineId: betaData, field: 'reel', value: 5 },
  ]);
  await join('editor', [alpha.id]);
  await join('viewer');
});
afterAll(() => t.db.close());

describe('GET /api/dashboard/variance', () => {
  it('splits each client’s, each pole’s and the total gap into volume and rate, to the cent', async () => {
    const res = await variance('admin', 'clients=all');
    expect(res.status, res.text).toBe(200);
    const { answer } = res;
    // No version asked: the year's reference; the cut-off is the last month with actuals.
    expect(answer.version).toEqual({ id: version.id, name: 'Budget initial' });
    expect(answer.cutoff).toEqual({ month: 0, source: 'actual' });
    expect(answer.clients.map((c) => [c.name, c.reference, c.actual, ...split(c)])).toEqual([
      // (800 − 1 200) × 500 / 1 200 = −166,666… → −166,67 € of volume; the rest is rate.
      ['Alpha Écarts', { ca: 120_000, mb: 50_000 }, { ca: 80_000, mb: 20_000 }, -30_000, -16_667, -13_333],
      // (9,01 − 3) × 1 / 3 = 2,0033… → 2,00 €.
      ['Bêta Écarts', { ca: 300, mb: 100 }, { ca: 901, mb: 651 }, 551, 200, 351],
    ]);
    expect(answer.poles.map((p) => [p.name, ...split(p)])).toEqual([
      ['Paid', -9_949, -5_972, -3_977],
      // In the actuals only: a reference CA of 0 puts the whole gap in volume.
      ['Data', 500, 500, 0],
      // In the reference only: the whole gap is volume (no sales at the same rate).
      ['SEO', -20_000, -20_000, 0],
    ]);
    expect(split(answer.total)).toEqual([-29_449, -16_408, -13_041]);
    for (const row of [...answer.clients, ...answer.poles, answer.total]) expect(row.volume + row.rate).toBe(row.gap);
    // No threshold yet: no gap asks for a justification.
    expect(answer.clients.map((c) => [c.needsJustification, c.justification])).toEqual([
      [false, null],
      [false, null],
    ]);
  });

  it('follows the version, the cut-off and the selection asked for', async () => {
    const res = await variance('admin', `clients=${beta.id}&cutoff=11&version=${version.id}`);
    expect(res.answer.cutoff).toEqual({ month: 11, source: 'chosen' });
    expect(res.answer.clients.map((c) => c.name)).toEqual(['Bêta Écarts']);
    expect(res.answer.poles.map((p) => p.name)).toEqual(['Paid', 'Data']);
  });

  it('refuses in French: an unknown version (404), one of another year (400), a cut-off outside 0–11 (400)', async () => {
    const unknown = await variance('admin', `version=${version.id + 1000}`);
    expect([unknown.status, message(unknown)]).toEqual([404, `Version introuvable dans l'exercice ${Y}.`]);
    const other = await variance('admin', `version=${version.id}`, Y + 1);
    expect([other.status, message(other)]).toEqual([
      400,
      `La version « Budget initial » est de l'exercice ${Y}, pas de ${Y + 1}.`,
    ]);
    for (const cutoff of ['12', '-1', 'mars', '1.5']) {
      const bad = await variance('admin', `cutoff=${cutoff}`);
      expect(bad.status).toBe(400);
      expect(message(bad)).toContain("Le mois d'arrêté doit être un nombre de 0 (janvier) à 11 (décembre).");
    }
    const none = await variance('admin', 'clients=all', Y + 2);
    expect([none.status, message(none)]).toEqual([
      404,
      `Aucune version de référence dans l'exercice ${Y + 2} : figez le prévisionnel (menu Versions) pour analyser les écarts.`,
    ]);
    const ghost = await variance('admin', 'clients=00000000-0000-4000-8000-000000000000');
    expect(ghost.status).toBe(404);
  });

  it('reads only the clients in the caller’s scope; one outside it is unknown', async () => {
    const mine = await variance('editor', 'clients=all');
    expect(mine.answer.clients.map((c) => c.name)).toEqual(['Alpha Écarts']);
    expect(mine.answer.poles.map((p) => p.name)).toEqual(['Paid', 'SEO']);
    expect(split(mine.answer.total)).toEqual([-30_000, -16_667, -13_333]);
    expect((await variance('editor', `clients=${beta.id}`)).status).toBe(404);
    expect((await variance('viewer', 'clients=all')).answer.clients).toHaveLength(2);
  });
});

describe('threshold, justification and the closing checklist', () => {
  const checklist = async () =>
    ((await call('admin', 'GET', `/api/years/${Y}/months/0/checklist`)).json as ChecklistAnswer).gaps;

  it('only an admin sets the threshold; bad input changes nothing', async () => {
    const settings = () => call('viewer', 'GET', '/api/variance/settings');
    expect((await settings()).json).toEqual({ threshold: null });
    const editor = await call('editor', 'PUT', '/api/variance/settings', { threshold: { euros: 50, percent: 10 } });
    expect(editor.status).toBe(403);
    for (const [threshold, text] of [
      [{ euros: -1, percent: 10 }, 'Le seuil en euros doit être positif ou nul.'],
      [{ euros: 50, percent: 1001 }, 'Le seuil en pourcentage fait au plus 1000 %.'],
      [{ euros: 50, percent: 1.234 }, 'Le seuil en pourcentage a au plus deux décimales.'],
      [{ euros: 50 }, 'Le seuil en pourcentage doit être un nombre.'],
    ] as const) {
      const bad = await call('admin', 'PUT', '/api/variance/settings', { threshold });
      expect(bad.status).toBe(400);
      expect(message(bad)).toContain(text);
    }
    expect((await settings()).json).toEqual({ threshold: null });
    expect(await checklist()).toEqual([]);
    const set = await call('admin', 'PUT', '/api/variance/settings', { threshold: { euros: 50.5, percent: 10 } });
    expect(set.json).toEqual({ threshold: { euros: 50.5, percent: 10 } } satisfies VarianceSettingsAnswer);
    expect((await settings()).json).toEqual({ threshold: { euros: 50.5, percent: 10 } });
  });

  it('a gap above both thresholds asks for a justification; the checklist lists it until it has one', async () => {
    const before = (await variance('admin', 'clients=all')).answer.clients;
    // Alpha: −300 € and −60 % of its reference MB; Bêta: +5,51 €, below 50,50 €.
    expect(before.map((c) => [c.name, c.needsJustification, c.justification])).toEqual([
      ['Alpha Écarts', true, null],
      ['Bêta Écarts', false, null],
    ]);
    expect(await checklist()).toEqual([
      { clientId: alpha.id, clientName: 'Alpha Écarts', gap: -30_000, versionName: 'Budget initial' },
    ]);

    // gapMonth opens a client-year thread only: not on a line, not as a reply.
    const onLine = await call('editor', 'POST', '/api/comments', {
      clientId: alpha.id,
      year: Y,
      gapMonth: 0,
      lineId: '00000000-0000-4000-8000-000000000000',
      text: 'x',
    });
    expect(onLine.status).toBe(400);
    expect(message(onLine)).toContain(
      'Une justification d’écart (gapMonth) ouvre un fil du client-exercice : sans ligne, sans cellule et sans répondre à un fil.',
    );
    const justified = await call('editor', 'POST', '/api/comments', {
      clientId: alpha.id,
      year: Y,
      gapMonth: 0,
      text: 'Campagne SEO reportée à avril.',
    });
    expect(justified.status, justified.text).toBe(201);
    const comment = justified.json as CommentAnswer;
    expect([comment.gapMonth, comment.lineId, comment.month]).toEqual([0, null, null]);

    const after = (await variance('admin', 'clients=all')).answer.clients[0]!;
    expect(after.justification).toMatchObject({ commentId: comment.id, text: 'Campagne SEO reportée à avril.' });
    expect(await checklist()).toEqual([]);
    // The justification is the gap's at that month: at another cut-off the gap has none.
    expect((await variance('admin', 'cutoff=1')).answer.clients[0]!.justification).toBeNull();
    // It is listed among the client-year's comments like any thread.
    const listed = (await call('viewer', 'GET', `/api/comments?clientId=${alpha.id}&year=${Y}`))
      .json as CommentAnswer[];
    expect(listed.map((c) => c.gapMonth)).toEqual([0]);

    // Deleted, the gap is unjustified again.
    expect((await call('editor', 'DELETE', `/api/comments/${comment.id}`)).status).toBe(204);
    expect((await variance('admin', 'clients=all')).answer.clients[0]!.justification).toBeNull();
    expect(await checklist()).toHaveLength(1);
  });

  it('removing the threshold: no gap asks for a justification', async () => {
    const off = await call('admin', 'PUT', '/api/variance/settings', { threshold: null });
    expect(off.json).toEqual({ threshold: null });
    expect((await variance('admin', 'clients=all')).answer.clients.every((c) => !c.needsJustification)).toBe(true);
    expect(await checklist()).toEqual([]);
  });
});
