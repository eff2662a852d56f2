/**
 * SQL of driver lines (docs/product.md#driver-lines, ADR 059): their definitions, and the one
 * recomputation every write path calls in its own transaction, after changing figures or lines,
 * so a computed cell is never seen stale. The arithmetic is the domain's (`recomputeDrivers`).
 */
import { driverOrder, recomputeDrivers, withDriver, type LineDriver } from '@/domain/drivers';
import type { Pole } from '@/domain/model';
import { MEASURES, type Measure } from '@/domain/measures';
import { centsToDecimal } from '@/domain/money';
import type { Queryable } from '@/server/db/client';
import { loadClientBudget } from '../budget/budget.repo';
import { insertHistoryCells, type CellDiff } from '../cells/history-cells.repo';

/** Stores (or replaces) line `lineId`'s driver. */
export async function saveDriver(q: Queryable, lineId: string, d: LineDriver): Promise<void> {
  await q.query(
    `insert into line_drivers (line_id, measure, basis_points, source_measure, source_pole_id, source_line_ids)
     values ($1, $2, $3, $4, $5, $6::uuid[])
     on conflict (line_id) do update set measure = excluded.measure, basis_points = excluded.basis_points,
       source_measure = excluded.source_measure, source_pole_id = excluded.source_pole_id,
       source_line_ids = excluded.source_line_ids`,
    [
      lineId,
      d.measure,
      d.basisPoints,
      d.sourceMeasure,
      'pole' in d.sources ? d.sources.pole : null,
      'lineIds' in d.sources ? d.sources.lineIds : null,
    ],
  );
}

/** Makes line `lineId` typed again. */
export async function deleteDriver(q: Queryable, lineId: string): Promise<void> {
  await q.query(`delete from line_drivers where line_id = $1`, [lineId]);
}

/** Every driver definition goes (a restore replaces them with its file's). */
export async function deleteAllDrivers(q: Queryable): Promise<void> {
  await q.query(`delete from line_drivers`);
}

/** Line `lineId`'s stored driver, or null (a typed line, or no such line). */
export async function readDriver(q: Queryable, lineId: string): Promise<LineDriver | null> {
  const budget = await lineBudget(q, lineId);
  return budget?.flatMap((p) => p.lines).find((l) => l.id.toLowerCase() === lineId.toLowerCase())?.driver ?? null;
}

/** The budget (client and year) holding line `lineId`, or undefined when there is no such line. */
export async function lineBudget(q: Queryable, lineId: string): Promise<Pole[] | undefined> {
  const { rows } = await q.query<{ client_id: string; year: number }>(
    `select p.client_id::text, l.year from budget_line_items l join expertise_poles p on p.id = l.expertise_pole_id
      where l.id = $1`,
    [lineId],
  );
  return rows[0] && loadClientBudget(q, rows[0].client_id, Number(rows[0].year));
}

/**
 * The names of the lines of the cycle line `lineId` would close with `driver` (null: none), in
 * the budget holding it: refused before storing (docs/product.md#driver-lines).
 */
export function cycleWith(budget: readonly Pole[], lineId: string, driver: LineDriver | null): string[] | null {
  const result = driverOrder(withDriver(budget, lineId, driver));
  return 'cycle' in result ? result.cycle : null;
}

/** Of these lines (ids), those that are driver lines: id → computed measure and name. */
export async function drivenMeasures(
  q: Queryable,
  lineIds: readonly string[],
): Promise<Map<string, { measure: Measure; name: string }>> {
  if (lineIds.length === 0) return new Map();
  const { rows } = await q.query<{ line_id: string; measure: Measure; name: string }>(
    `select dr.line_id::text, dr.measure, l.name from line_drivers dr join budget_line_items l on l.id = dr.line_id
      where dr.line_id = any($1::uuid[])`,
    [lineIds],
  );
  return new Map(rows.map((r) => [r.line_id.toLowerCase(), { measure: r.measure, name: r.name }]));
}

/**
 * Recomputes the driver lines of these clients in `year` (the caller holds their row locks) and
 * writes the computed cells whose value changes, in one statement; returns them as history
 * records them. A client without driver lines costs one indexed probe.
 */
export async function recomputeClients(q: Queryable, clientIds: readonly string[], year: number): Promise<CellDiff[]> {
  if (clientIds.length === 0) return [];
  const { rows } = await q.query<{ client_id: string }>(
    `select distinct p.client_id::text from line_drivers dr
       join budget_line_items l on l.id = dr.line_id and l.year = $2
       join expertise_poles p on p.id = l.expertise_pole_id
      where p.client_id = any($1::uuid[])`,
    [clientIds, year],
  );
  const diff: CellDiff[] = [];
  for (const { client_id } of rows) {
    for (const cell of recomputeDrivers(await loadClientBudget(q, client_id, year)))
      diff.push([
        cell.lineId,
        cell.month,
        MEASURES.indexOf(cell.field),
        centsToDecimal(cell.old),
        centsToDecimal(cell.new),
      ]);
  }
  if (diff.length === 0) return diff;
  await q.query(
    `update budget_monthly_data d set
        previsionnel = case when v.measure = 0 then v.value else d.previsionnel end,
        achat_previsionnel = case when v.measure = 1 then v.value else d.achat_previsionnel end,
        reel = case when v.measure = 2 then v.value else d.reel end,
        achat = case when v.measure = 3 then v.value else d.achat end
       from unnest($1::uuid[], $2::int[], $3::int[], $4::numeric[]) as v(line_id, month_index, measure, value)
      where d.budget_line_item_id = v.line_id and d.month_index = v.month_index and d.year = $5`,
    [diff.map((d) => d[0]), diff.map((d) => d[1]), diff.map((d) => d[2]), diff.map((d) => d[4]), year],
  );
  return diff;
}

/**
 * Recomputes as `recomputeClients` and records the changed cells into entry `entryId` (the change
 * that caused them), adding them to its cell count. Returns how many changed.
 */
export async function recomputeInto(
  q: Queryable,
  clientIds: readonly string[],
  year: number,
  entryId: number,
): Promise<number> {
  const diff = await recomputeClients(q, clientIds, year);
  if (diff.length === 0) return 0;
  await insertHistoryCells(q, entryId, diff);
  await q.query(`update history_entries set cell_count = cell_count + $2 where id = $1`, [entryId, diff.length]);
  return diff.length;
}
