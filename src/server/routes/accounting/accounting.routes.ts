/**
 * Actuals from the accounting (docs/product.md#actuals-from-the-accounting, ADR 047), admin only but
 * the reconciliation: GET/PUT /api/accounting/mapping (the rules, one document), POST
 * /api/accounting/fec/preview?year= (the file's bytes; changes nothing), POST
 * /api/accounting/fec/apply?year= (the same body: the file's months replaced as a snapshot, one
 * history entry 'comptabilité', undoable), GET /api/accounting/reconciliation?year= (every role, of
 * the clients in scope).
 */
import { createHash, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { FecApplyAnswer, FecPreviewAnswer, ReconciliationAnswer } from '@/domain/answers';
import { FecReadError, FecTooLargeError, readFec } from '@/domain/accounting/fec-reader';
import type { FiscalSettings } from '@/domain/fiscal-year';
import { readFiscalSettings } from '../settings/settings.repo';
import { mapFec } from '@/domain/accounting/mapping';
import { mappingClientIds, mappingDocument, unknownClientProblem } from '@/domain/accounting/mapping-schema';
import { lineNameKey, planFecImport, type FecPlan, type PlannedMark } from '@/domain/accounting/plan';
import { reconciliationToWire } from '@/domain/accounting/reconciliation';
import type { FecFile, ForecastLine, MappingDocument, MappingResult } from '@/domain/accounting/types';
import { fecPreviewToWire } from '@/domain/accounting/wire';
import { SUMMARIES, zeroFigures, type HistoryOp } from '@/domain/history';
import { centsToDecimal, type Cents } from '@/domain/money';
import type { CellUpdate } from '@/domain/model';
import type { Db, Queryable } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, clientYearTooLarge } from '@/server/lib/messages';
import { accessOf, guardClient, requireCan, scopeIds } from '@/server/policy/policy';
import { insertHistoryCells, mergeCells, writeCells, type CellDiff } from '../cells/cells.repo';
import { listLocks } from '../closing/closing.repo';
import { recomputeInto } from '../drivers/drivers.repo';
import { completeEntry, deleteEntry, insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import {
  analyzeAfterImport,
  clientYearOverBound,
  insertImportLines,
  poleKeyOf,
  resolvePoles,
} from '../imports/imports.repo';
import { readReconciliation } from './reconciliation';
import {
  clientNames,
  insertImport,
  lockAccountingImports,
  marksInForce,
  readMapping,
  writeMapping,
  yearLines,
  type YearLine,
} from './accounting.repo';

const EVERY_CLIENT_NEEDED =
  "L'import comptable écrit les réels de tous les clients : il faut être administrateur de tous les clients.";

export function accountingRoutes(db: Db) {
  return new Hono()
    .get('/accounting/mapping', async (c) => {
      requireCan(c, 'admin');
      return c.json((await readMapping(db)) satisfies MappingDocument);
    })
    .put('/accounting/mapping', async (c) => {
      requireCan(c, 'admin');
      const document = validate(mappingDocument, await readJson(c));
      const names = await clientNames(db);
      const unknown = unknownClientProblem(document, (id) => names.has(id.toLowerCase()));
      if (unknown) throw new ApiError(400, 'validation', unknown);
      for (const id of mappingClientIds(document)) guardClient(c, id);
      await writeMapping(db, document, actorOf(c));
      return c.json(document satisfies MappingDocument);
    })
    .post('/accounting/fec/preview', async (c) => {
      const year = await requireImporter(c);
      const file = readFile(await bytesOf(c));
      const { result, plan, closed, names } = planImport(file, year, await readStored(db, year));
      return c.json(
        fecPreviewToWire(result, plan, closed, (id) => names.get(id.toLowerCase()) ?? '') satisfies FecPreviewAnswer,
      );
    })
    .post('/accounting/fec/apply', async (c) => {
      const year = await requireImporter(c);
      const bytes = await bytesOf(c);
      const file = readFile(bytes);
      const sha = createHash('sha256').update(bytes).digest('hex');
      const answer = await db.transaction((tx) => applyImport(tx, c, file, year, sha));
      await analyzeAfterImport(db, answer.cellsChanged, ['accounting_marks']);
      return c.json(answer satisfies FecApplyAnswer);
    })
    .get('/accounting/reconciliation', async (c) => {
      const { last, months } = await readReconciliation(db, await yearOf(c), scopeIds(c));
      const header = last ? { at: last.at, actor: last.actor, lines: last.lines, historyId: last.historyId } : null;
      return c.json(reconciliationToWire(header, months) satisfies ReconciliationAnswer);
    });
}

/** An import needs an admin of every client (it writes every client's actuals); returns the year. */
async function requireImporter(c: Context): Promise<number> {
  requireCan(c, 'admin');
  if (accessOf(c).clientIds !== null) throw new ApiError(403, 'forbidden', EVERY_CLIENT_NEEDED);
  return await yearOf(c);
}

async function bytesOf(c: Context): Promise<Uint8Array> {
  return new Uint8Array(await c.req.arrayBuffer());
}

/** The file read, or 400 `invalid_file` naming the line and field (413 beyond 200,000 lines). */
function readFile(bytes: Uint8Array): FecFile {
  try {
    return readFec(bytes);
  } catch (err) {
    if (err instanceof FecTooLargeError) throw new ApiError(413, 'too_large', err.message);
    if (err instanceof FecReadError) throw new ApiError(400, 'invalid_file', err.problem.message);
    throw err;
  }
}

/**
 * The mapping as it applies now: entries and rules naming a client deleted since are left out
 * (their lines fall to the next rule, or stay unmapped).
 */
function liveMapping(mapping: MappingDocument, names: ReadonlyMap<string, string>): MappingDocument {
  const exists = (id: string | undefined) => id === undefined || names.has(id.toLowerCase());
  return {
    ...mapping,
    clients: mapping.clients.filter((entry) => exists(entry.clientId)),
    rules: mapping.rules.filter((rule) => !('clientId' in rule.then) || exists(rule.then.clientId)),
  };
}

/** What the plan reads of the database. */
interface Stored {
  mapping: MappingDocument;
  names: Map<string, string>;
  lines: YearLine[];
  locks: Awaited<ReturnType<typeof listLocks>>;
  marks: Map<string, Cents>;
  fiscal: FiscalSettings;
}

/**
 * Reads what the plan needs, one query after the other: in the apply's transaction its one
 * connection runs one statement at a time (node-postgres deprecates queueing them on it).
 */
async function readStored(q: Queryable, year: number): Promise<Stored> {
  return {
    mapping: await readMapping(q),
    names: await clientNames(q),
    lines: await yearLines(q, year),
    locks: await listLocks(q, year),
    marks: await marksInForce(q, year),
    fiscal: await readFiscalSettings(q),
  };
}

/** Plans the import of `file` into `year` over what was read. */
function planImport(file: FecFile, year: number, { mapping, names, lines, locks, marks, fiscal }: Stored) {
  const forecasts = new Map<string, ForecastLine[]>();
  for (const line of lines) {
    const key = line.clientId.toLowerCase();
    const list = forecasts.get(key);
    if (list) list.push(line);
    else forecasts.set(key, [line]);
  }
  const result: MappingResult = mapFec(file, liveMapping(mapping, names), year, forecasts, fiscal);
  const closed = new Set(locks.map((l) => l.month));
  const plan: FecPlan = planFecImport(result, lines, closed, marks);
  return { result, plan, closed, names };
}

/** The apply, in its transaction: one import at a time, every client locked, then planned and written. */
async function applyImport(
  tx: Queryable,
  c: Context,
  file: FecFile,
  year: number,
  sha: string,
): Promise<FecApplyAnswer> {
  await lockAccountingImports(tx);
  // Every client, in id order as cell saves lock theirs: what the plan reads stays current until the commit.
  await tx.query(`select id from clients order by id for update`);
  const { result, plan } = planImport(file, year, await readStored(tx, year));
  const actor = actorOf(c);
  const clientIds = [...new Set(plan.changes.map((ch) => ch.clientId.toLowerCase()))];
  const entryId = await insertEntry(tx, {
    actor,
    source: 'comptabilité',
    clientId: clientIds.length === 1 ? clientIds[0]! : null,
    year,
    summary: null,
    ops: [],
  });

  // New lines (and their poles), in the rules' order, with the months they receive.
  const { poleIds, created: newPoleIds } = await resolvePoles(tx, plan.newLines, year);
  const newLineIds = new Map<string, string>();
  const newLines = plan.newLines.map((l) => {
    const id = randomUUID();
    newLineIds.set(lineKeyOf(l), id);
    return { id, poleId: poleIds.get(poleKeyOf(l))!, name: l.line };
  });
  const lineIdOf = (ch: { clientId: string; pole: string; line: string; lineId: string | null }) =>
    ch.lineId ?? newLineIds.get(lineKeyOf(ch))!;

  const newCells = plan.changes.filter((ch) => ch.lineId === null);
  const merged = mergeCells(
    newCells.map((ch): CellUpdate => ({ lineId: lineIdOf(ch), month: ch.month, field: ch.field, value: ch.imported })),
  );
  await insertImportLines(tx, newLines, year, merged);
  const newDiff: CellDiff[] = newCells.map((ch) => [
    lineIdOf(ch),
    ch.month,
    ch.field === 'reel' ? 2 : 3,
    '0',
    centsToDecimal(ch.imported),
  ]);
  if (newDiff.length > 0) {
    const over = await clientYearOverBound(tx, clientIds, year);
    if (over !== undefined) throw new ApiError(400, 'validation', clientYearTooLarge(over));
    await insertHistoryCells(tx, entryId, newDiff);
  }
  const existing = plan.changes.filter((ch) => ch.lineId !== null);
  const written =
    existing.length > 0
      ? await writeCells(
          tx,
          mergeCells(
            existing.map((ch) => ({ lineId: ch.lineId!, month: ch.month, field: ch.field, value: ch.imported })),
          ),
          year,
          { actor, source: 'comptabilité', entryId, drivenCells: 'skip' },
        )
      : { changed: 0, missingLineIds: [] };
  if (written.missingLineIds.length > 0) throw new ApiError(404, 'not_found', CLIENT_NOT_FOUND);
  // New lines feed the driver lines of their pole (docs/product.md#driver-lines).
  const driven = newDiff.length > 0 ? await recomputeInto(tx, clientIds, year, entryId) : 0;
  const changed = written.changed + newDiff.length + driven;

  let historyId: number | null = entryId;
  if (changed === 0 && newLines.length === 0) {
    await deleteEntry(tx, entryId);
    historyId = null;
  } else {
    const ops: HistoryOp[] = [];
    if (newPoleIds.length > 0) ops.push({ op: 'insert_poles', poles: await snapshotPoles(tx, newPoleIds) });
    if (newLines.length > 0) {
      const snapshots = await snapshotLines(
        tx,
        newLines.map((l) => l.id),
      );
      ops.push({ op: 'insert_lines', lines: snapshots.map((l) => ({ ...l, figures: zeroFigures() })) });
    }
    ops.push({ op: 'cells' });
    await completeEntry(tx, entryId, {
      cellCount: changed,
      ops,
      summary: SUMMARIES.accounting(new Date(), changed, newLines.length),
    });
  }

  const marks = plan.marks.flatMap((m): (PlannedMark & { lineId: string })[] => {
    const lineId = m.lineId ?? newLineIds.get(lineKeyOf(m));
    return lineId ? [{ ...m, lineId }] : [];
  });
  await insertImport(
    tx,
    year,
    {
      actor,
      historyId,
      fileSha256: sha,
      lines: result.lines,
      writtenMonths: plan.writtenMonths,
      covered: result.covered,
      months: result.months,
    },
    marks,
  );
  return { historyId, cellsChanged: changed, linesCreated: newLines.length };
}

const lineKeyOf = (l: { clientId: string; pole: string; line: string }) => lineNameKey(l.clientId, l.pole, l.line);
