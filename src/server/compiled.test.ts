/**
 * The server as `npm start` runs it (docs/product.md#start): compiled to JavaScript by
 * scripts/vite.server.config.ts and run by plain `node` — no TypeScript loader — on the project's engine.
 * It serves the API and this OpenAPI document, stops cleanly on SIGTERM, and starts again.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from './test/fresh-postgres';
import { freePort } from './test/postgres-server';
import { TEST_DB } from './test/test-db';
import { childEnv } from './test/test-env';

// Inside the project (so the bundle finds node_modules), one folder per engine's project.
const outDir = path.resolve('.tmp', `compiled-server-${TEST_DB}`);
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await build({ configFile: 'scripts/vite.server.config.ts', logLevel: 'error', build: { outDir, sourcemap: false } });
}, 120_000);
afterAll(() => {
  cleanups.forEach((clean) => clean());
  fs.rmSync(outDir, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
    env: childEnv({ DATABASE_URL: '', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => child.kill('SIGKILL'));
  return { child, exited, output: () => output };
}

async function healthy(base: string, server: ReturnType<typeof start>) {
  let gone = false;
  void server.exited.then(() => (gone = true));
  // Up to 60 s on a busy machine: not a speed test.
  for (let i = 0; i < 600 && !gone; i += 1) {
    const res = await fetch(`${base}/api/health`).catch(() => undefined);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the compiled server did not start:\n${server.output()}`);
}

describe(`the compiled server on ${TEST_DB}`, () => {
  it('runs with plain node, serves the API and its document, stops on SIGTERM and starts again', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    if (TEST_DB === 'postgres') env.DATABASE_URL = await freshPostgresUrl('compiled');
    else {
      env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-compiled-'));
      cleanups.push(() => fs.rmSync(env.DATA_DIR!, { recursive: true, force: true }));
    }
    for (const round of [1, 2]) {
      const server = start(env);
      await healthy(base, server);
      const created = await fetch(`${base}/api/clients`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'secret=ne-pas-journaliser' },
        body: JSON.stringify({ name: `Client ${round}` }),
      });
      expect(created.status).toBe(201);
      const requestId = created.headers.get('x-request-id');
      expect(requestId).toBeTruthy();
      expect(await (await fetch(`${base}/api/openapi.json`)).text()).toBe(fs.readFileSync('docs/openapi.json', 'utf8'));

      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      // One line per request, with its id; never the body nor the cookie.
      expect(server.output()).toMatch(new RegExp(`INFO POST /api/clients 201 \\d+ ms ${requestId}`));
      expect(server.output()).not.toContain('ne-pas-journaliser');
      expect(server.output()).not.toContain(`Client ${round}`);
      expect(server.output()).toContain('Serveur arrêté.');
      if (TEST_DB === 'pglite') {
        // The embedded database backed itself up at start (its first day).
        expect(fs.readdirSync(path.join(env.DATA_DIR!, 'backups')).some((f) => f.endsWith('-quotidienne.json'))).toBe(
          true,
        );
      }
    }
  }, 180_000);
});
