/**
 * An exclusive lock on the embedded database directory (ADR 028). PGlite has no lock between
 * processes: two servers on one DATA_DIR silently lose writes, or break the database.
 *
 * The lock is the kernel's: flock(2) on `DATA_DIR/budget-marges.lock`, held by an open file of this
 * process. The kernel decides who holds it, on the file itself, so it holds across PID namespaces
 * (two containers on one volume) and has no take-over window; it ends with the process, however it
 * ends (a crash, `kill -9`): there is no stale lock to judge. Node has no flock, so the `flock`
 * program of util-linux (busybox has one too) takes it on our open file, inherited as its fd 3: the
 * lock belongs to the open file, which stays ours after `flock` exits.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE = 'budget-marges.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    /** Who holds it, as the holder wrote it: its pid (in its own PID namespace) and host name. */
    readonly owner: string,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur (${owner}). ` +
        `Arrêtez-le, ou choisissez un autre DATA_DIR. Deux serveurs sur les mêmes données perdraient des écritures.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** The holder's own words (`pid host`) in French, for the message; the file may be empty or old. */
function ownerOf(lockPath: string): string {
  const [pid, host] = fs.readFileSync(lockPath, 'utf8').trim().split(/\s+/);
  if (!pid || !/^\d+$/.test(pid)) return 'processus inconnu';
  return host ? `processus ${pid} sur ${host}` : `processus ${pid}`;
}

/**
 * Takes the lock on `dataDir` (creating the directory, mode 0700); returns the function that
 * releases it. Throws DataDirLockedError when another process — or another open of this one —
 * holds it.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_FILE);
  // Never removed, even on release: unlinking a locked file lets a waiter lock the old inode while a
  // newcomer creates and locks a new one — two holders.
  const fd = fs.openSync(lockPath, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  const taken = spawnSync('flock', ['--exclusive', '--nonblock', '3'], {
    stdio: ['ignore', 'ignore', 'pipe', fd],
    encoding: 'utf8',
  });
  if (taken.status !== 0) {
    fs.closeSync(fd);
    if (taken.status === 1) throw new DataDirLockedError(dataDir, ownerOf(lockPath));
    const why = taken.error ? taken.error.message : (taken.stderr || `code ${taken.status}`).trim();
    throw new Error(
      `Impossible de verrouiller le dossier de données ${dataDir} : ${why}. ` +
        'Le verrou utilise le programme « flock » (paquet util-linux).',
    );
  }
  // Ours now: say who we are, for the message a second server prints.
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `${process.pid} ${os.hostname()}\n`, 0);
  fs.fsyncSync(fd);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // Closing our only descriptor of the open file ends the lock.
    fs.closeSync(fd);
  };
}
