/**
 * SQL of the dashboards (ADR 026). GET /api/dashboard reads the maintained per-pole monthly sums
 * (`dashboard_pole_months`, kept exact by triggers on the figures, migration 0006): about 12 rows
 * per pole of the year and as many of the previous year, never the monthly rows of the lines, so
 * its cost grows with clients and poles. The lines of the poles view come from their own endpoint
 * (GET /api/dashboard/lines), which does read the year's monthly rows of the selection.
 */
import { dashboardData, type ClientPoleSums, type DashboardData } from '@/domain/dashboard/data';
import {
  addPrevious,
  defaultCutoff,
  type Cutoff,
  type LineAggregate,
  type MonthSums,
  type PreviousSums,
  type Sums,
} from '@/domain/dashboard/sums';
import { addCents, CentsOverflowError, decimalToCents, type Cents } from '@/domain/money';
import type { DashboardLinesVersion, DashboardVersion, VersionForecastSums } from '@/domain/answers';
import type { MeasureTotals } from '@/domain/budget';
import {
  landingViewRow,
  landingViewTotal,
  monthsFromCumulated,
  versionMargin,
  type LandingView,
  type VersionMonth,
} from '@/domain/dashboard/landing-view';
import type { Queryable } from '@/server/db/client';
import { ApiError, notFound } from '@/server/lib/errors';
import { versionNotFound, versionOfAnotherYear } from '@/server/lib/messages';
import { REVISED_MONTH_MARGIN } from '@/server/db/sql-fragments';

/**
 * The selected clients (null = every client) with their initial forecast of year $2, ranked by
 * creation: the order of `aggregateBudgets`.
 */
export const SELECTION = /* sql */ `
  select c.id, c.name, coalesce(y.prevision_mb_annuelle_debut, 0) as prevision_mb_annuelle_debut,
         row_number() over (order by c.created_at, c.id) as rank
    from clients c
    left join client_years y on y.client_id = c.id and y.year = $2
   where $1::uuid[] is null or c.id = any($1::uuid[])`;

/**
 * The cut-off month $3 when chosen, else the last closed month $4, else the year's last month
 * holding an actual figure (agency-wide, as closing is: one period for every client), else
 * December. The last actual month is read backwards from a partial index: a few index pages.
 */
export const CUTOFF = /* sql */ `
  last_actual as (select max(month)::int as m from dashboard_client_months where year = $2 and actuals > 0),
  cut as (select coalesce($3::int, $4::int, (select m from last_actual), 11) as c)`;

/**
 * The seven sums of the year then the four à date of rows `a` of dashboard_pole_months (cumulated:
 * the December row is the year, the cut-off's row the figures à date), as integer cents text.
 */
const POLE_SUMS = ['previsionnel', 'achat_previsionnel', 'reel', 'achat', 'revue', 'ecart_realise', 'prev_realise']
  .map((c) => `coalesce(sum(a.${c}) filter (where a.month = 11), 0)::text as ${c}`)
  .concat(
    ['previsionnel', 'achat_previsionnel', 'reel', 'achat'].map(
      (c) => `coalesce(sum(a.${c}) filter (where a.month = (select c from cut)), 0)::text as td_${c}`,
    ),
  )
  .join(', ');

/** One row of the answer; sums as integer cents text. */
interface Row {
  kind: 'a-client' | 'client' | 'month' | 'previous' | 'cutoff';
  client_id: string | null;
  /** The client's name ('a-client'), or the pole's ('client', 'previous'). */
  name: string | null;
  /** The client's initial forecast in euros ('a-client'); the last month with an actual figure ('cutoff'). */
  info: string | null;
  month: number | null;
  previsionnel: string;
  achat_previsionnel: string;
  reel: string;
  achat: string;
  revue: string;
  ecart_realise: string;
  prev_realise: string;
  td_previsionnel: string;
  td_achat_previsionnel: string;
  td_reel: string;
  td_achat: string;
}

/** Zero sums, named as the answer's columns (the first select of a union names them). */
const ZEROS = [
  'previsionnel',
  'achat_previsionnel',
  'reel',
  'achat',
  'revue',
  'ecart_realise',
  'prev_realise',
  'td_previsionnel',
  'td_achat_previsionnel',
  'td_reel',
  'td_achat',
]
  .map((c) => `'0' as ${c}`)
  .join(', ');
const SUM_COLUMNS = `previsionnel, achat_previsionnel, reel, achat, revue, ecart_realise, prev_realise,
  td_previsionnel, td_achat_previsionnel, td_reel, td_achat`;

/**
 * Everything GET /api/dashboard needs, in one statement (one snapshot without a transaction):
 * the selection; per client × pole name its sums over the year and up to the cut-off; per month
 * the selection's sums; per client × pole name of the previous year its actuals up to the same
 * month; the cut-off. Rows come in first-appearance order: client × pole by (client rank, first
 * pole seq), what merging by name in creation order gives (ADR 011).
 */
export const DASHBOARD_SQL = /* sql */ `
  with sel as (${SELECTION}),
  ${CUTOFF},
  cp as (
    select p.client_id, p.name, array[min(s.rank), min(p.seq)] as sort_key, ${POLE_SUMS}
      from sel s
      join expertise_poles p on p.client_id = s.id and p.year = $2
      left join dashboard_pole_months a on a.year = $2 and a.pole_id = p.id and a.month in (11, (select c from cut))
     group by p.client_id, p.name
  ),
  m as (
    select m.month, coalesce(sum(m.previsionnel), 0)::text as previsionnel, coalesce(sum(m.reel), 0)::text as reel,
           coalesce(sum(m.achat), 0)::text as achat
      from sel s join dashboard_client_months m on m.year = $2 and m.client_id = s.id
     group by m.month
  ),
  pv as (
    select p.client_id, p.name, array[min(s.rank), min(p.seq)] as sort_key,
           coalesce(sum(a.reel), 0)::text as reel, coalesce(sum(a.achat), 0)::text as achat
      from sel s
      join expertise_poles p on p.client_id = s.id and p.year = $2 - 1
      left join dashboard_pole_months a on a.year = $2 - 1 and a.pole_id = p.id and a.month = (select c from cut)
     group by p.client_id, p.name
  )
  select 'a-client' as kind, id as client_id, name, prevision_mb_annuelle_debut::text as info,
         null::int as month, array[rank] as sort_key, ${ZEROS}
    from sel
  union all
  select 'cutoff', null, null, (select m from last_actual)::text, (select c from cut), array[0::bigint], ${ZEROS}
  union all
  select 'client', client_id, name, null, null, sort_key, ${SUM_COLUMNS}
    from cp
  union all
  select 'month', null, null, null, month, array[month::bigint], previsionnel, '0', reel, achat, '0', '0', '0', '0', '0', '0', '0'
    from m
  union all
  select 'previous', client_id, name, null, null, sort_key, '0', '0', reel, achat, '0', '0', '0', '0', '0', '0', '0'
    from pv
   order by kind, sort_key`;

/** Integer cents from SQL's exact text (a bigint sum); refuses what a double cannot hold exactly (422). */
export function cents(text: string): Cents {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new CentsOverflowError();
  return n as Cents;
}

/** The sums of a row; `parse` reads one amount (integer cents text by default, or euros). */
function toSums(r: Row, parse: (text: string) => Cents = cents): Sums {
  const cents = parse;
  return {
    previsionnel: cents(r.previsionnel),
    achat_previsionnel: cents(r.achat_previsionnel),
    reel: cents(r.reel),
    achat: cents(r.achat),
    revue: cents(r.revue),
    ecartRealise: cents(r.ecart_realise),
    prevRealise: cents(r.prev_realise),
    toDate: {
      previsionnel: cents(r.td_previsionnel),
      achat_previsionnel: cents(r.td_achat_previsionnel),
      reel: cents(r.td_reel),
      achat: cents(r.td_achat),
    },
  };
}

/** The last closed month of `year` (month_locks, docs/product.md#month-closing), or null. */
export async function lastClosedMonth(q: Queryable, year: number): Promise<number | null> {
  const { rows } = await q.query<{ month: number | null }>(
    `select max(month) as month from month_locks where year = $1`,
    [year],
  );
  return rows[0]?.month === null || rows[0]?.month === undefined ? null : Number(rows[0].month);
}

/** How the cut-off was found, given the month chosen (or null) and the last closed month. */
export function cutoffOf(
  chosen: number | null,
  closed: number | null,
  lastActual: number | null,
  month: number,
): Cutoff {
  if (chosen !== null) return { month: chosen, source: 'chosen' };
  const fallback = defaultCutoff(closed, lastActual);
  return { ...fallback, month };
}

/**
 * The dashboards' data of `year` for these clients (null = every client), up to the cut-off
 * `chosen` (null: the default one). Returns null when an id is unknown. The lines of the poles
 * are left empty: `loadDashboardLines` reads them.
 */
export async function loadDashboardData(
  q: Queryable,
  ids: readonly string[] | null,
  year: number,
  chosen: number | null,
): Promise<DashboardData | null> {
  const closed = await lastClosedMonth(q, year);
  const { rows } = await q.query<Row>(DASHBOARD_SQL, [ids, year, chosen, closed]);
  const clients = new Map<string, ClientPoleSums & { poles: { name: string; sums: Sums }[] }>();
  const previousByPole = new Map<string, PreviousSums>();
  const months: MonthSums[] = [];
  let cutoff: Cutoff = { month: 11, source: 'none' };
  for (const r of rows) {
    if (r.kind === 'a-client' && r.client_id !== null && r.name !== null && r.info !== null) {
      clients.set(r.client_id, {
        id: r.client_id,
        name: r.name,
        previsionMbDebut: decimalToCents(r.info),
        poles: [],
        previous: null,
      });
    } else if (r.kind === 'cutoff' && r.month !== null) {
      cutoff = cutoffOf(chosen, closed, r.info === null ? null : Number(r.info), r.month);
    } else if (r.kind === 'client' && r.client_id !== null && r.name !== null) {
      clients.get(r.client_id)?.poles.push({ name: r.name, sums: toSums(r) });
    } else if (r.kind === 'month' && r.month !== null) {
      const sums = toSums(r);
      months[r.month] = { reel: sums.reel, previsionnel: sums.previsionnel, achat: sums.achat };
    } else if (r.kind === 'previous' && r.client_id !== null && r.name !== null) {
      const sums = { reel: cents(r.reel), achat: cents(r.achat) };
      const client = clients.get(r.client_id);
      // Checked sums (ADR 039): one client's poles, and one pole name across the selection.
      if (client) client.previous = addPrevious(client.previous, sums);
      previousByPole.set(r.name, addPrevious(previousByPole.get(r.name) ?? null, sums));
    }
  }
  if (ids && clients.size !== ids.length) return null;
  return dashboardData([...clients.values()], new Map(), months, cutoff, previousByPole);
}

/** The seven sums then the four à date of monthly rows `d` of the year, as exact numeric text (euros). */
const LINE_SUMS = /* sql */ `
  coalesce(sum(d.previsionnel), 0)::text as previsionnel, coalesce(sum(d.achat_previsionnel), 0)::text as achat_previsionnel,
  coalesce(sum(d.reel), 0)::text as reel, coalesce(sum(d.achat), 0)::text as achat,
  coalesce(sum(${REVISED_MONTH_MARGIN}), 0)::text as revue,
  coalesce(sum(case when d.reel > 0 then d.reel - d.achat - d.previsionnel else 0 end), 0)::text as ecart_realise,
  coalesce(sum(case when d.reel > 0 then d.previsionnel else 0 end), 0)::text as prev_realise,
  coalesce(sum(d.previsionnel) filter (where d.month_index <= (select c from cut)), 0)::text as td_previsionnel,
  coalesce(sum(d.achat_previsionnel) filter (where d.month_index <= (select c from cut)), 0)::text as td_achat_previsionnel,
  coalesce(sum(d.reel) filter (where d.month_index <= (select c from cut)), 0)::text as td_reel,
  coalesce(sum(d.achat) filter (where d.month_index <= (select c from cut)), 0)::text as td_achat`;

/**
 * The lines of the poles view: per pole name × line name over the selection, the year's sums and
 * those up to the cut-off, in first-appearance order (client rank, pole seq, line seq). Reads the
 * selection's monthly rows of the year: only the 'Vue par Lignes Budgétaires' asks for it.
 */
export const DASHBOARD_LINES_SQL = /* sql */ `
  with sel as (${SELECTION}),
  ${CUTOFF}
  select p.name as pole, l.name as line, ${LINE_SUMS}
    from sel s
    join expertise_poles p on p.client_id = s.id and p.year = $2
    join budget_line_items l on l.expertise_pole_id = p.id
    left join budget_monthly_data d on d.budget_line_item_id = l.id
   group by p.name, l.name
   order by min(array[s.rank, p.seq, l.seq])`;

/** Per pole name, its lines merged by name over the selection (cents); null when an id is unknown. */
export async function loadDashboardLines(
  q: Queryable,
  ids: readonly string[] | null,
  year: number,
  chosen: number | null,
): Promise<{ pole: string; lines: LineAggregate[] }[] | null> {
  if (!(await allClientsExist(q, ids))) return null;
  const closed = await lastClosedMonth(q, year);
  const { rows } = await q.query<Row & { pole: string; line: string }>(DASHBOARD_LINES_SQL, [
    ids,
    year,
    chosen,
    closed,
  ]);
  const poles = new Map<string, LineAggregate[]>();
  for (const r of rows) {
    const lines = poles.get(r.pole) ?? [];
    lines.push({ name: r.line, sums: toSums(r, decimalToCents) });
    poles.set(r.pole, lines);
  }
  return [...poles].map(([pole, lines]) => ({ pole, lines }));
}

/**
 * A version's forecast of the selection per pole name × line name (its frozen names, merged over
 * the clients as the live lines are), over the year and up to the same cut-off as the live lines
 * ($2 year, $3 chosen, $4 last closed month): the poles view's lines against a version (ADR 062).
 * Reads the version's monthly rows of the selection, as the live lines read theirs; the browser
 * joins them to the live lines by name, so their order is only stable (by name).
 */
export const VERSION_LINES_SQL = /* sql */ `
  with ${CUTOFF}
  select p.name as pole, l.name as line,
         coalesce(sum(m.previsionnel), 0)::text as p, coalesce(sum(m.achat_previsionnel), 0)::text as a,
         coalesce(sum(m.previsionnel) filter (where m.month_index <= (select c from cut)), 0)::text as td_p,
         coalesce(sum(m.achat_previsionnel) filter (where m.month_index <= (select c from cut)), 0)::text as td_a
    from version_poles p
    -- The selection is of today's clients: one deleted since the freeze is left out.
    join clients c on c.id = p.client_id
    join version_lines l on l.version_id = p.version_id and l.pole_id = p.pole_id
    left join version_months m on m.version_id = l.version_id and m.line_id = l.line_id
   where p.version_id = $1 and ($5::uuid[] is null or p.client_id = any($5::uuid[]))
   group by p.name, l.name
   order by p.name, l.name`;

/** A version's forecast sums (euros text) as cents. */
function forecastOf(r: { p: string; a: string; td_p: string; td_a: string }): VersionForecastSums {
  return {
    previsionnel: decimalToCents(r.p),
    achat_previsionnel: decimalToCents(r.a),
    toDate: { previsionnel: decimalToCents(r.td_p), achat_previsionnel: decimalToCents(r.td_a) },
  };
}

/** Version `version`'s lines of these clients (null = every client), per pole name (VERSION_LINES_SQL). */
export async function loadVersionLines(
  q: Queryable,
  version: { id: number; name: string },
  ids: readonly string[] | null,
  year: number,
  chosen: number | null,
): Promise<DashboardLinesVersion> {
  const closed = await lastClosedMonth(q, year);
  const { rows } = await q.query<{ pole: string; line: string; p: string; a: string; td_p: string; td_a: string }>(
    VERSION_LINES_SQL,
    [version.id, year, chosen, closed, ids],
  );
  const poles = new Map<string, DashboardLinesVersion['poles'][number]['lines']>();
  for (const r of rows) {
    const lines = poles.get(r.pole) ?? [];
    lines.push({ name: r.line, ...forecastOf(r) });
    poles.set(r.pole, lines);
  }
  return { id: version.id, name: version.name, poles: [...poles].map(([pole, lines]) => ({ pole, lines })) };
}

/** A version's forecast sums of one client and pole name (cents). */
type VersionRow = { client_id: string; name: string; p: string; a: string; td_p: string; td_a: string };

/**
 * Version `versionId`'s forecast of these clients (null = every client), per client and per pole
 * name (its frozen names), over the year and up to `cut`, from its per-pole sums (migration 0017):
 * about what reading the live sums costs. Clients it did not freeze, or deleted since, are absent.
 */
export async function loadVersionCompare(
  q: Queryable,
  version: { id: number; name: string },
  ids: readonly string[] | null,
  cut: number,
): Promise<DashboardVersion> {
  const { rows } = await q.query<VersionRow>(
    // Each pole of the version, then its 12 monthly sums by the primary key (version_id, pole_id):
    // an index lookup per pole, linear in poles whatever the planner estimates. Grouping the sums
    // first and joining the result was planned as a nested loop over that aggregate (a freeze
    // leaves its tables without statistics): quadratic in poles, the 2.5× of ADR 062.
    `select p.client_id, p.name,
            coalesce(sum(m.previsionnel), 0)::text as p, coalesce(sum(m.achat_previsionnel), 0)::text as a,
            coalesce(sum(m.previsionnel) filter (where m.month_index <= $3), 0)::text as td_p,
            coalesce(sum(m.achat_previsionnel) filter (where m.month_index <= $3), 0)::text as td_a
       from version_poles p
       -- The selection is of today's clients: one deleted since the freeze is left out.
       join clients c on c.id = p.client_id
       left join version_pole_months m on m.version_id = p.version_id and m.pole_id = p.pole_id
      where p.version_id = $1 and ($2::uuid[] is null or p.client_id = any($2::uuid[]))
      group by p.client_id, p.name
      order by p.client_id, min(p.seq)`,
    [version.id, ids, cut],
  );
  const clients = new Map<string, VersionForecastSums & { id: string }>();
  const poles = new Map<string, VersionForecastSums & { name: string }>();
  for (const r of rows) {
    const sums = forecastOf(r);
    clients.set(r.client_id, { id: r.client_id, ...addForecast(clients.get(r.client_id), sums) });
    poles.set(r.name, { name: r.name, ...addForecast(poles.get(r.name), sums) });
  }
  return { id: version.id, name: version.name, clients: [...clients.values()], poles: [...poles.values()] };
}

/** Two forecast sums added (checked cents); `a` absent counts as 0. */
function addForecast(a: VersionForecastSums | undefined, b: VersionForecastSums): VersionForecastSums {
  if (!a) return b;
  return {
    previsionnel: addCents(a.previsionnel as Cents, b.previsionnel as Cents),
    achat_previsionnel: addCents(a.achat_previsionnel as Cents, b.achat_previsionnel as Cents),
    toDate: {
      previsionnel: addCents(a.toDate.previsionnel as Cents, b.toDate.previsionnel as Cents),
      achat_previsionnel: addCents(a.toDate.achat_previsionnel as Cents, b.toDate.achat_previsionnel as Cents),
    },
  };
}

/** One pole's row of `dashboard_pole_months` (cumulated cents, text), or a pole without one. */
type LandingRow = {
  client_id: string;
  client: string;
  pole_id: string;
  pole: string;
  month: number | null;
  previsionnel: string | null;
  achat_previsionnel: string | null;
  reel: string | null;
  achat: string | null;
};

/** The selection's poles with their cumulated monthly sums, in the dashboards' order. */
const LANDING_SQL = /* sql */ `
  with sel as (${SELECTION})
  select s.id as client_id, s.name as client, p.id as pole_id, p.name as pole, a.month,
         a.previsionnel::text, a.achat_previsionnel::text, a.reel::text, a.achat::text
    from sel s
    join expertise_poles p on p.client_id = s.id and p.year = $2
    left join dashboard_pole_months a on a.year = $2 and a.pole_id = p.id
   order by s.rank, p.seq, a.month`;

/** A version's poles of the selection (those of clients deleted since left out) and their months. */
const LANDING_VERSION_SQL = /* sql */ `
  select p.client_id, c.name as client, p.pole_id, p.name as pole, m.month_index as month,
         m.previsionnel::text, m.achat_previsionnel::text
    from version_poles p
    join clients c on c.id = p.client_id
    left join version_pole_months m on m.version_id = p.version_id and m.pole_id = p.pole_id
   where p.version_id = $1 and ($2::uuid[] is null or p.client_id = any($2::uuid[]))
   order by c.created_at, c.id, p.seq, m.month_index`;

/**
 * The landing view (docs/product.md#landing-view) of these clients (null = every client) at
 * `cutoff`, against `version` (or none); null when an id is unknown. Its live figures are the
 * per-pole sums the dashboards read, so its TOTAL is theirs: « MB Réelle à date » plus the forecast
 * MB after the cut-off. A pole of the version deleted since is a row with nothing landed.
 */
export async function loadLandingView(
  q: Queryable,
  ids: readonly string[] | null,
  year: number,
  cutoff: number,
  version: { id: number; name: string } | null,
): Promise<LandingView | null> {
  if (!(await allClientsExist(q, ids))) return null;
  // The sums tables hold integer cents; a version's months, euros.
  const live = (text: string | null) => (text === null ? (0 as Cents) : cents(text));
  const frozenEuros = (text: string | null) => (text === null ? (0 as Cents) : decimalToCents(text));
  type Pole = { clientId: string; client: string; pole: string; cumulated: (MeasureTotals | undefined)[] };
  const poles = new Map<string, Pole>();
  for (const r of (await q.query<LandingRow>(LANDING_SQL, [ids, year])).rows) {
    const pole = poles.get(r.pole_id) ?? { clientId: r.client_id, client: r.client, pole: r.pole, cumulated: [] };
    if (r.month !== null)
      pole.cumulated[Number(r.month)] = {
        previsionnel: live(r.previsionnel),
        achat_previsionnel: live(r.achat_previsionnel),
        reel: live(r.reel),
        achat: live(r.achat),
      };
    poles.set(r.pole_id, pole);
  }
  const frozen = new Map<string, { clientId: string; client: string; pole: string; months: VersionMonth[] }>();
  if (version) {
    for (const r of (await q.query<LandingRow>(LANDING_VERSION_SQL, [version.id, ids])).rows) {
      const pole = frozen.get(r.pole_id) ?? { clientId: r.client_id, client: r.client, pole: r.pole, months: [] };
      if (r.month !== null)
        pole.months[Number(r.month)] = {
          previsionnel: frozenEuros(r.previsionnel),
          achat_previsionnel: frozenEuros(r.achat_previsionnel),
        };
      frozen.set(r.pole_id, pole);
    }
  }
  const who = (p: { clientId: string; client: string; pole: string }) => ({
    clientId: p.clientId,
    client: p.client,
    pole: p.pole,
  });
  const rows = [...poles].map(([id, p]) =>
    landingViewRow(who(p), monthsFromCumulated(p.cumulated), cutoff, versionMargin(frozen.get(id)?.months ?? [])),
  );
  for (const [id, p] of frozen) {
    if (!poles.has(id)) rows.push(landingViewRow(who(p), [], cutoff, versionMargin(p.months)));
  }
  return { cutoff, version, rows, total: landingViewTotal(rows, cutoff) };
}

/**
 * The version `id` asked for (`?version=`), or null without one: 404 when unknown, 400 when of
 * another year (docs/product.md#versions-and-landing).
 */
export async function versionOfYear(
  db: Queryable,
  id: number | null,
  year: number,
): Promise<{ id: number; name: string } | null> {
  if (id === null) return null;
  const { rows } = await db.query<{ year: number; name: string }>(
    `select year, name from budget_versions where id = $1`,
    [id],
  );
  const found = rows[0];
  if (!found) throw notFound(versionNotFound(year));
  if (Number(found.year) !== year)
    throw new ApiError(400, 'validation', versionOfAnotherYear(found.name, Number(found.year), year));
  return { id, name: found.name };
}

/** The year's reference version (docs/product.md#versions-and-landing), or null when none is marked. */
export async function referenceOfYear(q: Queryable, year: number): Promise<{ id: number; name: string } | null> {
  const { rows } = await q.query<{ id: string; name: string }>(
    `select id::text, name from budget_versions where year = $1 and reference`,
    [year],
  );
  return rows[0] ? { id: Number(rows[0].id), name: rows[0].name } : null;
}

/** Whether every id of a selection names a client (null: every client, always true). */
async function allClientsExist(q: Queryable, ids: readonly string[] | null): Promise<boolean> {
  if (!ids) return true;
  const { rows } = await q.query<{ n: number }>(`select count(*)::int as n from clients where id = any($1::uuid[])`, [
    ids,
  ]);
  return rows[0]?.n === ids.length;
}
