/**
 * PATCH /api/cells?year=&source= — 1 to 5,000 cells of lines of that year, all or nothing, in one
 * transaction, recorded in the history as one entry (docs/product.md#history) whose id the answer
 * gives (null when no value changed).
 */
import { Hono } from 'hono';
import { cellUpdateFromWire } from '@/domain/codec';
import { cellSourceQuery, patchCellsBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, decodeAmounts, readJson, validate, yearOf } from '@/server/lib/errors';
import { cellLineNotFound } from '@/server/lib/messages';
import { guardLines } from '@/server/policy/policy';
import { refreshRevisedForecast } from '../clients/clients.repo';
import { mergeCells, writeCells } from './cells.repo';

export function cellsRoutes(db: Db) {
  return new Hono().patch('/cells', async (c) => {
    const year = yearOf(c);
    const { source } = validate(cellSourceQuery, c.req.query());
    const cells = decodeAmounts((wire) => wire.map(cellUpdateFromWire), validate(patchCellsBody, await readJson(c)));
    const merged = mergeCells(cells);
    await guardLines(
      c,
      db,
      merged.map((cell) => cell.lineId),
      year,
    );
    const historyId = await db.transaction(async (tx) => {
      const { missingLineIds, clientIds, entryId } = await writeCells(tx, merged, year, {
        actor: actorOf(c),
        source,
      });
      if (missingLineIds.length > 0) {
        // Throwing rolls the whole batch back: a failed request changes nothing.
        throw new ApiError(404, 'not_found', cellLineNotFound(missingLineIds[0]!, year));
      }
      await refreshRevisedForecast(tx, clientIds, year);
      return entryId;
    });
    return c.json({ updated: cells.length, historyId });
  });
}
