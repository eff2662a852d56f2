/**
 * The change history (docs/product.md#history): GET /api/history (entries newest first, by
 * client, year, cell, paged), GET /api/history/stack (the caller's undo and redo targets for a
 * client and year), POST /api/history/:id/undo (reverts an entry as a new entry; undoing that one
 * redoes; 409 `conflict` with the cells when they changed since, and nothing changes).
 */
import type { HistoryPageAnswer, HistoryStackAnswer, UndoAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { historyEntryToWire } from '@/domain/codec';
import { historyIdParams, historyQuery, historyStackQuery } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { validate } from '@/server/lib/errors';
import { defaultYearOf } from '@/server/lib/fiscal-context';
import { linesClients } from '@/server/policy/access.repo';
import { guardClient, guardEntry, guardLines, scopeIds } from '@/server/policy/policy';
import { actorStack, listHistory, undoEntry } from './history.repo';

export function historyRoutes(db: Db) {
  return new Hono()
    .get('/history', async (c) => {
      const f = validate(historyQuery, c.req.query());
      if (f.clientId) guardClient(c, f.clientId, 'read');
      if (f.lineId) await guardLines(c, db, [f.lineId], f.year ?? (await defaultYearOf(c)));
      // Every read through the scope of each entry's client (A3): a deleted line has no client left
      // for guardLines to check, its entries still name theirs. A batch over several clients (no
      // client) shows a scoped reader its cells of a line that exists in scope, and nothing else.
      const scope = scopeIds(c);
      const isLineInScope = f.lineId !== undefined && scope !== null && (await linesClients(db, [f.lineId])).length > 0;
      const entries = await listHistory(db, { ...f, scope, isLineInScope });
      return c.json({ entries: entries.map(historyEntryToWire) } satisfies HistoryPageAnswer);
    })
    .get('/history/stack', async (c) => {
      const { clientId, year } = validate(historyStackQuery, c.req.query());
      guardClient(c, clientId, 'read');
      return c.json(
        (await actorStack(db, actorOf(c), clientId, year ?? (await defaultYearOf(c)))) satisfies HistoryStackAnswer,
      );
    })
    .post('/history/:id/undo', async (c) => {
      const { id } = validate(historyIdParams, c.req.param());
      const entry = await db.transaction(async (tx) => {
        await guardEntry(c, tx, id);
        const newId = await undoEntry(tx, id, actorOf(c));
        return (await listHistory(tx, { before: newId + 1, limit: 1 }))[0]!;
      });
      return c.json({ entry: historyEntryToWire(entry) } satisfies UndoAnswer);
    });
}
