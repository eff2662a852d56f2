/**
 * The browser tab a write comes from (docs/product.md#live-updates): its `X-Tab-Id` header, kept
 * for the length of the request so the history entry the request writes records it (the entry's
 * `origin`, sent back with its event so the tab can drop its own echo), and whether the request
 * wrote an entry at all, so the live-updates hub is woken once the request's transaction has
 * committed — never from inside a transaction that may still roll back.
 *
 * A request-scoped store rather than one more parameter: every route that writes history passes
 * through `insertEntry` or `writeCells`, and those two read it; no route has to thread it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { TAB_ID_HEADER } from '@/domain/live';
import { actorOf } from './actor';

/** What a tab id may be; anything else is ignored (the entry then has no origin). */
const TAB_ID = /^[A-Za-z0-9-]{1,64}$/;

export const tabIdOf = (value: string | null | undefined): string | null =>
  value !== null && value !== undefined && TAB_ID.test(value) ? value : null;

/**
 * What a request's history entries touched: per year (null: every year, a restore), the clients
 * (null: every client of the year). Alerts are evaluated for these once committed (ADR 053).
 */
export type Touched = Map<number | null, Set<string> | null>;

interface RequestWrites {
  origin: string | null;
  /** A history entry was written (perhaps rolled back since: a wake-up then finds nothing). */
  wrote: boolean;
  touched: Touched;
}

const store = new AsyncLocalStorage<RequestWrites>();

/** The tab id of the request being served, or null (none, malformed, or outside a request). */
export const currentOrigin = (): string | null => store.getStore()?.origin ?? null;

/** Called where a history entry is inserted: the clients (null: all) and year (null: all) it is about. */
export function markWrote(clientIds: readonly string[] | null, year: number | null): void {
  const writes = store.getStore();
  if (!writes) return;
  writes.wrote = true;
  addTouched(writes.touched, clientIds, year);
}

/** Adds clients of a year to `touched` (null widens to every client, or every year). */
export function addTouched(touched: Touched, clientIds: readonly string[] | null, year: number | null): void {
  const known = touched.get(year);
  if (clientIds === null) touched.set(year, null);
  else if (known === undefined) touched.set(year, new Set(clientIds));
  else if (known !== null) for (const id of clientIds) known.add(id);
}

/**
 * Runs the request with its tab id at hand; once it is answered, `afterWrite` with what it touched
 * if it wrote history — awaited, so the answer leaves with the alerts up to date.
 */
export function originMiddleware(
  afterWrite: (touched: Touched) => Promise<void> | void,
  /**
   * B7 (docs/product.md#live-updates): whether another person's tab holds this id. A write naming
   * someone else's tab (read from presence) would be dropped by that tab as its own echo; its
   * origin is ignored instead. Asked for writes only.
   */
  isOthersTab?: (tab: string, actor: string) => Promise<boolean>,
): MiddlewareHandler {
  return async (c, next) => {
    let origin = tabIdOf(c.req.header(TAB_ID_HEADER));
    if (origin !== null && isOthersTab && c.req.method !== 'GET' && (await isOthersTab(origin, actorOf(c))))
      origin = null;
    const writes: RequestWrites = { origin, wrote: false, touched: new Map() };
    await store.run(writes, next);
    // The handler awaited its transaction: committed (or rolled back) by now.
    if (writes.wrote) await afterWrite(writes.touched);
  };
}
