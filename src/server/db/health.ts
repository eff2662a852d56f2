/**
 * GET /api/health: whether the server can reach its database right now. A monitor or a load
 * balancer reads it; "ok" while every data route fails would hide an outage (issue 19).
 */
import type { HealthAnswer } from '@/domain/answers';
import type { Context } from 'hono';
import { errorCode, type Db } from './client';

/** Longest wait for the database's answer before health says it is unreachable. */
const HEALTH_TIMEOUT_MS = 2_000;

/** Answers 200 `{status:'ok'}`, or 503 with a French message when `select 1` fails or hangs. */
export function healthRoute(db: Db) {
  return async (c: Context) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([db.query('select 1'), timeout]);
      return c.json({ status: 'ok' } satisfies HealthAnswer);
    } catch (err) {
      c.header('Retry-After', '5');
      return c.json(
        {
          status: 'unavailable' as const,
          database: 'unreachable' as const,
          message: `La base de données est injoignable (${errorCode(err)}).`,
        } satisfies HealthAnswer,
        503,
      );
    } finally {
      clearTimeout(timer);
    }
  };
}
