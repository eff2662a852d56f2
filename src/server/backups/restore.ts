/**
 * The restore, shared by POST /api/backup and `npm run restore` (docs/product.md#automatic-backups):
 * `restoreAll` replaces everything in the caller's transaction as one history entry. From a file,
 * the whole file is read and validated first — a corrupt one is refused with a French message
 * before anything is written — then a backup of what it replaces is written, then the restore runs.
 */
import fs from 'node:fs';
import { parseBackupText } from '@/domain/files/backup-parse';
import { currentYear } from '@/domain/years';
import type { Db, Queryable } from '../db/client';
import { describeFailure } from '../lib/errors';
import { SUMMARIES } from '@/domain/history';
import type { AllYearsBackup } from '@/domain/model';
import { lockForRestore, replaceAll } from '../routes/backup/backup.repo';
import { replaceConversation } from '../routes/comments/comments.repo';
import { completeEntry, dataDocument, dataHash, insertEntry, saveSnapshot } from '../routes/history/history.repo';
import { backupToModel, writeBackup } from './snapshots';

/** The history's actor of a restore from the command line. */
const CLI_ACTOR = 'ligne de commande';

export class RefusedError extends Error {}

/** Reads and validates a backup file without touching any database; a refusal says why, in French. */
export function readBackupFile(file: string, year = currentYear()) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new RefusedError(`Fichier introuvable ou illisible : ${file}`);
  }
  const parsed = parseBackupText(text);
  if (!parsed.ok) throw new RefusedError(`Sauvegarde refusée : ${parsed.message} Aucune donnée n'a été modifiée.`);
  return backupToModel(parsed.backup, year);
}

/**
 * After a restore: fresh planner statistics for the new rows, and the old rows' space made
 * reusable. PGlite has no autovacuum: without this, every restore left its predecessor's rows on
 * disk (39 → 664 MB after 12 restores of 300 clients) and the planner blind to the new ones. A
 * checkpoint lets it recycle the write-ahead log too (PostgreSQL's own checkpointer does it there,
 * and needs a superuser to be asked). Never throws: logged, the restore stands.
 */
export async function reclaimAfterRestore(db: Db): Promise<void> {
  try {
    await db.query('vacuum analyze');
    if (db.kind === 'pglite') await db.query('checkpoint');
  } catch (err) {
    console.error(`Restauration faite, entretien ensuite impossible : ${describeFailure(err)}`);
  }
}

/** Restores `file` into `db` after a backup of what it replaces (in `dir`, when given); returns the client count. */
export async function restoreFile(db: Db, file: string, dir: string | undefined, now = new Date()) {
  const backup = readBackupFile(file);
  const before = dir ? await writeBackup(db, dir, now, 'avant-restauration') : undefined;
  await db.transaction((tx) => restoreAll(tx, backup, CLI_ACTOR));
  await reclaimAfterRestore(db);
  return { clients: backup.clients.length, before };
}

/**
 * The restore of POST /api/backup and `npm run restore`: replaces everything with `backup` as one
 * history entry, whose id it returns. The data before the restore goes into that entry, so undo
 * brings it back (docs/product.md#history); what it leaves is fingerprinted, so that undo can tell
 * whether anything changed since. Must run inside a transaction.
 */
export async function restoreAll(q: Queryable, backup: AllYearsBackup, actor: string): Promise<number> {
  await lockForRestore(q);
  const entryId = await insertEntry(q, {
    actor,
    source: 'restauration',
    clientId: null,
    year: null,
    summary: SUMMARIES.restore(backup.clients.length),
    ops: [],
  });
  await saveSnapshot(q, entryId, await dataDocument(q));
  await replaceAll(q, backup);
  // A file from before comments keeps those in place; one that has them replaces them (ADR 050).
  if (backup.comments !== undefined || backup.notifications !== undefined) {
    await replaceConversation(q, { comments: backup.comments ?? [], notifications: backup.notifications ?? [] });
  }
  await completeEntry(q, entryId, { ops: [{ op: 'replace_all', afterHash: dataHash(await dataDocument(q)) }] });
  return entryId;
}
