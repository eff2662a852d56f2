/**
 * Live updates without accounts (docs/product.md#live-updates, #conflicts, #presence), on the
 * engine of the project (PGlite in process, PostgreSQL through LISTEN/NOTIFY): events of committed
 * changes with their origin tab, resume and resync, a malformed Last-Event-ID, a reader that stops
 * reading, conflicts on PATCH /api/cells, presence and its expiry, the hub's close.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/domain/api-error';
import { MAX_EVENT_CELLS, type ChangeEvent, type PresenceEvent, type PresenceUser } from '@/domain/live';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import type { Db, Queryable } from '@/server/db/client';
import { createLogger } from '@/server/lib/log';
import { createTestApp, createTestDb } from '@/server/test/test-db';
import { dataOf, sseReader, type SseMessage } from '@/server/test/sse';
import { lastEntryId } from './events.repo';
import { createLive, MAX_REPLAY, MAX_REPLAY_CELLS, MAX_SESSION_REPLAYS, type Live } from './hub';

const Y = 2031;
const q = `?year=${Y}`;
const TAB_A = 'tab-a-0001';
const TAB_B = 'tab-b-0002';

/** The test hubs' options: a ping every 300 ms, no stalled-reader cut. */
const TEST_HUB = { heartbeatMs: 300, stallMs: 600_000 };

let t: Awaited<ReturnType<typeof createTestApp>>;
let live: Live;
let client: Client;
let pole: Pole;

beforeAll(async () => {
  const db = await createTestDb();
  // A short heartbeat, so the tests see it. No stalled-reader cut: these streams are read in memory,
  // each write taken only when the test next reads, which a busy machine may delay past three short
  // heartbeats (that cut has its test). The default presence lifetime: a stall of a few seconds
  // between two requests of a presence test must not expire a tab (the expiry has its own hub).
  live = createLive(db, TEST_HUB);
  t = await createTestApp(db, { live });
  client = (await t.request<Client>('POST', `/api/clients${q}`, { name: 'Direct' })).json;
  pole = (await t.request<Pole>('POST', `/api/clients/${client.id}/poles${q}`, { name: 'Paid', lines: ['A', 'B'] }))
    .json;
});
afterAll(async () => {
  await live.close();
  await t.db.close();
});

const line = (i: number) => pole.lines[i]!.id;

/**
 * Opens a stream once the hub has read every committed entry (unless `settled` is false): the
 * hub reads the record after each commit's wake-up, so a stream opened just after a commit of the
 * test before could still get that entry, as live or as replay (by design: a resume may repeat,
 * never miss). Its resume point then says so, and the stream is opened again a moment later.
 */
async function openStream(path = `/api/events${q}`, headers: Record<string, string> = {}, settled = true) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await t.app.request(path, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const s = sseReader(res.body!);
    // The first message: the retry delay and the resume point.
    const first = (await s.next())!;
    expect(first.retry).toBe('2000');
    expect(first.id).toMatch(/^\d+$/);
    const startId = Number(first.id);
    if (!settled || startId >= (await lastEntryId(t.db)) || Date.now() > deadline) return { ...s, startId };
    await s.cancel();
    // Entries of the other hubs' apps (below) wake only theirs: wake this one too.
    live.committed();
    await new Promise((r) => setTimeout(r, 20));
  }
}

const typeCell = (lineId: string, month: number, value: number, tab?: string, expected?: number) =>
  t.request<{ historyId: number } & ApiErrorBody>(
    'PATCH',
    `/api/cells${q}`,
    [{ lineId, month, field: 'reel', value, ...(expected === undefined ? {} : { expected }) }],
    tab ? { 'X-Tab-Id': tab } : {},
  );

const isChange = (m: SseMessage) => m.event === 'change';
const changeOf = (m: SseMessage) => dataOf<ChangeEvent>(m);

describe('GET /api/events: committed changes of the year', () => {
  it('sends a typed cell with its new value, author and origin tab; the entry keeps the tab id', async () => {
    const s = await openStream();
    const saved = await typeCell(line(0), 2, 1234.56, TAB_A);
    expect(saved.status).toBe(200);
    const { message } = await s.until(isChange);
    const event = changeOf(message);
    expect(message.id).toBe(String(saved.json.historyId));
    expect(event).toEqual({
      historyId: saved.json.historyId,
      clientId: client.id,
      year: Y,
      source: 'saisie',
      by: 'local',
      byName: 'local',
      byInitials: 'LO',
      origin: TAB_A,
      cells: [{ lineId: line(0), month: 2, field: 'reel', value: 1234.56 }],
    });
    const { rows } = await t.db.query<{ origin: string | null }>(`select origin from history_entries where id = $1`, [
      saved.json.historyId,
    ]);
    expect(rows[0]!.origin).toBe(TAB_A);
    await s.cancel();
  });

  it('ignores a malformed tab id (the entry has no origin)', async () => {
    const s = await openStream();
    for (const [i, bad] of ['x'.repeat(65), 'tab id', 'tab/../1'].entries()) {
      const saved = await typeCell(line(0), 3, 100 + i, bad);
      expect(saved.status).toBe(200);
      const event = changeOf((await s.until(isChange)).message);
      expect(event.historyId).toBe(saved.json.historyId);
      expect(event.origin).toBeNull();
    }
    await s.cancel();
  });

  it('announces a structure change without cells, and an entry of no client (a closing) as a resync', async () => {
    const s = await openStream();
    const added = await t.request('POST', `/api/poles/${pole.id}/lines${q}`, { name: 'C' }, { 'X-Tab-Id': TAB_B });
    expect(added.status).toBe(201);
    const event = changeOf((await s.until(isChange)).message);
    expect(event).toMatchObject({ clientId: client.id, source: 'structure', origin: TAB_B });
    expect(event.cells).toBeUndefined();

    expect((await t.request('POST', `/api/years/${Y}/months/0/close`, {})).status).toBe(200);
    const { message } = await s.until((m) => m.event !== undefined);
    expect(message.event).toBe('resync');
    expect(message.data).toBe('{}');
    expect((await t.request('POST', `/api/years/${Y}/months/0/reopen`, { reason: 'Erreur de saisie' })).status).toBe(
      200,
    );
    await s.cancel();
  });

  it('sends nothing of another year', async () => {
    const other = await openStream(`/api/events?year=${Y + 1}`);
    const s = await openStream();
    const saved = await typeCell(line(1), 0, 7);
    await s.until(isChange);
    // A change of the other year's client comes after: the 2031 edit never arrived before it.
    const next = await t.request<Client>('POST', `/api/clients?year=${Y + 1}`, { name: 'Autre année' });
    expect(next.status).toBe(201);
    const { message, before } = await other.until((m) => m.event !== undefined);
    expect(changeOf(message).clientId).toBe(next.json.id);
    expect(before.filter((m) => m.event !== undefined)).toEqual([]);
    expect(changeOf(message).historyId).toBeGreaterThan(saved.json.historyId);
    await s.cancel();
    await other.cancel();
  });

  it('refuses a bad year with a French 400', async () => {
    const res = await t.request('GET', '/api/events?year=abc');
    expect(res.status).toBe(400);
    expect(res.json.error.message).toMatch(/exercice|année/i);
  });
});

describe('resume', () => {
  it('replays what was missed after Last-Event-ID, and ?lastEventId= when the header is absent', async () => {
    const s = await openStream();
    await s.cancel();
    const missed = [await typeCell(line(0), 4, 1), await typeCell(line(0), 5, 2)].map((r) => r.json.historyId);
    for (const headers of [{ 'Last-Event-ID': String(s.startId) }, {} as Record<string, string>]) {
      const path = `/api/events${q}${'Last-Event-ID' in headers ? '' : `&lastEventId=${s.startId}`}`;
      const again = await openStream(path, headers);
      const first = changeOf((await again.until(isChange)).message);
      const second = changeOf((await again.until(isChange)).message);
      expect([first.historyId, second.historyId]).toEqual(missed);
      expect(second.cells).toEqual([{ lineId: line(0), month: 5, field: 'reel', value: 2 }]);
      await again.cancel();
    }
  });

  it('the header wins over the query (EventSource reconnecting keeps its first URL)', async () => {
    const s = await openStream();
    await s.cancel();
    const saved = await typeCell(line(0), 6, 3);
    const again = await openStream(`/api/events${q}&lastEventId=0`, { 'Last-Event-ID': String(s.startId) });
    const event = changeOf((await again.until(isChange)).message);
    expect(event.historyId).toBe(saved.json.historyId);
    await again.cancel();
  });

  it('sends resync when more was missed than is replayed, or for an id this database never gave', async () => {
    const s = await openStream();
    await s.cancel();
    // More entries than a resume replays, of another client of the year (they exist: the record is real rows).
    const { rows } = await t.db.query<{ n: string }>(
      `with e as (insert into history_entries (actor, source, client_id, year, summary)
                  select 'local', 'structure', $1, $2, 'Ajout' from generate_series(1, $3) returning 1)
       select count(*)::text as n from e`,
      [client.id, Y, MAX_REPLAY + 1],
    );
    expect(Number(rows[0]!.n)).toBe(MAX_REPLAY + 1);
    // Opened at once: these rows were inserted without a wake-up, the hub reads them later.
    const late = await openStream(`/api/events${q}`, { 'Last-Event-ID': String(s.startId) }, false);
    const { message, before } = await late.until((m) => m.event !== undefined);
    expect(message.event).toBe('resync');
    expect(before).toEqual([]);
    await late.cancel();

    const future = await openStream(`/api/events${q}`, { 'Last-Event-ID': String(s.startId + 10_000_000) }, false);
    expect((await future.until((m) => m.event !== undefined)).message.event).toBe('resync');
    // The hub reads those entries at its next wake-up: let it, so the next tests start past them.
    const saved = await typeCell(line(1), 1, 77);
    await future.until((m) => isChange(m) && changeOf(m).historyId === saved.json.historyId);
    await future.cancel();
  });

  it('a malformed Last-Event-ID starts fresh: no replay, no resync, the next change arrives', async () => {
    for (const [i, bad] of ['abc', '-1', '1e5', '12.5', '9'.repeat(40)].entries()) {
      const s = await openStream(`/api/events${q}`, { 'Last-Event-ID': bad });
      const saved = await typeCell(line(1), 7, 200 + i);
      const { message, before } = await s.until((m) => m.event !== undefined);
      expect(message.event).toBe('change');
      expect(changeOf(message).historyId).toBe(saved.json.historyId);
      expect(before.filter((m) => m.event !== undefined)).toEqual([]);
      await s.cancel();
    }
  });
});

describe('resume bounds (issue 34, B4)', () => {
  it('sends resync, reading no cell, when the missed entries carry more cells than a resume replays', async () => {
    const s = await openStream();
    await s.cancel();
    // Entries of MAX_EVENT_CELLS cells each (the most an event carries), together past MAX_REPLAY_CELLS.
    const entries = Math.floor(MAX_REPLAY_CELLS / MAX_EVENT_CELLS) + 1;
    await t.db.query(
      `with e as (insert into history_entries (actor, source, client_id, year, cell_count)
                  select 'local', 'collage', $1, $2, $3 from generate_series(1, $4) returning id)
       insert into history_cells (entry_id, line_id, month, measure, old, new)
       select e.id, gen_random_uuid(), 0, 0, 0, 1 from e cross join generate_series(1, $3)`,
      [client.id, Y, MAX_EVENT_CELLS, entries],
    );
    const late = await openStream(`/api/events${q}`, { 'Last-Event-ID': String(s.startId) }, false);
    const { message, before } = await late.until((m) => m.event !== undefined);
    expect(message.event).toBe('resync');
    expect(before).toEqual([]);
    // The hub reads those entries at its next wake-up: let it, so the next tests start past them.
    const saved = await typeCell(line(1), 2, 78);
    await late.until((m) => isChange(m) && changeOf(m).historyId === saved.json.historyId);
    await late.cancel();
  });

  it("gives a session's resume a resync, reading nothing, while its earlier resumes are replaying", async () => {
    // The replays' reads wait at a gate until the test opens it.
    let arrived = 0;
    let allArrived = () => {};
    const replaysWaiting = new Promise<void>((resolve) => (allArrived = resolve));
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const gated = (q: Queryable): Queryable => ({
      async query(sql, params) {
        if (/e\.year = \$2/.test(sql)) {
          arrived += 1;
          if (arrived === MAX_SESSION_REPLAYS) allArrived();
          await gate;
        }
        return q.query(sql, params);
      },
      exec: (sql) => q.exec(sql),
    });
    const db: Db = { ...t.db, ...gated(t.db), transaction: (fn) => t.db.transaction((tx) => fn(gated(tx))) };
    const hub = createLive(db, TEST_HUB);
    const { app } = await createTestApp(db, { live: hub });
    const resume = async (after?: number) => {
      const id = after ?? (await lastEntryId(t.db));
      const res = await app.request(`/api/events${q}`, { headers: { 'Last-Event-ID': String(id) } });
      const s = sseReader(res.body!);
      await s.next();
      return s;
    };
    const replaying = [];
    for (let i = 0; i < MAX_SESSION_REPLAYS; i += 1) replaying.push(await resume());
    await replaysWaiting;
    const extra = await resume();
    const { message, before } = await extra.until((m) => m.event !== undefined);
    expect(message.event).toBe('resync');
    expect(before).toEqual([]);
    expect(arrived).toBe(MAX_SESSION_REPLAYS);
    openGate();
    // Once those replays are done, the session resumes again.
    const saved = await typeCell(line(1), 3, 79);
    hub.committed();
    for (const s of replaying) await s.until((m) => isChange(m) && changeOf(m).historyId === saved.json.historyId);
    const after = await resume(saved.json.historyId - 1);
    await after.until((m) => isChange(m) && changeOf(m).historyId === saved.json.historyId);
    expect(arrived).toBe(MAX_SESSION_REPLAYS + 1);
    for (const s of [...replaying, extra, after]) await s.cancel();
    await hub.close();
  });
});

describe('a reader that stops reading', () => {
  /** 40 pastes of 60 cells each: far more than the 16 kB a stream may hold for its reader. */
  async function pasteMuch(request: typeof t.request) {
    for (let i = 0; i < 40; i += 1) {
      const cells = Array.from({ length: 12 }, (_, month) =>
        ['previsionnel', 'achat_previsionnel', 'reel', 'achat', 'previsionnel'].map((field, k) => ({
          lineId: line(k % 2),
          month,
          field,
          value: i * 1000 + month * 10 + k,
        })),
      ).flat();
      expect((await request('PATCH', `/api/cells${q}&source=collage`, cells)).status).toBe(200);
    }
  }

  it('keeps a bounded queue, then gets one resync when it reads again', async () => {
    // A hub of its own whose heartbeat (and so its stalled-reader cut) cannot come during the pastes,
    // however slow the machine: the stream must still be there to overflow.
    const slowLive = createLive(t.db, { heartbeatMs: 600_000, maxQueuedBytes: 16_384 });
    const slow = await createTestApp(t.db, { live: slowLive });
    try {
      const res = await slow.app.request(`/api/events${q}`);
      const s = sseReader(res.body!);
      await s.next();
      await pasteMuch(slow.request);
      await waitFor(() => slowLive.stats().queued.some((x) => x.overflowed));
      expect(slowLive.stats().streams).toBe(1);
      for (const x of slowLive.stats().queued) expect(x.bytes).toBeLessThanOrEqual(16_384);
      const { message } = await s.until((m) => m.event === 'resync');
      expect(message.data).toBe('{}');
      await s.cancel();
    } finally {
      await slowLive.close();
    }
  });

  it('is dropped when a write has waited three heartbeats (it reconnects with its Last-Event-ID)', async () => {
    const stallLive = createLive(t.db, { heartbeatMs: 300 });
    const stall = await createTestApp(t.db, { live: stallLive });
    try {
      const res = await stall.app.request(`/api/events${q}`);
      const s = sseReader(res.body!);
      await s.next();
      expect(stallLive.stats().streams).toBe(1);
      await pasteMuch(stall.request);
      // Never read again: the pending write holds, and within three heartbeats (300 ms here) the stream is cut.
      await waitFor(() => stallLive.stats().streams === 0);
      await s.cancel().catch(() => undefined);
    } finally {
      await stallLive.close();
    }
  });
});

describe('heartbeat', () => {
  it('sends a ping comment at each heartbeat', async () => {
    const s = await openStream();
    const { message } = await s.until((m) => m.comment !== undefined);
    expect(message.comment).toBe('ping');
    await s.cancel();
  });
});

describe('PATCH /api/cells with expected (docs/product.md#conflicts)', () => {
  // Lines of their own: nothing typed in them before.
  let lines: string[];
  const line = (i: number) => lines[i]!;
  beforeAll(async () => {
    const own = await t.request<Pole>('POST', `/api/clients/${client.id}/poles${q}`, {
      name: 'SEO',
      lines: ['D', 'E'],
    });
    lines = own.json.lines.map((l) => l.id);
  });

  it('saves when the stored value is the expected one', async () => {
    await typeCell(line(1), 9, 100);
    const res = await typeCell(line(1), 9, 150, undefined, 100);
    expect(res.status).toBe(200);
    expect(await stored(line(1), 9)).toBe('150.00');
  });

  it('refuses the whole batch when one cell changed since: 409 conflict, current value, author, nothing saved', async () => {
    await typeCell(line(1), 10, 500);
    const before = await entriesCount();
    const res = await t.request('PATCH', `/api/cells${q}`, [
      { lineId: line(0), month: 10, field: 'reel', value: 1, expected: 0 },
      { lineId: line(1), month: 10, field: 'reel', value: 600, expected: 400 },
    ]);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('conflict');
    expect(res.json.error.message).toBe(
      "Cette cellule a été modifiée par local depuis votre saisie : rien n'a été enregistré. Gardez votre valeur ou prenez la sienne.",
    );
    expect(res.json.error.cells).toEqual([
      {
        lineId: line(1),
        month: 10,
        field: 'reel',
        current: 500,
        expected: 400,
        by: 'local',
        byName: 'local',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown as string,
      },
    ]);
    expect(await stored(line(0), 10)).toBe('0.00');
    expect(await stored(line(1), 10)).toBe('500.00');
    expect(await entriesCount()).toBe(before);
  });

  it('names no author for a cell that has no history', async () => {
    const res = await typeCell(line(0), 11, 5, undefined, 3);
    expect(res.status).toBe(409);
    expect(res.json.error.cells).toEqual([
      { lineId: line(0), month: 11, field: 'reel', current: 0, expected: 3, by: null, byName: null, at: null },
    ]);
  });

  it('of two racing saves expecting the same value, exactly one wins', async () => {
    await typeCell(line(0), 8, 10);
    const results = await Promise.all([typeCell(line(0), 8, 11, TAB_A, 10), typeCell(line(0), 8, 12, TAB_B, 10)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200)!;
    const loser = results.find((r) => r.status === 409)!;
    const kept = await stored(line(0), 8);
    expect(kept).toBe(winner === results[0] ? '11.00' : '12.00');
    expect(loser.json.error.cells![0]!.current).toBe(Number(kept));
  });

  it('without expected, the last write wins as before', async () => {
    await typeCell(line(0), 7, 1);
    expect((await typeCell(line(0), 7, 2)).status).toBe(200);
    expect(await stored(line(0), 7)).toBe('2.00');
  });

  it('refuses a malformed expected with a French 400', async () => {
    const res = await t.request('PATCH', `/api/cells${q}`, [
      { lineId: line(0), month: 7, field: 'reel', value: 1, expected: 'deux' },
    ]);
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain('expected');
  });
});

describe('presence (docs/product.md#presence)', () => {
  const presence = (tab: string, clientId: string | null, year = Y) =>
    t.request('PUT', '/api/presence', { year, clientId, tab });
  const viewers = async () =>
    (await t.request<{ users: PresenceUser[] }>('GET', `/api/presence?year=${Y}&clientId=${client.id}`)).json.users;

  it('lists the tabs that show a client, sends a presence event when that set changes, not on a renewal', async () => {
    const s = await openStream();
    expect((await presence(TAB_A, client.id)).status).toBe(204);
    const first = dataOf<PresenceEvent>((await s.until((m) => m.event === 'presence')).message);
    expect(first).toEqual({
      clientId: client.id,
      year: Y,
      users: [{ id: 'local', name: 'local', initials: 'LO', tab: TAB_A }],
    });
    expect(await viewers()).toEqual(first.users);

    await presence(TAB_A, client.id);
    await presence(TAB_B, client.id);
    const second = dataOf<PresenceEvent>((await s.until((m) => m.event === 'presence')).message);
    expect(second.users.map((u) => u.tab)).toEqual([TAB_A, TAB_B]);

    await presence(TAB_B, null);
    const third = dataOf<PresenceEvent>((await s.until((m) => m.event === 'presence')).message);
    expect(third.users.map((u) => u.tab)).toEqual([TAB_A]);
    await s.cancel();
  });

  it('expires a presence not renewed in time, and says so', async () => {
    // A hub and an app of their own whose presences last 3 s (the other tests' last the default).
    const shortLive = createLive(t.db, { ...TEST_HUB, presenceTtlMs: 3000 });
    const short = await createTestApp(t.db, { live: shortLive });
    try {
      const s = sseReader((await short.app.request(`/api/events${q}`)).body!);
      await s.next();
      expect((await short.request('PUT', '/api/presence', { year: Y, clientId: client.id, tab: TAB_A })).status).toBe(
        204,
      );
      const gone = await s.until((m) => m.event === 'presence' && dataOf<PresenceEvent>(m).users.length === 0);
      expect(dataOf<PresenceEvent>(gone.message).clientId).toBe(client.id);
      expect(await viewers()).toEqual([]);
      await s.cancel();
    } finally {
      await shortLive.close();
    }
  });

  it('refuses bad input with French messages', async () => {
    const bad = await t.request('PUT', '/api/presence', { year: Y, clientId: client.id, tab: 'a b' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toContain("Identifiant d'onglet invalide");
    const noClient = await t.request('GET', `/api/presence?year=${Y}&clientId=abc`);
    expect(noClient.status).toBe(400);
    expect(noClient.json.error.message).toContain('Identifiant invalide');
  });
});

describe('close', () => {
  it('ends every open stream (the server stop is not held by them)', async () => {
    const db = await createTestDb();
    const own = createLive(db);
    const app = await createTestApp(db, { live: own });
    const res = await app.app.request(`/api/events${q}`);
    const s = sseReader(res.body!);
    await s.next();
    expect(own.stats().streams).toBe(1);
    await own.close();
    expect(await s.toEnd()).toEqual([]);
    await db.close();
  });
});

describe('a stream opened while the hub reads a change', () => {
  it('starts after that change: its resume point includes it, and it is not sent again', async () => {
    const db = await createTestDb();
    // The hub's read of an entry's cells waits until the test lets it go.
    let gate: { reached: () => void; opened: Promise<void> } | null = null;
    const gated: Db = {
      ...db,
      query: async (sql, params) => {
        const g = gate;
        if (g && sql.includes('from history_cells')) {
          gate = null;
          g.reached();
          await g.opened;
        }
        return db.query(sql, params);
      },
    };
    const own = createLive(gated, TEST_HUB);
    const app = await createTestApp(db, { live: own });
    try {
      const a = sseReader((await app.app.request(`/api/events${q}`)).body!);
      await a.next();
      const created = await app.request<Client>('POST', `/api/clients${q}`, { name: 'Lecture lente' });
      const lineId = (
        await app.request<Pole>('POST', `/api/clients/${created.json.id}/poles${q}`, { name: 'Paid', lines: ['A'] })
      ).json.lines[0]!.id;
      const type = (value: number) =>
        app.request<{ historyId: number }>('PATCH', `/api/cells${q}`, [{ lineId, month: 0, field: 'reel', value }]);

      let open!: () => void;
      const reached = new Promise<void>((resolve) => {
        gate = { reached: resolve, opened: new Promise<void>((r) => (open = r)) };
      });
      const first = await type(1);
      await reached;
      // The hub has read the entry and waits for its cells: a stream opening now starts after it.
      const b = sseReader((await app.app.request(`/api/events${q}`)).body!);
      expect(Number((await b.next())!.id)).toBe(first.json.historyId);
      open();
      await a.until((m) => isChange(m) && changeOf(m).historyId === first.json.historyId);
      const second = await type(2);
      const { message, before } = await b.until(isChange);
      expect(changeOf(message).historyId).toBe(second.json.historyId);
      expect(before.filter((m) => m.event !== undefined)).toEqual([]);
      await a.cancel();
      await b.cancel();
    } finally {
      await own.close();
      await db.close();
    }
  });
});

describe('the log of a failed read (issue 19 §7)', () => {
  it('names the statement and its error code, never the values it was given', async () => {
    const db = await createTestDb();
    const secret = 'Client Confidentiel SA';
    // The record's read gets a client's name where its id goes: PostgreSQL's message quotes it.
    const leaky: Db = {
      ...db,
      query: (sql, params) =>
        db.query(sql, sql.includes('pg_current_snapshot') ? [secret, ...(params ?? []).slice(1)] : params),
    };
    const { own, app, lines } = await loggedHub(leaky, db);
    try {
      const stream = sseReader((await app.app.request(`/api/events${q}`)).body!);
      await stream.next();
      const created = await app.request<Client>('POST', `/api/clients${q}`, { name: 'Déclencheur' });
      expect(created.status).toBe(201);
      await waitFor(() => lines.some((l) => l.includes('lecture de l’historique impossible')));
      const logged = lines.find((l) => l.includes('lecture de l’historique impossible'))!;
      expect(logged).toContain('22P02');
      expect(logged).toContain('select s.xmin, s.xmax');
      expect(lines.join('\n')).not.toContain(secret);
    } finally {
      await own.close();
      await db.close();
    }
  });
});

describe('a start that failed (issue 19: the database away when the first stream opens)', () => {
  it('ends that stream, logs it, and the next stream starts the hub and gets the changes', async () => {
    const db = await createTestDb();
    let away = true;
    // The hub's first read of the record fails while the database is "away".
    const flaky: Db = {
      ...db,
      query: (sql, params) =>
        away && sql.includes('max(id)') ? Promise.reject(new Error('connexion refusée')) : db.query(sql, params),
    };
    const { own, app, lines } = await loggedHub(flaky, db);
    try {
      const first = sseReader((await app.app.request(`/api/events${q}`)).body!);
      expect(await first.toEnd()).toEqual([]);
      expect(lines.some((l) => l.includes('flux refusé'))).toBe(true);
      // A commit meanwhile wakes a hub that never started: nothing breaks.
      own.committed();
      away = false;
      const again = sseReader((await app.app.request(`/api/events${q}`)).body!);
      expect((await again.next())?.retry).toBe('2000');
      const created = await app.request<Client>('POST', `/api/clients${q}`, { name: 'Après la panne' });
      own.committed();
      const { message } = await again.until((m) => m.event === 'change');
      expect(changeOf(message).clientId).toBe(created.json.id);
      await again.cancel();
    } finally {
      await own.close();
      await db.close();
    }
  });
});

/** A hub over `hubDb` whose warnings are kept in `lines`, and an app over `db` that wakes it. */
async function loggedHub(hubDb: Db, db: Db) {
  const lines: string[] = [];
  const own = createLive(hubDb, {
    log: createLogger('warn', { out: (l) => lines.push(l), err: (l) => lines.push(l) }),
  });
  return { own, lines, app: await createTestApp(db, { live: own }) };
}

async function stored(lineId: string, month: number): Promise<string> {
  const { rows } = await t.db.query<{ reel: string }>(
    `select reel::text from budget_monthly_data where budget_line_item_id = $1 and month_index = $2`,
    [lineId, month],
  );
  return rows[0]!.reel;
}

async function entriesCount(): Promise<number> {
  const { rows } = await t.db.query<{ n: string }>(`select count(*)::text as n from history_entries`);
  return Number(rows[0]!.n);
}

async function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
