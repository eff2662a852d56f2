/**
 * The server as a child process, the way `npm start` runs it (compiled, by plain `node`: the
 * global setup compiles it once), for the tests that need a real process: its start, its exit
 * code, its survival of a database outage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { childEnv } from './test-env';

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
}

/** The processes started, ended by `stopServers` (each test file's afterAll). */
const children: ChildProcess[] = [];

/** A script of the compiled server (`main.js`, `users.js`): its path, for `node`. */
export const compiledScript = (name: 'main' | 'users') => path.join(inject('compiledServerDir'), `${name}.js`);

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [compiledScript('main')], {
    env: childEnv({ DATABASE_URL: '', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** SIGTERM to every server started, then waits until each has exited. */
export async function stopServers(): Promise<void> {
  children.forEach((c) => c.kill('SIGTERM'));
  // A child killed by a signal has no exit code but a signal code: it has exited too.
  await Promise.all(
    children
      .splice(0)
      .map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
}

/** Polls /api/health until it answers 200 (then returns its JSON); throws with the output if the process ends first. */
export async function waitForHealth(base: string, { exited, output }: ServerProcess): Promise<unknown> {
  let done = false;
  void exited.then(() => (done = true));
  // Up to 60 s: a first start on a busy machine (PGlite, migrations) is slow; not a speed test.
  for (let i = 0; i < 600 && !done; i += 1) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return (await res.json()) as unknown;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${output()}`);
}

/**
 * A new DATA_DIR (under the system's temporary folder, named `bm-<prefix>-…`) holding a copy of the
 * migrated embedded database (global-setup.ts): a process started on it opens a database as a
 * restarted server does, without the first start's unpacking. Tests of the first start itself
 * (main.test.ts's first, the accounts mode's secret) start on an empty folder instead.
 */
export function migratedDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bm-${prefix}-`));
  fs.cpSync(inject('pgliteDataDirTemplate'), dir, { recursive: true });
  return dir;
}
