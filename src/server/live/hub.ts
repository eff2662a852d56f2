/**
 * The live-updates hub of one server instance (docs/product.md#live-updates, ADR 034). The history
 * entries are the change record; PostgreSQL is the only thing the instances share:
 *
 * - a write, once its request's transaction has committed, wakes the hub: on PostgreSQL with a
 *   `NOTIFY` sent after the commit (outside the transaction, so a pending notification never holds
 *   the global commit lock while the write holds its row locks), which every instance's one
 *   dedicated `LISTEN` connection receives; on PGlite directly, in process;
 * - woken (or every POLL_MS, for a wake-up lost while the LISTEN connection was down), the hub reads
 *   the entries it has not seen — once per instance, whatever the number of streams — and hands
 *   each stream those of its year and scope.
 *
 * The payload of a notification is an id at most, never data: readers read the tables.
 *
 * On PostgreSQL entry ids are taken before commit, so an entry may become visible after a later
 * one: an id skipped by a read is kept as a hole and read again until it shows up, or until every
 * transaction that could still hold it has ended (it was rolled back). The SSE id sent is the
 * resume point below which nothing can still arrive, so a resume never misses an entry (it may
 * repeat one: the browser ignores a historyId it has applied).
 */
import type { PoolConfig } from 'pg';
import pg from 'pg';
import type { ChangeEvent, ChangeEventCell, CommentsEvent, PresenceEvent } from '@/domain/live';
import { MAX_EVENT_CELLS, initialsOf } from '@/domain/live';
import type { Db } from '@/server/db/client';
import { describeFailure } from '@/server/lib/errors';
import type { Logger } from '@/server/lib/log';
import { inScope, type Access } from '@/server/policy/policy';
import {
  entriesCells,
  lastEntryId,
  readEntriesAfter,
  readPresence,
  readYearEntriesAfter,
  sweepPresence,
  type EntryRow,
} from './events.repo';

/**
 * The one notification channel; payloads: `e` (entries committed), `p:<clientId>:<year>` (presence),
 * `c:<clientId>:<year>` (comments) or `n:<actor>` (an actor's notifications).
 */
export const CHANNEL = 'budget_marges_live';

export interface LiveOptions {
  /** Comment line `: ping` and session re-check, every… (default 20 s). */
  heartbeatMs?: number;
  /** A presence not renewed for this long has ended (default 75 s). */
  presenceTtlMs?: number;
  /** Read the record even without a wake-up, every… (default 2 s on PostgreSQL, 10 s on PGlite). */
  pollMs?: number;
  /** Bytes a stream may have waiting for a slow reader before they are dropped for a resync (default 1 MB). */
  maxQueuedBytes?: number;
  /**
   * A reader whose pending write has waited this long is dropped, at a heartbeat (default three
   * heartbeats). Tests that want frequent pings set it apart: a test reading its stream in memory
   * takes each write only when it next reads, and a busy machine may leave it unread that long.
   */
  stallMs?: number;
  log?: Logger;
}

/** Entries read at once; more are read in the next round. */
const READ_BATCH = 500;
/** Entries a resume replays at most; further back → resync. */
export const MAX_REPLAY = 1000;
/**
 * Cells a resume replays at most (those its change events carry); more → resync, decided from the
 * entries' counts before any cell is read (issue 34, B4: a resume from 0 read up to 500,000).
 */
export const MAX_REPLAY_CELLS = 5000;
/** Resumes of one session replaying at once; another one meanwhile gets a resync without a read. */
export const MAX_SESSION_REPLAYS = 2;
/** Holes kept at most (rolled-back ids); beyond, the oldest are given up. */
const MAX_HOLES = 1000;
/** A hole is given up only this long after it was seen, at the earliest (an id is taken a moment before its transaction has an xid). */
const HOLE_MIN_MS = 1000;
/** …and at the latest (a transaction open this long is not a save). */
const HOLE_MAX_MS = 60_000;
/** A reader that has not taken a write for this many heartbeats is dropped (it reconnects with its Last-Event-ID). */
const STALL_HEARTBEATS = 3;

/** What a stream is allowed: its year, its scope, and how to re-check them at each heartbeat. */
export interface StreamSpec {
  year: number;
  access: Access;
  /** Re-reads the session and the scope: null when the session has ended. Absent: local mode. */
  recheck?: () => Promise<Access | null>;
  /** Resume after this history id (valid Last-Event-ID), or undefined: from now. */
  resumeFrom?: number;
  /** Whose stream (the actor): its resumes replaying at once are limited (MAX_SESSION_REPLAYS). */
  session?: string;
}

/** What a stream writes to: the SSE response. */
export interface StreamSink {
  write(text: string): Promise<unknown>;
  /** Ends the response gracefully. */
  close(): Promise<unknown> | void;
  /** Cuts the connection (a reader that does not read at shutdown). */
  destroy(): void;
  onAbort(listener: () => void): void;
}

const sse = (fields: { id?: number; event?: string; data?: string }) =>
  (fields.id !== undefined ? `id: ${fields.id}\n` : '') +
  (fields.event ? `event: ${fields.event}\n` : '') +
  (fields.data !== undefined ? `data: ${fields.data}\n` : '') +
  '\n';

const resyncMessage = (id?: number) => sse({ id, event: 'resync', data: '{}' });

/** One open stream: a bounded queue of messages and the loop that writes them. */
class Subscriber {
  private queue: string[] = [];
  private bytes = 0;
  /** Messages were dropped: the reader must refetch. */
  private overflowed = false;
  private wakeUp: (() => void) | null = null;
  private heartbeatDue = false;
  /** While a resume replays: live messages held, with their entry ids. */
  private held: { entryId: number; text: string }[] | null = null;
  /** Its resume point when it opened: entries up to it came before the stream (or in its replay). */
  from = 0;
  /** When the write in progress started; null when none. */
  writingSince: number | null = null;
  ended = false;
  private sinkClosed = false;
  /** Resolves once the stream's loop has returned and its response is closing. */
  done: Promise<void> = Promise.resolve();

  constructor(
    readonly spec: StreamSpec,
    private access: Access,
    private readonly sink: StreamSink,
    private readonly maxBytes: number,
  ) {}

  sees(clientId: string): boolean {
    return inScope(this.access, clientId);
  }

  /** Queues a message (of entry `entryId` when it is one), or drops the queue past its bound. */
  push(text: string, entryId?: number): void {
    if (this.ended) return;
    if (this.held && entryId !== undefined) {
      this.held.push({ entryId, text });
      return;
    }
    if (this.overflowed) return;
    if (this.bytes + text.length > this.maxBytes) {
      // A reader that does not keep up: what it missed is replaced by one resync.
      this.queue = [];
      this.bytes = 0;
      this.overflowed = true;
    } else {
      this.queue.push(text);
      this.bytes += text.length;
    }
    this.wake();
  }

  /** Messages and bytes waiting (tests: a stalled reader stays bounded). */
  queued(): { messages: number; bytes: number; overflowed: boolean } {
    return { messages: this.queue.length, bytes: this.bytes, overflowed: this.overflowed };
  }

  holdLive(): void {
    this.held = [];
  }

  /** After a replay: the live messages held, but those of entries the replay sent. */
  releaseLive(replayed: ReadonlySet<number>): void {
    const held = this.held ?? [];
    this.held = null;
    for (const m of held) if (!replayed.has(m.entryId)) this.push(m.text);
  }

  /** A heartbeat; true when it cut the stream (a reader that has not read for `stallMs`). */
  heartbeat(now: number, stallMs: number): boolean {
    if (this.writingSince !== null && now - this.writingSince > stallMs) {
      this.end(true);
      return true;
    }
    this.heartbeatDue = true;
    this.wake();
    return false;
  }

  private wake(): void {
    const wake = this.wakeUp;
    this.wakeUp = null;
    wake?.();
  }

  private async write(text: string): Promise<void> {
    this.writingSince = Date.now();
    await this.sink.write(text);
    this.writingSince = null;
  }

  /** Writes until the stream ends: queued messages, a resync after an overflow, heartbeats. */
  async run(): Promise<void> {
    while (!this.ended) {
      if (this.overflowed) {
        this.overflowed = false;
        await this.write(resyncMessage());
        continue;
      }
      if (this.queue.length > 0) {
        const text = this.queue.join('');
        this.queue = [];
        this.bytes = 0;
        await this.write(text);
        continue;
      }
      if (this.heartbeatDue) {
        this.heartbeatDue = false;
        if (this.spec.recheck) {
          const access = await this.spec.recheck().catch(() => this.access);
          if (access === null) break;
          this.access = access;
        }
        await this.write(': ping\n\n');
        continue;
      }
      await new Promise<void>((resolve) => (this.wakeUp = resolve));
    }
    this.ended = true;
  }

  /** Ends the stream: its loop stops; `cut` also drops the connection (a reader that does not read). */
  end(cut = false): void {
    this.ended = true;
    this.queue = [];
    this.held = null;
    this.wake();
    if (cut) this.sink.destroy();
    else if (!this.sinkClosed) void Promise.resolve(this.sink.close()).catch(() => undefined);
    this.sinkClosed = true;
  }
}

export interface Live {
  /** A request's transaction that wrote history has committed (lib/origin.ts). */
  committed(): void;
  /** The viewers of that client of that year may have changed (presence routes). */
  presenceChanged(clientId: string, year: number): void;
  /** The comments of that client-year changed (committed): its readers refetch them. */
  commentsChanged(clientId: string, year: number): void;
  /** That actor's notifications changed (committed): their streams, of every year, refetch them. */
  notified(actor: string): void;
  /** Serves one stream until it ends. */
  serve(sink: StreamSink, spec: StreamSpec): Promise<void>;
  readonly presenceTtlSeconds: number;
  /** Open streams and their queues (tests and benches). */
  stats(): { streams: number; queued: { messages: number; bytes: number; overflowed: boolean }[] };
  /** Ends every stream, stops listening (server stop). */
  close(): Promise<void>;
}

export function createLive(db: Db, options: LiveOptions = {}): Live {
  const heartbeatMs = options.heartbeatMs ?? 20_000;
  const presenceTtlMs = options.presenceTtlMs ?? 75_000;
  const pollMs = options.pollMs ?? (db.kind === 'postgres' ? 2_000 : 10_000);
  const maxBytes = options.maxQueuedBytes ?? 1024 * 1024;
  const stallMs = options.stallMs ?? STALL_HEARTBEATS * heartbeatMs;
  const log = options.log;
  const ttlSeconds = presenceTtlMs / 1000;

  const subscribers = new Set<Subscriber>();
  let closed = false;
  let started: Promise<void> | null = null;
  const timers: NodeJS.Timeout[] = [];
  let listener: pg.Client | null = null;

  // The record as this instance has read it.
  let maxSeen = 0;
  /** Ids skipped by a read (not committed yet, or rolled back): when seen, and the horizon then. */
  const holes = new Map<number, { at: number; xmax: bigint }>();
  /** Below this, every entry has been read or given up: the SSE resume point. */
  const mark = () => (holes.size === 0 ? maxSeen : Math.min(...holes.keys()) - 1);

  // A failed statement is named by its SQL and SQLSTATE, never its message: PostgreSQL's quotes
  // the values (client names) it was given (issue 19 §7).
  const warn = (what: string, err: unknown) => {
    if (!closed) log?.warn(`Mises à jour en direct : ${what} (${describeFailure(err)}).`);
  };

  // ---- reading the record ------------------------------------------------------------------

  let reading = false;
  let readAgain = false;

  async function readRecord(): Promise<void> {
    // Before the first stream, nobody reads: the record is read from where it stands then.
    if (started === null) return;
    if (reading) {
      readAgain = true;
      return;
    }
    reading = true;
    try {
      await started;
      do {
        readAgain = false;
        if (closed) return;
        await readOnce();
      } while (readAgain);
    } catch (err) {
      warn('lecture de l’historique impossible', err);
    } finally {
      reading = false;
    }
  }

  async function readOnce(): Promise<void> {
    const read = await readEntriesAfter(db, maxSeen, [...holes.keys()], READ_BATCH);
    const now = Date.now();
    for (const row of read.rows) {
      if (row.id <= maxSeen) {
        holes.delete(row.id);
        continue;
      }
      for (let id = maxSeen + 1; id < row.id; id += 1) holes.set(id, { at: now, xmax: read.xmax });
      maxSeen = row.id;
    }
    for (const [id, hole] of holes) {
      // PGlite runs one transaction at a time and this read ran outside any: a hole is a rollback.
      const over =
        db.kind === 'pglite' ||
        (read.xmin >= hole.xmax && now - hole.at >= HOLE_MIN_MS) ||
        now - hole.at >= HOLE_MAX_MS;
      if (over) holes.delete(id);
    }
    while (holes.size > MAX_HOLES) holes.delete(Math.min(...holes.keys()));
    if (read.rows.length === READ_BATCH) readAgain = true;
    if (read.rows.length > 0 && subscribers.size > 0) dispatch(read.rows, await cellsOf(read.rows), mark());
    // A hole waits for the next read: one soon, while some remain.
    if (holes.size > 0) setTimeout(() => void readRecord(), 250).unref();
  }

  /** The entries whose change event carries their cells. */
  const withCells = (rows: readonly EntryRow[]) =>
    rows.filter((r) => r.cellsOnly && r.cellCount > 0 && r.cellCount <= MAX_EVENT_CELLS);

  async function cellsOf(rows: readonly EntryRow[]): Promise<Map<number, ChangeEventCell[]>> {
    return entriesCells(
      db,
      withCells(rows).map((r) => r.id),
    );
  }

  /** The message of an entry: a change, or a resync for an entry of no client (a restore, a closing…). */
  function messageOf(row: EntryRow, cells: Map<number, ChangeEventCell[]>, id: number, year: number): string {
    if (row.clientId === null) return resyncMessage(id);
    const event: ChangeEvent = {
      historyId: row.id,
      clientId: row.clientId,
      year: row.year ?? year,
      source: row.source,
      by: row.by,
      byName: row.byName,
      byInitials: initialsOf(row.byName),
      origin: row.origin,
    };
    const entryCells = cells.get(row.id);
    if (entryCells) event.cells = entryCells;
    return sse({ id, event: 'change', data: JSON.stringify(event) });
  }

  function wants(sub: Subscriber, row: EntryRow): boolean {
    if (row.year !== null && row.year !== sub.spec.year) return false;
    return row.clientId === null || sub.sees(row.clientId);
  }

  function dispatch(rows: readonly EntryRow[], cells: Map<number, ChangeEventCell[]>, resumePoint: number): void {
    // Built once per entry and year, shared by every stream that may see it.
    const built = new Map<string, string>();
    for (const row of rows) {
      for (const sub of subscribers) {
        // A stream opened while these rows were being read (their cells query) starts after them.
        if (row.id <= sub.from || !wants(sub, row)) continue;
        const key = `${row.id}:${sub.spec.year}`;
        let text = built.get(key);
        if (text === undefined) {
          text = messageOf(row, cells, Math.min(row.id, resumePoint), sub.spec.year);
          built.set(key, text);
        }
        sub.push(text, row.id);
      }
    }
  }

  // ---- presence ------------------------------------------------------------------------------

  async function sendPresence(clientId: string, year: number): Promise<void> {
    if (subscribers.size === 0) return;
    const users = await readPresence(db, clientId, year, ttlSeconds);
    const event: PresenceEvent = {
      clientId,
      year,
      users: users.map(({ id, name, initials, tab }) => ({ id, name, initials, tab })),
    };
    const text = sse({ event: 'presence', data: JSON.stringify(event) });
    for (const sub of subscribers) if (sub.spec.year === year && sub.sees(clientId)) sub.push(text);
  }

  async function sweep(): Promise<void> {
    try {
      for (const place of await sweepPresence(db, ttlSeconds)) notify(`p:${place.clientId}:${place.year}`);
    } catch (err) {
      warn('présences expirées non relevées', err);
    }
  }

  // ---- waking the instances ----------------------------------------------------------------

  /** `event: comments` to the streams of that year that see that client. */
  function sendComments(clientId: string, year: number): void {
    const event: CommentsEvent = { clientId, year };
    const text = sse({ event: 'comments', data: JSON.stringify(event) });
    for (const sub of subscribers) if (sub.spec.year === year && sub.sees(clientId)) sub.push(text);
  }

  /** `event: notification` to every stream of that actor, whatever its year. */
  function sendNotification(actor: string): void {
    const text = sse({ event: 'notification', data: '{}' });
    for (const sub of subscribers) if (sub.spec.session === actor) sub.push(text);
  }

  function onNotice(payload: string): void {
    if (payload.startsWith('c:')) {
      const [, clientId, year] = payload.split(':');
      if (clientId && year) sendComments(clientId, Number(year));
    } else if (payload.startsWith('n:')) {
      sendNotification(payload.slice(2));
    } else if (payload.startsWith('p:')) {
      const [, clientId, year] = payload.split(':');
      if (clientId && year) sendPresence(clientId, Number(year)).catch((err: unknown) => warn('présence', err));
    } else {
      void readRecord();
    }
  }

  /** Wakes every instance (this one too): NOTIFY on PostgreSQL, a direct call on PGlite. */
  function notify(payload: string): void {
    if (closed) return;
    if (db.kind === 'pglite') {
      onNotice(payload);
      return;
    }
    // Outside any transaction: sent at once, after the write's own commit.
    db.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch((err: unknown) => warn('NOTIFY', err));
  }

  async function listen(): Promise<void> {
    if (db.native.kind !== 'postgres' || closed) return;
    const client = new pg.Client(db.native.pool.options as PoolConfig);
    client.on('notification', (n) => onNotice(n.payload ?? ''));
    const retry = () => {
      if (listener !== client || closed) return;
      listener = null;
      void client.end().catch(() => undefined);
      // Reconnect; what was committed meanwhile is read once listening again.
      setTimeout(() => void listen().then(readRecord), 1000).unref();
    };
    client.on('error', (err) => {
      warn('connexion LISTEN perdue', err);
      retry();
    });
    client.on('end', retry);
    listener = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (err) {
      warn('LISTEN impossible', err);
      retry();
    }
  }

  function start(): Promise<void> {
    // A start that failed (the database away when the first stream opened) is tried again by the next stream.
    started ??= (async () => {
      maxSeen = await lastEntryId(db);
      await listen();
      timers.push(setInterval(() => void readRecord(), pollMs));
      timers.push(setInterval(() => void sweep(), Math.max(200, presenceTtlMs / 5)));
      timers.push(
        setInterval(() => {
          const now = Date.now();
          for (const sub of subscribers)
            if (sub.heartbeat(now, stallMs))
              log?.warn(
                `Mises à jour en direct : un lecteur ne lit plus depuis ${Math.round(stallMs / 1000)} s, flux coupé.`,
              );
        }, heartbeatMs),
      );
      for (const t of timers) t.unref();
    })().catch((err: unknown) => {
      started = null;
      throw err;
    });
    return started;
  }

  // ---- streams ---------------------------------------------------------------------------------

  /** Resumes replaying now, by session. */
  const replaying = new Map<string, number>();

  /**
   * Replays the entries of the stream's year and scope after its resume id (filtered in SQL), or
   * says resync when too many entries or cells were missed (known from their counts, before any
   * cell is read), or when its session already has MAX_SESSION_REPLAYS resumes replaying.
   */
  async function replay(sub: Subscriber, after: number): Promise<Set<number>> {
    const replayed = new Set<number>();
    const session = sub.spec.session ?? '';
    const running = replaying.get(session) ?? 0;
    if (after > maxSeen || running >= MAX_SESSION_REPLAYS) {
      // An id this record never gave (another database, a restored one), or too many resumes at once: start over.
      sub.push(resyncMessage(mark()));
      return replayed;
    }
    replaying.set(session, running + 1);
    try {
      const scope = sub.spec.access.clientIds && [...sub.spec.access.clientIds];
      const rows = await readYearEntriesAfter(db, after, sub.spec.year, scope, MAX_REPLAY + 1);
      const cellCount = withCells(rows).reduce((n, r) => n + r.cellCount, 0);
      if (rows.length > MAX_REPLAY || cellCount > MAX_REPLAY_CELLS) {
        sub.push(resyncMessage(mark()));
        return replayed;
      }
      const cells = await cellsOf(rows);
      for (const row of rows) {
        replayed.add(row.id);
        if (wants(sub, row)) sub.push(messageOf(row, cells, Math.min(row.id, mark()), sub.spec.year));
      }
      return replayed;
    } finally {
      const left = (replaying.get(session) ?? 1) - 1;
      if (left > 0) replaying.set(session, left);
      else replaying.delete(session);
    }
  }

  return {
    presenceTtlSeconds: ttlSeconds,
    committed: () => notify('e'),
    presenceChanged: (clientId, year) => notify(`p:${clientId}:${year}`),
    commentsChanged: (clientId, year) => notify(`c:${clientId}:${year}`),
    notified: (actor) => notify(`n:${actor}`),

    async serve(sink, spec) {
      // Not served: the response ends at once (the browser comes back after its retry delay).
      const refuse = () => void Promise.resolve(sink.close()).catch(() => undefined);
      if (closed) return refuse();
      try {
        await start();
      } catch (err) {
        warn('flux refusé', err);
        return refuse();
      }
      // The stop may have come while this stream waited for the listener: it would never be ended.
      if (closed) return refuse();
      const sub = new Subscriber(spec, spec.access, sink, maxBytes);
      sink.onAbort(() => sub.end());
      let finished = () => {};
      sub.done = new Promise<void>((resolve) => (finished = resolve));
      subscribers.add(sub);
      try {
        // Reconnect soon after a drop; the resume point first, so a reconnection before any event still resumes.
        sub.from = mark();
        await sink.write(`retry: 2000\nid: ${sub.from}\n\n`);
        if (spec.resumeFrom !== undefined) {
          sub.holdLive();
          const replayed = await replay(sub, spec.resumeFrom);
          sub.releaseLive(replayed);
        }
        await sub.run();
      } catch (err) {
        // A replay that could not be read: the stream ends, the browser reconnects with its Last-Event-ID.
        warn('flux interrompu', err);
      } finally {
        subscribers.delete(sub);
        sub.end();
        finished();
      }
    },

    stats: () => ({ streams: subscribers.size, queued: [...subscribers].map((s) => s.queued()) }),

    async close() {
      closed = true;
      for (const t of timers.splice(0)) clearInterval(t);
      const open = [...subscribers];
      for (const sub of open) sub.end();
      // Each stream's response ends once its loop has returned; a reader that does not read
      // cannot be ended gracefully: cut after a moment.
      if (open.length > 0) {
        await Promise.race([Promise.all(open.map((sub) => sub.done)), new Promise((r) => setTimeout(r, 1000))]);
        for (const sub of open) if (sub.writingSince !== null) sub.end(true);
      }
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}
