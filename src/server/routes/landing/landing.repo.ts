/**
 * SQL of the landing (docs/product.md#versions-and-landing): the cut-off, the closed months, and
 * each line of the chosen clients with what the methods read beside it (its previous year's
 * actuals, its reference version's annual forecast) — in one read; the rules are the domain's
 * (src/domain/landing.ts), the writes the cells' (cells.repo.ts writeCells).
 */
import { defaultCutoff } from '@/domain/dashboard/sums';
import type { LandingLine } from '@/domain/landing';
import { decimalToCents } from '@/domain/money';
import type { Queryable } from '@/server/db/client';
import { monthValues } from '../budget/budget.repo';
import { lastClosedMonth } from '../dashboard/dashboard.repo';

/**
 * The cut-off of `year` as the dashboards' default (docs/product.md#dashboard-to-date): the last
 * closed month, else the last month holding an actual figure (agency-wide), else December.
 */
export async function landingCutoff(q: Queryable, year: number): Promise<number> {
  const closed = await lastClosedMonth(q, year);
  const { rows } = await q.query<{ m: number | null }>(
    `select max(month)::int as m from dashboard_client_months where year = $1 and actuals > 0`,
    [year],
  );
  const lastActual = rows[0]?.m ?? null;
  return defaultCutoff(closed, lastActual === null ? null : Number(lastActual)).month;
}

/** The closed months of `year`. */
export async function closedMonths(q: Queryable, year: number): Promise<Set<number>> {
  const { rows } = await q.query<{ month: number }>(`select month from month_locks where year = $1`, [year]);
  return new Set(rows.map((r) => Number(r.month)));
}

interface Row {
  client_id: string;
  line_id: string;
  months: number[];
  previsionnel: string[];
  achat_previsionnel: string[];
  reel: string[];
  achat: string[];
  prev_months: number[] | null;
  prev_reel: string[] | null;
  prev_achat: string[] | null;
  target_previsionnel: string | null;
  target_achat_previsionnel: string | null;
}

/**
 * Every line of `year` of the given clients, with the previous year's actuals of the line of the
 * same client, pole name and line name (the first by creation when names repeat; null when
 * absent) and, when `versionId` is given, the line's annual forecasts in that version (null when
 * the version does not hold the line). Grouped by client id.
 */
export async function landingLines(
  q: Queryable,
  ids: readonly string[],
  year: number,
  versionId: number | null,
): Promise<Map<string, LandingLine[]>> {
  const { rows } = await q.query<Row>(
    `with cur as (
       select p.client_id, p.name as pole, l.id as line_id, l.name as line, p.seq as pole_seq, l.seq as line_seq,
              array_agg(d.month_index order by d.month_index) as months,
              array_agg(d.previsionnel::text order by d.month_index) as previsionnel,
              array_agg(d.achat_previsionnel::text order by d.month_index) as achat_previsionnel,
              array_agg(d.reel::text order by d.month_index) as reel,
              array_agg(d.achat::text order by d.month_index) as achat
         from expertise_poles p
         join budget_line_items l on l.expertise_pole_id = p.id
         join budget_monthly_data d on d.budget_line_item_id = l.id
        where p.year = $2 and p.client_id = any($1::uuid[])
        group by p.client_id, p.name, p.seq, l.id, l.name, l.seq),
     prev as (
       select distinct on (p.client_id, p.name, l.name) p.client_id, p.name as pole, l.name as line, l.id
         from expertise_poles p join budget_line_items l on l.expertise_pole_id = p.id
        where p.year = $2 - 1 and p.client_id = any($1::uuid[])
        order by p.client_id, p.name, l.name, p.seq, l.seq),
     prevm as (
       select prev.client_id, prev.pole, prev.line,
              array_agg(d.month_index order by d.month_index) as months,
              array_agg(d.reel::text order by d.month_index) as reel,
              array_agg(d.achat::text order by d.month_index) as achat
         from prev join budget_monthly_data d on d.budget_line_item_id = prev.id
        group by prev.client_id, prev.pole, prev.line),
     target as (
       select line_id, sum(previsionnel)::text as previsionnel, sum(achat_previsionnel)::text as achat_previsionnel
         from version_months where version_id = $3::bigint group by line_id)
     select cur.client_id, cur.line_id, cur.months, cur.previsionnel, cur.achat_previsionnel, cur.reel, cur.achat,
            prevm.months as prev_months, prevm.reel as prev_reel, prevm.achat as prev_achat,
            target.previsionnel as target_previsionnel, target.achat_previsionnel as target_achat_previsionnel
       from cur
       left join prevm on prevm.client_id = cur.client_id and prevm.pole = cur.pole and prevm.line = cur.line
       left join target on target.line_id = cur.line_id
      order by cur.client_id, cur.pole_seq, cur.line_seq`,
    [ids, year, versionId],
  );
  const byClient = new Map<string, LandingLine[]>();
  for (const r of rows) {
    const lines = byClient.get(r.client_id) ?? [];
    lines.push({
      lineId: r.line_id,
      figures: {
        previsionnel: monthValues(r.months, r.previsionnel),
        achat_previsionnel: monthValues(r.months, r.achat_previsionnel),
        reel: monthValues(r.months, r.reel),
        achat: monthValues(r.months, r.achat),
      },
      previous: r.prev_months
        ? { reel: monthValues(r.prev_months, r.prev_reel), achat: monthValues(r.prev_months, r.prev_achat) }
        : null,
      target:
        r.target_previsionnel !== null && r.target_achat_previsionnel !== null
          ? {
              previsionnel: decimalToCents(r.target_previsionnel),
              achat_previsionnel: decimalToCents(r.target_achat_previsionnel),
            }
          : null,
    });
    byClient.set(r.client_id, lines);
  }
  return byClient;
}
