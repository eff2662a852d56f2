/** The security baseline in the default no-login mode (accounts mode: auth/auth.test.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, TEST_DB, UNKNOWN_ID } from '../test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

let posted = 0;
const post = (url: string, headers: Record<string, string> = {}) =>
  t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    // A name of its own each time: two clients cannot share a name (issue 13).
    body: JSON.stringify({ name: `Piège ${(posted += 1)}` }),
  });

describe(`security baseline without accounts on ${TEST_DB}`, () => {
  it('sends the security headers, with a CSP that forbids framing and foreign scripts', async () => {
    const res = await t.app.request('/api/health');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('answers every API request with Cache-Control: no-store (private figures, shared computers)', async () => {
    for (const path of [
      '/api/clients',
      '/api/backup',
      '/api/budget?year=2026',
      `/api/clients/${UNKNOWN_ID}/budget?year=2026`,
      '/api/dashboard?year=2026',
      '/api/history',
      '/api/session',
      '/api/access',
      '/api/openapi.json',
      '/api/docs',
      '/api/health',
      '/api/inconnue',
      '/api/history?limit=0x5',
    ]) {
      const res = await t.app.request(path);
      expect({ path, cache: res.headers.get('cache-control') }).toEqual({ path, cache: 'no-store' });
    }
  });

  it('needs no sign-in, and says so', async () => {
    expect((await t.request('GET', '/api/clients')).status).toBe(200);
    expect((await t.request('GET', '/api/session')).json).toEqual({ mode: 'local' });
    expect((await t.request('POST', '/api/auth/sign-in/email', { email: 'a@b.fr', password: 'x' })).status).toBe(404);
  });

  it('refuses cross-site mutations and accepts same-origin ones and scripts', async () => {
    expect((await post('/api/clients', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post('/api/clients', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await t.request('GET', '/api/clients')).json).toEqual([]);
    expect((await post('/api/clients', { origin: 'http://localhost' })).status).toBe(201);
    expect((await post('/api/clients', { 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    expect((await post('/api/clients')).status).toBe(201);
  });

  it('answers only to loopback host names (DNS rebinding)', async () => {
    const res = await t.app.request('http://evil.example:3000/api/clients');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    expect((await t.app.request('http://127.0.0.1:3000/api/clients')).status).toBe(200);
    expect((await t.app.request('http://[::1]:3000/api/clients')).status).toBe(200);
  });

  it('answers a fault with a generic message, never a stack trace', async () => {
    const broken = await createTestApp();
    await broken.db.close();
    const app = createApp({ db: broken.db });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const res = await app.request('/api/clients');
      expect(res.status).toBe(500);
      expect(await res.text()).toBe(
        JSON.stringify({ error: { code: 'internal', message: 'Erreur interne du serveur. Réessayez plus tard.' } }),
      );
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});
