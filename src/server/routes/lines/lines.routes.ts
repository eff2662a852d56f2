/**
 * The lines of a pole: POST /api/poles/:id/lines (a custom line, 12 zeroed months) and
 * DELETE /api/lines/:id (the line, its 12 months, and the client's revised-forecast cache).
 */
import { Hono } from 'hono';
import { lineToWire } from '@/domain/codec';
import { addLineBody, idParams } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { conflict, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { lineAlreadyExists, lineNotFound, poleNotFound } from '@/server/lib/messages';
import { loadPole } from '../budget/budget.repo';
import { refreshRevisedForecast } from '../clients/clients.repo';
import { lockPole } from '../poles/poles.repo';
import { deleteLine, insertLines, lineNames, lockLineOwner } from './lines.repo';

export function linesRoutes(db: Db) {
  return new Hono()
    .post('/poles/:id/lines', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      const body = validate(addLineBody, await readJson(c));
      const line = await db.transaction(async (tx) => {
        if (!(await lockPole(tx, id, year))) throw notFound(poleNotFound(year));
        if ((await lineNames(tx, id)).includes(body.name)) throw conflict(lineAlreadyExists(body.name));
        const [lineId] = await insertLines(tx, id, year, [body.name]);
        const pole = await loadPole(tx, id);
        return pole?.lines.find((l) => l.id === lineId);
      });
      return c.json(line && lineToWire(line), 201);
    })
    .delete('/lines/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      await db.transaction(async (tx) => {
        // Lock the owning client first, as cell saves do: a save running beside this delete then
        // waits, and the revised-forecast cache is recomputed from the final figures.
        const clientId = await lockLineOwner(tx, id, year);
        if (!clientId) throw notFound(lineNotFound(year));
        await deleteLine(tx, id);
        await refreshRevisedForecast(tx, [clientId], year);
      });
      return c.body(null, 204);
    });
}
