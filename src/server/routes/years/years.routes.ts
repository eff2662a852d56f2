/**
 * GET /api/years — the years that hold data; POST /api/years/:year/rollforward — prepare `:year`
 * from `from` ('Préparer {N+1}', docs/product.md#budget-years): one transaction; `dryRun` runs
 * the very same statements and rolls them back, so the preview and the real run cannot differ.
 */
import type { RollForwardAnswerWire, YearsAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { rollForwardClientToWire } from '@/domain/codec';
import { SUMMARIES, zeroFigures, type HistoryOp } from '@/domain/history';
import type { RollForwardClientResult } from '@/domain/rollforward';
import { upliftHundredths } from '@/domain/rollforward';
import { rollForwardBody, yearParams } from '@/domain/schemas';
import { analyze, type Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, notFound, readJson, validate } from '@/server/lib/errors';
import { rollForwardOntoItself, rollForwardUnknownClient, rollForwardBackwards } from '@/server/lib/messages';
import { completeEntry, deleteEntry, insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import { scopeIds, scopeSelection } from '@/server/policy/policy';
import { listYears, lockChosenClients, rollForward } from './years.repo';

/** Thrown to roll a dry run back; carries its answer out of the transaction. */
class DryRun {
  constructor(readonly result: RollForwardClientResult[]) {}
}

export function yearsRoutes(db: Db) {
  return (
    new Hono()
      // The clients counted are those in the caller's scope (docs/product.md#roles).
      .get('/years', async (c) => c.json((await listYears(db, scopeIds(c))) satisfies YearsAnswer))
      .post('/years/:year/rollforward', async (c) => {
        const { year } = validate(yearParams, c.req.param());
        const body = validate(rollForwardBody, await readJson(c));
        if (body.from === year) throw new ApiError(400, 'validation', rollForwardOntoItself(year));
        if (body.from > year) throw new ApiError(400, 'validation', rollForwardBackwards(body.from, year));
        const clientIds = scopeSelection(
          c,
          body.clients === 'all' ? 'all' : [...new Set(body.clients.map((id) => id.toLowerCase()))],
          rollForwardUnknownClient,
        );
        const plan = {
          from: body.from,
          year,
          clientIds,
          figures: body.figures,
          // The schema accepted only uplifts with two decimals at most.
          upliftSales: upliftHundredths(body.upliftSales)!,
          upliftPurchases: upliftHundredths(body.upliftPurchases)!,
          mode: body.mode,
        };
        let result: { results: RollForwardClientResult[]; historyId: number | null };
        try {
          result = await db.transaction(async (tx) => {
            const { clients, missing } = await lockChosenClients(tx, clientIds);
            if (missing) throw notFound(rollForwardUnknownClient(missing));
            // One history entry (source 'report'), so one undo brings the year back as it was.
            const entryId = await insertEntry(tx, {
              actor: actorOf(c),
              source: 'report',
              clientId: clients.length === 1 ? clients[0]!.id : null,
              year,
              summary: null,
              ops: [],
            });
            const { results, poleIds, lineIds } = await rollForward(tx, plan, clients, entryId);
            const lines = (await snapshotLines(tx, lineIds)).map((line) => ({
              ...line,
              // Created with zero figures; the entry's cells hold what the roll forward then wrote.
              figures: zeroFigures(),
            }));
            const ops: HistoryOp[] = [];
            if (poleIds.length > 0) ops.push({ op: 'insert_poles', poles: await snapshotPoles(tx, poleIds) });
            if (lines.length > 0) ops.push({ op: 'insert_lines', lines });
            ops.push({ op: 'cells' });
            const cellCount = results.reduce((n, r) => n + r.cellsFilled, 0);
            if (ops.length === 1 && cellCount === 0) await deleteEntry(tx, entryId);
            else {
              await completeEntry(tx, entryId, {
                cellCount,
                ops,
                summary: SUMMARIES.rollForward(plan.from, year, lines.length, cellCount),
              });
            }
            if (body.dryRun) throw new DryRun(results);
            return { results, historyId: ops.length === 1 && cellCount === 0 ? null : entryId };
          });
        } catch (err) {
          if (!(err instanceof DryRun)) throw err;
          result = { results: err.result, historyId: null };
        }
        // Fresh planner statistics after a bulk write (PGlite has no autovacuum).
        if (!body.dryRun) await analyze(db);
        return c.json({
          clients: result.results.map(rollForwardClientToWire),
          historyId: result.historyId,
        } satisfies RollForwardAnswerWire);
      })
  );
}
