/**
 * SQL for clients and their year fields (client_years: the initial MB forecast and the revised
 * forecast, per year — ADR 021; the revised one kept by the database's triggers, ADR 044, never
 * written here). A client is listed in every year; a year it has no row for reads 0 € for both forecasts.
 */
import { compareFrench } from '@/domain/catalogue';
import {
  isNoAttributeFilter,
  matchesAttributes,
  type ClientAttributeFilter,
  type ClientAttributes,
  type ClientStatus,
} from '@/domain/client-attributes';
import type { Client, ClientChanges } from '@/domain/model';
import { sameName } from '@/domain/names';
import { centsToDecimal, decimalToCents } from '@/domain/money';
import type { Queryable } from '@/server/db/client';

interface ClientRow {
  id: string;
  name: string;
  debut: string;
  revue: string;
  created_at: Date | string;
  manager: string | null;
  sector: string | null;
  status: ClientStatus;
}

/** The client `c` with its year fields of year `$n` (0 when it has none that year). */
const clientOfYear = (n: number) => /* sql */ `
  select c.id, c.name, c.created_at, c.manager, c.sector, c.status,
         coalesce(y.prevision_mb_annuelle_debut, 0)::text as debut, coalesce(y.prevision_mb_annuelle_revue, 0)::text as revue
    from clients c
    left join client_years y on y.client_id = c.id and y.year = $${n}`;

function toClient(r: ClientRow): Client {
  return {
    id: r.id,
    name: r.name,
    prevision_mb_annuelle_debut: decimalToCents(r.debut),
    prevision_mb_annuelle_revue: decimalToCents(r.revue),
    created_at: new Date(r.created_at).toISOString(),
    manager: r.manager,
    sector: r.sector,
    status: r.status,
  };
}

/** Every client with its fields of `year`, by name (French collation). */
export async function listClients(q: Queryable, year: number): Promise<Client[]> {
  const { rows } = await q.query<ClientRow>(clientOfYear(1), [year]);
  return rows.map(toClient).sort((a, b) => compareFrench(a.name, b.name) || a.created_at.localeCompare(b.created_at));
}

/** Every client with its fields of `year`, by creation (the all-clients load of docs/product.md#api-routes). */
export async function listClientsByCreation(q: Queryable, year: number): Promise<Client[]> {
  const { rows } = await q.query<ClientRow>(`${clientOfYear(1)} order by c.created_at, c.id`, [year]);
  return rows.map(toClient);
}

export async function findClient(q: Queryable, id: string, year: number): Promise<Client | undefined> {
  const { rows } = await q.query<ClientRow>(`${clientOfYear(2)} where c.id = $1`, [id, year]);
  return rows[0] && toClient(rows[0]);
}

export async function insertClient(q: Queryable, name: string, year: number): Promise<Client> {
  const { rows } = await q.query<{ id: string }>(`insert into clients (name) values ($1) returning id`, [name]);
  return (await findClient(q, rows[0]!.id, year))!;
}

/** Gives the clients a row of year fields in `year` when they have none (0 € forecasts). */
export async function ensureClientYears(q: Queryable, ids: readonly string[], year: number): Promise<void> {
  await q.query(
    `insert into client_years (client_id, year) select unnest($1::uuid[]), $2 on conflict (client_id, year) do nothing`,
    [ids, year],
  );
}

/**
 * Applies a partial update (the name, the attributes — null clears one; the initial forecast of
 * `year`); undefined when the client does not exist.
 */
export async function updateClient(
  q: Queryable,
  id: string,
  patch: ClientChanges,
  year: number,
): Promise<Client | undefined> {
  const { rowCount } = await q.query(
    `update clients set name = coalesce($2, name),
            manager = case when $3 then $4 else manager end,
            sector = case when $5 then $6 else sector end,
            status = coalesce($7, status)
      where id = $1`,
    [
      id,
      patch.name ?? null,
      patch.manager !== undefined,
      patch.manager ?? null,
      patch.sector !== undefined,
      patch.sector ?? null,
      patch.status ?? null,
    ],
  );
  if (rowCount === 0) return undefined;
  if (patch.prevision_mb_annuelle_debut !== undefined) {
    await q.query(
      `insert into client_years (client_id, year, prevision_mb_annuelle_debut) values ($1, $2, $3)
       on conflict (client_id, year) do update set prevision_mb_annuelle_debut = excluded.prevision_mb_annuelle_debut`,
      [id, year, centsToDecimal(patch.prevision_mb_annuelle_debut)],
    );
  }
  return findClient(q, id, year);
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

/** Key of the transaction lock that serialises client names: two creations of one name cannot both pass the check. */
const CLIENT_NAMES_LOCK = 1_300_013;

/**
 * The name of another client that equals `name` case, accents and blanks aside, or undefined
 * (docs/product.md#client-card). Holds the client-names lock until the transaction ends.
 */
export async function clientNameTaken(q: Queryable, name: string, exceptId?: string): Promise<string | undefined> {
  await q.query(`select pg_advisory_xact_lock($1)`, [CLIENT_NAMES_LOCK]);
  const { rows } = await q.query<{ id: string; name: string }>(`select id, name from clients`);
  return rows.find((r) => r.id !== exceptId && sameName(r.name, name))?.name;
}

/**
 * The clients of `ids` (null: every client) whose attributes pass `filter`
 * (docs/product.md#client-attributes), in their order; an id that names no client is kept, so
 * that the caller still answers 404 for it. Without a filter, `ids` as they are.
 */
export async function narrowByAttributes(
  q: Queryable,
  ids: readonly string[] | null,
  filter: ClientAttributeFilter,
): Promise<string[] | null> {
  if (isNoAttributeFilter(filter)) return ids === null ? null : [...ids];
  const { rows } = await q.query<{ id: string } & ClientAttributes>(
    `select id, manager, sector, status from clients where $1::uuid[] is null or id = any($1::uuid[])`,
    [ids],
  );
  const failing = new Set(rows.filter((r) => !matchesAttributes(r, filter)).map((r) => r.id));
  return (ids ?? rows.map((r) => r.id)).filter((id) => !failing.has(id.toLowerCase()));
}
