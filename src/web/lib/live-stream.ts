/**
 * The tab's one live stream (docs/product.md#live-browser): an EventSource on
 * `GET /api/events?year=` for the exercice on screen, reopened when the year changes. Framework-free
 * (the EventSource is injected) so its reconnection rules are tested without a browser.
 *
 * - The browser's EventSource reconnects by itself after a dropped connection and resumes with the
 *   `Last-Event-ID` header; it gives up for good on an answer that is not a stream (a 401, a 503 of
 *   a restarting server): then this reopens it, with growing pauses, resuming with `?lastEventId=`.
 * - A stream reopened on a year it showed before resumes from the last event it had of that year,
 *   so what changed meanwhile is replayed (or the server answers `resync`).
 * - A reconnection with nothing to resume from (no event received yet) may have missed changes:
 *   it counts as a resync, every figure on screen reloads.
 * - After a reconnection an entry may come twice (the server resumes from a point before every entry
 *   that might still commit): an entry already passed on is dropped, so an older value never comes back.
 * - The status says whether changes of others arrive: 'online', 'reconnecting', 'offline' (the
 *   browser has no network).
 */
import { readChange, readPresence, type LiveChange, type LivePresence } from './live-events';

export type LiveStatus = 'connecting' | 'online' | 'reconnecting' | 'offline';

/** The part of the browser's EventSource this uses. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export type LiveHandlers = {
  onChange: (change: LiveChange) => void;
  /** Missed too much (or could not know): reload everything of the year. */
  onResync: (year: number) => void;
  onPresence: (presence: LivePresence) => void;
  onStatus: (status: LiveStatus) => void;
  /** The comments of a client-year changed (docs/product.md#comments): refetch them. */
  onComments?: (place: LivePresence) => void;
  /** The user's notifications changed (docs/product.md#notifications): refetch them. */
  onNotification?: () => void;
};

export type LiveStreamOptions = LiveHandlers & {
  tabId: string;
  createEventSource: (url: string) => EventSourceLike;
  /** True while the browser has a network (navigator.onLine). */
  isOnline?: () => boolean;
  /** Pauses before reopening a stream the browser gave up on, in ms; the last one repeats. */
  retryDelaysMs?: readonly number[];
};

const CLOSED = 2;

/** The stream's address: the year, and where to resume from when known. */
export function streamUrl(year: number, lastEventId: number | null): string {
  return `/api/events?year=${year}${lastEventId === null ? '' : `&lastEventId=${lastEventId}`}`;
}

export function createLiveStream({
  tabId,
  createEventSource,
  onChange,
  onResync,
  onPresence,
  onStatus,
  onComments,
  onNotification,
  isOnline = () => true,
  retryDelaysMs = [1000, 2000, 5000, 10_000],
}: LiveStreamOptions) {
  let year: number | null = null;
  let source: EventSourceLike | null = null;
  /** The last event id received per year: where a reopened stream of that year resumes. */
  const lastIds = new Map<number, number>();
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The connection dropped before any event: a reconnection cannot resume, it resyncs. */
  let mustResync = false;
  let status: LiveStatus = 'connecting';
  /** The history ids already passed on (the latest ones: a resumed stream repeats only a few). */
  const seen = new Set<number>();

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    onStatus(next);
  };

  function noteId(event: MessageEvent<string>, forYear: number) {
    const id = Number(event.lastEventId);
    if (event.lastEventId !== '' && Number.isSafeInteger(id)) lastIds.set(forYear, id);
  }

  function connect(forYear: number) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    const es = createEventSource(streamUrl(forYear, lastIds.get(forYear) ?? null));
    source = es;
    es.onopen = () => {
      if (source !== es) return;
      failures = 0;
      setStatus('online');
      if (mustResync) {
        mustResync = false;
        onResync(forYear);
      }
    };
    es.onerror = () => {
      if (source !== es) return;
      if (!lastIds.has(forYear)) mustResync = true;
      setStatus(isOnline() ? 'reconnecting' : 'offline');
      if (es.readyState !== CLOSED) return; // the browser retries by itself
      es.close();
      const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 5000;
      failures += 1;
      retryTimer = setTimeout(() => {
        if (source === es) connect(forYear);
      }, delay);
    };
    es.addEventListener('change', (event) => {
      if (source !== es) return;
      noteId(event, forYear);
      const change = readChange(event.data, tabId);
      if (!change || change.year !== forYear || seen.has(change.historyId)) return;
      seen.add(change.historyId);
      if (seen.size > 2000) seen.delete(seen.values().next().value!);
      onChange(change);
    });
    es.addEventListener('resync', (event) => {
      if (source !== es) return;
      noteId(event, forYear);
      onResync(forYear);
    });
    es.addEventListener('presence', (event) => {
      if (source !== es) return;
      const presence = readPresence(event.data);
      if (presence && presence.year === forYear) onPresence(presence);
    });
    es.addEventListener('comments', (event) => {
      if (source !== es) return;
      // The same shape as presence: a client and a year.
      const place = readPresence(event.data);
      if (place && place.year === forYear) onComments?.(place);
    });
    es.addEventListener('notification', () => {
      if (source === es) onNotification?.();
    });
  }

  function close() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    source?.close();
    source = null;
  }

  return {
    /** Shows `forYear`'s changes from now on (a no-op when already on it). */
    open(forYear: number) {
      if (forYear === year && source) return;
      close();
      year = forYear;
      mustResync = false;
      setStatus('connecting');
      connect(forYear);
    },
    /**
     * The browser lost its network (its `offline` event): a connection may linger without an error
     * for minutes, so it is closed now and the status says so; `retryNow` resumes it.
     */
    goOffline() {
      if (year === null) return;
      if (!lastIds.has(year)) mustResync = true;
      close();
      setStatus('offline');
    },
    /** Back online (the browser's `online` event): reconnect now rather than at the next pause. */
    retryNow() {
      if (year === null || status === 'online') return;
      const forYear = year;
      close();
      connect(forYear);
    },
    /** Stops for good (the page leaves, the user signs out). */
    close() {
      close();
      year = null;
    },
    status: () => status,
  };
}

export type LiveStream = ReturnType<typeof createLiveStream>;
