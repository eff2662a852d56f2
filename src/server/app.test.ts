import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB } from './test/test-db';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.db.close());

describe(`app on ${TEST_DB}`, () => {
  it('answers health', async () => {
    const res = await t.request<{ status: string }>('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok' });
  });

  it('runs on the database the project asked for', async () => {
    expect(t.db.kind).toBe(TEST_DB);
    const { rows } = await t.db.query<{ v: string }>("select current_setting('server_version') as v");
    expect(rows[0]!.v).toMatch(TEST_DB === 'postgres' ? /^15\./ : /^\d+/);
  });

  it('answers unknown API routes with the JSON error shape', async () => {
    const res = await t.request('GET', '/api/nope');
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
    expect((await t.request('DELETE', '/api/clients')).status).toBe(404);
  });

  it('refuses a body without the JSON content type', async () => {
    const res = await t.app.request('/api/clients', {
      method: 'POST',
      body: '{"name":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('JSON');
  });
});
