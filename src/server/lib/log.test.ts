/**
 * The request log and LOG_LEVEL (docs/product.md#logs): one line per request with its id, never a
 * body, query or cookie; a 500's stack goes to the server's error output, never to the client.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createTestDb } from '../test/test-db';
import type { Db } from '../db/client';
import { createLogger, type LogLevel } from './log';

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

function capture(level: LogLevel) {
  const out: string[] = [];
  const err: string[] = [];
  const log = createLogger(level, { out: (l) => out.push(l), err: (l) => err.push(l) }, () => new Date(0));
  return { log, out, err };
}

describe('the request log', () => {
  it('writes method, path, status, duration and request id; never the body, the query nor a cookie', async () => {
    const { log, out } = capture('info');
    const app = createApp({ db, log });
    const res = await app.request('/api/clients?year=2026&secret=dans-la-requete', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=jeton-secret', 'x-request-id': 'abc-123' },
      body: JSON.stringify({ name: 'Nom confidentiel' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    expect(out).toEqual([
      expect.stringMatching(/^1970-01-01T00:00:00\.000Z INFO POST \/api\/clients 201 \d+ ms abc-123$/),
    ]);
    expect(out.join('\n')).not.toMatch(/Nom confidentiel|jeton-secret|dans-la-requete/);
  });

  it('gives each request an id of its own when none came with it', async () => {
    const { log, out } = capture('info');
    const app = createApp({ db, log });
    const ids = await Promise.all(
      [1, 2].map(async () => (await app.request('/api/health')).headers.get('x-request-id')),
    );
    expect(new Set(ids).size).toBe(2);
    expect(out.map((l) => l.split(' ').at(-1))).toEqual(expect.arrayContaining(ids));
  });

  it.each([
    ['error', 0],
    ['warn', 0],
    ['info', 1],
    ['debug', 1],
  ] as const)('LOG_LEVEL=%s writes %i request line', async (level, lines) => {
    const { log, out } = capture(level);
    await createApp({ db, log }).request('/api/health');
    expect(out).toHaveLength(lines);
  });

  it('writes an error with its stack on the server, and answers the client without it', async () => {
    const { log, err } = capture('error');
    log.error('Sauvegarde quotidienne impossible :', new Error('disque plein'));
    expect(err[0]).toMatch(
      /^1970-01-01T00:00:00\.000Z ERROR Sauvegarde quotidienne impossible :\nError: disque plein\n\s+at /,
    );

    const broken = await createTestDb();
    await broken.close();
    const logged = vi.mocked(console.error).mockImplementationOnce(() => undefined);
    const res = await createApp({ db: broken, log }).request('/api/clients', {
      headers: { 'x-request-id': 'req-500' },
    });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toBe('{"error":{"code":"internal","message":"Erreur interne du serveur. Réessayez plus tard."}}');
    // The failure goes to the server's log with the request id of its request-log line (a failed
    // statement by its SQL and code, never its values: lib/errors.ts).
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/^GET \/api\/clients failed \(req-500\): erreur SQL /));
  });
});
