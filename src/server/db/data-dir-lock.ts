/**
 * An exclusive lock on the embedded database directory. PGlite has no lock between processes:
 * two servers on one DATA_DIR silently lose writes. The lock is a file created with O_EXCL
 * holding the owner's pid; a lock whose pid is no longer alive is stale and taken over.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre serveur (processus ${ownerPid}). ` +
        `Arrêtez-le, ou choisissez un autre DATA_DIR. Deux serveurs sur les mêmes données perdraient des écritures.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Lock files this process holds (a pid equal to ours in a lock we do not hold is stale). */
const held = new Set<string>();

/** Takes the lock on `dataDir` (creating the directory); returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'budget-marges.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      held.add(lockPath);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(lockPath);
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      const ownerIsUs = owner === process.pid;
      if (Number.isInteger(owner) && owner > 0 && (ownerIsUs ? held.has(lockPath) : isAlive(owner))) {
        throw new DataDirLockedError(dataDir, owner);
      }
      // Stale (its owner died without releasing it): remove and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Impossible de verrouiller le dossier de données ${dataDir}.`);
}
