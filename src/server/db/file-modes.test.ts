/**
 * Issue 19, item 3: the embedded database's files are the server account's alone — DATA_DIR 0700,
 * files 0600 — even under umask 000, and a folder left readable by an older release is tightened.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-modes-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const openModule = fileURLToPath(new URL('./open.ts', import.meta.url));

/** Opens (creating, migrating) the embedded database in `dir` from a process started under umask 000. */
function openUnderUmask000(dir: string) {
  const script = `import { openConfiguredDb } from ${JSON.stringify(openModule)};
    const { db, release } = await openConfiguredDb({ dataDir: process.argv[1], databaseUrl: undefined });
    await db.close(); release();`;
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script, dir];
  const r = spawnSync('sh', ['-c', 'umask 000 && exec "$@"', 'sh', ...node], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
}

/** Every path below `dir` (itself included) whose mode is not owner-only, with its mode. */
function notOwnerOnly(dir: string): string[] {
  const found: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    const mode = st.mode & 0o777;
    if ((st.isDirectory() && mode !== 0o700) || (st.isFile() && mode !== 0o600)) {
      found.push(`${path.relative(dataDir, p) || '.'} ${mode.toString(8)}`);
    }
    if (st.isDirectory()) fs.readdirSync(p).forEach((e) => walk(path.join(p, e)));
  };
  walk(dir);
  return found;
}

describe('file modes of the embedded database', () => {
  it('creates DATA_DIR 0700 and every file 0600 under umask 000', () => {
    const dir = path.join(dataDir, 'new');
    openUnderUmask000(dir);
    expect(fs.readdirSync(path.join(dir, 'pglite')).length).toBeGreaterThan(5);
    expect(notOwnerOnly(dir)).toEqual([]);
  }, 60_000);

  it('tightens a folder whose files were left readable and writable by everyone', () => {
    const dir = path.join(dataDir, 'new');
    const loosen = (p: string) => {
      const st = fs.statSync(p);
      fs.chmodSync(p, st.isDirectory() ? 0o777 : 0o666);
      if (st.isDirectory()) fs.readdirSync(p).forEach((e) => loosen(path.join(p, e)));
    };
    loosen(dir);
    expect(notOwnerOnly(dir).length).toBeGreaterThan(100);
    openUnderUmask000(dir);
    expect(notOwnerOnly(dir)).toEqual([]);
  }, 60_000);
});
