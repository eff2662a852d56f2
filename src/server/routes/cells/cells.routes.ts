/**
 * PATCH /api/cells?year=&source= — 1 to 5,000 cells of lines of that year, all or nothing, in one
 * transaction, recorded in the history as one entry (docs/product.md#history) whose id the answer
 * gives (null when no value changed). A cell carrying `expected` is saved only if it still holds
 * that value; otherwise the whole batch is refused, 409 `conflict` naming each changed cell, its
 * value now and who changed it (docs/product.md#conflicts).
 */
import type { CellsAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { cellUpdateFromWire, decimalToWire } from '@/domain/codec';
import { cellSourceQuery, patchCellsBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, decodeAmounts, readJson, validate, yearOf } from '@/server/lib/errors';
import { cellLineNotFound, cellsConflict } from '@/server/lib/messages';
import { guardLines } from '@/server/policy/policy';
import { lastChanges, mergeCells, writeCells, type CellConflict } from './cells.repo';

/** Thrown inside the transaction to roll it back; answered once the conflicting cells' authors are read. */
class Conflicts extends Error {
  constructor(readonly cells: CellConflict[]) {
    super('conflict');
  }
}

export function cellsRoutes(db: Db) {
  return new Hono().patch('/cells', async (c) => {
    const year = await yearOf(c);
    const { source } = validate(cellSourceQuery, c.req.query());
    const cells = decodeAmounts((wire) => wire.map(cellUpdateFromWire), validate(patchCellsBody, await readJson(c)));
    const merged = mergeCells(cells);
    await guardLines(
      c,
      db,
      merged.map((cell) => cell.lineId),
      year,
    );
    try {
      const historyId = await db.transaction(async (tx) => {
        const { missingLineIds, entryId, conflicts } = await writeCells(tx, merged, year, {
          actor: actorOf(c),
          source,
        });
        if (missingLineIds.length > 0) {
          // Throwing rolls the whole batch back: a failed request changes nothing.
          throw new ApiError(404, 'not_found', cellLineNotFound(missingLineIds[0]!, year));
        }
        if (conflicts.length > 0) throw new Conflicts(conflicts);
        return entryId;
      });
      return c.json({ updated: cells.length, historyId } satisfies CellsAnswer);
    } catch (err) {
      if (!(err instanceof Conflicts)) throw err;
      throw await conflictError(db, err.cells, merged);
    }
  });
}

/** The 409 of a save whose expected values are stale: each cell now, what was expected, by whom and when. */
async function conflictError(db: Db, conflicts: CellConflict[], merged: ReturnType<typeof mergeCells>) {
  const authors = await lastChanges(db, conflicts);
  const key = (x: { lineId: string; month: number; field: string }) =>
    `${x.lineId.toLowerCase()}:${x.month}:${x.field}`;
  const byCell = new Map(authors.map((a) => [key(a), a]));
  const expectedOf = (x: CellConflict) =>
    merged.find((m) => m.lineId.toLowerCase() === x.lineId.toLowerCase() && m.month === x.month)!.expected![x.field]!;
  const cells = conflicts.map((x) => {
    const last = byCell.get(key(x));
    return {
      lineId: x.lineId,
      month: x.month,
      field: x.field,
      current: decimalToWire(x.current),
      expected: decimalToWire(expectedOf(x)),
      by: last?.by ?? null,
      byName: last?.byName ?? null,
      at: last?.at ?? null,
    };
  });
  const names = [...new Set(cells.map((x) => x.byName).filter((n): n is string => n !== null))];
  return new ApiError(409, 'conflict', cellsConflict(cells.length, names), undefined, { cells });
}
