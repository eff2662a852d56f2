/**
 * SQL of the variance analysis (docs/product.md#variance, ADR 054): per client × pole name, the
 * actuals à date from the maintained per-pole sums (dashboard_pole_months, cumulated: the cut-off's
 * row is the figures à date) and the version's forecast à date from its per-pole sums
 * (version_pole_months) — the same rows the dashboard and its `?version=` read. The threshold
 * setting, and which clients' gaps at a cut-off have a justification (a linked client-year comment).
 */
import { decimalToCents } from '@/domain/money';
import {
  needsJustification,
  varianceOf,
  type VarianceCell,
  type VarianceData,
  type VarianceThreshold,
} from '@/domain/variance';
import type { Cutoff } from '@/domain/dashboard/sums';
import type { Queryable } from '@/server/db/client';
import {
  cents as bigintCents,
  CUTOFF,
  cutoffOf,
  lastClosedMonth,
  referenceOfYear,
  SELECTION,
} from '../dashboard/dashboard.repo';

/** The cut-off (chosen, else the dashboards' default) and how many of the selected ids exist. */
const CUT_SQL = /* sql */ `
  with sel as (${SELECTION}), ${CUTOFF}
  select (select c from cut) as month, (select m from last_actual) as last_actual, (select count(*) from sel)::int as n`;

/**
 * Both sides à date per client × pole name: actual CA and MB from the live sums at the cut-off
 * month $3, the reference's from version $4 up to it. A pole on one side only comes with zeros on
 * the other; a client the version did not freeze has no reference.
 */
const CELLS_SQL = /* sql */ `
  with sel as (select c.id, c.name from clients c where $1::uuid[] is null or c.id = any($1::uuid[])),
  act as (
    select p.client_id, p.name, coalesce(sum(a.reel), 0) as ca, coalesce(sum(a.reel - a.achat), 0) as mb
      from sel s
      join expertise_poles p on p.client_id = s.id and p.year = $2
      left join dashboard_pole_months a on a.year = $2 and a.pole_id = p.id and a.month = $3
     group by p.client_id, p.name),
  m as (
    select pole_id, sum(previsionnel) as p, sum(previsionnel - achat_previsionnel) as mb
      from version_pole_months where version_id = $4 and month_index <= $3 group by pole_id),
  ref as (
    select vp.client_id, vp.name, coalesce(sum(m.p), 0) as ca, coalesce(sum(m.mb), 0) as mb
      from version_poles vp
      join sel s on s.id = vp.client_id
      left join m on m.pole_id = vp.pole_id
     where vp.version_id = $4
     group by vp.client_id, vp.name)
  select s.id as client_id, s.name as client_name, coalesce(a.name, r.name) as pole,
         coalesce(r.ca, 0)::text as ref_ca, coalesce(r.mb, 0)::text as ref_mb,
         coalesce(a.ca, 0)::text as act_ca, coalesce(a.mb, 0)::text as act_mb
    from act a
    full join ref r on r.client_id = a.client_id and r.name = a.name
    join sel s on s.id = coalesce(a.client_id, r.client_id)`;

interface CellRow {
  client_id: string;
  client_name: string;
  pole: string;
  ref_ca: string;
  ref_mb: string;
  act_ca: string;
  act_mb: string;
}

/**
 * The cells of the analysis for these clients (null: every client) of `year` against version
 * `versionId`, up to the cut-off `chosen` (null: the dashboards' default); null when an id is unknown.
 */
export async function loadVarianceCells(
  q: Queryable,
  ids: readonly string[] | null,
  year: number,
  chosen: number | null,
  versionId: number,
): Promise<{ cutoff: Cutoff; cells: VarianceCell[] } | null> {
  const closed = await lastClosedMonth(q, year);
  const cut = await q.query<{ month: number; last_actual: number | null; n: number }>(CUT_SQL, [
    ids,
    year,
    chosen,
    closed,
  ]);
  const head = cut.rows[0]!;
  if (ids && Number(head.n) !== ids.length) return null;
  const month = Number(head.month);
  const cutoff = cutoffOf(chosen, closed, head.last_actual === null ? null : Number(head.last_actual), month);
  const { rows } = await q.query<CellRow>(CELLS_SQL, [ids, year, month, versionId]);
  const cells = rows.map((r) => ({
    clientId: r.client_id,
    clientName: r.client_name,
    pole: r.pole,
    // The live sums are integer cents; the version's are numeric euros.
    reference: { ca: decimalToCents(r.ref_ca), mb: decimalToCents(r.ref_mb) },
    actual: { ca: bigintCents(r.act_ca), mb: bigintCents(r.act_mb) },
  }));
  return { cutoff, cells };
}

/** The threshold (amount in cents), or null when none is set. */
export async function readThreshold(q: Queryable): Promise<VarianceThreshold | null> {
  const { rows } = await q.query<{ amount: string; percent: string }>(
    `select amount::text, percent::text from variance_settings where id`,
  );
  return rows[0] ? { amount: decimalToCents(rows[0].amount), percent: Number(rows[0].percent) } : null;
}

/** Sets the threshold (amount in euros as exact text), or removes it (null). */
export async function writeThreshold(q: Queryable, threshold: { amount: string; percent: number } | null) {
  if (threshold === null) {
    await q.query(`delete from variance_settings`);
    return;
  }
  await q.query(
    `insert into variance_settings (id, amount, percent) values (true, $1::numeric, $2)
     on conflict (id) do update set amount = excluded.amount, percent = excluded.percent`,
    [threshold.amount, threshold.percent],
  );
}

/** A justification: the linked comment (the thread's first) as the variance answer lists it. */
export interface Justification {
  commentId: number;
  text: string;
  authorName: string;
  at: string;
}

/**
 * The latest justification of each client's gap at `month` of `year` (its thread's first comment),
 * for the clients given (null: every client).
 */
export async function justificationsAt(
  q: Queryable,
  ids: readonly string[] | null,
  year: number,
  month: number,
): Promise<Map<string, Justification>> {
  const { rows } = await q.query<{
    client_id: string;
    id: string;
    text: string;
    author_name: string;
    at: Date | string;
  }>(
    `select distinct on (j.client_id) j.client_id, c.id::text, c.text, coalesce(nullif(u.name, ''), c.author) as author_name, c.at
       from variance_justifications j
       join comments c on c.id = j.comment_id
       left join auth_user u on u.email = c.author
      where j.year = $1 and j.month = $2 and ($3::uuid[] is null or j.client_id = any($3::uuid[]))
      order by j.client_id, c.id desc`,
    [year, month, ids],
  );
  return new Map(
    rows.map((r) => [
      r.client_id,
      { commentId: Number(r.id), text: r.text, authorName: r.author_name, at: new Date(r.at).toISOString() },
    ]),
  );
}

/** Links a new client-year comment to the gap at `month` it justifies. */
export async function linkJustification(
  q: Queryable,
  commentId: number,
  clientId: string,
  year: number,
  month: number,
) {
  await q.query(`insert into variance_justifications (comment_id, client_id, year, month) values ($1, $2, $3, $4)`, [
    commentId,
    clientId,
    year,
    month,
  ]);
}

/**
 * The analysis of these clients (null: every client) against `version`, up to `chosen` (null: the
 * default cut-off), with the threshold; null when an id is unknown. Shared with the closing checklist.
 */
export async function varianceAnswerOf(
  q: Queryable,
  ids: readonly string[] | null,
  year: number,
  chosen: number | null,
  version: { id: number; name: string },
  threshold: VarianceThreshold | null,
): Promise<VarianceData | null> {
  const loaded = await loadVarianceCells(q, ids, year, chosen, version.id);
  if (!loaded) return null;
  const analysis = varianceOf(loaded.cells);
  const justified = await justificationsAt(q, ids, year, loaded.cutoff.month);
  return {
    version,
    cutoff: loaded.cutoff,
    clients: analysis.clients.map((row) => ({
      ...row,
      needsJustification: needsJustification(row, threshold),
      justification: justified.get(row.clientId) ?? null,
    })),
    poles: analysis.poles,
    total: analysis.total,
  };
}

/**
 * The closing checklist's gaps (docs/product.md#variance): every client's gap at the end of `month`
 * against the year's reference that asks for a justification and has none. None without a
 * reference or a threshold.
 */
export async function unjustifiedGaps(
  q: Queryable,
  year: number,
  month: number,
): Promise<{ clientId: string; clientName: string; gap: number; versionName: string }[]> {
  const [version, threshold] = [await referenceOfYear(q, year), await readThreshold(q)];
  if (!version || !threshold) return [];
  const answer = await varianceAnswerOf(q, null, year, month, version, threshold);
  return (answer?.clients ?? [])
    .filter((row) => row.needsJustification && row.justification === null)
    .map((row) => ({ clientId: row.clientId, clientName: row.name, gap: row.gap, versionName: version.name }));
}
