/**
 * Issue 19 §8: the data folder does not grow with every restore. A restore deletes every budget
 * row and inserts the file's; without the upkeep after it (reclaimAfterRestore, backups/restore.ts)
 * PGlite, which has no autovacuum, kept every predecessor's rows on disk, and the tables grew by
 * the whole data set each time. Measured on the tables a restore rewrites (their files, indexes
 * included), not the whole folder: there the template's fixed ~60 MB would hide the growth of a
 * data set small enough for a test. The history keeps a snapshot per restore on purpose (undo).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupWire as Backup, PoleWire as Pole } from '@/domain/schemas';
import { createTestApp, TEST_DB } from '@/server/test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

/** Bytes on disk of the budget tables (with their indexes and TOAST): what a restore replaces. */
async function budgetTablesBytes(): Promise<number> {
  const { rows } = await t.db.query<{ bytes: string }>(
    `select sum(pg_total_relation_size(c.oid))::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
        and c.relname in ('clients', 'client_years', 'expertise_poles', 'budget_line_items', 'budget_monthly_data',
                          'dashboard_pole_months', 'dashboard_client_months')`,
  );
  return Number(rows[0]!.bytes);
}

const uuid = (kind: number, n: number) =>
  `${String(kind).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
const twelve = <T>(f: (m: number) => T): T[] => Array.from({ length: 12 }, (_, m) => f(m));

/** `clients` clients of 4 poles of 5 lines, every month filled. */
function dataset(clients: number): Backup {
  const budgetData: Record<string, Pole[]> = {};
  let n = 0;
  for (let c = 1; c <= clients; c += 1) {
    budgetData[uuid(1, c)] = ['Paid', 'SEO/GEO', 'Data', 'CRM'].map((name, p) => ({
      id: uuid(2, c * 10 + p),
      name,
      isExpanded: true,
      facture: twelve(() => false),
      lines: Array.from({ length: 5 }, (_, l) => {
        n += 1;
        return {
          id: uuid(3, n),
          name: `Ligne ${l + 1}`,
          previsionnel: twelve((m) => 1000 + n + m),
          achat_previsionnel: twelve((m) => 400 + m),
          reel: twelve((m) => 900 + n + m / 100),
          achat: twelve((m) => 350 + m),
        };
      }),
    }));
  }
  return {
    clients: Array.from({ length: clients }, (_, i) => ({
      id: uuid(1, i + 1),
      name: `Client ${i + 1}`,
      prevision_mb_annuelle_debut: 10_000,
      prevision_mb_annuelle_revue: 0,
      created_at: '2025-01-01T00:00:00.000Z',
    })),
    budgetData,
  };
}

describe(`the space restores leave, on ${TEST_DB}`, () => {
  it('does not grow with each restore: after 4 restores, at most 20 % more than after 2', async () => {
    const backup = dataset(20);
    const sizes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect((await t.request('POST', '/api/backup', backup)).status).toBe(200);
      sizes.push(await budgetTablesBytes());
    }
    expect(sizes[3]!).toBeLessThanOrEqual(sizes[1]! * 1.2);
  });
});
