/**
 * Backups by themselves (docs/product.md#automatic-backups): the JSON backup of every year — the
 * very document GET /api/backup answers — written to DATA_DIR/backups each day the server runs
 * and before every restore, the newest KEEP_BACKUPS kept. Each file is written to a temporary
 * name, flushed, then renamed: a crash mid-write leaves the earlier files whole and no partial
 * one under a backup's name. The clock is a parameter, so tests live through days at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allYearsBackupFromWire, backupFromWire, oneYearBackup } from '@/domain/codec';
import { backupJsonText, buildAllYearsBackup } from '@/domain/files/backup-json';
import { fileDate } from '@/domain/files/file-names';
import type { AllYearsBackup } from '@/domain/model';
import type { AnyBackupWire } from '@/domain/schemas';
import type { Db } from '../db/client';
import type { Logger } from '../lib/log';
import { readAllYears } from '../routes/budget/budget.repo';
import { readConversation } from '../routes/comments/comments.repo';

/** How many backup files DATA_DIR/backups keeps (docs/product.md#automatic-backups). */
export const KEEP_BACKUPS = 14;

/** Why a backup was written: the last word of its file name. */
export type BackupReason = 'quotidienne' | 'avant-restauration' | 'manuelle';

const FILE = /^budget-marges-(\d{4}-\d{2}-\d{2})-(\d{6})-(quotidienne|avant-restauration|manuelle)(?:-\d+)?\.json$/;

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** `budget-marges-2026-11-23-064512-quotidienne.json`, local time: names sort as the days go. */
export function backupFileName(now: Date, reason: BackupReason): string {
  const time = [now.getHours(), now.getMinutes(), now.getSeconds()].map((n) => String(n).padStart(2, '0')).join('');
  return `budget-marges-${fileDate(now)}-${time}-${reason}.json`;
}

/** The backup files of `dir`, oldest first (other files are not ours and are left alone). */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => FILE.test(name))
    .sort();
}

/** Removes the oldest backup files beyond `keep`. */
export function rotateBackups(dir: string, keep = KEEP_BACKUPS): void {
  const files = listBackups(dir);
  for (const name of files.slice(0, Math.max(0, files.length - keep))) fs.rmSync(path.join(dir, name), { force: true });
}

/** Writes `text` to `file` atomically: a temporary file beside it, flushed to disk, then renamed. */
function writeAtomically(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, file);
}

/** Writes the backup of every year (one read transaction: a consistent snapshot) and rotates; returns its path. */
export async function writeBackup(db: Db, dir: string, now: Date, reason: BackupReason): Promise<string> {
  const doc = buildAllYearsBackup(
    await db.transaction(async (tx) => ({ ...(await readAllYears(tx)), ...(await readConversation(tx, null)) })),
    now,
  );
  fs.mkdirSync(dir, { recursive: true });
  // Leftovers of a write a crash interrupted are never renamed: clear them.
  for (const name of fs.readdirSync(dir)) if (name.endsWith('.tmp')) fs.rmSync(path.join(dir, name), { force: true });
  let file = path.join(dir, backupFileName(now, reason));
  // Two backups in the same second (a restore right after the daily one) keep both.
  for (let n = 2; fs.existsSync(file); n += 1) file = file.replace(/(-\d+)?\.json$/, `-${n}.json`);
  writeAtomically(file, backupJsonText(doc));
  rotateBackups(dir);
  return file;
}

/** True when `dir` holds the daily backup of `now`'s local day. */
export function hasDailyBackup(dir: string, now: Date): boolean {
  const day = fileDate(now);
  return listBackups(dir).some((name) => {
    const m = FILE.exec(name)!;
    return m[1] === day && m[3] === 'quotidienne';
  });
}

/** A validated backup file's data in the model: a one-year file becomes `year` (as POST /api/backup does). */
export function backupToModel(wire: AnyBackupWire, year: number): AllYearsBackup {
  return 'years' in wire ? allYearsBackupFromWire(wire) : oneYearBackup(backupFromWire(wire), year);
}

export interface DailyBackups {
  /** Writes today's backup if it is not there yet (the timer calls it; tests call it with their clock). */
  tick(): Promise<void>;
  /** Stops the timer and waits for a backup being written. */
  stop(): Promise<void>;
}

/**
 * Writes today's backup at once when missing, then checks every `everyMs` (an hour) whether the
 * day changed. A failed backup is logged and tried again at the next check; it never stops the server.
 */
export function startDailyBackups(options: {
  db: Db;
  dir: string;
  log: Logger;
  now?: () => Date;
  everyMs?: number;
}): DailyBackups {
  const { db, dir, log, now = () => new Date(), everyMs = 60 * 60 * 1000 } = options;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = running.then(async () => {
      const at = now();
      if (hasDailyBackup(dir, at)) return;
      try {
        const file = await writeBackup(db, dir, at, 'quotidienne');
        log.info(`Sauvegarde quotidienne écrite : ${file}`);
      } catch (err) {
        log.error('Sauvegarde quotidienne impossible :', err);
      }
    });
    return running;
  };
  const timer = setInterval(() => void tick(), everyMs);
  // The timer alone does not keep the process alive.
  timer.unref();
  void tick();
  return {
    tick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
