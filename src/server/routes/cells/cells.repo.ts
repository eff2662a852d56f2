/** SQL for monthly figures: one statement writes a whole batch of cells. */
import type { Measure } from '@/domain/measures';
import type { CellUpdate } from '@/domain/model';
import { centsToDecimal } from '@/domain/money';
import type { HistorySource } from '@/domain/history';
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

/** Who records a batch, and in which entry (an existing one: an undo, a roll forward, an import). */
export interface CellRecord {
  actor: string;
  source: HistorySource;
  /** Record into this entry instead of creating one. */
  entryId?: number | null;
}

/**
 * Writes the merged cells of lines of `year` in one statement (one round trip), and records in the
 * same statement each cell whose value changes, old and new, in a history entry (created when the
 * batch changes anything and `record.entryId` is not given — docs/product.md#history). Returns the
 * ids of lines that do not exist in that year (nothing is written for them — the caller rolls
 * back), the clients whose figures changed, the entry and the number of changed cells.
 *
 * The statement first locks the owning clients' rows, before any monthly row: concurrent saves on
 * one client then queue on the client row, so the old values it reads are the current ones, and
 * the caller's revised-forecast refresh — a later statement, hence a later snapshot — sees every
 * committed save of that client (one taken before the wait would miss the other save and leave a
 * stale cache). Locking clients before cells, in id order, also keeps two batches on the same
 * cells from deadlocking.
 */
export async function writeCells(
  q: Queryable,
  cells: readonly Merged[],
  year: number,
  record: CellRecord,
): Promise<{ missingLineIds: string[]; clientIds: string[]; entryId: number | null; changed: number }> {
  const column = (f: Measure) => cells.map((c) => c[f] ?? null);
  const { rows } = await q.query<{
    line_ids: string[];
    client_ids: string[];
    entry_id: string | null;
    changed: number;
  }>(
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
      -- One row, available only once every owner is locked: the reads below join it.
      locked as (select count(*) as n from owners),
      old as materialized (
        select d.budget_line_item_id as line_id, d.month_index,
               d.previsionnel, d.achat_previsionnel, d.reel, d.achat, v.p, v.ap, v.r, v.a
          from budget_monthly_data d
          join v on d.budget_line_item_id = v.line_id and d.month_index = v.month_index
          join locked on locked.n >= 0
         where d.year = $7),
      diff as materialized (
        select old.line_id, old.month_index, m.measure, m.old, m.new
          from old cross join lateral (values (0::smallint, old.previsionnel, old.p), (1::smallint, old.achat_previsionnel, old.ap),
                                              (2::smallint, old.reel, old.r), (3::smallint, old.achat, old.a)) as m(measure, old, new)
         where m.new is not null and m.new <> m.old),
      entry as (
        insert into history_entries (actor, source, client_id, year, cell_count)
        select $8, $9, (select case when count(*) = 1 then (array_agg(id))[1] end from owners), $7, (select count(*) from diff)
         where $10::bigint is null and exists (select 1 from diff)
        returning id),
      eid as (select id from entry union all select $10::bigint where $10::bigint is not null),
      written as (
        update budget_monthly_data d set
            previsionnel = coalesce(old.p, d.previsionnel),
            achat_previsionnel = coalesce(old.ap, d.achat_previsionnel),
            reel = coalesce(old.r, d.reel),
            achat = coalesce(old.a, d.achat)
          from old
         where d.budget_line_item_id = old.line_id and d.month_index = old.month_index and d.year = $7
           and exists (select 1 from diff where diff.line_id = old.line_id and diff.month_index = old.month_index)
        returning 1),
      recorded as (
        insert into history_cells (entry_id, line_id, month, measure, old, new)
        select eid.id, diff.line_id, diff.month_index, diff.measure, diff.old, diff.new from diff, eid
        returning 1)
    select array(select distinct line_id from old) as line_ids, array(select id from owners) as client_ids,
           (select id from eid)::text as entry_id, (select count(*) from diff)::int as changed`,
    [
      cells.map((c) => c.lineId),
      cells.map((c) => c.month),
      column('previsionnel'),
      column('achat_previsionnel'),
      column('reel'),
      column('achat'),
      year,
      record.actor,
      record.source,
      record.entryId ?? null,
    ],
  );
  const row = rows[0];
  const found = new Set((row?.line_ids ?? []).map((id) => id.toLowerCase()));
  const missingLineIds = [...new Set(cells.map((c) => c.lineId))].filter((id) => !found.has(id.toLowerCase()));
  const entryId = row?.entry_id == null ? null : Number(row.entry_id);
  if (missingLineIds.length > 0) return { missingLineIds, clientIds: [], entryId, changed: 0 };
  return { missingLineIds, clientIds: row?.client_ids ?? [], entryId, changed: row?.changed ?? 0 };
}
