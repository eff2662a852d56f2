/**
 * SQL of budget years (docs/product.md#budget-years, ADR 021): the years that hold data, and the
 * roll forward that prepares a year from another — its poles and lines, and its forecasts from a
 * basis of the source year — in a few set-based statements of one transaction.
 */
import { compareFrench } from '@/domain/catalogue';
import { decimalToCents, ZERO_CENTS, type Cents } from '@/domain/money';
import type { ForecastTotals, RollForwardClientResult, RollForwardPlan } from '@/domain/rollforward';
import type { YearSummary } from '@/domain/answers';
import type { Queryable } from '@/server/db/client';
import { rollForwardBasis, uplifted } from '@/server/db/sql-fragments';
import { ensureClientYears } from '../clients/clients.repo';
import { insertZeroMonths } from '../lines/lines.repo';

/**
 * Every year that holds poles or an initial forecast, with the clients that have a line in it —
 * counting only the clients of `scope` when given (a user's assigned clients).
 */
export async function listYears(q: Queryable, scope: readonly string[] | null = null): Promise<YearSummary[]> {
  const { rows } = await q.query<{ year: number; clients: string }>(
    `select y.year, (select count(distinct p.client_id) from expertise_poles p
                      where p.year = y.year and ($1::uuid[] is null or p.client_id = any($1::uuid[]))
                        and exists (select 1 from budget_line_items l where l.expertise_pole_id = p.id)
                    )::text as clients
       from (select year from client_years where prevision_mb_annuelle_debut <> 0
             union select year from expertise_poles) y
      order by y.year`,
    [scope],
  );
  return rows.map((r) => ({ year: Number(r.year), clients: Number(r.clients) }));
}

/**
 * Locks the chosen clients (every client when ids is null) in id order, as cell saves do, and
 * returns them; the caller compares with the ids asked for.
 */
async function lockClients(q: Queryable, ids: readonly string[] | null): Promise<{ id: string; name: string }[]> {
  const { rows } = await q.query<{ id: string; name: string }>(
    `select id, name from clients where $1::uuid[] is null or id = any($1::uuid[]) order by id for update`,
    [ids],
  );
  return rows;
}

/**
 * Locks the chosen clients (lockClients) and names the first id asked for that does not exist:
 * the roll forward and the landing refuse the whole run then.
 */
export async function lockChosenClients(
  q: Queryable,
  ids: readonly string[] | null,
): Promise<{ clients: { id: string; name: string }[]; missing: string | undefined }> {
  const clients = await lockClients(q, ids);
  const found = new Set(clients.map((cl) => cl.id));
  return { clients, missing: ids?.find((id) => !found.has(id)) };
}

/** Each client's totals of forecast sales and purchases in `year`. */
export async function forecastTotals(
  q: Queryable,
  ids: readonly string[],
  year: number,
): Promise<Map<string, ForecastTotals>> {
  const { rows } = await q.query<{ client_id: string; previsionnel: string; achat_previsionnel: string }>(
    `select p.client_id, sum(d.previsionnel)::text as previsionnel, sum(d.achat_previsionnel)::text as achat_previsionnel
       from expertise_poles p
       join budget_line_items l on l.expertise_pole_id = p.id
       join budget_monthly_data d on d.budget_line_item_id = l.id
      where p.year = $2 and d.year = $2 and p.client_id = any($1::uuid[])
      group by p.client_id`,
    [ids, year],
  );
  return new Map(
    rows.map((r) => [
      r.client_id,
      { previsionnel: decimalToCents(r.previsionnel), achat_previsionnel: decimalToCents(r.achat_previsionnel) },
    ]),
  );
}

/** The target year's pole of each (client, name): the first by creation. Parameters $1 ids, $2 year. */
const TARGET_POLES = /* sql */ `
  select distinct on (client_id, name) id, client_id, name
    from expertise_poles where year = $2 and client_id = any($1::uuid[])
   order by client_id, name, seq`;

/**
 * The source year's figures of each (target pole, line name, month), from the basis, uplifted and
 * rounded to the cent: the first pole and line by creation when names repeat. Parameters $1 ids,
 * $3 from, $4 sales uplift, $5 purchases uplift (hundredths of a percent); `tp` the target poles.
 */
function sourceFigures(basis: ReturnType<typeof rollForwardBasis>): string {
  return /* sql */ `
    select distinct on (tp.id, l.name, d.month_index)
           tp.id as pole_id, tp.client_id, l.name, d.month_index,
           ${uplifted(basis.sales, '$4::int')} as sales, ${uplifted(basis.purchases, '$5::int')} as purchases
      from expertise_poles p
      join budget_line_items l on l.expertise_pole_id = p.id
      join budget_monthly_data d on d.budget_line_item_id = l.id
      join tp on tp.client_id = p.client_id and tp.name = p.name
     where p.year = $3 and d.year = $3 and p.client_id = any($1::uuid[])
     order by tp.id, l.name, d.month_index, p.seq, l.seq`;
}

/** How many rows each client id has. */
function countBy(rows: readonly { client_id: string }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.client_id, (counts.get(r.client_id) ?? 0) + 1);
  return counts;
}

/**
 * Rolls `plan.from` forward into `plan.year` for the given (locked, existing) clients: creates the
 * poles and lines of `from` missing in `year` (matched by name: the pole by client and name, the
 * line by pole and name; invoiced months are not copied), then, unless figures is 'none', fills
 * each month's forecast sales and purchases from the basis of the same month of `from`, uplifted
 * and rounded to the cent. 'fill-empty' writes only cells at 0; 'overwrite' any cell whose value
 * differs. Actuals are never written. The cells written are recorded in entry `entryId`; the poles
 * and lines created are returned for the entry's operations. Run inside a transaction.
 */
export async function rollForward(
  q: Queryable,
  plan: RollForwardPlan,
  clients: readonly { id: string; name: string }[],
  entryId: number,
): Promise<{ results: RollForwardClientResult[]; poleIds: string[]; lineIds: string[]; debuts: DebutChange[] }> {
  const ids = clients.map((c) => c.id);
  const { from, year } = plan;
  const before = await forecastTotals(q, ids, year);

  const { rows: newPoles } = await q.query<{ id: string; client_id: string }>(
    `with ins as (
       insert into expertise_poles (client_id, year, name, is_expanded)
       select s.client_id, $2, s.name, s.is_expanded
         from (select distinct on (client_id, name) client_id, name, is_expanded, seq
                 from expertise_poles where year = $3 and client_id = any($1::uuid[])
                order by client_id, name, seq) s
        where not exists (select 1 from expertise_poles t where t.client_id = s.client_id and t.year = $2 and t.name = s.name)
        order by s.seq
       returning id, client_id)
     select id, client_id from ins`,
    [ids, year, from],
  );
  await ensureClientYears(
    q,
    newPoles.map((p) => p.client_id),
    year,
  );

  const { rows: lineBefore } = await q.query(
    `select 1 from budget_line_items l join expertise_poles p on p.id = l.expertise_pole_id
      where p.year = $2 and p.client_id = any($1::uuid[]) limit 1`,
    [ids, year],
  );
  const hadLines = lineBefore.length > 0;
  const { rows: newLines } = await q.query<{ id: string; client_id: string }>(
    `with tp as (${TARGET_POLES}),
     sl as (
       select distinct on (tp.id, l.name) tp.id as pole_id, tp.client_id, l.name, p.seq as pole_seq, l.seq as line_seq
         from expertise_poles p
         join budget_line_items l on l.expertise_pole_id = p.id
         join tp on tp.client_id = p.client_id and tp.name = p.name
        where p.year = $3 and p.client_id = any($1::uuid[])
        order by tp.id, l.name, p.seq, l.seq),
     ins as (
       insert into budget_line_items (expertise_pole_id, year, name)
       select sl.pole_id, $2, sl.name from sl
        where not exists (select 1 from budget_line_items t where t.expertise_pole_id = sl.pole_id and t.name = sl.name)
        order by sl.pole_seq, sl.line_seq
       returning id, expertise_pole_id)
     select ins.id, tp.client_id from ins join tp on tp.id = ins.expertise_pole_id`,
    [ids, year, from],
  );
  let filled = new Map<string, number>();
  let skipped = new Map<string, number>();
  if (plan.figures === 'none') {
    await insertZeroMonths(
      q,
      newLines.map((l) => l.id),
      year,
    );
  } else {
    const basis = rollForwardBasis(plan.figures);
    // The lines just created get their months with their figures in one insert (not zeros then an
    // update of every row: half the writes — bench/years.bench.ts); their cells are recorded as
    // written from 0. The statement below then finds nothing to write on them.
    if (newLines.length > 0) {
      const { rows: created } = await q.query<{ client_id: string; filled: string }>(
        `with tp as (${TARGET_POLES}),
         src as (${sourceFigures(basis)}),
         nl as (
           select l.id, l.expertise_pole_id, l.name, tp.client_id
             from budget_line_items l join tp on tp.id = l.expertise_pole_id
            where l.id = any($6::uuid[])),
         vals as (
           select nl.id as line_id, nl.client_id, m.month_index,
                  coalesce(src.sales, 0) as sales, coalesce(src.purchases, 0) as purchases
             from nl cross join generate_series(0, 11) as m(month_index)
             left join src on src.pole_id = nl.expertise_pole_id and src.name = nl.name and src.month_index = m.month_index),
         inserted as (
           insert into budget_monthly_data (budget_line_item_id, year, month_index, previsionnel, achat_previsionnel)
           select line_id, $2, month_index, sales, purchases from vals
           returning 1),
         recorded as (
           insert into history_cells (entry_id, line_id, month, measure, old, new)
           select $7::bigint, line_id, month_index, 0, 0, sales from vals where sales <> 0
           union all
           select $7::bigint, line_id, month_index, 1, 0, purchases from vals where purchases <> 0
           returning 1)
         select client_id, sum((sales <> 0)::int + (purchases <> 0)::int)::text as filled
           from vals group by client_id`,
        [ids, year, from, plan.upliftSales, plan.upliftPurchases, newLines.map((l) => l.id), entryId],
      );
      filled = new Map(created.map((r) => [r.client_id, Number(r.filled)]));
    }
    const fillEmpty = plan.mode === 'fill-empty';
    // Whether the roll forward writes a target cell: an empty one (fill-empty), or one that differs.
    const writes = (old: string, next: string) => (fillEmpty ? `(${old} = 0 and ${next} <> 0)` : `(${old} <> ${next})`);
    // Into a year without lines (the usual case) every line is new: nothing left to compare.
    const { rows } = !hadLines
      ? { rows: [] }
      : await q.query<{ client_id: string; filled: string; skipped: string }>(
          `with tp as (${TARGET_POLES}),
       tl as (
         select * from (
           select distinct on (l.expertise_pole_id, l.name) l.id, l.expertise_pole_id, l.name
             from budget_line_items l join tp on tp.id = l.expertise_pole_id
            order by l.expertise_pole_id, l.name, l.seq) t
          -- The lines just created already hold their figures.
          where t.id not in (select unnest($7::uuid[]))),
       src as (${sourceFigures(basis)}),
       plan as (
         select d.budget_line_item_id as line_id, d.month_index, src.client_id, src.sales, src.purchases,
                d.previsionnel as old_sales, d.achat_previsionnel as old_purchases,
                ${writes('d.previsionnel', 'src.sales')} as write_sales,
                ${writes('d.achat_previsionnel', 'src.purchases')} as write_purchases,
                ${fillEmpty} and d.previsionnel <> 0 as skip_sales,
                ${fillEmpty} and d.achat_previsionnel <> 0 as skip_purchases
           from src
           join tl on tl.expertise_pole_id = src.pole_id and tl.name = src.name
           join budget_monthly_data d on d.budget_line_item_id = tl.id and d.month_index = src.month_index),
       written as (
         update budget_monthly_data d set
             previsionnel = case when plan.write_sales then plan.sales else d.previsionnel end,
             achat_previsionnel = case when plan.write_purchases then plan.purchases else d.achat_previsionnel end
           from plan
          where d.budget_line_item_id = plan.line_id and d.month_index = plan.month_index
            and (plan.write_sales or plan.write_purchases)
         returning 1),
       -- The history of the cells written, in the same statement (docs/product.md#history).
       recorded as (
         insert into history_cells (entry_id, line_id, month, measure, old, new)
         select $6::bigint, line_id, month_index, 0, old_sales, sales from plan where write_sales
         union all
         select $6::bigint, line_id, month_index, 1, old_purchases, purchases from plan where write_purchases
         returning 1)
       select client_id,
              sum(write_sales::int + write_purchases::int) as filled,
              sum(skip_sales::int + skip_purchases::int) as skipped
         from plan group by client_id`,
          [ids, year, from, plan.upliftSales, plan.upliftPurchases, entryId, newLines.map((l) => l.id)],
        );
    for (const r of rows) filled.set(r.client_id, (filled.get(r.client_id) ?? 0) + Number(r.filled));
    skipped = new Map(rows.map((r) => [r.client_id, Number(r.skipped)]));
  }
  const debuts = plan.figures === 'none' ? [] : await fillInitialForecasts(q, ids, year, plan.mode === 'fill-empty');
  const after = await forecastTotals(q, ids, year);

  const poleCounts = countBy(newPoles);
  const lineCounts = countBy(newLines);
  const zero: ForecastTotals = { previsionnel: ZERO_CENTS, achat_previsionnel: ZERO_CENTS };
  const results = [...clients]
    .sort((a, b) => compareFrench(a.name, b.name) || a.id.localeCompare(b.id))
    .map((c) => ({
      id: c.id,
      name: c.name,
      polesCreated: poleCounts.get(c.id) ?? 0,
      linesCreated: lineCounts.get(c.id) ?? 0,
      cellsFilled: filled.get(c.id) ?? 0,
      cellsSkipped: skipped.get(c.id) ?? 0,
      before: before.get(c.id) ?? zero,
      after: after.get(c.id) ?? zero,
    }));
  return { results, poleIds: newPoles.map((p) => p.id), lineIds: newLines.map((l) => l.id), debuts };
}

/** A client's initial MB forecast of a year, changed from `old` to `new` (cents). */
export interface DebutChange {
  clientId: string;
  old: Cents;
  new: Cents;
}

/**
 * Sets each client's initial MB forecast of `year` to its MB forecast there (Σ forecast sales −
 * forecast purchases), in one statement: with `fillEmpty`, only where it is 0 (one typed is kept);
 * otherwise wherever it differs (docs/product.md#budget-years). Returns what changed, for the
 * history entry. A client without a year row has no line there: its forecast is 0, nothing to set.
 */
async function fillInitialForecasts(
  q: Queryable,
  ids: readonly string[],
  year: number,
  fillEmpty: boolean,
): Promise<DebutChange[]> {
  const { rows } = await q.query<{ client_id: string; old: string; new: string }>(
    `with mb as (
       select p.client_id, sum(d.previsionnel - d.achat_previsionnel) as mb
         from expertise_poles p
         join budget_line_items l on l.expertise_pole_id = p.id
         join budget_monthly_data d on d.budget_line_item_id = l.id
        where p.year = $2 and d.year = $2 and p.client_id = any($1::uuid[])
        group by p.client_id),
     changed as (
       select cy.client_id, cy.prevision_mb_annuelle_debut as old, mb.mb as new
         from client_years cy join mb on mb.client_id = cy.client_id
        where cy.year = $2 and cy.prevision_mb_annuelle_debut <> mb.mb
          and (not $3::boolean or cy.prevision_mb_annuelle_debut = 0)),
     updated as (
       update client_years cy set prevision_mb_annuelle_debut = changed.new
         from changed where cy.client_id = changed.client_id and cy.year = $2
       returning 1)
     select client_id, old::text, new::text from changed order by client_id`,
    [ids, year, fillEmpty],
  );
  return rows.map((r) => ({ clientId: r.client_id, old: decimalToCents(r.old), new: decimalToCents(r.new) }));
}
