/**
 * Opens the database the configuration names — PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR under its exclusive lock, owner-only — and applies pending migrations. Shared by the server and the
 * user command line, so both take the same lock.
 */
import path from 'node:path';
import type { Env } from '../env';
import { migrate, openPglite, openPostgres, type Db } from './client';
import { lockDataDir } from './data-dir-lock';
import { protectDataDir } from './file-modes';

export async function openConfiguredDb(
  env: Pick<Env, 'dataDir' | 'databaseUrl'>,
): Promise<{ db: Db; release: () => void }> {
  let release = () => {};
  let db: Db;
  if (env.databaseUrl) {
    db = await openPostgres(env.databaseUrl);
  } else {
    release = lockDataDir(env.dataDir);
    try {
      // Owner-only (file-modes.ts): before PGlite writes, and again after, since on a first start
      // it unpacks its initial database with modes of its own (0666).
      protectDataDir(env.dataDir);
      db = await openPglite(path.join(env.dataDir, 'pglite'));
      protectDataDir(env.dataDir);
    } catch (err) {
      release();
      throw err;
    }
  }
  const applied = await migrate(db);
  if (applied.length > 0) console.log(`Migrations appliquées : ${applied.join(', ')}`);
  return { db, release };
}
