/**
 * POST /api/import?year= — an imported file's changes (docs/product.md#excel-import), read and
 * matched in the browser: the new lines it creates (in the client's pole of that name, the pole
 * created when it is a catalogue pole) and the cells it writes, in one transaction and one history
 * entry (source `import`), so one undo takes the whole import back. The server never receives the
 * file itself, only this JSON. A closed month refuses the whole import (409 period_locked); a
 * failed import changes nothing.
 */
import { Hono } from 'hono';
import type { ImportAnswer } from '@/domain/answers';
import { SUMMARIES, zeroFigures, type HistoryOp } from '@/domain/history';
import { centsFromWire } from '@/domain/codec';
import type { CellUpdate } from '@/domain/model';
import { importBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { analyze } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, conflict, decodeAmounts, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, cellLineNotFound, lineAlreadyExists } from '@/server/lib/messages';
import { guardClient, guardLines } from '@/server/policy/policy';
import { mergeCells, writeCells } from '../cells/cells.repo';
import { completeEntry, deleteEntry, insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import { insertLines, lineNames } from '../lines/lines.repo';
import { findPoleByName, insertPole } from '../poles/poles.repo';
import { lockImportClients } from './imports.repo';

/** Imports this large refresh the planner's statistics afterwards (PGlite has no autovacuum). */
const ANALYZE_AFTER_CELLS = 5000;

export function importsRoutes(db: Db) {
  return new Hono().post('/import', async (c) => {
    const year = yearOf(c);
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

      // New lines, in file order, each in its pole (found by name, or created once).
      const poleIds = new Map<string, string>();
      const newPoleIds: string[] = [];
      const createdLineIds: string[] = [];
      for (const line of body.lines) {
        const key = `${line.clientId.toLowerCase()}\u0000${line.pole}`;
        let poleId = poleIds.get(key) ?? (await findPoleByName(tx, line.clientId, year, line.pole));
        if (!poleId) {
          poleId = await insertPole(tx, line.clientId, year, line.pole);
          newPoleIds.push(poleId);
        }
        poleIds.set(key, poleId);
        if ((await lineNames(tx, poleId)).includes(line.name)) throw conflict(lineAlreadyExists(line.name));
        const [id] = await insertLines(tx, poleId, year, [line.name]);
        createdLineIds.push(id!);
      }

      const cells: CellUpdate[] = body.cells.map((cell) => ({
        lineId: cell.lineId ?? createdLineIds[cell.newLine!]!,
        month: cell.month,
        field: cell.field,
        value: decodeAmounts(centsFromWire, cell.value),
      }));
      const written =
        cells.length > 0
          ? await writeCells(tx, mergeCells(cells), year, { actor: actorOf(c), source: 'import', entryId })
          : { missingLineIds: [], changed: 0 };
      if (written.missingLineIds.length > 0) {
        // Throwing rolls the whole import back: a failed request changes nothing.
        throw new ApiError(404, 'not_found', cellLineNotFound(written.missingLineIds[0]!, year));
      }

      const ops: HistoryOp[] = [];
      if (newPoleIds.length > 0) ops.push({ op: 'insert_poles', poles: await snapshotPoles(tx, newPoleIds) });
      if (createdLineIds.length > 0) {
        // Created with zero figures; the entry's cells hold what the import then wrote.
        const lines = (await snapshotLines(tx, createdLineIds)).map((l) => ({ ...l, figures: zeroFigures() }));
        ops.push({ op: 'insert_lines', lines });
      }
      ops.push({ op: 'cells' });
      if (createdLineIds.length === 0 && written.changed === 0) {
        await deleteEntry(tx, entryId);
        return { historyId: null, lines: 0, cells: 0 };
      }
      await completeEntry(tx, entryId, {
        cellCount: written.changed,
        ops,
        summary: SUMMARIES.imported(written.changed, createdLineIds.length),
      });
      return { historyId: entryId, lines: createdLineIds.length, cells: written.changed };
    });
    if (result.cells >= ANALYZE_AFTER_CELLS) await analyze(db);
    return c.json(result satisfies ImportAnswer);
  });
}
