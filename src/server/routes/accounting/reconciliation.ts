/**
 * The reconciliation of a year as the database holds it now (docs/product.md#actuals-from-the-accounting):
 * read by GET /api/accounting/reconciliation and by the closing checklist.
 */
import { reconcile, type ReconciliationMonth } from '@/domain/accounting/reconciliation';
import type { Cents } from '@/domain/money';
import type { Queryable } from '@/server/db/client';
import { listLocks } from '../closing/closing.repo';
import { actualCells, importMarks, lastImport, lineClients, marksInForce, type ImportRecord } from './accounting.repo';

/** The last import in force and the 12 months, of the clients in `scope` (null: every client). */
export async function readReconciliation(
  q: Queryable,
  year: number,
  scope: readonly string[] | null,
): Promise<{ last: ImportRecord | undefined; months: ReconciliationMonth[] }> {
  const last = await lastImport(q, year);
  const [inForce, lastMarks, cells, locks] = await Promise.all([
    marksInForce(q, year),
    last ? importMarks(q, last.id) : new Map<string, Cents>(),
    actualCells(q, year, scope),
    listLocks(q, year),
  ]);
  if (scope !== null) {
    // The marks of the reader's clients' lines only.
    const owners = await lineClients(q, [...new Set([...lastMarks.keys()].map((k) => k.split(':')[0]!))]);
    const seen = new Set(scope.map((id) => id.toLowerCase()));
    for (const key of [...lastMarks.keys()]) {
      if (!seen.has(owners.get(key.split(':')[0]!) ?? '')) lastMarks.delete(key);
    }
  }
  const months = reconcile({
    last: last ? { covered: last.covered, months: last.months } : null,
    lastMarks,
    marksInForce: inForce,
    cells,
    closedMonths: new Set(locks.map((l) => l.month)),
    everyClient: scope === null,
  });
  return { last, months };
}
