/** SQL for poles (their lines' SQL is in lines.repo.ts). */
import type { Queryable } from '@/server/db/client';

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
