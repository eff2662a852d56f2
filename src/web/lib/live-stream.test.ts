import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from './live-events';
import { createLiveStream, type EventSourceLike, type LiveStatus } from './live-stream';

/** A scripted EventSource: the test opens it, sends events, drops it. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  emit(type: string, data: unknown, id = '') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    this.listeners.get(type)?.forEach((l) => l(event));
  }
  /** The connection dropped: the browser retries (CONNECTING) or gives up (CLOSED). */
  drop(givesUp: boolean) {
    this.readyState = givesUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

function setup(online = () => true) {
  const sources: FakeSource[] = [];
  const changes: LiveChange[] = [];
  const resyncs: number[] = [];
  const statuses: LiveStatus[] = [];
  const stream = createLiveStream({
    tabId: 'tab-a',
    createEventSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    onChange: (c) => changes.push(c),
    onResync: (y) => resyncs.push(y),
    onPresence: () => {},
    onStatus: (s) => statuses.push(s),
    isOnline: online,
    retryDelaysMs: [1000, 5000],
  });
  return { stream, sources, changes, resyncs, statuses, last: () => sources.at(-1)! };
}

const change = (historyId: number, origin: string | null = 'tab-b', year = 2026) => ({
  historyId,
  clientId: 'c1',
  year,
  source: 'saisie',
  byName: 'Camille Martin',
  origin,
  cells: [{ lineId: 'l1', month: 0, field: 'reel', value: 10 }],
});

describe('live stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("passes others' changes on, drops its own echo", () => {
    const t = setup();
    t.stream.open(2026);
    t.last().open();
    t.last().emit('change', change(1), '1');
    t.last().emit('change', change(2, 'tab-a'), '2');
    expect(t.sources[0]!.url).toBe('/api/events?year=2026');
    expect(t.changes.map((c) => c.historyId)).toEqual([1]);
    expect(t.statuses).toEqual(['online']);
  });

  it('reopens on a year change, and back on a year resumes from its last event', () => {
    const t = setup();
    t.stream.open(2026);
    t.last().open();
    t.last().emit('change', change(7), '7');
    t.stream.open(2027);
    expect(t.sources[0]!.closed).toBe(true);
    expect(t.last().url).toBe('/api/events?year=2027');
    t.stream.open(2026);
    expect(t.last().url).toBe('/api/events?year=2026&lastEventId=7');
    t.stream.open(2026);
    expect(t.sources).toHaveLength(3); // already on it
  });

  it('reopens a stream the browser gave up on, after a pause, resuming from the last event', async () => {
    const t = setup();
    t.stream.open(2026);
    t.last().open();
    t.last().emit('change', change(9), '9');
    t.last().drop(true);
    expect(t.statuses.at(-1)).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(999);
    expect(t.sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.last().url).toBe('/api/events?year=2026&lastEventId=9');
    t.last().open();
    expect(t.statuses.at(-1)).toBe('online');
    expect(t.resyncs).toEqual([]); // it resumes: nothing to reload
  });

  it('a reconnection with nothing to resume from reloads everything, once', () => {
    const t = setup();
    t.stream.open(2026);
    t.last().open();
    t.last().drop(false); // the browser retries by itself
    t.last().open();
    expect(t.resyncs).toEqual([2026]);
    t.last().emit('change', change(3), '3');
    t.last().drop(false);
    t.last().open();
    expect(t.resyncs).toEqual([2026]);
  });

  it("says 'offline' without network, and back online reconnects at once", () => {
    let online = false;
    const t = setup(() => online);
    t.stream.open(2026);
    t.last().open();
    t.last().emit('change', change(4), '4');
    t.last().drop(false);
    expect(t.statuses.at(-1)).toBe('offline');
    online = true;
    t.stream.retryNow();
    expect(t.sources[0]!.closed).toBe(true);
    expect(t.last().url).toBe('/api/events?year=2026&lastEventId=4');
  });

  it('drops an entry that comes twice (a resumed stream repeats a few)', () => {
    const t = setup();
    t.stream.open(2026);
    t.last().open();
    t.last().emit('change', change(5), '5');
    t.last().emit('change', change(6), '6');
    t.last().drop(false);
    t.last().open();
    t.last().emit('change', change(5), '6');
    t.last().emit('change', change(7), '7');
    expect(t.changes.map((c) => c.historyId)).toEqual([5, 6, 7]);
  });

  it('the browser going offline closes the stream at once; back online it resumes', () => {
    const t = setup();
    t.stream.open(2026);
    t.last().open();
    t.last().emit('change', change(8), '8');
    t.stream.goOffline();
    expect(t.sources[0]!.closed).toBe(true);
    expect(t.statuses.at(-1)).toBe('offline');
    t.stream.retryNow();
    expect(t.last().url).toBe('/api/events?year=2026&lastEventId=8');
    t.last().open();
    expect(t.statuses.at(-1)).toBe('online');
    expect(t.resyncs).toEqual([]);
  });

  it('a resync event reloads the year', () => {
    const t = setup();
    t.stream.open(2026);
    t.last().open();
    t.last().emit('resync', {}, '40');
    expect(t.resyncs).toEqual([2026]);
  });
});

describe('comments and notifications (docs/product.md#comments)', () => {
  it('passes on the comments of the year on screen, and every notification', () => {
    const comments: { clientId: string; year: number }[] = [];
    let notifications = 0;
    let source: FakeSource | undefined;
    const stream = createLiveStream({
      tabId: 'tab-a',
      createEventSource: (url) => (source = new FakeSource(url)),
      onChange: () => {},
      onResync: () => {},
      onPresence: () => {},
      onStatus: () => {},
      onComments: (place) => comments.push(place),
      onNotification: () => (notifications += 1),
    });
    stream.open(2027);
    source!.open();
    source!.emit('comments', { clientId: 'c1', year: 2027 });
    source!.emit('comments', { clientId: 'c1', year: 2026 });
    source!.emit('comments', { nonsense: true });
    source!.emit('notification', {});
    expect(comments).toEqual([{ clientId: 'c1', year: 2027 }]);
    expect(notifications).toBe(1);
    stream.close();
  });
});
