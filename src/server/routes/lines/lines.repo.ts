/** SQL for the lines of a pole; each new line gets its 12 zeroed months. */
import type { Queryable } from '@/server/db/client';

/** Names of the lines a pole already holds. */
export async function lineNames(q: Queryable, poleId: string): Promise<string[]> {
  const { rows } = await q.query<{ name: string }>(`select name from budget_line_items where expertise_pole_id = $1`, [
    poleId,
  ]);
  return rows.map((r) => r.name);
}

/** Inserts lines in the given order, each with 12 zeroed months; returns their ids in order. */
export async function insertLines(q: Queryable, poleId: string, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const { rows } = await q.query<{ id: string; name: string }>(
    `insert into budget_line_items (expertise_pole_id, name)
     select $1, n.name from unnest($2::text[]) with ordinality as n(name, ord) order by n.ord
     returning id, name`,
    [poleId, names],
  );
  const ids = rows.map((r) => r.id);
  await q.query(
    `insert into budget_monthly_data (budget_line_item_id, month_index)
     select l.id, m from unnest($1::uuid[]) as l(id) cross join generate_series(0, 11) as m`,
    [ids],
  );
  return ids;
}

/**
 * Locks the client owning a line (as cell saves do) and returns its id, or undefined when the
 * line does not exist.
 */
export async function lockLineOwner(q: Queryable, lineId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ client_id: string }>(
    `select c.id as client_id from clients c
       join expertise_poles p on p.client_id = c.id
       join budget_line_items l on l.expertise_pole_id = p.id
      where l.id = $1
      for update of c`,
    [lineId],
  );
  return rows[0]?.client_id;
}

/** Deletes a line and (by cascade) its 12 months. */
export async function deleteLine(q: Queryable, lineId: string): Promise<void> {
  await q.query(`delete from budget_line_items where id = $1`, [lineId]);
}
