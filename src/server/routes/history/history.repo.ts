/**
 * SQL of the change history (docs/product.md#history, ADR 022): entries, snapshots of what a
 * structural change removes or adds, the operations applied by an undo — each checking first that
 * what it reverts is still as the entry left it — and the reads of the history panel, the cell
 * history and the undo stack. Cell changes are recorded by the cells statement itself
 * (cells.repo.ts), in the same round trip as the write.
 */
import { attributesOf, type ClientAttributes } from '@/domain/client-attributes';
import { createHash } from 'node:crypto';
import { allYearsBackupFromWire, conflictCellToWire, type HistoryEntry } from '@/domain/codec';
import { buildAllYearsBackup, type AllYearsBackupDocument } from '@/domain/files/backup-json';
import {
  SUMMARIES,
  cellsSummary,
  invertCells,
  invertOps,
  undoStack,
  type CellChange,
  type ClientSnapshot,
  type HistoryOp,
  type HistorySource,
  type LineSnapshot,
  type PoleSnapshot,
} from '@/domain/history';
import { MEASURES, type Measure } from '@/domain/measures';
import { centsToDecimal, decimalToCents, type Cents } from '@/domain/money';
import type { Queryable } from '@/server/db/client';
import { ApiError } from '@/server/lib/errors';
import { driverCycle } from '@/server/lib/messages';
import { currentOrigin, markWrote } from '@/server/lib/origin';
import { lockForRestore, readBackupData, replaceAll } from '../backup/backup.repo';
import { mergeCells, writeCells } from '../cells/cells.repo';
import { reorderLines } from '../lines/lines.repo';
import { cycleWith, deleteDriver, lineBudget, recomputeInto, saveDriver } from '../drivers/drivers.repo';

// ---- entries -------------------------------------------------------------------------------

export interface NewEntry {
  actor: string;
  source: HistorySource;
  clientId: string | null;
  year: number | null;
  summary: string | null;
  ops: HistoryOp[];
  revertsId?: number | null;
}

/** Records an entry (its cells come after, from the statements that change them); returns its id. */
export async function insertEntry(q: Queryable, e: NewEntry): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `insert into history_entries (actor, source, client_id, year, summary, ops, reverts_id, origin)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7, $8) returning id::text`,
    [e.actor, e.source, e.clientId, e.year, e.summary, JSON.stringify(e.ops), e.revertsId ?? null, currentOrigin()],
  );
  markWrote(e.clientId === null ? null : [e.clientId], e.year);
  return Number(rows[0]!.id);
}

/** Sets what was learnt once the entry's statements ran: its cell count, its summary, its operations. */
export async function completeEntry(
  q: Queryable,
  id: number,
  patch: { cellCount?: number; summary?: string; ops?: HistoryOp[] },
): Promise<void> {
  await q.query(
    `update history_entries set cell_count = coalesce($2, cell_count), summary = coalesce($3, summary),
            ops = coalesce($4::jsonb, ops) where id = $1`,
    [id, patch.cellCount ?? null, patch.summary ?? null, patch.ops ? JSON.stringify(patch.ops) : null],
  );
}

/** Removes an entry that turned out to change nothing. */
export async function deleteEntry(q: Queryable, id: number): Promise<void> {
  await q.query(`delete from history_entries where id = $1`, [id]);
}

// ---- whole-data snapshots (restore) ----------------------------------------------------------

/** Every client and year as the version 2 backup document (no date): what a restore replaces. */
export async function dataDocument(q: Queryable): Promise<Omit<AllYearsBackupDocument, 'exportDate'>> {
  const { exportDate: _date, ...doc } = buildAllYearsBackup(await readBackupData(q), new Date(0));
  return doc;
}

/** A fingerprint of the whole data: an undo of a restore checks nothing changed since. */
export function dataHash(doc: Omit<AllYearsBackupDocument, 'exportDate'>): string {
  return createHash('sha256').update(JSON.stringify(doc)).digest('hex');
}

export async function saveSnapshot(q: Queryable, entryId: number, doc: object): Promise<void> {
  await q.query(`insert into history_snapshots (entry_id, data) values ($1, $2)`, [entryId, JSON.stringify(doc)]);
}

async function loadSnapshot(q: Queryable, entryId: number): Promise<AllYearsBackupDocument | undefined> {
  const { rows } = await q.query<{ data: string }>(`select data from history_snapshots where entry_id = $1`, [entryId]);
  return rows[0] && (JSON.parse(rows[0].data) as AllYearsBackupDocument);
}

// ---- snapshots of lines, poles, clients ------------------------------------------------------

interface LineRow {
  id: string;
  pole_id: string;
  year: number;
  name: string;
  seq: string;
  figures: string[][];
}

const LINE_COLUMNS = /* sql */ `
  l.id, l.expertise_pole_id as pole_id, l.year, l.name, l.seq::text as seq,
  array[array_agg(d.previsionnel::text order by d.month_index), array_agg(d.achat_previsionnel::text order by d.month_index),
        array_agg(d.reel::text order by d.month_index), array_agg(d.achat::text order by d.month_index)] as figures`;

function toLine(r: LineRow): LineSnapshot {
  const figures = Object.fromEntries(MEASURES.map((m, i) => [m, r.figures[i]!.map(decimalToCents)])) as Record<
    Measure,
    Cents[]
  >;
  return { id: r.id, poleId: r.pole_id, year: Number(r.year), name: r.name, seq: r.seq, figures };
}

/** Lines with their 48 figures, in creation order (those that exist). */
export async function snapshotLines(q: Queryable, lineIds: readonly string[]): Promise<LineSnapshot[]> {
  if (lineIds.length === 0) return [];
  const { rows } = await q.query<LineRow>(
    `select ${LINE_COLUMNS} from budget_line_items l join budget_monthly_data d on d.budget_line_item_id = l.id
      where l.id = any($1::uuid[]) group by l.id order by l.seq`,
    [lineIds],
  );
  return rows.map(toLine);
}

interface PoleRow {
  id: string;
  client_id: string;
  year: number;
  name: string;
  is_expanded: boolean;
  facture: boolean[];
  seq: string;
}

const toPole = (r: PoleRow): PoleSnapshot => ({
  id: r.id,
  clientId: r.client_id,
  year: Number(r.year),
  name: r.name,
  isExpanded: r.is_expanded,
  facture: [...r.facture],
  seq: r.seq,
});

/** Poles without their lines, in creation order (those that exist). */
export async function snapshotPoles(q: Queryable, poleIds: readonly string[]): Promise<PoleSnapshot[]> {
  if (poleIds.length === 0) return [];
  const { rows } = await q.query<PoleRow>(
    `select id, client_id, year, name, is_expanded, facture, seq::text as seq
       from expertise_poles where id = any($1::uuid[]) order by expertise_poles.seq`,
    [poleIds],
  );
  return rows.map(toPole);
}

/** A client with every year it holds something in (poles, or a non-zero initial forecast), or undefined. */
export async function snapshotClient(q: Queryable, clientId: string): Promise<ClientSnapshot | undefined> {
  const { rows: found } = await q.query<{ id: string; name: string; created_at: Date | string } & ClientAttributes>(
    `select id, name, created_at, manager, sector, status from clients where id = $1`,
    [clientId],
  );
  const client = found[0];
  if (!client) return undefined;
  const { rows: poles } = await q.query<PoleRow>(
    `select id, client_id, year, name, is_expanded, facture, seq::text as seq
       from expertise_poles where client_id = $1 order by year, expertise_poles.seq`,
    [clientId],
  );
  const { rows: lines } = await q.query<LineRow>(
    `select ${LINE_COLUMNS} from expertise_poles p
       join budget_line_items l on l.expertise_pole_id = p.id
       join budget_monthly_data d on d.budget_line_item_id = l.id
      where p.client_id = $1 group by l.id order by l.seq`,
    [clientId],
  );
  const { rows: years } = await q.query<{ year: number; debut: string }>(
    `select year, prevision_mb_annuelle_debut::text as debut from client_years where client_id = $1 order by year`,
    [clientId],
  );
  const linesByPole = new Map<string, LineSnapshot[]>();
  for (const line of lines.map(toLine)) linesByPole.set(line.poleId, [...(linesByPole.get(line.poleId) ?? []), line]);
  const debuts = new Map(years.map((y) => [Number(y.year), decimalToCents(y.debut)]));
  const allYears = [...new Set([...debuts.keys(), ...poles.map((p) => Number(p.year))])].sort((a, b) => a - b);
  return {
    id: client.id,
    name: client.name,
    created_at: new Date(client.created_at).toISOString(),
    attributes: attributesOf(client),
    years: allYears
      .map((year) => ({
        year,
        debut: debuts.get(year) ?? (0 as Cents),
        poles: poles
          .filter((p) => Number(p.year) === year)
          .map((p) => ({ ...toPole(p), lines: linesByPole.get(p.id) ?? [] })),
      }))
      // A year with nothing in it is no data: creating then deleting a pole leaves such a row.
      .filter((y) => y.poles.length > 0 || y.debut !== 0),
  };
}

// ---- operations an undo applies (each checks what it reverts is still as it was left) --------

/** Keys sorted, so a snapshot read back from jsonb compares with one just taken. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** A cell an undo cannot revert: what it holds now, and who changed it last. */
export interface ConflictCell {
  lineId: string;
  month: number;
  field: Measure;
  current: Cents | null;
  expected: Cents;
}

/** 409 `conflict`: what the undo would revert changed since; `cells` lists the cells (euros). */
export class UndoConflict extends ApiError {
  constructor(message: string, cells: ConflictCell[] = []) {
    super(409, 'conflict', message, undefined, {
      cells: cells.map(conflictCellToWire),
    });
  }
}

const UNDO_REFUSED = "Impossible d'annuler";

async function insertLines(q: Queryable, lines: readonly LineSnapshot[]): Promise<void> {
  if (lines.length === 0) return;
  await q.query(
    `insert into budget_line_items (id, expertise_pole_id, year, name, seq) overriding system value
     select * from unnest($1::uuid[], $2::uuid[], $3::smallint[], $4::text[], $5::bigint[])`,
    [
      lines.map((l) => l.id),
      lines.map((l) => l.poleId),
      lines.map((l) => l.year),
      lines.map((l) => l.name),
      lines.map((l) => l.seq),
    ],
  );
  const months = lines.flatMap((l) => l.figures.previsionnel.map((_, m) => ({ l, m })));
  await q.query(
    `insert into budget_monthly_data (budget_line_item_id, year, month_index, previsionnel, achat_previsionnel, reel, achat)
     select * from unnest($1::uuid[], $2::smallint[], $3::smallint[], $4::numeric[], $5::numeric[], $6::numeric[], $7::numeric[])`,
    [
      months.map(({ l }) => l.id),
      months.map(({ l }) => l.year),
      months.map(({ m }) => m),
      ...MEASURES.map((measure) => months.map(({ l, m }) => centsToDecimal(l.figures[measure][m]!))),
    ],
  );
}

async function insertPoles(q: Queryable, poles: readonly PoleSnapshot[]): Promise<void> {
  if (poles.length === 0) return;
  await q.query(
    `insert into client_years (client_id, year) select * from unnest($1::uuid[], $2::smallint[])
     on conflict (client_id, year) do nothing`,
    [poles.map((p) => p.clientId), poles.map((p) => p.year)],
  );
  await q.query(
    `insert into expertise_poles (id, client_id, year, name, is_expanded, facture, seq) overriding system value
     select id, client_id, year, name, is_expanded, facture::boolean[], seq
       from unnest($1::uuid[], $2::uuid[], $3::smallint[], $4::text[], $5::boolean[], $6::text[], $7::bigint[])
            as p(id, client_id, year, name, is_expanded, facture, seq)`,
    [
      poles.map((p) => p.id),
      poles.map((p) => p.clientId),
      poles.map((p) => p.year),
      poles.map((p) => p.name),
      poles.map((p) => p.isExpanded),
      poles.map((p) => `{${p.facture.map((f) => (f ? 't' : 'f')).join(',')}}`),
      poles.map((p) => p.seq),
    ],
  );
}

async function insertClient(q: Queryable, client: ClientSnapshot): Promise<void> {
  const a = attributesOf(client.attributes ?? {});
  await q.query(`insert into clients (id, name, created_at, manager, sector, status) values ($1, $2, $3, $4, $5, $6)`, [
    client.id,
    client.name,
    client.created_at,
    a.manager,
    a.sector,
    a.status,
  ]);
  for (const y of client.years) {
    await q.query(
      `insert into client_years (client_id, year, prevision_mb_annuelle_debut) values ($1, $2, $3)
       on conflict (client_id, year) do update set prevision_mb_annuelle_debut = excluded.prevision_mb_annuelle_debut`,
      [client.id, y.year, centsToDecimal(y.debut)],
    );
    await insertPoles(
      q,
      y.poles.map(({ lines: _lines, ...pole }) => pole),
    );
    await insertLines(
      q,
      y.poles.flatMap((p) => p.lines),
    );
  }
}

/** The cells of a line whose figures differ from a snapshot's, as conflicts. */
function differingCells(line: LineSnapshot, current: LineSnapshot | undefined): ConflictCell[] {
  return MEASURES.flatMap((field) =>
    line.figures[field].flatMap((expected, month) => {
      const now = current?.figures[field][month] ?? null;
      return now === expected ? [] : [{ lineId: line.id, month, field, current: now, expected }];
    }),
  );
}

/** The (client, year) of each existing pole among these. */
async function polesOwners(
  q: Queryable,
  poleIds: readonly string[],
): Promise<Map<string, { clientId: string; year: number }>> {
  const { rows } = await q.query<{ id: string; client_id: string; year: number }>(
    `select id, client_id, year from expertise_poles where id = any($1::uuid[])`,
    [poleIds],
  );
  return new Map(rows.map((r) => [r.id, { clientId: r.client_id, year: Number(r.year) }]));
}

/** What renaming a pole or a line back checks: its siblings' names, and the French refusals. */
const RENAMES = {
  pole: {
    table: 'expertise_poles',
    siblings: 'o.client_id = x.client_id and o.year = x.year',
    taken: (name: string) => `un pôle « ${name} » existe déjà.`,
    changed: 'le pôle a été renommé ou supprimé depuis.',
  },
  line: {
    table: 'budget_line_items',
    siblings: 'o.expertise_pole_id = x.expertise_pole_id',
    taken: (name: string) => `une ligne « ${name} » existe déjà dans ce pôle.`,
    changed: 'la ligne a été renommée ou supprimée depuis.',
  },
} as const;

/** Renames a pole or a line from `old` to `next`, refused when a sibling holds `next` or the name is no longer `old`. */
async function applyRename(
  q: Queryable,
  rename: (typeof RENAMES)[keyof typeof RENAMES],
  id: string,
  old: string,
  next: string,
): Promise<void> {
  const { rows } = await q.query<{ taken: boolean }>(
    `select exists (select 1 from ${rename.table} o join ${rename.table} x on x.id = $1
                     where ${rename.siblings} and o.id <> x.id and o.name = $2) as taken`,
    [id, next],
  );
  if (rows[0]?.taken) throw new UndoConflict(`${UNDO_REFUSED} : ${rename.taken(next)}`);
  const { rowCount } = await q.query(`update ${rename.table} set name = $3 where id = $1 and name = $2`, [
    id,
    old,
    next,
  ]);
  if (rowCount === 0) throw new UndoConflict(`${UNDO_REFUSED} : ${rename.changed}`);
}

/** Applies one structural operation of an undo, after checking its precondition. */
async function applyOp(q: Queryable, op: Exclude<HistoryOp, { op: 'cells' | 'replace_all' }>) {
  switch (op.op) {
    case 'delete_lines': {
      const current = new Map(
        (
          await snapshotLines(
            q,
            op.lines.map((l) => l.id),
          )
        ).map((l) => [l.id, l]),
      );
      for (const line of op.lines) {
        const now = current.get(line.id);
        const cells = differingCells(line, now);
        if (!now || cells.length > 0 || now.name !== line.name) {
          throw new UndoConflict(`${UNDO_REFUSED} : la ligne « ${line.name} » a changé depuis.`, cells);
        }
      }
      await q.query(`delete from budget_line_items where id = any($1::uuid[])`, [op.lines.map((l) => l.id)]);
      return;
    }
    case 'insert_lines': {
      const existing = await snapshotLines(
        q,
        op.lines.map((l) => l.id),
      );
      if (existing.length > 0)
        throw new UndoConflict(`${UNDO_REFUSED} : la ligne « ${existing[0]!.name} » existe déjà.`);
      const owners = await polesOwners(
        q,
        op.lines.map((l) => l.poleId),
      );
      const orphan = op.lines.find((l) => !owners.has(l.poleId));
      if (orphan) throw new UndoConflict(`${UNDO_REFUSED} : le pôle de la ligne « ${orphan.name} » n'existe plus.`);
      await insertLines(q, op.lines);
      return;
    }
    case 'delete_poles': {
      const current = new Map(
        (
          await snapshotPoles(
            q,
            op.poles.map((p) => p.id),
          )
        ).map((p) => [p.id, p]),
      );
      const { rows } = await q.query<{ id: string }>(
        `select distinct expertise_pole_id as id from budget_line_items where expertise_pole_id = any($1::uuid[])`,
        [op.poles.map((p) => p.id)],
      );
      const withLines = new Set(rows.map((r) => r.id));
      for (const pole of op.poles) {
        const now = current.get(pole.id);
        // The expanded state is how a screen shows the pole, not data: it may differ.
        if (!now || withLines.has(pole.id) || !same({ ...now, isExpanded: true }, { ...pole, isExpanded: true })) {
          throw new UndoConflict(`${UNDO_REFUSED} : le pôle « ${pole.name} » a changé depuis.`);
        }
      }
      await q.query(`delete from expertise_poles where id = any($1::uuid[])`, [op.poles.map((p) => p.id)]);
      return;
    }
    case 'insert_poles': {
      const existing = await snapshotPoles(
        q,
        op.poles.map((p) => p.id),
      );
      if (existing.length > 0)
        throw new UndoConflict(`${UNDO_REFUSED} : le pôle « ${existing[0]!.name} » existe déjà.`);
      const { rows } = await q.query<{ n: number }>(
        `select count(*)::int as n from clients where id = any($1::uuid[])`,
        [[...new Set(op.poles.map((p) => p.clientId))]],
      );
      if (rows[0]!.n !== new Set(op.poles.map((p) => p.clientId)).size) {
        throw new UndoConflict(`${UNDO_REFUSED} : le client de ce pôle n'existe plus.`);
      }
      await insertPoles(q, op.poles);
      return;
    }
    case 'delete_client': {
      const current = await snapshotClient(q, op.client.id);
      const comparable = (c: ClientSnapshot | undefined) =>
        c && {
          ...c,
          attributes: attributesOf(c.attributes ?? {}),
          years: c.years.map((y) => ({ ...y, poles: y.poles.map((p) => ({ ...p, isExpanded: true })) })),
        };
      if (!current || !same(comparable(current), comparable(op.client))) {
        throw new UndoConflict(`${UNDO_REFUSED} : le client « ${op.client.name} » a changé depuis.`);
      }
      await q.query(`delete from clients where id = $1`, [op.client.id]);
      return;
    }
    case 'insert_client': {
      const { rows } = await q.query(`select 1 from clients where id = $1`, [op.client.id]);
      if (rows.length > 0) throw new UndoConflict(`${UNDO_REFUSED} : le client « ${op.client.name} » existe déjà.`);
      await insertClient(q, op.client);
      return;
    }
    case 'rename_client': {
      const { rowCount } = await q.query(`update clients set name = $3 where id = $1 and name = $2`, [
        op.clientId,
        op.old,
        op.new,
      ]);
      if (rowCount === 0) throw new UndoConflict(`${UNDO_REFUSED} : le client a été renommé ou supprimé depuis.`);
      return;
    }
    case 'set_attributes': {
      const { rowCount } = await q.query(
        `update clients set manager = $5, sector = $6, status = $7
          where id = $1 and manager is not distinct from $2 and sector is not distinct from $3 and status = $4`,
        [op.clientId, op.old.manager, op.old.sector, op.old.status, op.new.manager, op.new.sector, op.new.status],
      );
      if (rowCount === 0) {
        throw new UndoConflict(`${UNDO_REFUSED} : le responsable, le secteur ou le statut du client a changé depuis.`);
      }
      return;
    }
    case 'set_debut': {
      const { rows } = await q.query<{ debut: string }>(
        `select coalesce((select prevision_mb_annuelle_debut from client_years where client_id = $1 and year = $2), 0)::text as debut
          where exists (select 1 from clients where id = $1)`,
        [op.clientId, op.year],
      );
      if (!rows[0] || decimalToCents(rows[0].debut) !== op.old) {
        throw new UndoConflict(`${UNDO_REFUSED} : la prévision MB annuelle début a changé depuis.`);
      }
      await q.query(
        `insert into client_years (client_id, year, prevision_mb_annuelle_debut) values ($1, $2, $3)
         on conflict (client_id, year) do update set prevision_mb_annuelle_debut = excluded.prevision_mb_annuelle_debut`,
        [op.clientId, op.year, centsToDecimal(op.new)],
      );
      return;
    }
    case 'set_facture': {
      const { rowCount } = await q.query(
        `update expertise_poles set facture[$2::int + 1] = $4 where id = $1 and facture[$2::int + 1] = $3`,
        [op.poleId, op.month, op.old, op.new],
      );
      if (rowCount === 0) throw new UndoConflict(`${UNDO_REFUSED} : le mois facturé a changé depuis.`);
      return;
    }
    case 'rename_pole':
      return applyRename(q, RENAMES.pole, op.poleId, op.old, op.new);
    case 'rename_line':
      return applyRename(q, RENAMES.line, op.lineId, op.old, op.new);
    case 'reorder_lines': {
      if (!(await reorderLines(q, op.poleId, op.old, op.new))) {
        throw new UndoConflict(`${UNDO_REFUSED} : les lignes de ce pôle ont changé depuis.`);
      }
      return;
    }
    case 'set_driver': {
      // docs/product.md#driver-lines: the calculation as the entry left it, and no cycle once back.
      const budget = await lineBudget(q, op.lineId);
      const line = budget?.flatMap((p) => p.lines).find((l) => l.id.toLowerCase() === op.lineId.toLowerCase());
      if (!budget || !line) throw new UndoConflict(`${UNDO_REFUSED} : la ligne n'existe plus.`);
      if (canonical(line.driver ?? null) !== canonical(op.old))
        throw new UndoConflict(`${UNDO_REFUSED} : le calcul de la ligne « ${line.name} » a changé depuis.`);
      const cycle = cycleWith(budget, op.lineId, op.new);
      if (cycle) throw new UndoConflict(`${UNDO_REFUSED} : ${driverCycle(cycle)}`);
      if (op.new) await saveDriver(q, op.lineId, op.new);
      else await deleteDriver(q, op.lineId);
      return;
    }
  }
}

// ---- undo ------------------------------------------------------------------------------------

interface EntryRow {
  id: string;
  at: Date | string;
  actor: string;
  source: HistorySource;
  client_id: string | null;
  year: number | null;
  reverts_id: string | null;
  summary: string | null;
  cell_count: number;
  ops: HistoryOp[];
}

/** The columns of an entry row, of table alias `e`. */
const ENTRY_COLUMNS = /* sql */ `e.id::text, e.at, e.actor, e.source, e.client_id, e.year, e.reverts_id::text, e.summary,
  e.cell_count, e.ops`;

/** The summary an entry shows: its own, or the one its source and cell count give. */
function summaryOf(r: Pick<EntryRow, 'summary' | 'source' | 'cell_count'>): string {
  if (r.summary !== null) return r.summary;
  const source = (['saisie', 'collage', 'import'] as const).find((s) => s === r.source);
  return cellsSummary(source ?? 'saisie', r.cell_count);
}

/** The summary of the entry that reverts `r`: an undo, or the redo of an undo. */
function revertSummary(r: EntryRow): string {
  const text = summaryOf(r);
  const undo = SUMMARIES.undo('');
  const redo = SUMMARIES.redo('');
  if (text.startsWith(undo)) return SUMMARIES.redo(text.slice(undo.length));
  if (text.startsWith(redo)) return SUMMARIES.undo(text.slice(redo.length));
  return SUMMARIES.undo(text);
}

async function entryCells(q: Queryable, entryId: number): Promise<CellChange[]> {
  const { rows } = await q.query<{ line_id: string; month: number; measure: number; old: string; new: string }>(
    `select line_id, month, measure, old::text, new::text from history_cells where entry_id = $1
      order by line_id, month, measure`,
    [entryId],
  );
  return rows.map((r) => ({
    lineId: r.line_id,
    month: r.month,
    field: MEASURES[r.measure]!,
    old: decimalToCents(r.old),
    new: decimalToCents(r.new),
  }));
}

/** The cells whose current value is not `expected` (what the entry left), with their current value. */
async function changedSince(q: Queryable, cells: readonly CellChange[], year: number): Promise<ConflictCell[]> {
  if (cells.length === 0) return [];
  const { rows } = await q.query<{ i: number; current: string | null }>(
    `select c.i::int, (case c.measure when 0 then d.previsionnel when 1 then d.achat_previsionnel
                                      when 2 then d.reel else d.achat end)::text as current
       from unnest($1::uuid[], $2::int[], $3::int[]) with ordinality as c(line_id, month, measure, i)
       left join budget_monthly_data d on d.budget_line_item_id = c.line_id and d.month_index = c.month and d.year = $4`,
    [cells.map((c) => c.lineId), cells.map((c) => c.month), cells.map((c) => MEASURES.indexOf(c.field)), year],
  );
  return rows.flatMap(({ i, current }) => {
    const cell = cells[i - 1]!;
    const now = current === null ? null : decimalToCents(current);
    return now === cell.new
      ? []
      : [{ lineId: cell.lineId, month: cell.month, field: cell.field, current: now, expected: cell.new }];
  });
}

/**
 * Undoes entry `id` as a new entry by `actor` (source `annulation`, reverting `id`): applies the
 * inverse of its operations and cells, each checked first — a cell changed since, a line typed in,
 * a client renamed: 409 and nothing changes (the caller's transaction rolls back). An entry is
 * reverted once; undoing the undo redoes. Returns the new entry's id, or throws 404 / 409.
 */
export async function undoEntry(q: Queryable, id: number, actor: string): Promise<number> {
  // The entry's row lock serialises two undos of the same entry: the second then finds it reverted.
  const { rows } = await q.query<EntryRow>(
    `select ${ENTRY_COLUMNS} from history_entries e where e.id = $1 for update`,
    [id],
  );
  const entry = rows[0];
  if (!entry) throw new ApiError(404, 'not_found', `Modification introuvable : ${id}.`);
  const { rows: reverted } = await q.query(`select 1 from history_entries where reverts_id = $1`, [id]);
  if (reverted.length > 0) throw new UndoConflict('Cette modification a déjà été annulée.');

  const restore = entry.ops.some((op) => op.op === 'replace_all');
  if (restore) await lockForRestore(q);
  else if (entry.client_id) await q.query(`select 1 from clients where id = $1 for update`, [entry.client_id]);

  const cells = await entryCells(q, id);
  const newId = await insertEntry(q, {
    actor,
    source: 'annulation',
    clientId: entry.client_id,
    year: entry.year,
    summary: revertSummary(entry),
    ops: [],
    revertsId: id,
  });
  const ops = invertOps(entry.ops);
  const applied: HistoryOp[] = [];
  for (const op of ops) {
    if (op.op === 'cells') {
      const year = entry.year;
      if (cells.length > 0 && year !== null) {
        const conflicts = await changedSince(q, cells, year);
        if (conflicts.length > 0) {
          throw new UndoConflict(
            `${UNDO_REFUSED} : ${conflicts.length === 1 ? 'une cellule a été modifiée' : `${conflicts.length} cellules ont été modifiées`} depuis.`,
            conflicts,
          );
        }
        const inverse = invertCells(cells);
        const { changed } = await writeCells(
          q,
          mergeCells(inverse.map((c) => ({ lineId: c.lineId, month: c.month, field: c.field, value: c.new }))),
          year,
          { actor, source: 'annulation', entryId: newId, drivenCells: 'skip' },
        );
        await completeEntry(q, newId, { cellCount: changed });
      }
      applied.push(op);
    } else if (op.op === 'replace_all') {
      const current = await dataDocument(q);
      if (dataHash(current) !== op.afterHash) {
        throw new UndoConflict(
          `${UNDO_REFUSED} : les données ont changé depuis cette restauration (l'annuler effacerait ces modifications).`,
        );
      }
      const before = await loadSnapshot(q, id);
      if (!before)
        throw new UndoConflict(`${UNDO_REFUSED} : les données d'avant la restauration ne sont plus disponibles.`);
      await saveSnapshot(q, newId, current);
      await replaceAll(q, allYearsBackupFromWire(before));
      applied.push({ op: 'replace_all', afterHash: dataHash(await dataDocument(q)) });
    } else {
      await applyOp(q, op);
      applied.push(op);
    }
  }
  await completeEntry(q, newId, { ops: applied });
  // The driver lines follow what the undo put back (docs/product.md#driver-lines), in this entry.
  if (entry.client_id && entry.year !== null) await recomputeInto(q, [entry.client_id], entry.year, newId);
  return newId;
}

// ---- reads -----------------------------------------------------------------------------------

export interface HistoryFilter {
  clientId?: string;
  year?: number;
  lineId?: string;
  month?: number;
  field?: Measure;
  limit: number;
  before?: number;
  /**
   * The clients in scope of a reader who is not given every client (null: every client): their
   * entries, and the closings (docs/product.md#roles) — never an entry of no client, which may
   * carry other clients' cells.
   */
  scope?: readonly string[] | null;
  /**
   * With `scope` and `lineId`, when that line exists in scope: the entries of no client too (a
   * batch over several clients), of which only that line's cells are read.
   */
  isLineInScope?: boolean;
}

/** Most cells an entry carries in a list; the cell filter gives every change of one cell. */
export const CELLS_PER_ENTRY = 100;

/**
 * Entries newest first: of a client (and year; its client-wide entries — added, renamed,
 * deleted — are in every year), of a cell (line, month, field: only that cell's change), before an
 * entry id (paging).
 */
export async function listHistory(q: Queryable, f: HistoryFilter): Promise<HistoryEntry[]> {
  const measure = f.field === undefined ? null : MEASURES.indexOf(f.field);
  const byCell = f.lineId !== undefined;
  // A cell's history starts from its index (line, month, measure, entry): newest entries first.
  const byCellIds = /* sql */ `
    e.id in (select h.entry_id from history_cells h
              where h.line_id = $4 and ($5::int is null or h.month = $5) and ($6::int is null or h.measure = $6)
                and ($3::bigint is null or h.entry_id < $3)
              order by h.entry_id desc limit $7)`;
  const { rows } = await q.query<EntryRow & { reverted: boolean }>(
    `select ${ENTRY_COLUMNS},
            exists (select 1 from history_entries r where r.reverts_id = e.id) as reverted
       from history_entries e
      where ($1::uuid is null or e.client_id = $1)
        and ($2::int is null or e.year = $2 or e.year is null)
        and ($3::bigint is null or e.id < $3)
        and ($8::uuid[] is null or e.client_id = any($8::uuid[])
             or (e.client_id is null and (e.source in ('clôture', 'version') or $9)))
        and ${f.lineId === undefined ? '$4::uuid is null and $5::int is null and $6::int is null' : byCellIds}
      order by e.id desc limit $7`,
    [
      f.clientId ?? null,
      f.year ?? null,
      f.before ?? null,
      f.lineId ?? null,
      f.month ?? null,
      measure,
      f.limit,
      f.scope ?? null,
      f.lineId !== undefined && f.isLineInScope === true,
    ],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const { rows: cellRows } = await q.query<{
    entry_id: string;
    line_id: string;
    month: number;
    measure: number;
    old: string;
    new: string;
  }>(
    `select entry_id::text, line_id, month, measure, old::text, new::text
       from (select h.*, row_number() over (partition by h.entry_id order by h.line_id, h.month, h.measure) as n
               from history_cells h
              where h.entry_id = any($1::bigint[])
                and ($2::uuid is null or h.line_id = $2) and ($3::int is null or h.month = $3) and ($4::int is null or h.measure = $4)) h
      where $5 or n <= ${CELLS_PER_ENTRY}
      order by entry_id, line_id, month, measure`,
    [ids, f.lineId ?? null, f.month ?? null, measure, byCell],
  );
  const cellsOf = new Map<string, CellChange[]>();
  for (const c of cellRows) {
    const list = cellsOf.get(c.entry_id) ?? [];
    list.push({
      lineId: c.line_id,
      month: c.month,
      field: MEASURES[c.measure]!,
      old: decimalToCents(c.old),
      new: decimalToCents(c.new),
    });
    cellsOf.set(c.entry_id, list);
  }
  return rows.map((r) => ({
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    source: r.source,
    summary: summaryOf(r),
    clientId: r.client_id,
    year: r.year === null ? null : Number(r.year),
    revertsId: r.reverts_id === null ? null : Number(r.reverts_id),
    reverted: r.reverted,
    cellCount: r.cell_count,
    cells: cellsOf.get(r.id) ?? [],
  }));
}

/**
 * The actor's undo and redo targets for a client and year (docs/product.md#history), the client's
 * own creation and deletion left out.
 */
export async function actorStack(
  q: Queryable,
  actor: string,
  clientId: string,
  year: number,
): Promise<{ undo: number | null; redo: number | null }> {
  const { rows } = await q.query<{ id: string; reverts_id: string | null }>(
    // Creating or deleting the client itself is not a step of its budget's undo: Ctrl+Z in the grid
    // never removes the client (the panel and the deletion's toast undo those).
    `select id::text, reverts_id::text from history_entries
      where actor = $1 and client_id = $2 and (year = $3 or year is null)
        and not (ops @> '[{"op": "insert_client"}]' or ops @> '[{"op": "delete_client"}]')
      order by history_entries.id`,
    [actor, clientId, year],
  );
  return undoStack(
    rows.map((r) => ({ id: Number(r.id), revertsId: r.reverts_id === null ? null : Number(r.reverts_id) })),
  );
}
