/**
 * The reference of bench/dashboard.bench.ts: the first release's single-scan SQL of GET
 * /api/dashboard (issue 5, ADR 011), restricted to the selected year ($2) — it reads exactly the
 * monthly rows a one-year dashboard needs, grouped three ways at once. Kept here, unchanged, so
 * every run measures the maintained sums (ADR 026) against it on the same data.
 */
import { REVISED_MONTH_MARGIN } from '../src/server/db/sql-fragments';

const SELECTION = /* sql */ `
  select c.id, c.name, coalesce(y.prevision_mb_annuelle_debut, 0) as prevision_mb_annuelle_debut,
         row_number() over (order by c.created_at, c.id) as rank
    from clients c
    left join client_years y on y.client_id = c.id and y.year = $2
   where $1::uuid[] is null or c.id = any($1::uuid[])`;

/** Σ of the four measures and the three realised-month sums of rows `d`, as numeric. */
const MONTH_SUMS = /* sql */ `
  sum(d.previsionnel) as previsionnel, sum(d.achat_previsionnel) as achat_previsionnel,
  sum(d.reel) as reel, sum(d.achat) as achat,
  sum(${REVISED_MONTH_MARGIN}) as revue,
  sum(case when d.reel > 0 then d.reel - d.achat - d.previsionnel else 0 end) as ecart_realise,
  sum(case when d.reel > 0 then d.previsionnel else 0 end) as prev_realise`;

/** The same seven sums of already-summed rows, as exact numeric text (0 when there is none). */
const RESUMS = ['previsionnel', 'achat_previsionnel', 'reel', 'achat', 'revue', 'ecart_realise', 'prev_realise']
  .map((c) => `coalesce(sum(${c}), 0)::text as ${c}`)
  .join(', ');

/**
 * The raw aggregate: the selected clients and every sum the dashboards need, in one statement (one
 * snapshot without a transaction). The monthly rows are read once, summed per line and per month
 * (`ls`); the ~40× fewer line sums are then grouped per client × pole name and per pole name ×
 * line name — about 3× faster than grouping the monthly rows themselves. Left joins keep clients
 * without poles and poles without lines, as the pure path does. Rows come in first-appearance
 * order: client × pole by (client rank, first pole seq); pole × line by the first (client rank,
 * pole seq, line seq) where the line name appears — what merging by name in creation order gives.
 */
export const FIRST_RELEASE_DASHBOARD_SQL = /* sql */ `
  with sel as (${SELECTION}),
  ls as (
    select d.budget_line_item_id as line_id, d.month_index as month, ${MONTH_SUMS}
      from budget_monthly_data d
      join budget_line_items l on l.id = d.budget_line_item_id
      join expertise_poles p on p.id = l.expertise_pole_id
      join sel s on s.id = p.client_id
     where d.year = $2
     group by grouping sets ((d.budget_line_item_id), (d.month_index))
  ),
  f as (
    select s.rank, s.id as client_id, p.name as pole, p.seq as pole_seq, l.name as line, l.seq as line_seq,
           ls.previsionnel, ls.achat_previsionnel, ls.reel, ls.achat, ls.revue, ls.ecart_realise, ls.prev_realise
      from sel s
      left join expertise_poles p on p.client_id = s.id and p.year = $2
      left join budget_line_items l on l.expertise_pole_id = p.id
      left join ls on ls.line_id = l.id
  ),
  g as (
    select case when grouping(client_id) = 0 then 'client' else 'line' end as kind, client_id, pole, line,
           case when grouping(client_id) = 0 then array[min(rank), min(pole_seq)]
                else min(array[rank, pole_seq, line_seq]) end as sort_key,
           ${RESUMS}
      from f
     group by grouping sets ((client_id, pole), (pole, line))
  )
  select 'a-client' as kind, id as client_id, name as client_name, prevision_mb_annuelle_debut::text as debut,
         null as pole, null as line, null::smallint as month, array[rank] as sort_key,
         '0' as previsionnel, '0' as achat_previsionnel, '0' as reel, '0' as achat, '0' as revue, '0' as ecart_realise, '0' as prev_realise
    from sel
  union all
  -- A client without poles gives a null pole, a pole without lines a null line: not groups.
  select kind, client_id, null, null, pole, line, null, sort_key,
         previsionnel, achat_previsionnel, reel, achat, revue, ecart_realise, prev_realise
    from g
   where (kind = 'client' and pole is not null) or (kind = 'line' and line is not null)
  union all
  select 'month', null, null, null, null, null, month, array[month::bigint],
         previsionnel::text, achat_previsionnel::text, reel::text, achat::text, revue::text, ecart_realise::text, prev_realise::text
    from ls
   where line_id is null
   order by kind, sort_key`;
