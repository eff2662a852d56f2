/**
 * Storage failures told apart from other faults, in every shape they come in (PostgreSQL's
 * SQLSTATE, Node's errno, PGlite's Emscripten file system), and the start message they give.
 */
import { describe, expect, it } from 'vitest';
import { LOW_SPACE_BYTES, startFailureMessage, storageFailure, type SpaceReading } from './storage-failure';

/** An error shaped like node-postgres' (and PGlite's) DatabaseError. */
function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: 'error', code, severity: 'ERROR' });
}

/** An error shaped like Node's fs errors. */
function nodeError(code: string, errno: number, file: string): Error {
  return Object.assign(new Error(`${code}: failed, open '${file}'`), { code, errno, syscall: 'open', path: file });
}

const DISK_FULL = pgError('53100', 'could not extend file "base/5/16400": No space left on device');
const ENOSPC = nodeError('ENOSPC', -28, '/srv/data/backups/budget-marges.json.tmp');

describe('storageFailure', () => {
  it.each([
    ['PostgreSQL disk_full (53100)', DISK_FULL, 'full'],
    ['Node ENOSPC', ENOSPC, 'full'],
    ['Node errno -28 without a code', Object.assign(new Error('write failed'), { errno: -28 }), 'full'],
    ['a disk quota (EDQUOT)', nodeError('EDQUOT', -122, '/srv/data/x'), 'full'],
    ['PGlite file system ENOSPC (WASI 51)', { name: 'ErrnoError', errno: 51 }, 'full'],
    ['ENOSPC as the cause of another error', new Error('backup failed', { cause: ENOSPC }), 'full'],
    ['ENOSPC inside an AggregateError', new AggregateError([new Error('x'), ENOSPC]), 'full'],
    ['Node EACCES', nodeError('EACCES', -13, '/srv/data/backups/x.json'), 'unwritable'],
    ['Node EPERM', nodeError('EPERM', -1, '/srv/data/x'), 'unwritable'],
    ['Node EROFS', nodeError('EROFS', -30, '/srv/data/x'), 'unwritable'],
    [
      'PostgreSQL io_error (58030)',
      pgError('58030', 'could not write to file "pg_wal/xlogtemp.1": Input/output error'),
      'unwritable',
    ],
    [
      'PostgreSQL 42501 on a file',
      pgError('42501', 'could not open file "base/5/16400": Permission denied'),
      'unwritable',
    ],
    ['PGlite file system EACCES (WASI 2)', { name: 'ErrnoError', errno: 2 }, 'unwritable'],
    ['PGlite file system EROFS (WASI 69)', { name: 'ErrnoError', errno: 69 }, 'unwritable'],
  ])('%s is a storage failure: %s', (_name, err, expected) => {
    expect(storageFailure(err)).toBe(expected);
  });

  it.each([
    ['a missing GRANT (42501 on a table)', pgError('42501', 'permission denied for table clients')],
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint "clients_name_key"')],
    ['a lost connection', nodeError('ECONNREFUSED', -111, '')],
    ['a missing file (ENOENT)', nodeError('ENOENT', -2, '/srv/data/x')],
    ['PGlite file system ENOENT (WASI 44)', { name: 'ErrnoError', errno: 44 }],
    ['a plain error', new Error('Aborted(). Build with -sASSERTIONS for more info.')],
    ['a string', 'ENOSPC'],
    ['nothing', undefined],
  ])('%s is not', (_name, err) => {
    expect(storageFailure(err)).toBeUndefined();
  });

  it('stops at a cycle of causes', () => {
    const looped: { cause?: unknown } = new Error('loop');
    looped.cause = looped;
    expect(storageFailure(looped)).toBeUndefined();
  });
});

describe('startFailureMessage', () => {
  const dataDir = '/srv/budget/data';
  const plenty = (): SpaceReading => ({ bavail: 1_000_000, bsize: 4096, blocks: 2_000_000 });
  const nearlyFull = (): SpaceReading => ({ bavail: 100, bsize: 4096, blocks: 2_000_000 });
  const aborted = new Error('Aborted(). Build with -sASSERTIONS for more info.');

  it('puts an Aborted() start on a nearly full DATA_DIR down to the full disk, naming the folder, then the detail', () => {
    expect(startFailureMessage(aborted, dataDir, nearlyFull)).toBe(
      'Démarrage impossible : le disque où se trouve le dossier de données /srv/budget/data (DATA_DIR) est plein ' +
        '(0,4 Mo libres). Libérez de la place puis relancez. Détail : Aborted(). Build with -sASSERTIONS for more info.',
    );
  });

  it('says the disk is full on ENOSPC, even with space free again when it is read', () => {
    expect(startFailureMessage(ENOSPC, dataDir, plenty)).toMatch(
      /^Démarrage impossible : le disque où se trouve le dossier de données \/srv\/budget\/data \(DATA_DIR\) est plein \(3[\d\s\u202f]*,\d Mo libres\)\. .* Détail : ENOSPC: failed/,
    );
  });

  it('counts space just under the threshold as full, and just over as not', () => {
    const reading = (bytes: number) => () => ({ bavail: bytes / 1024, bsize: 1024, blocks: 1_000_000 });
    expect(startFailureMessage(aborted, dataDir, reading(LOW_SPACE_BYTES - 1024))).toContain('est plein');
    expect(startFailureMessage(aborted, dataDir, reading(LOW_SPACE_BYTES))).toBe(
      'Démarrage impossible : Aborted(). Build with -sASSERTIONS for more info.',
    );
  });

  it.each([
    ['EACCES', nodeError('EACCES', -13, '/srv/budget/data/budget-marges.lock')],
    ['EPERM', nodeError('EPERM', -1, '/srv/budget/data/budget-marges.lock')],
    ['EROFS', nodeError('EROFS', -30, '/srv/budget/data/budget-marges.lock')],
  ])('says DATA_DIR cannot be written on %s, with the detail', (code, err) => {
    expect(startFailureMessage(err, dataDir, plenty)).toBe(
      'Démarrage impossible : le serveur ne peut pas écrire dans le dossier de données /srv/budget/data (DATA_DIR) ' +
        '(disque en lecture seule ou droits insuffisants pour l’utilisateur qui le lance). ' +
        `Détail : ${code}: failed, open '/srv/budget/data/budget-marges.lock'`,
    );
  });

  it('on PostgreSQL (no DATA_DIR of its own) names the file, or the database, and reads no free space', () => {
    const noStatfs = (): SpaceReading => {
      throw new Error('statfs must not be read');
    };
    expect(startFailureMessage(nodeError('EACCES', -13, '/etc/budget/auth-secret'), undefined, noStatfs)).toContain(
      'le serveur ne peut pas écrire dans « /etc/budget/auth-secret »',
    );
    expect(startFailureMessage(DISK_FULL, undefined, noStatfs)).toContain(
      'le disque où se trouve la base de données est plein. Libérez de la place puis relancez. Détail : could not extend file',
    );
    expect(startFailureMessage(new Error('password authentication failed'), undefined, noStatfs)).toBe(
      'Démarrage impossible : password authentication failed',
    );
  });

  it('puts a path that is no folder down to the path, not to the space of a pseudo file system (DATA_DIR=/proc)', () => {
    // /proc: no blocks, none free; the lock file cannot be created there (ENOENT).
    const proc = (): SpaceReading => ({ bavail: 0, bsize: 4096, blocks: 0 });
    const lock = nodeError('ENOENT', -2, '/proc/budget-marges.lock');
    expect(startFailureMessage(lock, '/proc', proc)).toBe(
      'Démarrage impossible : le dossier de données /proc (DATA_DIR) n’est pas un dossier où le serveur peut créer ' +
        'ses fichiers (chemin absent, fichier ou système de fichiers spécial). ' +
        "Détail : ENOENT: failed, open '/proc/budget-marges.lock'",
    );
    // Even on a real, nearly full disk: the error's own code says more than the free space.
    expect(startFailureMessage(nodeError('ENOTDIR', -20, '/srv/fichier/x'), dataDir, nearlyFull)).toContain(
      'n’est pas un dossier où le serveur peut créer ses fichiers',
    );
    // DATA_DIR=/etc/passwd: a file, which `mkdir` cannot make a folder of.
    expect(startFailureMessage(nodeError('EEXIST', -17, '/etc/passwd'), '/etc/passwd', plenty)).toContain(
      'le dossier de données /etc/passwd (DATA_DIR) n’est pas un dossier',
    );
    // A pseudo file system has no space to be full of: an error that says nothing stays as it is.
    expect(startFailureMessage(aborted, '/proc', proc)).toBe(
      'Démarrage impossible : Aborted(). Build with -sASSERTIONS for more info.',
    );
  });

  it('keeps the plain message when the folder cannot be read (statfs fails) and the error says nothing', () => {
    const missing = (): SpaceReading => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    };
    expect(startFailureMessage(new Error('migration 0003 failed'), dataDir, missing)).toBe(
      'Démarrage impossible : migration 0003 failed',
    );
  });
});
