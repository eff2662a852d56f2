/** SQL for monthly figures: a whole batch of cells read, written and recorded in two statements. */
import { MEASURES, MEASURE_LABELS, type Measure } from '@/domain/measures';
import type { CellUpdate } from '@/domain/model';
import { centsToDecimal, decimalToCents } from '@/domain/money';
import type { HistorySource } from '@/domain/history';
import type { Queryable } from '@/server/db/client';
import { ApiError } from '@/server/lib/errors';
import { driverLineWrite } from '@/server/lib/messages';
import { currentOrigin, markWrote } from '@/server/lib/origin';
import { drivenMeasures, recomputeClients } from '../drivers/drivers.repo';
import { insertHistoryCells, type CellDiff } from './history-cells.repo';

export { insertHistoryCells, type CellDiff };

/** A batch's cells folded by (line, month): each measure's new value and expected one, numeric texts. */
export type Merged = { lineId: string; month: number; expected?: Partial<Record<Measure, string>> } & Partial<
  Record<Measure, string>
>;

/**
 * Folds a batch into one entry per (line, month), the last value of a field winning, so a batch
 * that writes the same cell twice stores what was written last; the first `expected` of a field
 * wins (what the user saw before the batch's first edit of it).
 */
export function mergeCells(cells: readonly CellUpdate[]): Merged[] {
  const merged = new Map<string, Merged>();
  for (const cell of cells) {
    const key = `${cell.lineId.toLowerCase()}:${cell.month}`;
    const entry = merged.get(key) ?? { lineId: cell.lineId, month: cell.month };
    entry[cell.field] = centsToDecimal(cell.value);
    if (cell.expected !== undefined) {
      entry.expected ??= {};
      entry.expected[cell.field] ??= centsToDecimal(cell.expected);
    }
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
  /**
   * A value for a computed cell (docs/product.md#driver-lines): refused (409 `driver_line`, the
   * default: what a user typed or imported), or left out (`skip`: an undo, a landing, the
   * accounting — the recomputation gives the cell its value).
   */
  drivenCells?: 'refuse' | 'skip';
}

/**
 * Writes the merged cells of lines of `year` and records each cell whose value changes, old and
 * new, in a history entry (created when the batch changes anything and `record.entryId` is not
 * given — docs/product.md#history): one statement locks the owning clients, one reads the values
 * before, and, when something changes, one updates the cells, one creates the entry and one
 * inserts the changed cells' history. (One statement doing all of it took 12 ms to plan on
 * PGlite, more than these four take to run: bench/history.bench.ts.) Returns the ids of lines that
 * do not exist in that year (nothing is written for them — the caller rolls back), the clients
 * whose figures changed, the entry and the number of changed cells.
 *
 * The first statement locks the owning clients' rows before touching any monthly row: concurrent
 * saves on one client then queue on the client row, so the old values read are the current ones,
 * and the caller's revised-forecast refresh — a later statement, hence a later snapshot — sees
 * every committed save of that client. Locking clients before cells, in id order, also keeps two
 * batches on the same cells from deadlocking.
 */
export async function writeCells(
  q: Queryable,
  batch: readonly Merged[],
  year: number,
  record: CellRecord,
): Promise<{
  missingLineIds: string[];
  clientIds: string[];
  entryId: number | null;
  changed: number;
  conflicts: CellConflict[];
}> {
  let cells = batch;
  const lineIds = cells.map((c) => c.lineId);
  const { rows: owners } = await q.query<{ id: string }>(
    `select c.id from clients c
      where c.id = any(array(select p.client_id from budget_line_items l join expertise_poles p on p.id = l.expertise_pole_id
                              where l.id = any($1::uuid[]) and l.year = $2))
      order by c.id for update`,
    [lineIds, year],
  );
  // The values before, in batch order (the clients' locks keep them current until the commit).
  const { rows } = await q.query<{ old: string[] | null }>(
    `select case when d.budget_line_item_id is not null
                 then array[d.previsionnel::text, d.achat_previsionnel::text, d.reel::text, d.achat::text] end as old
       from unnest($1::uuid[], $2::int[]) with ordinality as v(line_id, month_index, ord)
       left join budget_monthly_data d on d.budget_line_item_id = v.line_id and d.month_index = v.month_index and d.year = $3
      order by v.ord`,
    [lineIds, cells.map((c) => c.month), year],
  );
  const oldValues = rows.map((r) => r.old ?? undefined);
  const clientIds = owners.map((o) => o.id);
  const missingLineIds = [...new Set(cells.filter((_, i) => oldValues[i] === undefined).map((c) => c.lineId))];
  if (missingLineIds.length > 0) return { missingLineIds, clientIds: [], entryId: null, changed: 0, conflicts: [] };

  // docs/product.md#conflicts: read under the clients' locks, so of two saves expecting the same
  // value, the second one to get the lock finds the first one's value and is refused.
  const conflicts: CellConflict[] = [];
  cells.forEach((cell, i) => {
    MEASURES.forEach((measure, m) => {
      const expected = cell.expected?.[measure];
      const current = oldValues[i]![m]!;
      if (expected !== undefined && decimalToCents(expected) !== decimalToCents(current))
        conflicts.push({ lineId: cell.lineId, month: cell.month, field: measure, current });
    });
  });
  if (conflicts.length > 0) return { missingLineIds, clientIds, entryId: null, changed: 0, conflicts };
  cells = await withoutDrivenCells(q, cells, oldValues as string[][], record.drivenCells ?? 'refuse');

  // The cells whose value changes: (line, month, measure index, old, new), numeric texts.
  const diff: CellDiff[] = [];
  cells.forEach((cell, i) => {
    MEASURES.forEach((measure, m) => {
      const next = cell[measure];
      const old = oldValues[i]![m]!;
      if (next !== undefined && decimalToCents(next) !== decimalToCents(old))
        diff.push([cell.lineId, cell.month, m, old, next]);
    });
  });
  if (diff.length === 0) return { missingLineIds, clientIds, entryId: record.entryId ?? null, changed: 0, conflicts };

  const column = (f: Measure) => cells.map((c) => c[f] ?? null);
  await q.query(
    `update budget_monthly_data d set
        previsionnel = coalesce(v.p, d.previsionnel),
        achat_previsionnel = coalesce(v.ap, d.achat_previsionnel),
        reel = coalesce(v.r, d.reel),
        achat = coalesce(v.a, d.achat)
      from unnest($1::uuid[], $2::int[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
           as v(line_id, month_index, p, ap, r, a)
     where d.budget_line_item_id = v.line_id and d.month_index = v.month_index and d.year = $7`,
    [
      lineIds,
      cells.map((c) => c.month),
      column('previsionnel'),
      column('achat_previsionnel'),
      column('reel'),
      column('achat'),
      year,
    ],
  );

  // The driver lines fed by these cells, in this transaction: their changes go into this entry.
  diff.push(...(await recomputeClients(q, clientIds, year)));

  let entryId = record.entryId ?? null;
  if (entryId === null) {
    const { rows: entry } = await q.query<{ id: string }>(
      `insert into history_entries (actor, source, client_id, year, cell_count, origin) values ($1, $2, $3, $4, $5, $6)
       returning id::text`,
      [record.actor, record.source, clientIds.length === 1 ? clientIds[0] : null, year, diff.length, currentOrigin()],
    );
    entryId = Number(entry[0]!.id);
    markWrote(clientIds, year);
  }
  await insertHistoryCells(q, entryId, diff);
  return { missingLineIds, clientIds, entryId, changed: diff.length, conflicts };
}

/**
 * The batch without values for computed cells that would change (docs/product.md#driver-lines):
 * `refuse` throws 409 `driver_line` naming the line, `skip` leaves them out. A value equal to the
 * stored one writes nothing and passes (an exported workbook imported back).
 */
async function withoutDrivenCells(
  q: Queryable,
  cells: readonly Merged[],
  oldValues: readonly (readonly string[])[],
  mode: 'refuse' | 'skip',
): Promise<readonly Merged[]> {
  const driven = await drivenMeasures(q, [...new Set(cells.map((c) => c.lineId))]);
  if (driven.size === 0) return cells;
  return cells.map((cell, i) => {
    const line = driven.get(cell.lineId.toLowerCase());
    const value = line && cell[line.measure];
    if (!line || value === undefined) return cell;
    if (decimalToCents(value) === decimalToCents(oldValues[i]![MEASURES.indexOf(line.measure)]!)) return cell;
    if (mode === 'refuse')
      throw new ApiError(409, 'driver_line', driverLineWrite(line.name, MEASURE_LABELS[line.measure]));
    const { [line.measure]: _left, ...rest } = cell;
    return rest as Merged;
  });
}

/** A cell whose stored value is not the one its save expected: the value now (numeric text). */
export interface CellConflict {
  lineId: string;
  month: number;
  field: Measure;
  current: string;
}

/** Who last changed a cell and when, from its newest history record. */
export interface LastChange {
  lineId: string;
  month: number;
  field: Measure;
  by: string;
  byName: string;
  at: string;
}

/**
 * The newest history record of each of these cells (those that have one): who and when, with the
 * author's display name (accounts mode; the actor itself otherwise). One index probe per cell on
 * history_cells' primary key, read backwards.
 */
export async function lastChanges(
  q: Queryable,
  cells: readonly { lineId: string; month: number; field: Measure }[],
): Promise<LastChange[]> {
  if (cells.length === 0) return [];
  const { rows } = await q.query<{
    line_id: string;
    month: number;
    measure: number;
    actor: string;
    name: string;
    at: Date | string;
  }>(
    `select v.line_id::text, v.month, v.measure, e.actor, coalesce(nullif(u.name, ''), e.actor) as name, e.at
       from unnest($1::uuid[], $2::smallint[], $3::smallint[]) as v(line_id, month, measure)
       cross join lateral (select h.entry_id from history_cells h
                            where h.line_id = v.line_id and h.month = v.month and h.measure = v.measure
                            order by h.entry_id desc limit 1) h
       join history_entries e on e.id = h.entry_id
       left join auth_user u on u.email = e.actor`,
    [cells.map((c) => c.lineId), cells.map((c) => c.month), cells.map((c) => MEASURES.indexOf(c.field))],
  );
  return rows.map((r) => ({
    lineId: r.line_id,
    month: Number(r.month),
    field: MEASURES[Number(r.measure)]!,
    by: r.actor,
    byName: r.name,
    at: new Date(r.at).toISOString(),
  }));
}
