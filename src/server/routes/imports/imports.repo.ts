/**
 * SQL of an import: the clients it touches, locked before anything is written; then its poles, new
 * lines and their months, each a single statement over the whole import whatever its size (issue
 * 34, E3: one statement per line, with a re-read of the pole's names, made a 20,000-line import
 * run 621 s holding its clients' locks).
 */
import { MEASURES } from '@/domain/measures';
import { MAX_ABS_CENTS, centsToDecimal } from '@/domain/money';
import { MONTH_COUNT } from '@/domain/months';
import { analyze, type Db, type Queryable } from '@/server/db/client';
import type { Merged } from '../cells/cells.repo';

/**
 * Locks, in id order, the given clients and those owning the given lines of `year` (as cell saves
 * do, so concurrent saves queue and nothing deadlocks); returns the ids locked.
 */
export async function lockImportClients(
  q: Queryable,
  clientIds: readonly string[],
  lineIds: readonly string[],
  year: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select c.id from clients c
      where c.id = any($1::uuid[])
         or c.id = any(array(select p.client_id from budget_line_items l
                               join expertise_poles p on p.id = l.expertise_pole_id
                              where l.id = any($2::uuid[]) and l.year = $3))
      order by c.id for update`,
    [clientIds, lineIds, year],
  );
  return rows.map((r) => r.id);
}

/** A pole of a client, by name. */
export interface PoleKey {
  clientId: string;
  name: string;
}

/**
 * The ids of the poles of `year` named so (the first created when a client holds two of one name),
 * in the order of `keys`; undefined where the client has none.
 */
export async function findPoles(q: Queryable, keys: readonly PoleKey[], year: number): Promise<(string | undefined)[]> {
  const { rows } = await q.query<{ ord: string; id: string }>(
    `select distinct on (k.ord) k.ord::text, p.id
       from unnest($1::uuid[], $2::text[]) with ordinality as k(client_id, name, ord)
       join expertise_poles p on p.client_id = k.client_id and p.year = $3 and p.name = k.name
      order by k.ord, p.seq`,
    [keys.map((k) => k.clientId), keys.map((k) => k.name), year],
  );
  const ids = new Map(rows.map((r) => [Number(r.ord), r.id]));
  return keys.map((_, i) => ids.get(i + 1));
}

/** Creates these poles of `year` in this order (and their clients' year rows); returns their ids in order. */
export async function insertImportPoles(q: Queryable, keys: readonly PoleKey[], year: number): Promise<string[]> {
  if (keys.length === 0) return [];
  const clientIds = keys.map((k) => k.clientId);
  await q.query(
    `insert into client_years (client_id, year) select distinct unnest($1::uuid[]), $2::smallint on conflict (client_id, year) do nothing`,
    [clientIds, year],
  );
  return insertInOrder(
    q,
    `insert into expertise_poles (client_id, year, name)
     select k.client_id, $3, k.name from unnest($1::uuid[], $2::text[]) with ordinality as k(client_id, name, ord)
      order by k.ord
     returning id, seq::text`,
    [clientIds, keys.map((k) => k.name), year],
  );
}

/** The pole of a line as a file names it: its client and the pole's name. */
export const poleKeyOf = (line: { clientId: string; pole: string }) =>
  `${line.clientId.toLowerCase()}\u0000${line.pole}`;

/**
 * The poles of `year` these lines name (poleKeyOf → id): found by name, the missing ones created
 * once, in the lines' order; two statements whatever their number (ADR 046). Returns also the ids
 * created, for the history's `insert_poles`.
 */
export async function resolvePoles(
  q: Queryable,
  lines: readonly { clientId: string; pole: string }[],
  year: number,
): Promise<{ poleIds: Map<string, string>; created: string[] }> {
  const poles = new Map(lines.map((l) => [poleKeyOf(l), { clientId: l.clientId, name: l.pole }]));
  const keys = [...poles.values()];
  const found = await findPoles(q, keys, year);
  const missing = keys.filter((_, i) => found[i] === undefined);
  const created = await insertImportPoles(q, missing, year);
  const createdOf = new Map(missing.map((key, i) => [key, created[i]!]));
  const poleIds = new Map([...poles.keys()].map((k, i) => [k, found[i] ?? createdOf.get(keys[i]!)!]));
  return { poleIds, created };
}

/** Imports this large refresh the planner's statistics afterwards (PGlite has no autovacuum). */
const ANALYZE_AFTER_CELLS = 5000;

/** The tables an import adds rows to: only their statistics change (a whole-database analyze took seconds). */
const IMPORTED_TABLES = [
  'expertise_poles',
  'budget_line_items',
  'budget_monthly_data',
  'dashboard_pole_months',
  'history_cells',
];

/** After an import of `cells` cells: the statistics of the tables it grew (and of `more`), when it was large. */
export async function analyzeAfterImport(db: Db, cells: number, more: readonly string[] = []): Promise<void> {
  if (cells >= ANALYZE_AFTER_CELLS) await analyze(db, [...IMPORTED_TABLES, ...more]);
}

/** A new line: its pole and its name. */
export interface NewLine {
  poleId: string;
  name: string;
}

/** The new lines whose name their pole already holds, as `lineKey` keys. */
export async function takenLineNames(q: Queryable, lines: readonly NewLine[]): Promise<Set<string>> {
  const { rows } = await q.query<{ pole_id: string; name: string }>(
    `select distinct l.expertise_pole_id::text as pole_id, l.name
       from unnest($1::uuid[], $2::text[]) as n(pole_id, name)
       join budget_line_items l on l.expertise_pole_id = n.pole_id and l.name = n.name`,
    [lines.map((l) => l.poleId), lines.map((l) => l.name)],
  );
  return new Set(rows.map((r) => lineKey({ poleId: r.pole_id, name: r.name })));
}

/** A line's pole and name as one key. */
export const lineKey = (line: NewLine) => `${line.poleId.toLowerCase()}\u0000${line.name}`;

/**
 * Inserts the new lines (ids chosen by the caller) in this order, then their 12 months each with
 * the figures of `cells` (zero where absent): two statements. The months' insert runs the
 * dashboard sums' and the closing guard's triggers like any write.
 */
export async function insertImportLines(
  q: Queryable,
  lines: readonly (NewLine & { id: string })[],
  year: number,
  cells: readonly Merged[],
): Promise<void> {
  if (lines.length === 0) return;
  await q.query(
    `insert into budget_line_items (id, expertise_pole_id, year, name)
     select n.id, n.pole_id, $4, n.name from unnest($1::uuid[], $2::uuid[], $3::text[]) with ordinality as n(id, pole_id, name, ord)
      order by n.ord`,
    [lines.map((l) => l.id), lines.map((l) => l.poleId), lines.map((l) => l.name), year],
  );
  const byMonth = new Map(cells.map((c) => [`${c.lineId.toLowerCase()}:${c.month}`, c]));
  const lineIds: string[] = [];
  const months: number[] = [];
  const columns: string[][] = MEASURES.map(() => []);
  for (const { id } of lines) {
    for (let month = 0; month < MONTH_COUNT; month += 1) {
      const cell = byMonth.get(`${id.toLowerCase()}:${month}`);
      lineIds.push(id);
      months.push(month);
      MEASURES.forEach((measure, m) => columns[m]!.push(cell?.[measure] ?? '0'));
    }
  }
  await q.query(
    `insert into budget_monthly_data (budget_line_item_id, year, month_index, previsionnel, achat_previsionnel, reel, achat)
     select v.line_id, $7, v.month_index, v.p, v.ap, v.r, v.a
       from unnest($1::uuid[], $2::smallint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
            as v(line_id, month_index, p, ap, r, a)`,
    [lineIds, months, ...columns, year],
  );
}

/** An insert … returning id, seq: the ids in creation order (seq is handed out in the select's order). */
async function insertInOrder(q: Queryable, sql: string, params: unknown[]): Promise<string[]> {
  const { rows } = await q.query<{ id: string; seq: string }>(sql, params);
  return rows.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1)).map((r) => r.id);
}

/**
 * The year when one of these clients' figures of `year` sum (Σ|x| of a measure) beyond one cell's
 * maximum — the bound migration 0009's trigger keeps on updates, checked here for the months an
 * import inserts with their figures (the trigger does not re-sum inserts); undefined otherwise.
 */
export async function clientYearOverBound(
  q: Queryable,
  clientIds: readonly string[],
  year: number,
): Promise<number | undefined> {
  const { rows } = await q.query<{ year: number }>(
    `select p.year from expertise_poles p
       join budget_line_items l on l.expertise_pole_id = p.id and l.year = p.year
       join budget_monthly_data m on m.budget_line_item_id = l.id and m.year = p.year
      where p.client_id = any($1::uuid[]) and p.year = $2
      group by p.client_id, p.year
     having greatest(sum(abs(m.previsionnel)), sum(abs(m.achat_previsionnel)), sum(abs(m.reel)), sum(abs(m.achat)))
            > $3
      limit 1`,
    [clientIds, year, centsToDecimal(MAX_ABS_CENTS)],
  );
  return rows[0] && Number(rows[0].year);
}
