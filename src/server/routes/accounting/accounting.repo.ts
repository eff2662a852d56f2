/**
 * SQL of the accounting imports (docs/product.md#actuals-from-the-accounting, ADR 047): the mapping
 * document, the year's lines with their figures, the imports in force and their marks, and what an
 * applied import keeps for the reconciliation.
 */
import type { Cents } from '@/domain/money';
import { centsToDecimal, decimalToCents, ZERO_CENTS } from '@/domain/money';
import { MONTH_COUNT } from '@/domain/months';
import { markKey, type PlannedMark, type StoredLine } from '@/domain/accounting/plan';
import type { ActualField, ForecastLine, MappingDocument, MonthSummary } from '@/domain/accounting/types';
import type { Queryable } from '@/server/db/client';

/** The mapping before an admin writes one. */
export const DEFAULT_MAPPING: MappingDocument = {
  agentAccounts: [],
  openingJournals: ['AN', 'RAN', 'OUV'],
  monthFrom: 'EcritureDate',
  clients: [],
  rules: [],
};

export async function readMapping(q: Queryable): Promise<MappingDocument> {
  const { rows } = await q.query<{ document: MappingDocument }>(`select document from accounting_mapping`);
  return rows[0]?.document ?? DEFAULT_MAPPING;
}

export async function writeMapping(q: Queryable, document: MappingDocument, actor: string): Promise<void> {
  await q.query(
    `insert into accounting_mapping (id, document, updated_by) values (true, $1::jsonb, $2)
     on conflict (id) do update set document = excluded.document, updated_by = excluded.updated_by, updated_at = now()`,
    [JSON.stringify(document), actor],
  );
}

/** Every client: id (lower case) → name. */
export async function clientNames(q: Queryable): Promise<Map<string, string>> {
  const { rows } = await q.query<{ id: string; name: string }>(`select id::text, name from clients`);
  return new Map(rows.map((r) => [r.id.toLowerCase(), r.name]));
}

/** A line of the year with its four measures (cents, 12 months each). */
export interface YearLine extends StoredLine, ForecastLine {}

/** A line's months as yearLines reads them: `month p ap r a` (cents) per month, space-separated. */
function lineFigures(text: string): Pick<YearLine, 'previsionnel' | 'achatPrevisionnel' | 'reel' | 'achat'> {
  const measures = Array.from({ length: 4 }, () => Array.from({ length: MONTH_COUNT }, () => ZERO_CENTS));
  const values = text.split(' ');
  for (let i = 0; i + 4 < values.length; i += 5) {
    const month = Number(values[i]);
    for (let k = 0; k < 4; k += 1) measures[k]![month] = Number(values[i + 1 + k]) as Cents;
  }
  const [previsionnel, achatPrevisionnel, reel, achat] = measures as [Cents[], Cents[], Cents[], Cents[]];
  return { previsionnel, achatPrevisionnel, reel, achat };
}

/**
 * The year's lines of every client, in client, pole and line order, with their figures. Each
 * line's months come as one text of integer cents (numeric(14,2) × 100 is below 2^53: exact as a
 * number), aggregated beside the line from its primary-key rows: for a 300-client year (12,000
 * lines) about half the CPU of four numeric arrays per line after one sort of the year's 144,000
 * rows (which spilled to disk), parsed number by number.
 */
export async function yearLines(q: Queryable, year: number): Promise<YearLine[]> {
  const { rows } = await q.query<{ line_id: string; client_id: string; pole: string; line: string; months: string }>(
    `select l.id::text as line_id, p.client_id::text as client_id, p.name as pole, l.name as line, d.months
       from expertise_poles p
       join budget_line_items l on l.expertise_pole_id = p.id and l.year = p.year
       cross join lateral (
         select string_agg(concat_ws(' ', m.month_index, (m.previsionnel * 100)::bigint, (m.achat_previsionnel * 100)::bigint,
                                     (m.reel * 100)::bigint, (m.achat * 100)::bigint), ' ') as months
           from budget_monthly_data m
          where m.budget_line_item_id = l.id and m.year = l.year
       ) d
      where p.year = $1 and d.months is not null
      order by p.client_id, p.seq, l.seq`,
    [year],
  );
  return rows.map((r) => ({
    lineId: r.line_id,
    clientId: r.client_id,
    pole: r.pole,
    line: r.line,
    ...lineFigures(r.months),
  }));
}

const MEASURE_OF: Record<ActualField, number> = { reel: 2, achat: 3 };
const FIELD_OF: Record<number, ActualField> = { 2: 'reel', 3: 'achat' };

/**
 * The imports of `year` in force: those not undone (an undo reverts the import's history entry; a
 * redo reverts the undo: in force when the chain of reverts is even), oldest first. An import that
 * changed nothing has no entry and is in force.
 */
const IMPORTS_IN_FORCE = /* sql */ `
  with recursive chain(root, id, depth) as (
    select i.history_id, i.history_id, 0 from accounting_imports i where i.year = $1 and i.history_id is not null
    union all
    select c.root, e.id, c.depth + 1 from chain c join history_entries e on e.reverts_id = c.id
  ),
  undone as (select root from chain group by root having max(depth) % 2 = 1),
  in_force as (
    select i.* from accounting_imports i
     where i.year = $1 and (i.history_id is null or i.history_id not in (select root from undone))
  )`;

/**
 * The marks in force for `year` (markKey → cents): for each month, those of the latest import in
 * force that wrote it.
 */
export async function marksInForce(q: Queryable, year: number): Promise<Map<string, Cents>> {
  const { rows } = await q.query<{ line_id: string; month: number; measure: number; value: string }>(
    `${IMPORTS_IN_FORCE},
     owner as (select m.month, max(f.id) as import_id from in_force f, unnest(f.written_months) as m(month) group by m.month)
     select k.line_id::text, k.month, k.measure, k.value::text
       from accounting_marks k join owner o on o.import_id = k.import_id and o.month = k.month`,
    [year],
  );
  return new Map(rows.map((r) => [markKey(r.line_id, r.month, FIELD_OF[r.measure]!), decimalToCents(r.value)]));
}

/** What an applied import keeps of its file for the reconciliation. */
export interface ImportRecord {
  id: number;
  at: string;
  actor: string;
  historyId: number | null;
  fileSha256: string;
  lines: number;
  writtenMonths: number[];
  covered: { first: number; last: number } | null;
  months: MonthSummary[];
}

/** The latest import of `year` in force, or undefined. */
export async function lastImport(q: Queryable, year: number): Promise<ImportRecord | undefined> {
  const { rows } = await q.query<{
    id: string;
    at: Date | string;
    actor: string;
    history_id: string | null;
    file_sha256: string;
    lines: number;
    written_months: number[];
    months: { covered: ImportRecord['covered']; months: MonthSummary[] };
  }>(`${IMPORTS_IN_FORCE} select * from in_force order by id desc limit 1`, [year]);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    historyId: r.history_id === null ? null : Number(r.history_id),
    fileSha256: r.file_sha256,
    lines: r.lines,
    writtenMonths: r.written_months.map(Number),
    covered: r.months.covered,
    months: r.months.months,
  };
}

/** The marks of one import (markKey → cents). */
export async function importMarks(q: Queryable, importId: number): Promise<Map<string, Cents>> {
  const { rows } = await q.query<{ line_id: string; month: number; measure: number; value: string }>(
    `select line_id::text, month, measure, value::text from accounting_marks where import_id = $1`,
    [importId],
  );
  return new Map(rows.map((r) => [markKey(r.line_id, r.month, FIELD_OF[r.measure]!), decimalToCents(r.value)]));
}

/** Records an applied import and its marks (their lines resolved); returns its id. */
export async function insertImport(
  q: Queryable,
  year: number,
  record: Omit<ImportRecord, 'id' | 'at'>,
  marks: readonly (PlannedMark & { lineId: string })[],
): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `insert into accounting_imports (year, actor, history_id, file_sha256, lines, written_months, months)
     select $1, $2, $3, $4, $5, $6::smallint[], $7::jsonb
     returning id::text`,
    [
      year,
      record.actor,
      record.historyId,
      record.fileSha256,
      record.lines,
      record.writtenMonths,
      JSON.stringify({ covered: record.covered, months: record.months }),
    ],
  );
  const id = Number(rows[0]!.id);
  if (marks.length > 0) {
    await q.query(
      `insert into accounting_marks (import_id, line_id, month, measure, value)
       select $1, v.line_id, v.month, v.measure, v.value
         from unnest($2::uuid[], $3::smallint[], $4::smallint[], $5::numeric[]) as v(line_id, month, measure, value)
       on conflict do nothing`,
      [
        id,
        marks.map((m) => m.lineId),
        marks.map((m) => m.month),
        marks.map((m) => MEASURE_OF[m.field]),
        marks.map((m) => centsToDecimal(m.value)),
      ],
    );
  }
  return id;
}

/** Serialises applies: a second apply waits for the first and then plans against what it wrote. */
export async function lockAccountingImports(q: Queryable): Promise<void> {
  await q.query(`lock table accounting_imports in share row exclusive mode`);
}

/** The year's actual cells (réel, achat) that are not 0, of the clients in `scope` (null: all). */
export async function actualCells(
  q: Queryable,
  year: number,
  scope: readonly string[] | null,
): Promise<{ lineId: string; clientId: string; month: number; reel: Cents; achat: Cents }[]> {
  const { rows } = await q.query<{ line_id: string; client_id: string; month: number; r: string; a: string }>(
    `select d.budget_line_item_id::text as line_id, p.client_id::text as client_id, d.month_index as month,
            d.reel::text as r, d.achat::text as a
       from budget_monthly_data d
       join budget_line_items l on l.id = d.budget_line_item_id and l.year = d.year
       join expertise_poles p on p.id = l.expertise_pole_id and p.year = l.year
      where d.year = $1 and (d.reel <> 0 or d.achat <> 0)
        and ($2::uuid[] is null or p.client_id = any($2::uuid[]))`,
    [year, scope],
  );
  return rows.map((r) => ({
    lineId: r.line_id,
    clientId: r.client_id,
    month: r.month,
    reel: decimalToCents(r.r),
    achat: decimalToCents(r.a),
  }));
}

/** The clients owning these lines (line id lower case → client id lower case). */
export async function lineClients(q: Queryable, lineIds: readonly string[]): Promise<Map<string, string>> {
  if (lineIds.length === 0) return new Map();
  const { rows } = await q.query<{ line_id: string; client_id: string }>(
    `select l.id::text as line_id, p.client_id::text as client_id
       from budget_line_items l join expertise_poles p on p.id = l.expertise_pole_id and p.year = l.year
      where l.id = any($1::uuid[])`,
    [lineIds],
  );
  return new Map(rows.map((r) => [r.line_id.toLowerCase(), r.client_id.toLowerCase()]));
}
