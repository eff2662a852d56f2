/**
 * The server as a process, the way `npm start` runs it: it listens, applies migrations, serves
 * the API; on the embedded database a second server on the same DATA_DIR refuses to start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from './test/fresh-postgres';
import { TEST_DB } from './test/test-db';
import { childEnv } from './test/test-env';
import { freePort } from './test/postgres-server';

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  children.forEach((c) => c.kill('SIGTERM'));
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  for (const clean of cleanups) await clean();
});

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
      env.DATABASE_URL = await freshPostgresUrl('main');
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

describe('the two modes as processes', () => {
  it('refuses to listen on a network address without accounts, and says how to enable them', async () => {
    const refused = startServer({ PORT: String(await freePort()), HOST: '0.0.0.0', AUTH: 'off' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('HOST=0.0.0.0 rend le serveur accessible depuis le réseau');
    expect(refused.output()).toContain('AUTH=on');
    expect(refused.output()).toContain('npm run user:create -- ');
  });

  it(`starts in accounts mode on ${TEST_DB}, with the generated secret readable by its owner only`, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-main-auth-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH: 'on',
      AUTH_SECRET: '',
      DATA_DIR: dataDir,
    });
    const base = `http://127.0.0.1:${port}`;
    expect(await waitForHealth(base, server.exited, server.output)).toEqual({ status: 'ok' });
    expect((await fetch(`${base}/api/clients`)).status).toBe(401);
    expect(await (await fetch(`${base}/api/session`)).json()).toEqual({ mode: 'accounts', user: null });
    expect(fs.statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain('comptes utilisateurs (AUTH=on)');
    expect(server.output()).toContain('Aucun compte : arrêtez le serveur et créez le premier');
  }, 60_000); // a process start on a new data directory: slow on a busy machine, not a speed test
});
