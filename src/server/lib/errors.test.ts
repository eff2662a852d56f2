/**
 * What a failed statement leaves in the log (issue 19, item 7): its SQLSTATE and its SQL as
 * written in the code, never the values it carried (a client's name quoted in the message).
 */
import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createTestDb, TEST_DB } from '../test/test-db';
import { describeFailure, handleError, isDbUnreachable } from './errors';

describe(`the log of a failed statement on ${TEST_DB}`, () => {
  it('names the code and the statement, not the values', async () => {
    const db = await createTestDb();
    const app = new Hono()
      .get('/x', async (c) => c.json(await db.query('select $1::int as n', ['Client Secret Dupont'])))
      .onError(handleError);
    const logged: string[] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    const res = await app.request('/x');
    expect(res.status).toBe(500);
    expect(logged).toEqual(['GET /x failed (-): erreur SQL 22P02 sur « select $1::int as n »']);
    await db.close();
  });

  it('keeps the statement of a failed transaction, and a connection failure is told apart', async () => {
    const db = await createTestDb();
    const failure = await db
      .transaction((tx) => tx.query('insert into clients (id, name) values ($1, $2)', ['pas-un-uuid', 'Dupont']))
      .catch((e: unknown) => e);
    expect(describeFailure(failure)).toBe('erreur SQL 22P02 sur « insert into clients (id, name) values ($1, $2) »');
    expect(isDbUnreachable(failure)).toBe(false);
    expect(isDbUnreachable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDbUnreachable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
    expect(isDbUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    await db.close();
  });
});
