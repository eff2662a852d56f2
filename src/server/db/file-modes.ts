/**
 * The embedded database's files belong to the account that runs the server: DATA_DIR 0700, every
 * file 0600, whatever the umask (issue 19). PGlite writes its files itself, through Node's fs with
 * mode 0666 less the umask, so the process umask is set to 077 before it opens them (every file
 * this process creates afterwards — the lock, the auth secret, backups — gets owner-only modes too).
 * PGlite's running database then creates its files 0600 (PostgreSQL's own mode), but on a first
 * start it unpacks its initial database with explicit chmods to 0666: so a pass runs after the open
 * as well, and it also tightens what an older release left behind. Meanwhile the folder, 0700
 * from the start, keeps every other account out.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Owner-only: rwx for directories, rw for files. */
export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Sets the umask to 077 and makes `dir` and everything below it owner-only. */
export function protectDataDir(dir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  tighten(dir);
}

function tighten(dir: string): void {
  fs.chmodSync(dir, DIR_MODE);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) tighten(full);
    // Symbolic links are left alone: chmod would follow them out of the folder.
    else if (entry.isFile() && (fs.statSync(full).mode & 0o777) !== FILE_MODE) fs.chmodSync(full, FILE_MODE);
  }
}
