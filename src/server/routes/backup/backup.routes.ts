/**
 * GET /api/backup — every year (version 2, ADR 021); GET /api/backup?year= — one year in SPEC's
 * shape (docs/product.md#budget-years). POST /api/backup — restore, all or nothing: a version 2
 * file replaces everything; a one-year file becomes `?year=` (default the current year), the other
 * years emptied.
 */
import type { RestoreAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { allYearsBackupFromWire, backupFromWire, oneYearBackup } from '@/domain/codec';
import { buildAllYearsBackup, buildBackup } from '@/domain/files/backup-json';
import { anyBackupSchema } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { decodeAmounts, readJson, validate, yearOf } from '@/server/lib/errors';
import { readAllBudgets } from '../budget/budget.repo';
import { readBackupData } from './backup.repo';
import { reclaimAfterRestore, restoreAll } from '@/server/backups/restore';
import { requireCan, scopeIds } from '@/server/policy/policy';
import { scopeAllYears, scopeBudgets } from '@/server/policy/scope';

export function backupRoutes(db: Db, beforeRestore?: () => Promise<unknown>) {
  return new Hono()
    .get('/backup', async (c) => {
      // One snapshot; the builders write euros (the file's format). The browser writes this
      // document to the file as it is (backupJsonText).
      if (c.req.query('year') === undefined) {
        return c.json(
          buildAllYearsBackup(
            scopeAllYears(c, await db.transaction((tx) => readBackupData(tx, scopeIds(c)))),
            new Date(),
          ),
        );
      }
      const year = await yearOf(c);
      return c.json(
        buildBackup(scopeBudgets(c, await db.transaction((tx) => readAllBudgets(tx, year))), year, new Date()),
      );
    })
    .post('/backup', async (c) => {
      requireCan(c, 'admin');
      const year = await yearOf(c);
      // Validated completely before anything is written.
      const wire = validate(anyBackupSchema, await readJson(c));
      const backup = decodeAmounts(
        (w: typeof wire) => ('years' in w ? allYearsBackupFromWire(w) : oneYearBackup(backupFromWire(w), year)),
        wire,
      );
      // A snapshot of what the restore replaces, first (docs/product.md#automatic-backups).
      await beforeRestore?.();
      const historyId = await db.transaction((tx) => restoreAll(tx, backup, actorOf(c)));
      // Committed: whatever follows is upkeep, and its failure must not answer 500 for a restore
      // that took place (the user would believe nothing changed).
      await reclaimAfterRestore(db);
      return c.json({ clients: backup.clients.length, historyId } satisfies RestoreAnswer);
    });
}
