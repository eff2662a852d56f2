/**
 * The server as a process, the way `npm start` runs it: it listens, applies migrations, serves
 * the API; on the embedded database a second server on the same DATA_DIR refuses to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from './db/client';
import { TEST_DB } from './test/test-db';

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  children.forEach((c) => c.kill('SIGTERM'));
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const clean of cleanups) await clean();
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(base: string, exited: Promise<number | null>, output: () => string) {
  let done = false;
  void exited.then(() => (done = true));
  for (let i = 0; i < 300 && !done; i += 1) {
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

describe(`the server process on ${TEST_DB}`, () => {
  it('starts, answers health and keeps data', async () => {
    const port = await freePort();
    const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1' };
    let dataDir = '';
    if (TEST_DB === 'postgres') {
      const adminUrl = inject('postgresAdminUrl');
      const name = `main_${randomUUID().replaceAll('-', '')}`;
      const admin = await openPostgres(adminUrl, 1);
      await admin.query(`create database ${name}`);
      await admin.close();
      env.DATABASE_URL = adminUrl.replace(/\/postgres$/, `/${name}`);
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-main-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      env.DATA_DIR = dataDir;
    }
    const first = startServer(env);
    const base = `http://127.0.0.1:${port}`;
    expect(await waitForHealth(base, first.exited, first.output)).toEqual({ status: 'ok' });
    const created = await fetch(`${base}/api/clients`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Processus' }),
    });
    expect(created.status).toBe(201);

    if (TEST_DB === 'pglite') {
      // A second server on the same DATA_DIR (another port) must refuse, and the first keep working.
      const second = startServer({ ...env, PORT: String(await freePort()) });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('est déjà utilisé par un autre serveur');
    }
    const list = await fetch(`${base}/api/clients`);
    expect(((await list.json()) as { name: string }[]).map((c) => c.name)).toEqual(['Processus']);
  });
});
