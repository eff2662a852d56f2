/** SQL for the lines of a pole; each new line gets its 12 zeroed months. */
import type { Queryable } from '@/server/db/client';

/** Names of the lines a pole already holds. */
export async function lineNames(q: Queryable, poleId: string): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(`select name from budget_line_items where expertise_pole_id = $1`, [
    poleId,
  ]);
  return rows.map((r) => r.name);
}

/** Inserts lines in the given order into a pole of `year`, each with 12 zeroed months; returns their ids in order. */
export async function insertLines(
  q: Queryable,
  poleId: string,
  year: number,
  names: readonly string[],
): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await q.query<{ id: string; name: string }>(
    `insert into budget_line_items (expertise_pole_id, year, name)
     select $1, $2, n.name from unnest($3::text[]) with ordinality as n(name, ord) order by n.ord
     returning id, name`,
    [poleId, year, names],
  );
  const ids = rows.map((r) => r.id);
  await insertZeroMonths(q, ids, year);
  return ids;
}

/** The 12 zeroed months of new lines of `year`. */
export async function insertZeroMonths(q: Queryable, lineIds: readonly string[], year: number): Promise<void> {
  await q.query(
    `insert into budget_monthly_data (budget_line_item_id, year, month_index)
     select l.id, $2, m from unnest($1::uuid[]) as l(id) cross join generate_series(0, 11) as m`,
    [lineIds, year],
  );
}

/**
 * Locks the client owning a line (as cell saves do) and returns its id, or undefined when the
 * line does not exist in `year` — also when it was deleted while this waited for the lock.
 */
export async function lockLineOwner(q: Queryable, lineId: string, year: number): Promise<string | undefined> {
  const { rows } = await q.query<{ client_id: string }>(
    `select c.id as client_id from clients c
       join expertise_poles p on p.client_id = c.id
       join budget_line_items l on l.expertise_pole_id = p.id
      where l.id = $1 and l.year = $2
      for update of c`,
    [lineId, year],
  );
  if (!rows[0]) return undefined;
  // On PostgreSQL the join read the line before waiting for the client: a delete committed in the
  // meantime is seen only by a new statement (read committed), so look again under the lock.
  return (await findLine(q, lineId, year)) ? rows[0].client_id : undefined;
}

/** Deletes a line and (by cascade) its 12 months. */
export async function deleteLine(q: Queryable, lineId: string): Promise<void> {
  await q.query(`delete from budget_line_items where id = $1`, [lineId]);
}

/** A line of `year`: its pole and its name, or undefined. */
export async function findLine(
  q: Queryable,
  lineId: string,
  year: number,
): Promise<{ poleId: string; name: string } | undefined> {
  const { rows } = await q.query<{ pole_id: string; name: string }>(
    `select expertise_pole_id as pole_id, name from budget_line_items where id = $1 and year = $2`,
    [lineId, year],
  );
  return rows[0] && { poleId: rows[0].pole_id, name: rows[0].name };
}

/** A pole's line ids in screen order (creation number, which moves change). */
export async function lineOrder(q: Queryable, poleId: string): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select id from budget_line_items where expertise_pole_id = $1 order by seq`,
    [poleId],
  );
  return rows.map((r) => r.id);
}

/** Renames a line. */
export async function renameLine(q: Queryable, lineId: string, name: string): Promise<void> {
  await q.query(`update budget_line_items set name = $2 where id = $1`, [lineId, name]);
}

/**
 * Puts a pole's lines in the order `next` (their ids), provided they are exactly `expected` now:
 * the lines keep the set of creation numbers (seq) they had, handed out in the new order. False
 * when the pole's lines are not `expected` (changed since); nothing is written then.
 */
export async function reorderLines(
  q: Queryable,
  poleId: string,
  expected: readonly string[],
  next: readonly string[],
): Promise<boolean> {
  const { rows } = await q.query<{ id: string; seq: string }>(
    `select id, seq::text as seq from budget_line_items where expertise_pole_id = $1 order by budget_line_items.seq for update`,
    [poleId],
  );
  const current = rows.map((r) => r.id);
  if (current.length !== expected.length || current.some((id, i) => id !== expected[i])) return false;
  if ([...next].sort().join() !== [...current].sort().join()) return false;
  await q.query(
    `update budget_line_items l set seq = n.seq
       from unnest($1::uuid[], $2::bigint[]) as n(id, seq) where l.id = n.id`,
    [next, rows.map((r) => r.seq)],
  );
  return true;
}
