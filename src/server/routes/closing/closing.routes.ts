/**
 * Month closing (docs/product.md#month-closing, ADR 032): GET /api/years/:year/locks (every role),
 * GET /api/years/:year/months/:month/checklist and POST …/close {note?} / …/reopen {reason} (admin).
 * Months close in order and reopen from the last; both are history entries (source 'clôture').
 */
import type { ChecklistAnswer, MonthLocksAnswer } from '@/domain/answers';
import { Hono, type Context } from 'hono';
import {
  CLOSING_SUMMARIES,
  closeRefusal,
  crossYearCloseRefusal,
  crossYearReopenRefusal,
  reopenRefusal,
} from '@/domain/control';
import { closeMonthBody, monthParams, reopenMonthBody } from '@/domain/control-schemas';
import { yearParams } from '@/domain/schemas';
import type { Db, Queryable } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { conflict, readJson, validate } from '@/server/lib/errors';
import { requireCan } from '@/server/policy/policy';
import type { FiscalSettings } from '@/domain/fiscal-year';
import { readFiscalSettings } from '../settings/settings.repo';
import { insertEntry } from '../history/history.repo';
import { isReconciled, reconciliationText } from '@/domain/accounting/reconciliation';
import { readReconciliation } from '../accounting/reconciliation';
import { unjustifiedGaps } from '../variance/variance.repo';
import { checklist, closedByYear, deleteLock, insertLock, listLocks, lockForClosing } from './closing.repo';

export function closingRoutes(db: Db) {
  const params = (raw: Record<string, string>) => ({
    year: validate(yearParams, raw).year,
    month: validate(monthParams, raw).month,
  });
  const routes = new Hono()
    .get('/years/:year/locks', async (c) => {
      const { year } = validate(yearParams, c.req.param());
      return c.json((await listLocks(db, year)) satisfies MonthLocksAnswer);
    })
    .get('/years/:year/months/:month/checklist', async (c) => {
      requireCan(c, 'admin');
      const { year, month } = params(c.req.param());
      const { last, months } = await readReconciliation(db, year, null);
      const m = months[month]!;
      const fiscal = await readFiscalSettings(db);
      const accounting = last ? { reconciled: isReconciled(m), text: reconciliationText(m, year, fiscal) } : null;
      const gaps = await unjustifiedGaps(db, year, month);
      return c.json({ items: await checklist(db, year, month), accounting, gaps } satisfies ChecklistAnswer);
    })
    .post('/years/:year/months/:month/close', async (c) => {
      requireCan(c, 'admin');
      const { year, month } = params(c.req.param());
      const note = validate(closeMonthBody, await readJson(c)).note || null;
      return c.json(
        await changeLock(c, year, month, {
          refusal: closeRefusal,
          yearsRefusal: crossYearCloseRefusal,
          apply: (tx) => insertLock(tx, year, month, actorOf(c), note),
          summary: (fiscal) => CLOSING_SUMMARIES.closed(year, month, note, fiscal),
        }),
      );
    })
    .post('/years/:year/months/:month/reopen', async (c) => {
      requireCan(c, 'admin');
      const { year, month } = params(c.req.param());
      const { reason } = validate(reopenMonthBody, await readJson(c));
      return c.json(
        await changeLock(c, year, month, {
          refusal: reopenRefusal,
          yearsRefusal: crossYearReopenRefusal,
          apply: (tx) => deleteLock(tx, year, month),
          summary: (fiscal) => CLOSING_SUMMARIES.reopened(year, month, reason, fiscal),
        }),
      );
    });
  return routes;

  /** Closes or reopens in one transaction with its history entry; 409 when the order forbids it. */
  function changeLock(
    c: Context,
    year: number,
    month: number,
    change: {
      refusal: (closed: number[], year: number, month: number, fiscal: FiscalSettings) => string | null;
      /** The refusal across years (m14), from every year's closed months. */
      yearsRefusal: (
        closed: ReadonlyMap<number, readonly number[]>,
        year: number,
        fiscal: FiscalSettings,
      ) => string | null;
      apply: (tx: Queryable) => Promise<void>;
      /** The history entry's summary, naming the month as the fiscal year does (docs/product.md#fiscal-years). */
      summary: (fiscal: FiscalSettings) => string;
    },
  ) {
    return db.transaction(async (tx) => {
      await lockForClosing(tx);
      const fiscal = await readFiscalSettings(tx);
      const refusal =
        change.refusal(
          (await listLocks(tx, year)).map((l) => l.month),
          year,
          month,
          fiscal,
        ) ?? change.yearsRefusal(await closedByYear(tx), year, fiscal);
      if (refusal) throw conflict(refusal);
      await change.apply(tx);
      await insertEntry(tx, {
        actor: actorOf(c),
        source: 'clôture',
        clientId: null,
        year,
        summary: change.summary(fiscal),
        ops: [],
      });
      return listLocks(tx, year);
    });
  }
}
