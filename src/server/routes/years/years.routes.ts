/**
 * GET /api/years — the years that hold data; POST /api/years/:year/rollforward — prepare `:year`
 * from `from` ('Préparer {N+1}', docs/product.md#budget-years): one transaction; `dryRun` runs
 * the very same statements and rolls them back, so the preview and the real run cannot differ.
 */
import type { RollForwardAnswerWire, VersionSummary, YearsAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { rollForwardClientToWire } from '@/domain/codec';
import { SUMMARIES, zeroFigures, type HistoryOp } from '@/domain/history';
import type { RollForwardClientResult } from '@/domain/rollforward';
import { initialBudgetName, upliftHundredths } from '@/domain/rollforward';
import { rollForwardBody, yearParams } from '@/domain/schemas';
import { analyze, type Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, notFound, readJson, validate } from '@/server/lib/errors';
import { rollForwardOntoItself, rollForwardUnknownClient, rollForwardBackwards } from '@/server/lib/messages';
import { completeEntry, deleteEntry, insertEntry, snapshotLines, snapshotPoles } from '../history/history.repo';
import { requireCan, scopeIds, scopeSelection } from '@/server/policy/policy';
import { freezeAndRecord } from '../versions/freeze';
import { listYears, lockChosenClients, rollForward } from './years.repo';

/** What a roll forward did, or in a dry run would do. */
type Outcome = { results: RollForwardClientResult[]; historyId: number | null; version: VersionSummary | null };

/** Thrown to roll a dry run back; carries its answer out of the transaction. */
class DryRun {
  constructor(readonly outcome: Outcome) {}
}

export function yearsRoutes(db: Db) {
  return (
    new Hono()
      // The clients counted are those in the caller's scope (docs/product.md#roles).
      .get('/years', async (c) => c.json((await listYears(db, scopeIds(c))) satisfies YearsAnswer))
      .post('/years/:year/rollforward', async (c) => {
        const { year } = validate(yearParams, c.req.param());
        const body = validate(rollForwardBody, await readJson(c));
        // Freezing a version is an admin's (docs/product.md#versions-and-landing).
        if (body.freezeVersion) requireCan(c, 'admin');
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
        let result: Outcome;
        try {
          result = await db.transaction(async (tx): Promise<Outcome> => {
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
            const { results, poleIds, lineIds, debuts } = await rollForward(tx, plan, clients, entryId);
            const lines = (await snapshotLines(tx, lineIds)).map((line) => ({
              ...line,
              // Created with zero figures; the entry's cells hold what the roll forward then wrote.
              figures: zeroFigures(),
            }));
            const ops: HistoryOp[] = [];
            if (poleIds.length > 0) ops.push({ op: 'insert_poles', poles: await snapshotPoles(tx, poleIds) });
            if (lines.length > 0) ops.push({ op: 'insert_lines', lines });
            ops.push({ op: 'cells' });
            // The initial MB forecasts it filled (docs/product.md#roll-forward), undone with the rest.
            for (const d of debuts) ops.push({ op: 'set_debut', clientId: d.clientId, year, old: d.old, new: d.new });
            const cellCount = results.reduce((n, r) => n + r.cellsFilled, 0);
            const changed = ops.length > 1 || cellCount > 0;
            if (!changed) await deleteEntry(tx, entryId);
            else {
              await completeEntry(tx, entryId, {
                cellCount,
                ops,
                summary: SUMMARIES.rollForward(plan.from, year, lines.length, cellCount),
              });
            }
            // « Budget initial {N+1} », frozen once the year is filled: its own entry, not undoable.
            let version: VersionSummary | null = null;
            if (body.freezeVersion) {
              const {
                clients: _count,
                historyId: _entry,
                ...frozen
              } = await freezeAndRecord(tx, {
                year,
                name: initialBudgetName(year),
                actor: actorOf(c),
              });
              version = frozen;
            }
            const outcome = { results, historyId: changed ? entryId : null, version };
            if (body.dryRun) throw new DryRun({ ...outcome, historyId: null });
            return outcome;
          });
        } catch (err) {
          if (!(err instanceof DryRun)) throw err;
          result = err.outcome;
        }
        // Fresh planner statistics after a bulk write (PGlite has no autovacuum).
        if (!body.dryRun) await analyze(db);
        return c.json({
          clients: result.results.map(rollForwardClientToWire),
          historyId: result.historyId,
          version: result.version,
        } satisfies RollForwardAnswerWire);
      })
  );
}
