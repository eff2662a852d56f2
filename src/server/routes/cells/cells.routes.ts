/** PATCH /api/cells?year= — 1 to 5,000 cells of lines of that year, all or nothing, in one transaction. */
import { Hono } from 'hono';
import { cellUpdateFromWire } from '@/domain/codec';
import { patchCellsBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { ApiError, decodeAmounts, readJson, validate, yearOf } from '@/server/lib/errors';
import { cellLineNotFound } from '@/server/lib/messages';
import { refreshRevisedForecast } from '../clients/clients.repo';
import { mergeCells, writeCells } from './cells.repo';

export function cellsRoutes(db: Db) {
  return new Hono().patch('/cells', async (c) => {
    const year = yearOf(c);
    const cells = decodeAmounts((wire) => wire.map(cellUpdateFromWire), validate(patchCellsBody, await readJson(c)));
    const merged = mergeCells(cells);
    await db.transaction(async (tx) => {
      const { missingLineIds, clientIds } = await writeCells(tx, merged, year);
      if (missingLineIds.length > 0) {
        // Throwing rolls the whole batch back: a failed request changes nothing.
        throw new ApiError(404, 'not_found', cellLineNotFound(missingLineIds[0]!, year));
      }
      await refreshRevisedForecast(tx, clientIds, year);
    });
    return c.json({ updated: cells.length });
  });
}
