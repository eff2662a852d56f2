import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromWire, polesFromWire } from '@/domain/codec';
import { withLines, type DashboardData } from '@/domain/dashboard/data';
import { aggregateBudgets, lastActualMonth, summarizeDashboard } from '@/domain/dashboard/from-budgets';
import { defaultCutoff, type LineAggregate } from '@/domain/dashboard/sums';
import { dashboardFromData } from '@/domain/dashboard/views';
import type { BackupWire as Backup, ClientWire as Client, LineWire as Line, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

let seq = 0;
/** A deterministic UUID per call (the API keeps ids from a backup). */
const uuid = () => `00000000-0000-4000-8000-${String((seq += 1)).padStart(12, '0')}`;
const months = (values: readonly number[] = []): number[] => Array.from({ length: 12 }, (_, m) => values[m] ?? 0);
const line = (
  name: string,
  v: Partial<Record<'previsionnel' | 'achat_previsionnel' | 'reel' | 'achat', number[]>> = {},
): Line => ({
  id: uuid(),
  name,
  previsionnel: months(v.previsionnel),
  achat_previsionnel: months(v.achat_previsionnel),
  reel: months(v.reel),
  achat: months(v.achat),
});
const pole = (name: string, lines: Line[]): Pole => ({
  id: uuid(),
  name,
  isExpanded: true,
  facture: months().map(() => false),
  lines,
});
const client = (name: string, debut: number, createdAt: string): Client => ({
  id: uuid(),
  name,
  prevision_mb_annuelle_debut: debut,
  prevision_mb_annuelle_revue: 0,
  created_at: createdAt,
});

// Several clients, created out of name order (two at the same instant: ties broken by id); a pole
// in one client only; negative amounts and cents; custom poles; a client with two poles of one
// name whose lines share names; a client without poles; a pole without lines; line names shared
// across clients in different orders.
const zebre = client('Zèbre & Cie', 1000.5, '2025-01-02T10:00:00.000Z');
const alpha = client('Alpha', 0, '2025-03-04T10:00:00.000Z');
const emile = client('Émile', 250.25, '2025-03-04T10:00:00.000Z');
const vide = client('Vide', 500, '2024-12-01T00:00:00.000Z');
const budgetData: Record<string, Pole[]> = {
  [zebre.id]: [
    pole('SEO/GEO', [
      line('Netlinking', {
        previsionnel: [100.1, 200.2, 300.3],
        achat_previsionnel: [0.01],
        reel: [0.1, 0.2, -5],
        achat: [-2.5, 0, 1.99],
      }),
      line('Audit SEO technique', { previsionnel: [1000], reel: [0, 0, 0, 1200.55], achat: [0, 0, 0, 100.45] }),
    ]),
    pole('Pôle maison', [line('Ligne', { previsionnel: months().map(() => 1), reel: [0.01] })]),
    pole('Paid', [
      line('Meta Ads (Facebook & Instagram)', {
        previsionnel: [500],
        achat_previsionnel: [200],
        reel: [450],
        achat: [180],
      }),
    ]),
    // Same pole name again: its figures and its lines merge with the first 'SEO/GEO'.
    pole('SEO/GEO', [
      line('SEO local', {
        previsionnel: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 99.99],
        reel: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 120],
      }),
      line('Netlinking', { reel: [10], achat: [3.33] }),
    ]),
  ],
  [alpha.id]: [
    pole('Paid', [
      line('Google Ads – Search', {
        previsionnel: [1000, 1000],
        achat_previsionnel: [400, 400],
        reel: [1100.1],
        achat: [450.05],
      }),
      line('Meta Ads (Facebook & Instagram)', { previsionnel: [300], reel: [-50], achat: [-10] }),
    ]),
    pole('Data', []),
    pole('Atelier sur mesure', [line('Atelier', { achat_previsionnel: [75], achat: [12.34] })]),
  ],
  [emile.id]: [
    pole('Paid', [line('Google Ads – Search', { previsionnel: [200], reel: [199.99], achat: [0.01] })]),
    pole('CRM', [line('Stratégie CRM', { previsionnel: [-100], achat_previsionnel: [-40] })]),
  ],
  [vide.id]: [],
};
const backup: Backup = { clients: [zebre, alpha, emile, vide], budgetData, exportDate: '2025-06-01T00:00:00.000Z' };

/** The pure path on the budgets the API serves: clients in creation order, as the SQL ranks them. */
async function purePath(ids: readonly string[] | null): Promise<DashboardData> {
  const all = (await t.request<{ clients: Client[]; budgetData: Record<string, Pole[]> }>('GET', '/api/budget')).json;
  const budgets = all.clients.map((c) => ({
    client: clientFromWire(c),
    poles: polesFromWire(all.budgetData[c.id] ?? []),
  }));
  const chosen = budgets.filter((b) => ids === null || ids.includes(b.client.id));
  return summarizeDashboard(aggregateBudgets(chosen, { cutoff: defaultCutoff(null, lastActualMonth(budgets)) }));
}

/** GET /api/dashboard and GET /api/dashboard/lines of one query, merged as the poles view does. */
async function served(query: string): Promise<DashboardData> {
  const main = await t.request<DashboardData>('GET', `/api/dashboard${query}`);
  expect(main.status).toBe(200);
  const lines = await t.request<{ poles: { pole: string; lines: LineAggregate[] }[] }>(
    'GET',
    `/api/dashboard/lines${query}`,
  );
  expect(lines.status).toBe(200);
  return withLines(main.json, lines.json.poles);
}

describe('GET /api/dashboard', () => {
  beforeAll(async () => {
    expect((await t.request('POST', '/api/backup', backup)).status).toBe(200);
  });

  it.each<[string, string, string[] | null]>([
    ['every client (no parameter)', '', null],
    ['every client (all)', '?clients=all', null],
    ['one client', `?clients=${zebre.id}`, [zebre.id]],
    ['two clients, named in reverse creation order', `?clients=${emile.id},${alpha.id}`, [alpha.id, emile.id]],
    ['a client without poles', `?clients=${vide.id}`, [vide.id]],
  ])('SQL sums equal the pure domain path: %s', async (_label, query, ids) => {
    expect(await served(query)).toEqual(await purePath(ids));
  });

  it('gives the figures a reader checks by hand', async () => {
    const d = dashboardFromData(await served(`?clients=${alpha.id},${emile.id}`));
    // Σ réel = 1100,10 − 50 + 199,99 = 1250,09 €; Σ achat = 450,05 − 10 + 12,34 + 0,01 = 452,40 €.
    expect(d.globalStats.totalReel).toBe(125009);
    expect(d.globalStats.totalAchat).toBe(45240);
    expect(d.globalStats.totalProjects).toBe(2);
    // Paid over both clients: réel 1100,10 − 50 + 199,99; achat 450,05 − 10 + 0,01.
    expect(d.poleMargins.find((r) => r.name === 'Paid')?.marginReel).toBe(125009 - 44006);
    // Lines of 'Paid' merged by name in creation order: Alpha (created first) lists Google first.
    expect(d.polesView.find((p) => p.name === 'Paid')?.lines.map((l) => l.name)).toEqual([
      'Google Ads – Search',
      'Meta Ads (Facebook & Instagram)',
    ]);
  });

  it('merges two poles of one name in one client, lines by name in creation order', async () => {
    const data = await served(`?clients=${zebre.id}`);
    const seo = data.poles.find((p) => p.name === 'SEO/GEO');
    expect(seo?.lines.map((l) => l.name)).toEqual(['Netlinking', 'Audit SEO technique', 'SEO local']);
    // Netlinking réel: 0,10 + 0,20 − 5 (first pole) + 10 (second pole) = 5,30 €.
    expect(seo?.lines[0]?.sums.reel).toBe(530);
  });

  it('reflects a cell save on the very next read (the maintained sums are written in the save)', async () => {
    const before = await served(`?clients=${alpha.id}`);
    const lineId = budgetData[alpha.id]![0]!.lines[0]!.id; // Google Ads – Search: réel 1100,10 in January
    const save = await t.request('PATCH', '/api/cells', [
      { lineId, month: 0, field: 'reel', value: 1234.56 },
      { lineId, month: 5, field: 'achat', value: 10 },
    ]);
    expect(save.status).toBe(200);
    const after = await served(`?clients=${alpha.id}`);
    expect(after).toEqual(await purePath([alpha.id]));
    expect(after.clients[0]!.sums.reel - before.clients[0]!.sums.reel).toBe(123456 - 110010);
    expect(after.clients[0]!.sums.achat - before.clients[0]!.sums.achat).toBe(1000);
    // Zèbre's December actuals keep the agency's default cut-off at December.
    expect(after.cutoff).toEqual({ month: 11, source: 'actual' });
    // Put back, so the other tests read the data set as written.
    await t.request('PATCH', '/api/cells', [
      { lineId, month: 0, field: 'reel', value: 1100.1 },
      { lineId, month: 5, field: 'achat', value: 0 },
    ]);
    expect(await served(`?clients=${alpha.id}`)).toEqual(before);
  });

  it.each([0, 3, 11])('takes a chosen cut-off (month %i) for every figure à date', async (month) => {
    const data = await served(`?clients=all&cutoff=${month}`);
    expect(data.cutoff).toEqual({ month, source: 'chosen' });
    const all = (await t.request<{ clients: Client[]; budgetData: Record<string, Pole[]> }>('GET', '/api/budget')).json;
    const budgets = all.clients.map((c) => ({
      client: clientFromWire(c),
      poles: polesFromWire(all.budgetData[c.id] ?? []),
    }));
    expect(data).toEqual(summarizeDashboard(aggregateBudgets(budgets, { cutoff: { month, source: 'chosen' } })));
  });

  it('refuses a cut-off outside 0–11, in French', async () => {
    for (const cutoff of ['12', '-1', 'mars', '1.5']) {
      const res = await t.request('GET', `/api/dashboard?cutoff=${cutoff}`);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toContain("Le mois d'arrêté doit être un nombre de 0 (janvier) à 11 (décembre).");
    }
  });

  it('answers 404 for an unknown client and 400 for a malformed id, in French', async () => {
    const unknown = await t.request('GET', `/api/dashboard?clients=${alpha.id},99999999-9999-4999-8999-999999999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('Client introuvable.');
    const malformed = await t.request('GET', '/api/dashboard?clients=abc');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe('validation');
    expect(malformed.json.error.message).toContain('UUID');
  });
});
