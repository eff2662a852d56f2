/** GET /api/backup (the JSON backup of docs/product.md#file-json-backup) and POST /api/backup (restore, all or nothing). */
import { Hono } from 'hono';
import { backupFromWire } from '@/domain/codec';
import { buildBackup } from '@/domain/files/backup-json';
import { backupSchema } from '@/domain/schemas';
import { analyze, type Db } from '@/server/db/client';
import { decodeAmounts, readJson, validate } from '@/server/lib/errors';
import { readAllBudgets } from '../budget/budget.repo';
import { replaceAll } from './backup.repo';

export function backupRoutes(db: Db) {
  return new Hono()
    .get('/backup', async (c) => {
      // One snapshot; buildBackup writes euros (the file's format). The browser writes this
      // document to the file as it is (backupJsonText).
      return c.json(buildBackup(await db.transaction(readAllBudgets), new Date()));
    })
    .post('/backup', async (c) => {
      // Validated completely before anything is written.
      const backup = decodeAmounts(backupFromWire, validate(backupSchema, await readJson(c)));
      await db.transaction((tx) => replaceAll(tx, backup));
      // Fresh planner statistics for the new rows (PGlite has no autovacuum to do it).
      await analyze(db);
      return c.json({ clients: backup.clients.length });
    });
}
