/**
 * The agency's fiscal year in a request (docs/product.md#fiscal-years, ADR 056, ADR 060): read from
 * the database at most once per request, and only by the code that needs it — the default
 * `?year=` of a request without one, and the month named by a 409 `period_locked`. A request that
 * needs neither reads nothing.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { CALENDAR_YEAR, fiscalYearOf, type FiscalSettings } from '@/domain/fiscal-year';

declare module 'hono' {
  interface ContextVariableMap {
    fiscal: () => Promise<FiscalSettings>;
  }
}

/** Gives each request a memoized reader of the setting (`read`: one primary-key read). */
export function fiscalContext(read: () => Promise<FiscalSettings>): MiddlewareHandler {
  return async (c, next) => {
    let settings: Promise<FiscalSettings> | undefined;
    c.set('fiscal', () => (settings ??= read()));
    await next();
  };
}

/** The setting of this request; the calendar year outside the API (no middleware). */
export const fiscalOf = (c: Context): Promise<FiscalSettings> =>
  (c.get('fiscal') as (() => Promise<FiscalSettings>) | undefined)?.() ?? Promise.resolve(CALENDAR_YEAR);

/** The year of a request without `?year=`: the fiscal year holding today, named by the setting. */
export const defaultYearOf = async (c: Context): Promise<number> => fiscalYearOf(await fiscalOf(c), new Date());
