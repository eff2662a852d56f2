/**
 * GET /api/backup — every year (version 2, ADR 021); GET /api/backup?year= — one year in SPEC's
 * shape (docs/product.md#budget-years). POST /api/backup — restore, all or nothing: a version 2
 * file replaces everything; a one-year file becomes `?year=` (default the current year), the other
 * years emptied.
 */
import { Hono } from 'hono';
import { allYearsBackupFromWire, backupFromWire, oneYearBackup } from '@/domain/codec';
import { buildAllYearsBackup, buildBackup } from '@/domain/files/backup-json';
import { SUMMARIES } from '@/domain/history';
import { anyBackupSchema } from '@/domain/schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { decodeAmounts, describeFailure, readJson, validate, yearOf } from '@/server/lib/errors';
import { readAllBudgets, readAllYears } from '../budget/budget.repo';
import { completeEntry, dataDocument, dataHash, insertEntry, saveSnapshot } from '../history/history.repo';
import { lockForRestore, replaceAll } from './backup.repo';

/**
 * After a restore: fresh planner statistics for the new rows, and the old rows' space made
 * reusable. PGlite has no autovacuum: without this, every restore left its predecessor's rows on
 * disk (39 → 664 MB after 12 restores of 300 clients) and the planner blind to the new ones. A
 * checkpoint lets it recycle the write-ahead log too (PostgreSQL's own checkpointer does it there,
 * and needs a superuser to be asked). Never throws: logged, the restore stands.
 */
async function reclaimAfterRestore(db: Db): Promise<void> {
  try {
    await db.query('vacuum analyze');
    if (db.kind === 'pglite') await db.query('checkpoint');
  } catch (err) {
    console.error(`POST /api/backup : restauration faite, entretien ensuite impossible : ${describeFailure(err)}`);
  }
}

export function backupRoutes(db: Db) {
  return new Hono()
    .get('/backup', async (c) => {
      // One snapshot; the builders write euros (the file's format). The browser writes this
      // document to the file as it is (backupJsonText).
      if (c.req.query('year') === undefined) {
        return c.json(buildAllYearsBackup(await db.transaction(readAllYears), new Date()));
      }
      const year = yearOf(c);
      return c.json(buildBackup(await db.transaction((tx) => readAllBudgets(tx, year)), year, new Date()));
    })
    .post('/backup', async (c) => {
      const year = yearOf(c);
      // Validated completely before anything is written.
      const wire = validate(anyBackupSchema, await readJson(c));
      const backup = decodeAmounts(
        (w: typeof wire) => ('years' in w ? allYearsBackupFromWire(w) : oneYearBackup(backupFromWire(w), year)),
        wire,
      );
      const historyId = await db.transaction(async (tx) => {
        // The data before the restore goes into its history entry, so undo brings it back
        // (docs/product.md#history); what it leaves is fingerprinted, so that undo can tell
        // whether anything changed since.
        await lockForRestore(tx);
        const entryId = await insertEntry(tx, {
          actor: actorOf(c),
          source: 'restauration',
          clientId: null,
          year: null,
          summary: SUMMARIES.restore(backup.clients.length),
          ops: [],
        });
        await saveSnapshot(tx, entryId, await dataDocument(tx));
        await replaceAll(tx, backup);
        await completeEntry(tx, entryId, { ops: [{ op: 'replace_all', afterHash: dataHash(await dataDocument(tx)) }] });
        return entryId;
      });
      // Committed: whatever follows is upkeep, and its failure must not answer 500 for a restore
      // that took place (the user would believe nothing changed).
      await reclaimAfterRestore(db);
      return c.json({ clients: backup.clients.length, historyId });
    });
}
