/** SQL for clients, and the revised-forecast cache kept on each client row. */
import { compareFrench } from '@/domain/catalogue';
import type { Client, ClientChanges } from '@/domain/model';
import { centsToDecimal, decimalToCents } from '@/domain/money';
import type { Queryable } from '@/server/db/client';
import { REVISED_MONTH_MARGIN } from '@/server/db/sql-fragments';

interface ClientRow {
  id: string;
  name: string;
  debut: string;
  revue: string;
  created_at: Date | string;
}

const COLUMNS = `id, name, prevision_mb_annuelle_debut::text as debut, prevision_mb_annuelle_revue::text as revue, created_at`;

function toClient(r: ClientRow): Client {
  return {
    id: r.id,
    name: r.name,
    prevision_mb_annuelle_debut: decimalToCents(r.debut),
    prevision_mb_annuelle_revue: decimalToCents(r.revue),
    created_at: new Date(r.created_at).toISOString(),
  };
}

/** Every client, by name (French collation). */
export async function listClients(q: Queryable): Promise<Client[]> {
  const { rows } = await q.query<ClientRow>(`select ${COLUMNS} from clients`);
  return rows.map(toClient).sort((a, b) => compareFrench(a.name, b.name) || a.created_at.localeCompare(b.created_at));
}

/** Every client, by creation (the all-clients load of docs/product.md#api-routes). */
export async function listClientsByCreation(q: Queryable): Promise<Client[]> {
  const { rows } = await q.query<ClientRow>(`select ${COLUMNS} from clients order by created_at, id`);
  return rows.map(toClient);
}

export async function findClient(q: Queryable, id: string): Promise<Client | undefined> {
  const { rows } = await q.query<ClientRow>(`select ${COLUMNS} from clients where id = $1`, [id]);
  return rows[0] && toClient(rows[0]);
}

export async function insertClient(q: Queryable, name: string): Promise<Client> {
  const { rows } = await q.query<ClientRow>(`insert into clients (name) values ($1) returning ${COLUMNS}`, [name]);
  return toClient(rows[0]!);
}

/** Applies a partial update; undefined when the client does not exist. */
export async function updateClient(q: Queryable, id: string, patch: ClientChanges): Promise<Client | undefined> {
  const debut =
    patch.prevision_mb_annuelle_debut === undefined ? null : centsToDecimal(patch.prevision_mb_annuelle_debut);
  const { rows } = await q.query<ClientRow>(
    `update clients set name = coalesce($2, name),
            prevision_mb_annuelle_debut = coalesce($3::numeric, prevision_mb_annuelle_debut)
      where id = $1 returning ${COLUMNS}`,
    [id, patch.name ?? null, debut],
  );
  return rows[0] && toClient(rows[0]);
}

/** Deletes a client and (by cascade) its poles, lines and months; false when absent. */
export async function deleteClient(q: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await q.query(`delete from clients where id = $1`, [id]);
  return rowCount > 0;
}

/** Locks a client row for the rest of the transaction; false when absent. */
export async function lockClient(q: Queryable, id: string): Promise<boolean> {
  const { rows } = await q.query(`select 1 from clients where id = $1 for update`, [id]);
  return rows.length > 0;
}

/**
 * Recomputes the revised-forecast cache (docs/product.md#formulas-revised-forecast: Σ of réel − achat where réel > 0, else
 * prévisionnel − achat prévisionnel) of the given clients, or of every client when ids is null.
 */
export async function refreshRevisedForecast(q: Queryable, ids: readonly string[] | null): Promise<void> {
  await q.query(
    `update clients c set prevision_mb_annuelle_revue = coalesce((
        select sum(${REVISED_MONTH_MARGIN})
          from expertise_poles p
          join budget_line_items l on l.expertise_pole_id = p.id
          join budget_monthly_data d on d.budget_line_item_id = l.id
         where p.client_id = c.id), 0)
      where $1::uuid[] is null or c.id = any($1::uuid[])`,
    [ids],
  );
}
