/**
 * POST /api/import?year= — an imported file's changes (docs/product.md#excel-import), read and
 * matched in the browser: the new lines it creates (in the client's pole of that name, the pole
 * created when it is a catalogue pole) and the cells it writes, in one transaction and one history
 * entry (source `import`), so one undo takes the whole import back. The server never receives the
 * file itself, only this JSON. A closed month refuses the whole import (409 period_locked); a
 * failed import changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { ImportAnswer } from '@/domain/answers';
import { SUMMARIES, zeroFigures, type HistoryOp } from '@/domain/history';
import { centsFromWire } from '@/domain/codec';
import { MEASURES } from '@/domain/measures';
import { decimalToCents } from '@/domain/money';
import type { CellUpdate } from '@/domain/model';
import { importBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, conflict, decodeAmounts, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, cellLineNotFound, clientYearTooLarge, lineAlreadyExists } from '@/server/lib/messages';
import { guardClient, guardLines } from '@/server/policy/policy';
import { insertHistoryCells, mergeCells, writeCells, type CellDiff } from '../cells/cells.repo';
import { recomputeInto } from '../drivers/drivers.repo';
import { completeEntry, deleteEntry, insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import {
  clientYearOverBound,
  insertImportLines,
  lineKey,
  lockImportClients,
  poleKeyOf,
  resolvePoles,
  analyzeAfterImport,
  takenLineNames,
} from './imports.repo';

export function importsRoutes(db: Db) {
  return new Hono().post('/import', async (c) => {
    const year = await yearOf(c);
    const body = validate(importBody, await readJson(c));
    const newClientIds = [...new Set(body.lines.map((l) => l.clientId.toLowerCase()))];
    for (const id of newClientIds) guardClient(c, id);
    const lineIds = [...new Set(body.cells.flatMap((cell) => (cell.lineId ? [cell.lineId.toLowerCase()] : [])))];
    await guardLines(c, db, lineIds, year);

    const result = await db.transaction(async (tx) => {
      const locked = new Set(await lockImportClients(tx, newClientIds, lineIds, year));
      const missingClient = newClientIds.find((id) => !locked.has(id));
      if (missingClient) throw notFound(CLIENT_NOT_FOUND);
      const entryId = await insertEntry(tx, {
        actor: actorOf(c),
        source: 'import',
        clientId: locked.size === 1 ? [...locked][0]! : null,
        year,
        summary: null,
        ops: [],
      });

      // New lines, in file order, each in its pole (found by name, or created once): a fixed
      // number of statements whatever the number of lines (issue 34, E3).
      const { poleIds, created: newPoleIds } = await resolvePoles(tx, body.lines, year);
      const newLines = body.lines.map((l) => ({ id: randomUUID(), poleId: poleIds.get(poleKeyOf(l))!, name: l.name }));
      const taken = newLines.length > 0 ? await takenLineNames(tx, newLines) : new Set<string>();
      for (const line of newLines) {
        // The first name in file order that its pole holds already, or that an earlier line takes.
        if (taken.has(lineKey(line))) throw conflict(lineAlreadyExists(line.name));
        taken.add(lineKey(line));
      }
      const createdLineIds: string[] = newLines.map((l) => l.id);

      const cells: CellUpdate[] = body.cells.map((cell) => ({
        lineId: cell.lineId ?? createdLineIds[cell.newLine!]!,
        month: cell.month,
        field: cell.field,
        value: decodeAmounts(centsFromWire, cell.value),
      }));
      // A new line's months are inserted with their figures (its cells' history: from zero); the
      // existing lines' cells are written as any save.
      const created = new Set(createdLineIds);
      const merged = mergeCells(cells);
      const newCells = merged.filter((cell) => created.has(cell.lineId));
      await insertImportLines(tx, newLines, year, newCells);
      const newDiff = newCells.flatMap((cell) =>
        MEASURES.flatMap((measure, m): CellDiff[] => {
          const value = cell[measure];
          return value !== undefined && decimalToCents(value) !== 0 ? [[cell.lineId, cell.month, m, '0', value]] : [];
        }),
      );
      if (newDiff.length > 0) {
        const overYear = await clientYearOverBound(tx, [...locked], year);
        if (overYear !== undefined) throw new ApiError(400, 'validation', clientYearTooLarge(overYear));
        await insertHistoryCells(tx, entryId, newDiff);
      }
      const oldCells = merged.filter((cell) => !created.has(cell.lineId));
      const written =
        oldCells.length > 0
          ? await writeCells(tx, oldCells, year, { actor: actorOf(c), source: 'import', entryId })
          : { missingLineIds: [], changed: 0 };
      if (written.missingLineIds.length > 0) {
        // Throwing rolls the whole import back: a failed request changes nothing.
        throw new ApiError(404, 'not_found', cellLineNotFound(written.missingLineIds[0]!, year));
      }
      // New lines feed the driver lines of their pole (docs/product.md#driver-lines).
      const driven = newDiff.length > 0 ? await recomputeInto(tx, [...locked], year, entryId) : 0;
      const changed = written.changed + newDiff.length + driven;

      const ops: HistoryOp[] = [];
      if (newPoleIds.length > 0) ops.push({ op: 'insert_poles', poles: await snapshotPoles(tx, newPoleIds) });
      if (createdLineIds.length > 0) {
        // Created with zero figures; the entry's cells hold what the import then wrote.
        const lines = (await snapshotLines(tx, createdLineIds)).map((l) => ({ ...l, figures: zeroFigures() }));
        ops.push({ op: 'insert_lines', lines });
      }
      ops.push({ op: 'cells' });
      if (createdLineIds.length === 0 && changed === 0) {
        await deleteEntry(tx, entryId);
        return { historyId: null, lines: 0, cells: 0 };
      }
      await completeEntry(tx, entryId, {
        cellCount: changed,
        ops,
        summary: SUMMARIES.imported(changed, createdLineIds.length),
      });
      return { historyId: entryId, lines: createdLineIds.length, cells: changed };
    });
    await analyzeAfterImport(db, result.cells);
    return c.json(result satisfies ImportAnswer);
  });
}
