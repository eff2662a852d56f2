/**
 * Backups by hand (docs/product.md#automatic-backups):
 *   npm run backup                  writes the backup of every year to DATA_DIR/backups now
 *   npm run restore -- FILE         replaces everything with FILE (server stopped)
 * A restore reads and validates the whole file first: a corrupt file is refused with a French
 * message and nothing changes. Then it writes a backup of what it replaces, and restores in one
 * transaction, as one history entry (undo in the web app brings the old data back). On the
 * embedded database both take the DATA_DIR lock, like the server: they refuse while it runs.
 */
import path from 'node:path';
import { readBackupFile, RefusedError, restoreFile } from '../backups/restore';
import { backupsDir, writeBackup } from '../backups/snapshots';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openConfiguredDb } from '../db/open';
import { parseCliEnv, type Env } from '../env';

async function run(command: string | undefined, args: string[], env: Env) {
  if (command !== 'backup' && command !== 'restore') {
    throw new RefusedError('Usage : npm run backup, ou npm run restore -- FICHIER');
  }
  if (command === 'restore' && !args[0]) throw new RefusedError('Usage : npm run restore -- FICHIER');
  // Validate before opening (and locking) anything: a corrupt file changes nothing.
  if (command === 'restore') readBackupFile(path.resolve(args[0]!));
  const dir = backupsDir(env.dataDir);
  const { db, release } = await openConfiguredDb(env);
  try {
    if (command === 'backup') {
      console.log(`Sauvegarde écrite : ${await writeBackup(db, dir, new Date(), 'manuelle')}`);
    } else {
      const { clients, before } = await restoreFile(db, path.resolve(args[0]!), dir);
      console.log(`Sauvegarde des données remplacées : ${before}`);
      console.log(`Restauration réussie : ${clients} client${clients > 1 ? 's' : ''}.`);
    }
  } finally {
    await db.close();
    release();
  }
}

const [command, ...args] = process.argv.slice(2);
run(command, args, parseCliEnv()).catch((err: unknown) => {
  if (err instanceof RefusedError || err instanceof DataDirLockedError) console.error(err.message);
  else console.error('Échec :', err instanceof Error ? err.message : err);
  process.exit(1);
});
