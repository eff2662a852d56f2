/** SQL for poles (their lines' SQL is in lines.repo.ts). A pole belongs to one client and one year. */
import type { Queryable } from '@/server/db/client';
import { ensureClientYears } from '../clients/clients.repo';

/** The first pole of that name for the client in `year` (creation order), or undefined. */
export async function findPoleByName(
  q: Queryable,
  clientId: string,
  year: number,
  name: string,
): Promise<string | undefined> {
  const { rows } = await q.query<{ id: string }>(
    `select id from expertise_poles where client_id = $1 and year = $2 and name = $3 order by seq limit 1`,
    [clientId, year, name],
  );
  return rows[0]?.id;
}

/** Adds a pole to the client's year (and the client's year fields when it has none yet). */
export async function insertPole(q: Queryable, clientId: string, year: number, name: string): Promise<string> {
  await ensureClientYears(q, [clientId], year);
  const { rows } = await q.query<{ id: string }>(
    `insert into expertise_poles (client_id, year, name) values ($1, $2, $3) returning id`,
    [clientId, year, name],
  );
  return rows[0]!.id;
}

/**
 * Locks the client owning a pole of `year`, then the pole, for the rest of the transaction;
 * returns the client id, or undefined. The client first, as cell saves and line deletes do: a new
 * line's monthly rows update the dashboard sums a save's triggers update too, and two
 * transactions taking those rows in different orders deadlock on PostgreSQL.
 */
export async function lockPole(q: Queryable, poleId: string, year: number): Promise<string | undefined> {
  const owner = await q.query(
    `select 1 from clients c join expertise_poles p on p.client_id = c.id
      where p.id = $1 and p.year = $2
      for update of c`,
    [poleId, year],
  );
  if (owner.rows.length === 0) return undefined;
  const { rows } = await q.query<{ client_id: string }>(
    `select client_id from expertise_poles where id = $1 and year = $2 for update`,
    [poleId, year],
  );
  return rows[0]?.client_id;
}

/** Sets the expanded flag; false when the pole does not exist in `year`. */
export async function setExpanded(q: Queryable, poleId: string, year: number, isExpanded: boolean): Promise<boolean> {
  const { rowCount } = await q.query(`update expertise_poles set is_expanded = $3 where id = $1 and year = $2`, [
    poleId,
    year,
    isExpanded,
  ]);
  return rowCount > 0;
}

/** Sets one month of the invoiced flags in one atomic update (no read-then-write). */
export async function setFacture(
  q: Queryable,
  poleId: string,
  year: number,
  month: number,
  value: boolean,
): Promise<boolean> {
  // SQL arrays are 1-based.
  const { rowCount } = await q.query(
    `update expertise_poles set facture[$3::int + 1] = $4 where id = $1 and year = $2`,
    [poleId, year, month, value],
  );
  return rowCount > 0;
}

/** A pole's name (undefined when it does not exist). */
export async function poleName(q: Queryable, poleId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ name: string }>(`select name from expertise_poles where id = $1`, [poleId]);
  return rows[0]?.name;
}

/** Renames a pole. */
export async function renamePole(q: Queryable, poleId: string, name: string): Promise<void> {
  await q.query(`update expertise_poles set name = $2 where id = $1`, [poleId, name]);
}
