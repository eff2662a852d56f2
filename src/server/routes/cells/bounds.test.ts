/**
 * Totals stay exact to the cent (issue 19 §8, docs/product.md#money-bounds): a client's year may not
 * hold more than one cell can (the database refuses it, whatever the write), and a total across
 * clients that would pass 2^53 cents is refused in French rather than served a cent off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '@/domain/dashboard/data';
import type {
  AllYearsBackupWire,
  BackupWire as Backup,
  ClientWire as Client,
  PoleWire as Pole,
} from '@/domain/schemas';
import { REBUILD_DASHBOARD_SUMS } from '@/server/db/migrations';
import { createTestApp } from '@/server/test/test-db';
import { dashboardSumsText } from '@/server/test/dashboard-sums';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

// The largest amount a cell holds, 999 999 999 999,99 €.
const MAX = 999_999_999_999.99;
const months = (first = 0) => Array.from({ length: 12 }, (_, m) => (m === 0 ? first : 0));
const id = (prefix: number, n: number) =>
  `${String(prefix).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A backup of `count` clients, each with one line whose January réel and achat are `MAX`. */
function clientsAtTheBound(count: number): Backup {
  const clients: Client[] = [];
  const budgetData: Record<string, Pole[]> = {};
  for (let n = 1; n <= count; n += 1) {
    const clientId = id(1, n);
    clients.push({
      id: clientId,
      name: `Client ${n}`,
      prevision_mb_annuelle_debut: 0,
      prevision_mb_annuelle_revue: 0,
      created_at: '2025-01-01T00:00:00.000Z',
    });
    budgetData[clientId] = [
      {
        id: id(2, n),
        name: 'Paid',
        isExpanded: true,
        facture: months().map(() => false),
        lines: [
          {
            id: id(3, n),
            name: 'Média',
            previsionnel: months(),
            achat_previsionnel: months(),
            reel: months(MAX),
            achat: months(MAX),
          },
        ],
      },
    ];
  }
  return { clients, budgetData, exportDate: '2025-06-01T00:00:00.000Z' };
}

const figures = async () =>
  (
    await t.db.query<{ t: string }>(
      `select string_agg(reel::text || '/' || achat::text, ',' order by budget_line_item_id, month_index) as t from budget_monthly_data`,
    )
  ).rows[0]!.t;

describe("a client's year is bounded so its totals stay exact", () => {
  let lineId: string;
  beforeAll(async () => {
    const client = (await t.request<Client>('POST', '/api/clients', { name: 'Borné' })).json;
    const pole = (await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, { name: 'Paid', lines: ['Média'] }))
      .json;
    lineId = pole.lines[0]!.id;
  });

  it('accepts figures summing exactly to the bound, then refuses one cent more, in French, changing nothing', async () => {
    const saved = await t.request('PATCH', '/api/cells', [
      { lineId, month: 0, field: 'reel', value: 500_000_000_000 },
      { lineId, month: 1, field: 'reel', value: 499_999_999_999.99 },
      { lineId, month: 0, field: 'achat', value: 500_000_000_000 },
      { lineId, month: 1, field: 'achat', value: 499_999_999_999.99 },
    ]);
    expect(saved.status).toBe(200);
    const before = await figures();
    for (const value of [0.01, -0.01]) {
      // A negative cent does not cancel a positive one: the bound is on the absolute values.
      const refused = await t.request('PATCH', '/api/cells', [
        { lineId, month: 2, field: 'achat_previsionnel', value: 5 },
        { lineId, month: 2, field: 'reel', value },
      ]);
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe('validation');
      expect(refused.json.error.message).toMatch(/^Refusé : les montants de ce client pour \d{4} dépasseraient/);
      expect(await figures()).toBe(before);
    }
    // Lowering a figure is always possible.
    expect((await t.request('PATCH', '/api/cells', [{ lineId, month: 1, field: 'reel', value: 1 }])).status).toBe(200);
  });
});

describe('totals across clients', () => {
  it('are exact up to 2^53 cents: 90 clients at the bound total 8 999 999 999 999 910 cents', async () => {
    expect((await t.request('POST', '/api/backup', clientsAtTheBound(90))).status).toBe(200);
    const dashboard = await t.request<DashboardData>('GET', '/api/dashboard');
    expect(dashboard.status).toBe(200);
    const reel = dashboard.json.clients.reduce((sum, c) => sum + BigInt(c.sums.reel), 0n);
    expect(reel).toBe(8_999_999_999_999_910n);
    const months = dashboard.json.months.reduce((sum, m) => sum + BigInt(m.reel), 0n);
    expect(months).toBe(8_999_999_999_999_910n);
  });

  it('are refused past it (91 clients), in French, instead of being served a cent off', async () => {
    expect((await t.request('POST', '/api/backup', clientsAtTheBound(91))).status).toBe(200);
    const dashboard = await t.request('GET', '/api/dashboard');
    expect(dashboard.status).toBe(422);
    expect(dashboard.json.error.message).toMatch(/^Un total dépasse 90 071 992 547 409,91 €/);
    // The lines of the poles view (SQL's exact sums in euros) are refused the same way.
    const lines = await t.request('GET', '/api/dashboard/lines');
    expect(lines.status).toBe(422);
    expect(lines.json.error).toEqual({ code: 'validation', message: dashboard.json.error.message });
    // One client alone still reads exactly.
    const one = await t.request<DashboardData>('GET', `/api/dashboard?clients=${id(1, 91)}`);
    expect(one.status).toBe(200);
    expect(one.json.clients[0]!.sums.reel).toBe(99_999_999_999_999);
    const oneLines = await t.request<{ poles: { lines: { sums: { reel: number } }[] }[] }>(
      'GET',
      `/api/dashboard/lines?clients=${id(1, 91)}`,
    );
    expect(oneLines.status).toBe(200);
    expect(oneLines.json.poles[0]!.lines[0]!.sums.reel).toBe(99_999_999_999_999);
  });

  it("refuses a pole's previous-year actuals past it, even when every client's and the agency's are 0", async () => {
    // A restore is not held by the per-year bound (ADR 039): in 2025 each of 91 clients holds +MAX
    // in Paid and −MAX in SEO/GEO, so its N−1 actuals total 0, and the agency's too, while Paid's
    // alone are 91 × MAX, past 2^53 cents. In 2026 each has an empty Paid pole.
    const { clients, budgetData } = clientsAtTheBound(91);
    const pole = (n: number, prefix: number, name: string, figure: number): Pole => ({
      ...budgetData[id(1, n)]![0]!,
      id: id(prefix, n),
      name,
      lines: [
        {
          ...budgetData[id(1, n)]![0]!.lines[0]!,
          id: id(prefix + 1, n),
          reel: months(figure),
          achat: months(figure),
        },
      ],
    });
    const yearClients = clients.map((c) => ({
      id: c.id,
      prevision_mb_annuelle_debut: 0,
      prevision_mb_annuelle_revue: 0,
    }));
    const backup: AllYearsBackupWire = {
      version: 2,
      clients: clients.map(({ id, name, created_at }) => ({ id, name, created_at })),
      years: [
        {
          year: 2025,
          clients: yearClients,
          budgetData: Object.fromEntries(
            clients.map((c, i) => [c.id, [pole(i + 1, 4, 'Paid', MAX), pole(i + 1, 6, 'SEO/GEO', -MAX)]]),
          ),
        },
        {
          year: 2026,
          clients: yearClients,
          budgetData: Object.fromEntries(clients.map((c, i) => [c.id, [pole(i + 1, 8, 'Paid', 0)]])),
        },
      ],
    };
    expect((await t.request('POST', '/api/backup', backup)).status).toBe(200);
    const dashboard = await t.request('GET', '/api/dashboard?year=2026');
    expect(dashboard.status).toBe(422);
    expect(dashboard.json.error.message).toMatch(/^Un total dépasse 90 071 992 547 409,91 €/);
    // One client still reads exactly.
    const one = await t.request<DashboardData>('GET', `/api/dashboard?year=2026&clients=${id(1, 91)}`);
    expect(one.status).toBe(200);
    expect(one.json.poles.map((p) => [p.name, p.previous])).toEqual([
      ['Paid', { reel: 99_999_999_999_999, achat: 99_999_999_999_999 }],
    ]);
    expect(one.json.previous).toEqual({ reel: 0, achat: 0 });
  });
});

describe('a paste of more than 64 monthly rows (its trigger queries planned for it: migration 0010)', () => {
  let lines: string[];
  beforeAll(async () => {
    const client = (await t.request<Client>('POST', '/api/clients', { name: 'Collage large' })).json;
    const pole = await t.request<Pole>('POST', `/api/clients/${client.id}/poles`, {
      name: 'Paid',
      lines: ['A', 'B', 'C', 'D', 'E', 'F'],
    });
    lines = pole.json.lines.map((l) => l.id);
  });
  // 6 lines × 12 months: 72 monthly rows in one statement.
  const paste = (value: number) =>
    lines.flatMap((lineId) => Array.from({ length: 12 }, (_, month) => ({ lineId, month, field: 'reel', value })));
  const sums = (q: Pick<typeof t.db, 'query'> = t.db) => dashboardSumsText(q);

  it('keeps the dashboard sums equal to their recomputation from the monthly rows', async () => {
    expect((await t.request('PATCH', '/api/cells', paste(9_999_999_999.99))).status).toBe(200);
    const maintained = await sums();
    await t.db
      .transaction(async (tx) => {
        await tx.exec(REBUILD_DASHBOARD_SUMS);
        expect(await sums(tx)).toBe(maintained);
        throw new Error('rollback');
      })
      .catch((err: unknown) => expect(String(err)).toContain('rollback'));
  });

  it('is bounded too: past one cell’s maximum in total, refused in French, nothing changed', async () => {
    const before = await figures();
    const refused = await t.request('PATCH', '/api/cells', paste(20_000_000_000));
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/^Refusé : les montants de ce client pour \d{4} dépasseraient/);
    expect(await figures()).toBe(before);
  });
});
