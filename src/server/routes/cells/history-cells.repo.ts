/** The cells of a history entry (docs/product.md#history): one statement records a batch's changed cells. */
import type { Queryable } from '@/server/db/client';

/** A changed cell as history records it: line, month, measure index (MEASURES' order), old and new numeric texts. */
export type CellDiff = [lineId: string, month: number, measure: number, old: string, next: string];

/** Records changed cells into history entry `entryId`, in one statement. */
export async function insertHistoryCells(q: Queryable, entryId: number, diff: readonly CellDiff[]): Promise<void> {
  await q.query(
    `insert into history_cells (entry_id, line_id, month, measure, old, new)
     select $1, * from unnest($2::uuid[], $3::smallint[], $4::smallint[], $5::numeric[], $6::numeric[])`,
    [
      entryId,
      diff.map((d) => d[0]),
      diff.map((d) => d[1]),
      diff.map((d) => d[2]),
      diff.map((d) => d[3]),
      diff.map((d) => d[4]),
    ],
  );
}
