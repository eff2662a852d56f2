/**
 * Counts failed sign-in attempts in a sliding window, per client IP and per account (email), in
 * memory: one server process per DATA_DIR, and a restart resetting the counters is acceptable.
 */
export interface RateLimitRule {
  /** Failures allowed inside the window; the next attempt is refused. */
  max: number;
  windowMs: number;
}

export const SIGN_IN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * 60_000 },
  perIp: { max: 20, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

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
    fail(key: string) {
      if (failures.size >= MAX_KEYS) for (const k of [...failures.keys()]) recent(k);
      failures.set(key, [...recent(key), now()]);
    },
    reset(key: string) {
      failures.delete(key);
    },
  };
}
