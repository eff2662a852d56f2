/**
 * The server as `npm start` runs it (docs/product.md#start): compiled to JavaScript by
 * scripts/vite.server.config.ts and run by plain `node` — no TypeScript loader — on the project's engine.
 * It serves the API and this OpenAPI document, stops cleanly on SIGTERM, and starts again.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from './test/fresh-postgres';
import { freePort } from './test/postgres-server';
import { startServer, stopServers, waitForHealth } from './test/server-process';
import { TEST_DB } from './test/test-db';

// The bundle is compiled once per test project by the global setup (test/global-setup.ts), with
// scripts/vite.server.config.ts; startServer runs its main.js with plain `node`.
const cleanups: (() => void)[] = [];
afterAll(async () => {
  await stopServers();
  cleanups.forEach((clean) => clean());
});

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
      const server = startServer(env);
      await waitForHealth(base, server);
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
