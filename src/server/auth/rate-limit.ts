/**
 * Counts failed password and code checks in a sliding window, in the database: every server
 * instance on one database shares the counts (ADR 051; the limits and their trade-off: ADR 029).
 */
import type { Queryable } from '../db/client';

export interface RateLimitRule {
  /** Failures allowed inside the window; the next attempt is refused. */
  max: number;
  windowMs: number;
}

export const SIGN_IN_LIMITS = {
  /** One account from one address: the user's own typos, or one attacker on one account. */
  perAccountAndIp: { max: 5, windowMs: 15 * 60_000 },
  /** One address across accounts: one attacker trying many accounts. */
  perIp: { max: 20, windowMs: 15 * 60_000 },
  /**
   * One account from every address (an attacker with many addresses): past `max` failures, a
   * back-off instead of a lockout — each further check waits 2, 4, 8… s after the last failure,
   * at most BACKOFF_MAX_SECONDS — and never for an address this account signed in from before.
   */
  perAccount: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export const BACKOFF_MAX_SECONDS = 60;

/** Which count a failure belongs to (the rule's row key in auth_failures). */
export type LimitName = keyof typeof SIGN_IN_LIMITS;

/**
 * Seconds until an attempt is allowed again (0: now) after the failures at `times` (ms, oldest
 * first, inside the window), at `now`: past `max`, until the max-th latest leaves the window.
 */
export function retryAfterOf(times: readonly number[], now: number, { max, windowMs }: RateLimitRule): number {
  if (times.length < max) return 0;
  return Math.max(1, Math.ceil((times[times.length - max]! + windowMs - now) / 1000));
}

/** Like retryAfterOf, but past `max` a pause after the last failure growing 2, 4, 8… s, at most BACKOFF_MAX_SECONDS. */
export function backoffOf(times: readonly number[], now: number, { max }: RateLimitRule): number {
  if (times.length < max) return 0;
  const pause = Math.min(2 ** (times.length - max + 1), BACKOFF_MAX_SECONDS) * 1000;
  const wait = times.at(-1)! + pause - now;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/**
 * A sliding-window failure counter kept in the database (auth_failures, migration 0016): every
 * server instance on one database counts the same failures, so N instances give the limits of
 * one (ADR 051). Times are the database's clock, the same for every instance.
 */
export function createFailureCounter(db: Queryable, name: LimitName) {
  const rule = SIGN_IN_LIMITS[name];
  const windowSeconds = rule.windowMs / 1000;
  async function recent(key: string): Promise<{ times: number[]; now: number }> {
    const { rows } = await db.query<{ times: (number | string)[] | null; now: number | string }>(
      `select array(select (extract(epoch from at) * 1000)::float8 from auth_failures
                     where rule = $1 and key = $2 and at > clock_timestamp() - make_interval(secs => $3)
                     order by at) as times,
              (extract(epoch from clock_timestamp()) * 1000)::float8 as now`,
      [name, key, windowSeconds],
    );
    return { times: (rows[0]!.times ?? []).map(Number), now: Number(rows[0]!.now) };
  }
  return {
    /** Seconds until an attempt is allowed again, or 0 when it is allowed now. */
    async retryAfter(key: string): Promise<number> {
      const { times, now } = await recent(key);
      return retryAfterOf(times, now, rule);
    },
    /** Like retryAfter, but past `max` a growing pause after the last failure instead of the window's end. */
    async backoff(key: string): Promise<number> {
      const { times, now } = await recent(key);
      return backoffOf(times, now, rule);
    },
    /** Counts a failure; failures out of the window go (the table stays the size of 15 minutes of failures). */
    async fail(key: string): Promise<void> {
      await db.query(
        `delete from auth_failures where rule = $1 and at <= clock_timestamp() - make_interval(secs => $2)`,
        [name, windowSeconds],
      );
      await db.query(`insert into auth_failures (rule, key) values ($1, $2)`, [name, key]);
    },
    async reset(key: string): Promise<void> {
      await db.query(`delete from auth_failures where rule = $1 and key = $2`, [name, key]);
    },
  };
}

/** Remembered keys that expire, in the database (auth_known_addresses): an account's own addresses. */
export function createExpiringSet(db: Queryable, ttlMs: number) {
  return {
    async has(key: string): Promise<boolean> {
      const { rows } = await db.query(
        `select 1 from auth_known_addresses where key = $1 and until > clock_timestamp()`,
        [key],
      );
      return rows.length > 0;
    },
    async add(key: string): Promise<void> {
      await db.query(`delete from auth_known_addresses where until <= clock_timestamp()`);
      await db.query(
        `insert into auth_known_addresses (key, until) values ($1, clock_timestamp() + make_interval(secs => $2))
         on conflict (key) do update set until = excluded.until`,
        [key, ttlMs / 1000],
      );
    },
  };
}
