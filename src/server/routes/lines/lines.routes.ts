/**
 * The lines of a pole: POST /api/poles/:id/lines (a custom line, 12 zeroed months) and
 * DELETE /api/lines/:id (the line, its 12 months, and the client's revised-forecast cache),
 * PUT /api/lines/:id/name (rename in place) and POST /api/lines/:id/move (one place up or down
 * within its pole). All are history entries; a deletion keeps the line's figures, so undo brings
 * it back; a move records the pole's order before and after.
 */
import type { LineOrderAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { lineToWire } from '@/domain/codec';
import { SUMMARIES, movedLineOrder, type LineSnapshot, type PoleSnapshot } from '@/domain/history';
import { addLineBody, idParams, moveLineBody, renameBody } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { lineAlreadyExists, lineCannotMove, lineNotFound, linesChanged, poleNotFound } from '@/server/lib/messages';
import { guardLines, guardPole } from '@/server/policy/policy';
import { loadPole } from '../budget/budget.repo';
import { insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import { recomputeInto } from '../drivers/drivers.repo';
import { lockPole, poleName } from '../poles/poles.repo';
import {
  deleteLine,
  findLine,
  insertLines,
  lineNames,
  lineOrder,
  lockLineOwner,
  renameLine,
  reorderLines,
} from './lines.repo';

export function linesRoutes(db: Db) {
  return new Hono()
    .post('/poles/:id/lines', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
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
    .put('/lines/:id/name', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
      await guardLines(c, db, [id], year);
      const { name } = validate(renameBody, await readJson(c));
      const line = await db.transaction(async (tx) => {
        const clientId = await lockLineOwner(tx, id, year);
        if (!clientId) throw notFound(lineNotFound(year));
        const { poleId, name: old } = (await findLine(tx, id, year))!;
        if (old !== name) {
          if ((await lineNames(tx, poleId)).includes(name)) throw conflict(lineAlreadyExists(name));
          await renameLine(tx, id, name);
          await insertEntry(tx, {
            actor: actorOf(c),
            source: 'structure',
            clientId,
            year,
            summary: SUMMARIES.lineRenamed((await poleName(tx, poleId))!, old, name),
            ops: [{ op: 'rename_line', lineId: id, old, new: name }],
          });
        }
        return (await loadPole(tx, poleId))?.lines.find((l) => l.id === id);
      });
      return c.json(line && lineToWire(line));
    })
    .post('/lines/:id/move', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
      await guardLines(c, db, [id], year);
      const { direction } = validate(moveLineBody, await readJson(c));
      const order = await db.transaction(async (tx) => {
        const clientId = await lockLineOwner(tx, id, year);
        if (!clientId) throw notFound(lineNotFound(year));
        const { poleId, name } = (await findLine(tx, id, year))!;
        const old = await lineOrder(tx, poleId);
        const next = movedLineOrder(old, id, direction);
        if (!next) throw conflict(lineCannotMove(direction));
        // Never silently: a move that did not apply must not be recorded as done.
        if (!(await reorderLines(tx, poleId, old, next))) throw conflict(linesChanged);
        await insertEntry(tx, {
          actor: actorOf(c),
          source: 'structure',
          clientId,
          year,
          summary: SUMMARIES.lineMoved((await poleName(tx, poleId))!, name, direction),
          ops: [{ op: 'reorder_lines', poleId, old, new: next }],
        });
        return next;
      });
      return c.json({ lineIds: order } satisfies LineOrderAnswer);
    })
    .delete('/lines/:id', async (c) => {
      const { id } = validate(idParams, c.req.param());
      const year = await yearOf(c);
      await guardLines(c, db, [id], year);
      await db.transaction(async (tx) => {
        // Lock the owning client first, as cell saves do: a save running beside this delete then
        // waits, and the entry's snapshot holds the line's final figures.
        const clientId = await lockLineOwner(tx, id, year);
        if (!clientId) throw notFound(lineNotFound(year));
        const [line] = (await snapshotLines(tx, [id])) as [LineSnapshot];
        const [pole] = (await snapshotPoles(tx, [line.poleId])) as [PoleSnapshot];
        await deleteLine(tx, id);
        // The line's 48 figures go into the entry: undo brings it back as it was.
        const entryId = await insertEntry(tx, {
          actor: actorOf(c),
          source: 'structure',
          clientId,
          year,
          summary: SUMMARIES.lineDeleted(pole.name, line.name),
          ops: [{ op: 'delete_lines', lines: [line] }],
        });
        // A driver line that summed it changes with it (docs/product.md#driver-lines).
        await recomputeInto(tx, [clientId], year, entryId);
      });
      return c.body(null, 204);
    });
}
