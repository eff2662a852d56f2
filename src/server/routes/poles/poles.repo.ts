/** SQL for poles and the lines they hold; each new line gets its 12 zeroed months. */
import type { Queryable } from '../../db/client';

/** The first pole of that name for the client (creation order), or undefined. */
export async function findPoleByName(q: Queryable, clientId: string, name: string): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>(
    `select id from expertise_poles where client_id = $1 and name = $2 order by seq limit 1`,
    [clientId, name],
  );
  return rows[0]?.id;
}

export async function insertPole(q: Queryable, clientId: string, name: string): Promise<string> {
  const { rows } = await q.query<{ id: string }>(
    `insert into expertise_poles (client_id, name) values ($1, $2) returning id`,
    [clientId, name],
  );
  return rows[0]!.id;
}

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

/** Locks a pole row for the rest of the transaction; returns its client id, or undefined. */
export async function lockPole(q: Queryable, poleId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ client_id: string }>(
    `select client_id from expertise_poles where id = $1 for update`,
    [poleId],
  );
  return rows[0]?.client_id;
}

/** Sets the expanded flag; false when the pole does not exist. */
export async function setExpanded(q: Queryable, poleId: string, isExpanded: boolean): Promise<boolean> {
  const { rowCount } = await q.query(`update expertise_poles set is_expanded = $2 where id = $1`, [poleId, isExpanded]);
  return rowCount > 0;
}

/** Sets one month of the invoiced flags in one atomic update (no read-then-write). */
export async function setFacture(q: Queryable, poleId: string, month: number, value: boolean): Promise<boolean> {
  // SQL arrays are 1-based.
  const { rowCount } = await q.query(`update expertise_poles set facture[$2::int + 1] = $3 where id = $1`, [
    poleId,
    month,
    value,
  ]);
  return rowCount > 0;
}
