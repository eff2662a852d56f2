/**
 * GET /api/years — the years that hold data; POST /api/years/:year/rollforward — prepare `:year`
 * from `from` ('Préparer {N+1}', docs/product.md#budget-years): one transaction; `dryRun` runs
 * the very same statements and rolls them back, so the preview and the real run cannot differ.
 */
import { Hono } from 'hono';
import { rollForwardClientToWire } from '@/domain/codec';
import type { RollForwardClientResult } from '@/domain/rollforward';
import { upliftHundredths } from '@/domain/rollforward';
import { rollForwardBody, yearParams } from '@/domain/schemas';
import { analyze, type Db } from '@/server/db/client';
import { ApiError, notFound, readJson, validate } from '@/server/lib/errors';
import { rollForwardOntoItself, rollForwardUnknownClient, rollForwardBackwards } from '@/server/lib/messages';
import { listYears, lockClients, rollForward } from './years.repo';

/** Thrown to roll a dry run back; carries its answer out of the transaction. */
class DryRun {
  constructor(readonly result: RollForwardClientResult[]) {}
}

export function yearsRoutes(db: Db) {
  return new Hono()
    .get('/years', async (c) => c.json(await listYears(db)))
    .post('/years/:year/rollforward', async (c) => {
      const { year } = validate(yearParams, c.req.param());
      const body = validate(rollForwardBody, await readJson(c));
      if (body.from === year) throw new ApiError(400, 'validation', rollForwardOntoItself(year));
      if (body.from > year) throw new ApiError(400, 'validation', rollForwardBackwards(body.from, year));
      const clientIds = body.clients === 'all' ? null : [...new Set(body.clients.map((id) => id.toLowerCase()))];
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
      let result: RollForwardClientResult[];
      try {
        result = await db.transaction(async (tx) => {
          const clients = await lockClients(tx, clientIds);
          if (clientIds) {
            const found = new Set(clients.map((cl) => cl.id));
            const missing = clientIds.find((id) => !found.has(id));
            if (missing) throw notFound(rollForwardUnknownClient(missing));
          }
          const answer = await rollForward(tx, plan, clients);
          if (body.dryRun) throw new DryRun(answer);
          return answer;
        });
      } catch (err) {
        if (!(err instanceof DryRun)) throw err;
        result = err.result;
      }
      // Fresh planner statistics after a bulk write (PGlite has no autovacuum).
      if (!body.dryRun) await analyze(db);
      return c.json({ clients: result.map(rollForwardClientToWire) });
    });
}
