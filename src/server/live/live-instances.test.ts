/**
 * Several instances (docs/product.md#live-updates, ADR 034): two server processes, the way
 * `npm start` runs them, on one PostgreSQL database and nothing else shared. An edit through one
 * reaches a stream opened on the other (NOTIFY after commit → the other's LISTEN connection →
 * the shared history), presence set on one shows on the other, and two saves racing through both
 * with the same expected value: exactly one wins. PostgreSQL project only: an embedded PGlite
 * belongs to one process (its DATA_DIR is locked), so there is no second instance to start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeEvent, PresenceEvent } from '@/domain/live';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { freePort } from '../test/postgres-server';
import { migratedDataDir, startServer, stopServers, waitForHealth } from '../test/server-process';
import { dataOf, sseReader } from '../test/sse';
import { createTestDb } from '../test/test-db';
import { TEST_DB } from '../test/test-env';

const Y = 2033;
const q = `?year=${Y}`;

const dirs: string[] = [];
afterAll(async () => {
  await stopServers();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function instance(databaseUrl: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-instance-'));
  dirs.push(dataDir);
  // The hub's safety re-read of the record is pushed to an hour: what reaches the other instance's
  // stream within the test can only have come by NOTIFY → LISTEN.
  const server = startServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LIVE_POLL_MS: '3600000',
  });
  await waitForHealth(base, server);
  const call = async <T>(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
  };
  return { base, call, server };
}

if (TEST_DB === 'pglite') {
  describe('the embedded database has one instance', () => {
    it('a second server on the same DATA_DIR refuses to start: several instances need DATABASE_URL', async () => {
      const dataDir = migratedDataDir('instance');
      dirs.push(dataDir);
      const port = await freePort();
      const first = startServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      await waitForHealth(`http://127.0.0.1:${port}`, first);
      const second = startServer({ PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain('est déjà utilisé par un autre serveur');
    }, 120_000);
  });
}

if (TEST_DB === 'postgres') {
  describe('two server processes on one PostgreSQL', () => {
    it('an edit through one reaches a stream open on the other; presence too; one of two racing saves wins', async () => {
      const db = await createTestDb();
      const url = db.native.kind === 'postgres' ? String(db.native.pool.options.connectionString) : '';
      await db.close();
      const [a, b] = await Promise.all([instance(url), instance(url)]);

      const res = await fetch(`${b.base}/api/events${q}`);
      expect(res.status).toBe(200);
      const stream = sseReader(res.body!);
      await stream.next();

      const client = (await a.call<Client>('POST', `/api/clients${q}`, { name: 'Deux instances' })).json;
      const pole = (await a.call<Pole>('POST', `/api/clients/${client.id}/poles${q}`, { name: 'Paid', lines: ['A'] }))
        .json;
      const lineId = pole.lines[0]!.id;
      const saved = await a.call<{ historyId: number }>(
        'PATCH',
        `/api/cells${q}`,
        [{ lineId, month: 1, field: 'reel', value: 4321.5 }],
        { 'X-Tab-Id': 'onglet-a' },
      );
      expect(saved.status).toBe(200);
      const { message } = await stream.until(
        (m) => m.event === 'change' && dataOf<ChangeEvent>(m).historyId === saved.json.historyId,
      );
      expect(dataOf<ChangeEvent>(message)).toMatchObject({
        clientId: client.id,
        origin: 'onglet-a',
        cells: [{ lineId, month: 1, field: 'reel', value: 4321.5 }],
      });

      expect((await a.call('PUT', '/api/presence', { year: Y, clientId: client.id, tab: 'onglet-a' })).status).toBe(
        204,
      );
      const presence = await stream.until((m) => m.event === 'presence');
      expect(dataOf<PresenceEvent>(presence.message).users.map((u) => u.tab)).toEqual(['onglet-a']);
      expect((await b.call<{ users: unknown[] }>('GET', `/api/presence${q}&clientId=${client.id}`)).json.users).toEqual(
        [expect.objectContaining({ tab: 'onglet-a' })],
      );

      const race = await Promise.all(
        [a, b].map((x, i) =>
          x.call('PATCH', `/api/cells${q}`, [{ lineId, month: 1, field: 'reel', value: 10 + i, expected: 4321.5 }]),
        ),
      );
      expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
      await stream.cancel();
    });
  });
}
