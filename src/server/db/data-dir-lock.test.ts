import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/**
 * A Node process running `code` (an ES module) with `lockDataDir` in scope; `prefix` goes before
 * node (e.g. `unshare --pid --fork`: another PID namespace, as a second container would be).
 */
function nodeWithLock(code: string, args: string[] = [], prefix: string[] = []) {
  const script = `import { lockDataDir } from ${JSON.stringify(lockModule)};\n${code}`;
  const argv = [...prefix, process.execPath, '--import', 'tsx', '--input-type=module', '-e', script, ...args];
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Holds the lock on argv[1] until killed, after printing `locked`. */
const HOLD = `lockDataDir(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000);`;
/** Tries once; exit 0 when it got the lock, 1 with the message when refused. */
const TRY = `try { lockDataDir(process.argv[1]); console.log('locked'); } catch (e) { console.log(e.message); process.exit(1); }`;

async function untilLocked(holder: ReturnType<typeof nodeWithLock>) {
  for (let i = 0; i < 300 && !holder.output().includes('locked'); i += 1) {
    if (holder.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(holder.output()).toContain('locked');
}

describe('data directory lock', () => {
  it('refuses a second lock while the first is held, and allows one after release', () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    const again = lockDataDir(dir);
    again();
  });

  it('refuses a lock held by another live process, naming it in French', async () => {
    const dir = tempDir();
    const holder = nodeWithLock(HOLD, [dir]);
    try {
      await untilLocked(holder);
      expect(() => lockDataDir(dir)).toThrow(
        `déjà utilisé par un autre serveur (processus ${holder.child.pid} sur ${os.hostname()})`,
      );
    } finally {
      holder.child.kill('SIGKILL');
      await holder.exited;
    }
  });

  it('is free again once its holder is killed (no stale lock to judge), its file kept', async () => {
    const dir = tempDir();
    const holder = nodeWithLock(HOLD, [dir]);
    await untilLocked(holder);
    holder.child.kill('SIGKILL');
    await holder.exited;
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).toBe(`${process.pid} ${os.hostname()}\n`);
    release();
    // Never removed: see the comment in lockDataDir.
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(true);
  });

  it('gives a lock file left by a dead process to exactly one of two processes taking it at the same instant', async () => {
    // ISSUE 19's race: each of 200 directories holds a stale lock (a dead pid); two processes
    // wait for the same millisecond, then both take it. The old lock trusted pids: both won 186/200.
    const root = tempDir();
    const rounds = 200;
    for (let r = 0; r < rounds; r += 1) {
      fs.mkdirSync(path.join(root, `r${r}`));
      fs.writeFileSync(path.join(root, `r${r}`, LOCK_FILE), '4000000 ailleurs\n');
    }
    // Each round: asleep until 2 ms before its instant, then a spin (8 s of spinning in two processes
    // starved the test files running beside this one on a 2-core machine).
    const race = `const [root, t0, n] = process.argv.slice(1); const got = []; const cell = new Int32Array(new SharedArrayBuffer(4));
      for (let r = 0; r < +n; r++) { const at = +t0 + r * 40; const nap = at - Date.now() - 2; if (nap > 0) Atomics.wait(cell, 0, 0, nap);
        while (Date.now() < at); try { lockDataDir(root + '/r' + r); got.push(r); } catch {} }
      console.log(JSON.stringify(got)); setInterval(() => {}, 1000);`;
    const t0 = String(Date.now() + 3000);
    const racers = [0, 1].map(() => nodeWithLock(race, [root, t0, String(rounds)]));
    // Both keep their locks until both have printed (one ending first would free its locks).
    for (let i = 0; i < 600 && !racers.every((p) => p.output().includes(']')); i += 1) {
      if (racers.some((p) => p.child.exitCode !== null)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    racers.forEach((p) => p.child.kill('SIGKILL'));
    await Promise.all(racers.map((p) => p.exited));
    const [a, b] = racers.map((p) => new Set(JSON.parse(p.output().trim().split('\n').at(-1)!) as number[]));
    const both = [...a!].filter((r) => b!.has(r));
    const neither = Array.from({ length: rounds }, (_, r) => r).filter((r) => !a!.has(r) && !b!.has(r));
    expect({ both, neither }).toEqual({ both: [], neither: [] });
  }, 60_000);

  it('holds across PID namespaces (two containers on one volume)', async () => {
    // root can make a PID namespace; anyone else through a user namespace of their own.
    const unshare =
      process.getuid?.() === 0
        ? ['unshare', '--pid', '--fork', '--kill-child']
        : ['unshare', '-r', '--pid', '--fork', '--kill-child'];
    expect(spawnSync(unshare[0]!, [...unshare.slice(1), 'true']).status, 'unshare is available').toBe(0);
    const dir = tempDir();

    // A holder in another namespace: its pid there is not a process here.
    const holder = nodeWithLock(HOLD, [dir], unshare);
    try {
      await untilLocked(holder);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      holder.child.kill('SIGKILL');
      await holder.exited;
    }

    // And the other way: held here, refused to a process in another namespace. (The killed
    // holder's own process ends just after its unshare wrapper: wait for the kernel to free it.)
    let release: (() => void) | undefined;
    for (let i = 0; i < 100 && !release; i += 1) {
      try {
        release = lockDataDir(dir);
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    if (!release) throw new Error('the lock of the killed holder was never freed');
    try {
      const other = nodeWithLock(TRY, [dir], unshare);
      expect(await other.exited).toBe(1);
      expect(other.output()).toContain(`déjà utilisé par un autre serveur (processus ${process.pid} sur`);
    } finally {
      release();
    }
  }, 60_000);
});
