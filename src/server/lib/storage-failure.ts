/**
 * Failures of the server's own storage — a full disk, a read-only one, a data folder it may not
 * write — told apart from other faults, so the answer (lib/errors.ts, ADR 040) and the start message
 * (main.ts) say what is wrong in French instead of a generic 500 or PGlite's bare `Aborted()`.
 */
import fs from 'node:fs';
import path from 'node:path';

/** `full`: no space left; `unwritable`: read-only, no permission, or the disk failed the write. */
export type StorageFailure = 'full' | 'unwritable';

/** Node's codes (and PGlite's, when a Node error passes through its file system unchanged). */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const UNWRITABLE_CODES = new Set(['EROFS', 'EACCES', 'EPERM', '58030']);
/** Node's negative errno: ENOSPC, EDQUOT; EROFS, EACCES, EPERM (Linux numbers). */
const FULL_ERRNOS = new Set([-28, -122]);
const UNWRITABLE_ERRNOS = new Set([-30, -13, -1]);
/** PGlite's Emscripten file system throws `{name:'ErrnoError', errno}` with WASI numbers. */
const WASI_FULL = new Set([51]);
const WASI_UNWRITABLE = new Set([69, 2, 63]);
/**
 * PostgreSQL reports a file it may not open or write as 42501 (errcode_for_file_access), the
 * SQLSTATE of a missing GRANT too: only its file messages (`could not … : Permission denied`,
 * `… Read-only file system`) are storage failures.
 */
const FILE_ACCESS_MESSAGE = /^could not .*: (Permission denied|Operation not permitted|Read-only file system)$/;

/** What storage failure `err` (or one of its causes) is, or undefined for any other fault. */
export function storageFailure(err: unknown, depth = 0): StorageFailure | undefined {
  if (typeof err !== 'object' || err === null || depth > 5) return undefined;
  const { code, errno, name, message, cause } = err as {
    code?: unknown;
    errno?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  const wasi = name === 'ErrnoError' && typeof errno === 'number';
  if ((typeof code === 'string' && FULL_CODES.has(code)) || (typeof errno === 'number' && FULL_ERRNOS.has(errno)))
    return 'full';
  if (wasi && WASI_FULL.has(errno)) return 'full';
  if (
    (typeof code === 'string' && UNWRITABLE_CODES.has(code)) ||
    (typeof errno === 'number' && !wasi && UNWRITABLE_ERRNOS.has(errno))
  )
    return 'unwritable';
  if (wasi && WASI_UNWRITABLE.has(errno)) return 'unwritable';
  if (code === '42501' && typeof message === 'string' && FILE_ACCESS_MESSAGE.test(message)) return 'unwritable';
  if (err instanceof AggregateError) {
    for (const inner of err.errors as unknown[]) {
      const found = storageFailure(inner, depth + 1);
      if (found) return found;
    }
  }
  return storageFailure(cause, depth + 1);
}

/** The French text of a write refused because the server's disk is full (507). */
export const STORAGE_FULL =
  'Enregistrement impossible : le disque du serveur est plein. Rien n’a été enregistré ; libérez de la place puis réessayez.';
/** The French text of a write refused because the server cannot write its data (503). */
export const STORAGE_UNWRITABLE =
  'Enregistrement impossible : le serveur ne peut pas écrire dans son dossier de données (disque en lecture seule ou droits insuffisants). Rien n’a été enregistré ; prévenez la personne qui administre le serveur.';

/**
 * Below this much free space on DATA_DIR's file system, a failed start of the embedded database is
 * put down to a full disk: PGlite then fails as `Aborted()` with no error code, and it needs a few
 * MB to open (its write-ahead log, the migrations' checks).
 */
export const LOW_SPACE_BYTES = 16 * 1024 * 1024;

/** What `fs.statfsSync` says that matters here: free blocks for an unprivileged user, block size, size. */
export type SpaceReading = Pick<fs.StatsFs, 'bavail' | 'bsize' | 'blocks'>;

/**
 * The French message of a failed start: what is wrong with DATA_DIR when it can be known cheaply
 * (its disk full, read-only, or not writable), then the original error as detail. `dataDir` is
 * given when the embedded database lives there; `statfs` reads its free space (a test passes its own).
 */
export function startFailureMessage(
  err: unknown,
  dataDir: string | undefined,
  statfs: (dir: string) => SpaceReading = fs.statfsSync,
): string {
  const detail = err instanceof Error ? err.message : String(err);
  const failure = storageFailure(err);
  const free = dataDir === undefined ? undefined : freeBytes(dataDir, statfs);
  const folder = dataDir === undefined ? undefined : `le dossier de données ${path.resolve(dataDir)} (DATA_DIR)`;
  const where = folder ?? pathOf(err) ?? 'la base de données';
  const code = systemCode(err);
  // Little space left explains a failure that says nothing (PGlite's `Aborted()`), not one with its
  // own system error code (ENOENT…): that code says more than the free space.
  const lowSpace = free !== undefined && free < LOW_SPACE_BYTES && code === undefined;
  if (failure === 'full' || lowSpace) {
    const left = free === undefined ? '' : ` (${megabytes(free)} libres)`;
    return `Démarrage impossible : le disque où se trouve ${where} est plein${left}. Libérez de la place puis relancez. Détail : ${detail}`;
  }
  if (failure === 'unwritable') {
    return `Démarrage impossible : le serveur ne peut pas écrire dans ${where} (disque en lecture seule ou droits insuffisants pour l’utilisateur qui le lance). Détail : ${detail}`;
  }
  if (folder && code !== undefined && NOT_A_FOLDER.has(code)) {
    return `Démarrage impossible : ${folder} n’est pas un dossier où le serveur peut créer ses fichiers (chemin absent, fichier ou système de fichiers spécial). Détail : ${detail}`;
  }
  return `Démarrage impossible : ${detail}`;
}

/** System errors of a path that is no folder the server can create files in (EEXIST: `mkdir` of a file's path). */
const NOT_A_FOLDER = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EEXIST']);

/** A Node system error's code (`ENOENT`…), or undefined. */
function systemCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : undefined;
}

/**
 * Free bytes of `dir`'s file system, or undefined when it cannot be read (missing folder) or has
 * no size (a pseudo file system such as /proc, which has no space to be full of).
 */
function freeBytes(dir: string, statfs: (dir: string) => SpaceReading): number | undefined {
  try {
    const { bavail, bsize, blocks } = statfs(dir);
    if (Number(blocks) === 0) return undefined;
    return Number(bavail) * Number(bsize);
  } catch {
    return undefined;
  }
}

function megabytes(bytes: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} Mo`;
}

/** The file a Node error names (`path`), as « path » in the message. */
function pathOf(err: unknown): string | undefined {
  const file = (err as { path?: unknown } | null)?.path;
  return typeof file === 'string' ? `« ${file} »` : undefined;
}
