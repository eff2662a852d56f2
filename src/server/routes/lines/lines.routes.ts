/**
 * The lines of a pole: POST /api/poles/:id/lines (a custom line, 12 zeroed months) and
 * DELETE /api/lines/:id (the line, its 12 months, and the client's revised-forecast cache). Both
 * are history entries; a deletion keeps the line's figures, so undo brings it back.
 */
import { Hono } from 'hono';
import { lineToWire } from '@/domain/codec';
import { SUMMARIES, type LineSnapshot, type PoleSnapshot } from '@/domain/history';
import { addLineBody, idParams } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { lineAlreadyExists, lineNotFound, poleNotFound } from '@/server/lib/messages';
import { guardLines, guardPole } from '@/server/policy/policy';
import { loadPole } from '../budget/budget.repo';
import { refreshRevisedForecast } from '../clients/clients.repo';
import { insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import { lockPole } from '../poles/poles.repo';
import { deleteLine, insertLines, lineNames, lockLineOwner } from './lines.repo';

export function linesRoutes(db: Db) {
  return new Hono()
    .post('/poles/:id/lines', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      const body = validate(addLineBody, await readJson(c));
      await guardPole(c, db, id, year);
      const line = await db.transaction(async (tx) => {
        const clientId = await lockPole(tx, id, year);
        if (!clientId) throw notFound(poleNotFound(year));
        if ((await lineNames(tx, id)).includes(body.name)) throw conflict(lineAlreadyExists(body.name));
        const [lineId] = await insertLines(tx, id, year, [body.name]);
        const [pole] = (await snapshotPoles(tx, [id])) as [PoleSnapshot];
        await insertEntry(tx, {
          actor: actorOf(c),
          source: 'structure',
          clientId,
          year,
          summary: SUMMARIES.lineAdded(pole.name, body.name),
          ops: [{ op: 'insert_lines', lines: await snapshotLines(tx, [lineId!]) }],
        });
        return (await loadPole(tx, id))?.lines.find((l) => l.id === lineId);
      });
      return c.json(line && lineToWire(line), 201);
    })
    .delete('/lines/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = yearOf(c);
      await guardLines(c, db, [id], year);
      await db.transaction(async (tx) => {
        // Lock the owning client first, as cell saves do: a save running beside this delete then
        // waits, and the revised-forecast cache is recomputed from the final figures.
        const clientId = await lockLineOwner(tx, id, year);
        if (!clientId) throw notFound(lineNotFound(year));
        const [line] = (await snapshotLines(tx, [id])) as [LineSnapshot];
        const [pole] = (await snapshotPoles(tx, [line.poleId])) as [PoleSnapshot];
        await deleteLine(tx, id);
        // The line's 48 figures go into the entry: undo brings it back as it was.
        await insertEntry(tx, {
          actor: actorOf(c),
          source: 'structure',
          clientId,
          year,
          summary: SUMMARIES.lineDeleted(pole.name, line.name),
          ops: [{ op: 'delete_lines', lines: [line] }],
        });
        await refreshRevisedForecast(tx, [clientId], year);
      });
      return c.body(null, 204);
    });
}
