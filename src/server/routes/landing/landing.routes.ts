/**
 * POST /api/years/:year/landing (docs/product.md#versions-and-landing, ADR 049): re-forecasts the
 * months after the cut-off of the chosen clients by one method, in one transaction and one
 * history entry (source 'atterrissage', undoable). The clients are locked first, as cell saves
 * lock them, so a cell edit racing a landing is wholly before or after it. `dryRun` runs the
 * very same statements and rolls them back: the preview and the real run cannot differ.
 */
import type { LandingAnswerWire } from '@/domain/answers';
import { Hono } from 'hono';
import { compareFrench } from '@/domain/catalogue';
import { landingClientToWire } from '@/domain/codec';
import { SUMMARIES } from '@/domain/history';
import { LANDING_METHOD_LABELS, landLine, type LandingPlan } from '@/domain/landing';
import type { CellUpdate } from '@/domain/model';
import { ZERO_CENTS } from '@/domain/money';
import { upliftHundredths } from '@/domain/rollforward';
import { landingBody, yearParams } from '@/domain/schemas';
import { analyze, type Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, notFound, readJson, validate } from '@/server/lib/errors';
import { landingUnknownClient, landingWithoutReference } from '@/server/lib/messages';
import { scopeSelection } from '@/server/policy/policy';
import { mergeCells, writeCells } from '../cells/cells.repo';
import { completeEntry, deleteEntry, insertEntry } from '../history/history.repo';
import { forecastTotals, lockChosenClients } from '../years/years.repo';
import { referenceOfYear } from '../dashboard/dashboard.repo';
import { closedMonths, landingCutoff, landingLines } from './landing.repo';
import { readFiscalSettings } from '../settings/settings.repo';

type LandingResult = LandingAnswerWire['clients'];

/** Thrown to roll a dry run back; carries its answer out of the transaction. */
class DryRun {
  constructor(
    readonly clients: LandingResult,
    readonly cutoff: number,
  ) {}
}

export function landingRoutes(db: Db) {
  return new Hono().post('/years/:year/landing', async (c) => {
    const { year } = validate(yearParams, c.req.param());
    const body = validate(landingBody, await readJson(c));
    const clientIds = scopeSelection(
      c,
      body.clients === 'all' ? 'all' : [...new Set(body.clients.map((id) => id.toLowerCase()))],
      landingUnknownClient,
    );
    let answer: LandingAnswerWire;
    try {
      answer = await db.transaction(async (tx) => {
        const { clients, missing } = await lockChosenClients(tx, clientIds);
        if (missing) throw notFound(landingUnknownClient(missing));
        const versionId = body.method === 'objectif' ? ((await referenceOfYear(tx, year))?.id ?? null) : null;
        if (body.method === 'objectif' && versionId === null) throw conflict(landingWithoutReference(year));
        const plan: LandingPlan = {
          method: body.method,
          // The schema accepted only growths with two decimals at most.
          growth: upliftHundredths(body.growth)!,
          mode: body.mode,
          cutoff: await landingCutoff(tx, year),
          closed: await closedMonths(tx, year),
        };
        const ids = clients.map((cl) => cl.id);
        const lines = await landingLines(tx, ids, year, versionId);
        const before = await forecastTotals(tx, ids, year);

        const cells: CellUpdate[] = [];
        const filled = new Map<string, number>();
        const skipped = new Map<string, number>();
        for (const [clientId, clientLines] of lines) {
          for (const line of clientLines) {
            const outcome = landLine(line, plan);
            for (const cell of outcome.cells) cells.push({ ...cell, value: cell.new });
            filled.set(clientId, (filled.get(clientId) ?? 0) + outcome.cells.length);
            skipped.set(clientId, (skipped.get(clientId) ?? 0) + outcome.skipped);
          }
        }
        // One entry, so one undo brings every client back as it was.
        const entryId = await insertEntry(tx, {
          actor: actorOf(c),
          source: 'atterrissage',
          clientId: clients.length === 1 ? clients[0]!.id : null,
          year,
          summary: null,
          ops: [{ op: 'cells' }],
        });
        const written =
          cells.length === 0
            ? 0
            : (
                await writeCells(tx, mergeCells(cells), year, {
                  actor: actorOf(c),
                  source: 'atterrissage',
                  entryId,
                  drivenCells: 'skip',
                })
              ).changed;
        if (written === 0) await deleteEntry(tx, entryId);
        else {
          await completeEntry(tx, entryId, {
            cellCount: written,
            summary: SUMMARIES.landing(
              year,
              LANDING_METHOD_LABELS[body.method],
              plan.cutoff,
              written,
              await readFiscalSettings(tx),
            ),
          });
        }
        const after = await forecastTotals(tx, ids, year);
        const zero = { previsionnel: ZERO_CENTS, achat_previsionnel: ZERO_CENTS };
        const results = [...clients]
          .sort((a, b) => compareFrench(a.name, b.name) || a.id.localeCompare(b.id))
          .map((cl) =>
            landingClientToWire({
              id: cl.id,
              name: cl.name,
              cellsFilled: filled.get(cl.id) ?? 0,
              cellsSkipped: skipped.get(cl.id) ?? 0,
              before: before.get(cl.id) ?? zero,
              after: after.get(cl.id) ?? zero,
            }),
          );
        if (body.dryRun) throw new DryRun(results, plan.cutoff);
        return { clients: results, historyId: written === 0 ? null : entryId, cutoff: plan.cutoff };
      });
    } catch (err) {
      if (!(err instanceof DryRun)) throw err;
      answer = { clients: err.clients, historyId: null, cutoff: err.cutoff };
    }
    // Fresh planner statistics after a bulk write (PGlite has no autovacuum).
    if (!body.dryRun) await analyze(db);
    return c.json(answer satisfies LandingAnswerWire);
  });
}
