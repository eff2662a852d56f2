/**
 * Counts failed password and code checks in a sliding window, in memory: one server process per
 * DATA_DIR (several servers on one PostgreSQL each count their own), and a restart resetting the
 * counters is acceptable. The limits and their trade-off: ADR 029.
 */
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

/** Keys kept before old ones are swept, so a flood of random emails cannot grow memory without bound. */
const MAX_KEYS = 10_000;

export function createFailureCounter({ max, windowMs }: RateLimitRule, now: () => number = Date.now) {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = now() - windowMs;
    const kept = (failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  return {
    /** Seconds until an attempt is allowed again, or 0 when it is allowed now. */
    retryAfter(key: string): number {
      const kept = recent(key);
      if (kept.length < max) return 0;
      return Math.max(1, Math.ceil((kept[kept.length - max]! + windowMs - now()) / 1000));
    },
    /** Like retryAfter, but past `max` a growing pause after the last failure instead of the window's end. */
    backoff(key: string): number {
      const kept = recent(key);
      if (kept.length < max) return 0;
      const pause = Math.min(2 ** (kept.length - max + 1), BACKOFF_MAX_SECONDS) * 1000;
      const wait = kept.at(-1)! + pause - now();
      return wait > 0 ? Math.ceil(wait / 1000) : 0;
    },
    fail(key: string) {
      if (failures.size >= MAX_KEYS) for (const k of [...failures.keys()]) recent(k);
      failures.set(key, [...recent(key), now()]);
    },
    reset(key: string) {
      failures.delete(key);
    },
  };
}

/** Remembered keys that expire (addresses an account signed in from; TOTP codes already used). */
export function createExpiringSet(ttlMs: number, now: () => number = Date.now) {
  const until = new Map<string, number>();
  return {
    has(key: string): boolean {
      const t = until.get(key);
      if (t === undefined) return false;
      if (t > now()) return true;
      until.delete(key);
      return false;
    },
    add(key: string) {
      if (until.size >= MAX_KEYS) for (const [k, t] of until) if (t <= now()) until.delete(k);
      // Still full of live keys: the oldest goes (a Map iterates in insertion order).
      if (until.size >= MAX_KEYS) until.delete(until.keys().next().value!);
      until.set(key, now() + ttlMs);
    },
  };
}
