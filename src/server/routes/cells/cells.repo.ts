/** SQL for monthly figures: one statement writes a whole batch of cells. */
import type { Measure } from '@/domain/measures';
import type { CellUpdate } from '@/domain/model';
import { centsToDecimal } from '@/domain/money';
import type { Queryable } from '@/server/db/client';

type Merged = { lineId: string; month: number } & Partial<Record<Measure, string>>;

/**
 * Folds a batch into one entry per (line, month), the last value of a field winning, so a batch
 * that writes the same cell twice stores what was written last.
 */
export function mergeCells(cells: readonly CellUpdate[]): Merged[] {
  const merged = new Map<string, Merged>();
  for (const cell of cells) {
    const key = `${cell.lineId.toLowerCase()}:${cell.month}`;
    const entry = merged.get(key) ?? { lineId: cell.lineId, month: cell.month };
    entry[cell.field] = centsToDecimal(cell.value);
    merged.set(key, entry);
  }
  return [...merged.values()];
}

/**
 * Writes the merged cells of lines of `year` in one statement (one round trip); returns the ids of
 * lines that do not exist in that year (nothing is written for them — the caller rolls back) and the clients whose figures
 * changed.
 *
 * The statement first locks the owning clients' rows, before any monthly row: concurrent saves on
 * one client then queue on the client row, so the caller's revised-forecast refresh — a later
 * statement, hence a later snapshot — sees every committed save of that client (one taken before
 * the wait would miss the other save and leave a stale cache). Locking clients before cells, in
 * id order, also keeps two batches on the same cells from deadlocking.
 */
export async function writeCells(
  q: Queryable,
  cells: readonly Merged[],
  year: number,
): Promise<{ missingLineIds: string[]; clientIds: string[] }> {
  const column = (f: Measure) => cells.map((c) => c[f] ?? null);
  const { rows } = await q.query<{ line_ids: string[]; client_ids: string[] }>(
    `with v as (
        select * from unnest($1::uuid[], $2::int[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
               as v(line_id, month_index, p, ap, r, a)),
      owners as materialized (
        select c.id from clients c
         where c.id in (select p.client_id from budget_line_items l
                          join expertise_poles p on p.id = l.expertise_pole_id
                         where l.id in (select line_id from v) and l.year = $7)
         order by c.id
           for update of c),
      -- One row, available only once every owner is locked: the update below joins it.
      locked as (select count(*) as n from owners),
      written as (
        update budget_monthly_data d set
            previsionnel = coalesce(v.p, d.previsionnel),
            achat_previsionnel = coalesce(v.ap, d.achat_previsionnel),
            reel = coalesce(v.r, d.reel),
            achat = coalesce(v.a, d.achat)
          from locked, v
         where d.budget_line_item_id = v.line_id and d.month_index = v.month_index and d.year = $7
        returning d.budget_line_item_id as line_id)
    select array(select distinct line_id from written) as line_ids, array(select id from owners) as client_ids`,
    [
      cells.map((c) => c.lineId),
      cells.map((c) => c.month),
      column('previsionnel'),
      column('achat_previsionnel'),
      column('reel'),
      column('achat'),
      year,
    ],
  );
  const written = new Set((rows[0]?.line_ids ?? []).map((id) => id.toLowerCase()));
  const missingLineIds = [...new Set(cells.map((c) => c.lineId))].filter((id) => !written.has(id.toLowerCase()));
  if (missingLineIds.length > 0) return { missingLineIds, clientIds: [] };
  return { missingLineIds, clientIds: rows[0]?.client_ids ?? [] };
}
