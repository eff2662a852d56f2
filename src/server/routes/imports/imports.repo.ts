/** SQL of an import: the clients it touches, locked before anything is written. */
import type { Queryable } from '@/server/db/client';

/**
 * Locks, in id order, the given clients and those owning the given lines of `year` (as cell saves
 * do, so concurrent saves queue and nothing deadlocks); returns the ids locked.
 */
export async function lockImportClients(
  q: Queryable,
  clientIds: readonly string[],
  lineIds: readonly string[],
  year: number,
): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select c.id from clients c
      where c.id = any($1::uuid[])
         or c.id = any(array(select p.client_id from budget_line_items l
                               join expertise_poles p on p.id = l.expertise_pole_id
                              where l.id = any($2::uuid[]) and l.year = $3))
      order by c.id for update`,
    [clientIds, lineIds, year],
  );
  return rows.map((r) => r.id);
}
