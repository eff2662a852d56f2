/**
 * SQL of live updates (ADR 034): the history entries are the change record every instance reads —
 * newest first after a wake-up, a year's after a resume — with the cells of the entries small
 * enough to send, and who is looking at which client (presence, shared by every instance).
 */
import type { ChangeEventCell, PresenceUser } from '@/domain/live';
import type { HistorySource } from '@/domain/history';
import { initialsOf } from '@/domain/live';
import { MEASURES } from '@/domain/measures';
import { decimalToWire } from '@/domain/codec';
import type { Queryable } from '@/server/db/client';

/** A history entry as the events need it: never its operations (a deleted client's snapshot is large). */
export interface EntryRow {
  id: number;
  clientId: string | null;
  year: number | null;
  source: HistorySource;
  by: string;
  byName: string;
  origin: string | null;
  cellCount: number;
  /** Its only operation is monthly figures: its cells say everything it changed. */
  cellsOnly: boolean;
}

interface RawEntry {
  id: string;
  client_id: string | null;
  year: number | null;
  source: HistorySource;
  actor: string;
  by_name: string;
  origin: string | null;
  cell_count: number;
  cells_only: boolean;
}

const ENTRY_COLUMNS = /* sql */ `
  e.id::text, e.client_id::text, e.year, e.source, e.actor, coalesce(nullif(u.name, ''), e.actor) as by_name,
  e.origin, e.cell_count, e.ops = '[{"op":"cells"}]'::jsonb as cells_only`;

const toEntry = (r: RawEntry): EntryRow => ({
  id: Number(r.id),
  clientId: r.client_id,
  year: r.year === null ? null : Number(r.year),
  source: r.source,
  by: r.actor,
  byName: r.by_name,
  origin: r.origin,
  cellCount: Number(r.cell_count),
  cellsOnly: r.cells_only,
});

/** What one read of the record saw: the entries, and the horizon of transactions still running. */
export interface TailRead {
  rows: EntryRow[];
  /** Every transaction older than this has ended (committed or rolled back). */
  xmin: bigint;
  /** Every transaction younger than this had not started when the read ran. */
  xmax: bigint;
}

/**
 * The entries after `after`, and those of ids `also` (holes below it that may still commit), in id
 * order, with the snapshot's horizon — one statement, so the horizon is that of the rows read.
 */
export async function readEntriesAfter(
  q: Queryable,
  after: number,
  also: readonly number[],
  limit: number,
): Promise<TailRead> {
  const { rows } = await q.query<RawEntry & { xmin: string; xmax: string }>(
    `select s.xmin, s.xmax, x.* from
       (select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, pg_snapshot_xmax(pg_current_snapshot())::text as xmax) s
       left join lateral (
         select ${ENTRY_COLUMNS} from history_entries e left join auth_user u on u.email = e.actor
          where e.id > $1 or e.id = any($2::bigint[])
          order by e.id limit $3) x on true`,
    [after, also, limit],
  );
  const first = rows[0]!;
  return {
    rows: rows.filter((r) => r.id !== null).map(toEntry),
    xmin: BigInt(first.xmin),
    xmax: BigInt(first.xmax),
  };
}

/**
 * The entries of `year` (and those of no year: a restore) after `after` that a reader of scope
 * `clientIds` (null: every client) may see — those of its clients and those of no client — in id
 * order, at most `limit`: ids and counts, never cells (issue 34, B4: a resume from 0 used to read
 * every entry of the year and their cells before filtering). Each branch walks the index on
 * (year, id) of migration 0012 from `after`, and stops at `limit`.
 */
export async function readYearEntriesAfter(
  q: Queryable,
  after: number,
  year: number,
  clientIds: readonly string[] | null,
  limit: number,
) {
  const visible = `($4::uuid[] is null or e.client_id is null or e.client_id = any($4::uuid[]))`;
  const { rows } = await q.query<RawEntry>(
    `select * from (
       (select ${ENTRY_COLUMNS} from history_entries e left join auth_user u on u.email = e.actor
         where e.year = $2 and e.id > $1 and ${visible} order by e.id limit $3)
       union all
       (select ${ENTRY_COLUMNS} from history_entries e left join auth_user u on u.email = e.actor
         where e.year is null and e.id > $1 and ${visible} order by e.id limit $3)) x
      order by x.id::bigint limit $3`,
    [after, year, limit, clientIds],
  );
  return rows.map(toEntry);
}

/** The newest entry's id (0 when there is none). */
export async function lastEntryId(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ id: string }>(`select coalesce(max(id), 0)::text as id from history_entries`);
  return Number(rows[0]!.id);
}

/** The new values of these entries' cells, by entry, in euros. */
export async function entriesCells(q: Queryable, ids: readonly number[]): Promise<Map<number, ChangeEventCell[]>> {
  const byEntry = new Map<number, ChangeEventCell[]>();
  if (ids.length === 0) return byEntry;
  const { rows } = await q.query<{ entry_id: string; line_id: string; month: number; measure: number; new: string }>(
    `select entry_id::text, line_id::text, month, measure, new::text from history_cells
      where entry_id = any($1::bigint[]) order by entry_id, line_id, month, measure`,
    [ids],
  );
  for (const r of rows) {
    const id = Number(r.entry_id);
    const cells = byEntry.get(id) ?? [];
    cells.push({
      lineId: r.line_id,
      month: Number(r.month),
      field: MEASURES[Number(r.measure)]!,
      value: decimalToWire(r.new),
    });
    byEntry.set(id, cells);
  }
  return byEntry;
}

// ---- presence -----------------------------------------------------------------------------------

/** Where a tab was, when it had a live presence; null when none. */
export type PresencePlace = { clientId: string; year: number } | null;

/**
 * Records that `tab` of `actor` shows that client of that year now (null: none) and returns where
 * it was before, if that was still live — so the caller knows whose viewers changed. A tab id
 * belongs to the actor who first used it: another actor's claim on it changes nothing.
 */
export async function placePresence(
  q: Queryable,
  p: { tab: string; actor: string; clientId: string | null; year: number; ttlSeconds: number },
): Promise<{ before: PresencePlace }> {
  const { rows } = await q.query<{ client_id: string | null; year: number | null }>(
    p.clientId === null
      ? `with prev as (delete from presence where tab = $1 and actor = $2
                        returning client_id, year, seen_at > now() - make_interval(secs => $3) as live)
         select client_id::text, year from prev where live`
      : `with prev as (select client_id, year from presence
                        where tab = $1 and actor = $2 and seen_at > now() - make_interval(secs => $3)),
              up as (insert into presence (tab, actor, client_id, year) values ($1, $2, $4, $5)
                     on conflict (tab) do update set client_id = excluded.client_id, year = excluded.year, seen_at = now()
                     where presence.actor = excluded.actor)
         select client_id::text, year from prev`,
    p.clientId === null ? [p.tab, p.actor, p.ttlSeconds] : [p.tab, p.actor, p.ttlSeconds, p.clientId, p.year],
  );
  const prev = rows[0];
  return { before: prev?.client_id ? { clientId: prev.client_id, year: Number(prev.year) } : null };
}

/** B5: the tabs one person may have in presence at once; a further tab is refused (429). */
export const MAX_TABS_PER_PERSON = 20;

/** How many live tabs `actor` has in presence besides `tab`. */
export async function otherLiveTabs(q: Queryable, actor: string, tab: string, ttlSeconds: number): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from presence
      where actor = $1 and tab <> $2 and seen_at > now() - make_interval(secs => $3)`,
    [actor, tab, ttlSeconds],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Whether `tab` is held by another actor than `actor`: presence binds a tab id to whoever announced
 * it first (placePresence), so a borrowed id is seen here (B7).
 */
export async function isOthersTab(q: Queryable, tab: string, actor: string): Promise<boolean> {
  const { rows } = await q.query('select 1 from presence where tab = $1 and actor <> $2', [tab, actor]);
  return rows.length > 0;
}

/** Everyone who has that client of that year open (one item per tab), oldest first. */
export async function readPresence(
  q: Queryable,
  clientId: string,
  year: number,
  ttlSeconds: number,
): Promise<PresenceUser[]> {
  const { rows } = await q.query<{ tab: string; actor: string; id: string | null; name: string | null }>(
    `select p.tab, p.actor, u.id, nullif(u.name, '') as name from presence p left join auth_user u on u.email = p.actor
      where p.client_id = $1 and p.year = $2 and p.seen_at > now() - make_interval(secs => $3)
      order by p.seen_at, p.tab`,
    [clientId, year, ttlSeconds],
  );
  return rows.map((r) => {
    const name = r.name ?? r.actor;
    return { id: r.id ?? r.actor, name, initials: initialsOf(name), tab: r.tab };
  });
}

/** Removes the presences not renewed in time; returns the places whose viewers changed. */
export async function sweepPresence(q: Queryable, ttlSeconds: number): Promise<{ clientId: string; year: number }[]> {
  const { rows } = await q.query<{ client_id: string; year: number }>(
    `with gone as (delete from presence where seen_at <= now() - make_interval(secs => $1) returning client_id, year)
     select distinct client_id::text, year from gone`,
    [ttlSeconds],
  );
  return rows.map((r) => ({ clientId: r.client_id, year: Number(r.year) }));
}
