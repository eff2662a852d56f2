/**
 * The dashboards over the 300-client demo agency (3 years stored): every figure GET
 * /api/dashboard(/lines) serves — SPEC's, à date and N−1 — equals an independent computation
 * from the line-level data (GET /api/budget of the year and of the year before, through the pure
 * domain path), to the cent, for the default cut-off and a chosen one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientFromWire, polesFromWire } from '@/domain/codec';
import { withLines, type DashboardData } from '@/domain/dashboard/data';
import { aggregateBudgets, lastActualMonth, summarizeDashboard } from '@/domain/dashboard/from-budgets';
import { defaultCutoff, type Cutoff, type LineAggregate } from '@/domain/dashboard/sums';
import type { ClientWire, PoleWire } from '@/domain/schemas';
import { createTestApp } from '@/server/test/test-db';
import { generateDemoBackup } from '../../../../bench/demo-data';

const TODAY = new Date('2026-06-15T12:00:00Z');
const YEAR = 2026;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  const restore = await t.request('POST', '/api/backup', generateDemoBackup({ clients: 300, seed: 1, today: TODAY }));
  expect(restore.status).toBe(200);
}, 600_000);
afterAll(() => t.db.close());

async function budgetsOf(year: number) {
  const all = (
    await t.request<{ clients: ClientWire[]; budgetData: Record<string, PoleWire[]> }>(
      'GET',
      `/api/budget?year=${year}`,
    )
  ).json;
  return all.clients.map((c) => ({ client: clientFromWire(c), poles: polesFromWire(all.budgetData[c.id] ?? []) }));
}

async function served(query: string): Promise<DashboardData> {
  const main = await t.request<DashboardData>('GET', `/api/dashboard?year=${YEAR}&${query}`);
  expect(main.status).toBe(200);
  const lines = await t.request<{ poles: { pole: string; lines: LineAggregate[] }[] }>(
    'GET',
    `/api/dashboard/lines?year=${YEAR}&${query}`,
  );
  expect(lines.status).toBe(200);
  return withLines(main.json, lines.json.poles);
}

describe('GET /api/dashboard over the 300-client demo set', () => {
  it.each<[string, string, (budgets: Awaited<ReturnType<typeof budgetsOf>>) => Cutoff]>([
    ['the default cut-off', 'clients=all', (b) => defaultCutoff(null, lastActualMonth(b))],
    ['a chosen cut-off (March)', 'clients=all&cutoff=2', () => ({ month: 2, source: 'chosen' })],
  ])(
    'equals the line-level computation to the cent: %s',
    async (_label, query, cutoffOf) => {
      const [current, previous] = await Promise.all([budgetsOf(YEAR), budgetsOf(YEAR - 1)]);
      const expected = summarizeDashboard(aggregateBudgets(current, { cutoff: cutoffOf(current), previous }));
      const data = await served(query);
      // The demo's actuals stop before June: the default cut-off is May, from the actual figures.
      expect(data.cutoff.month).toBe(cutoffOf(current).month);
      expect(data).toEqual(expected);
      expect(data.previous).not.toBeNull();
    },
    300_000,
  );
});
