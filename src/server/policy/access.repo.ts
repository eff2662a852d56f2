/** SQL of the access policy (ADR 033): a user's role and scope, and who owns a pole, a line, an entry. */
import type { Role } from '@/domain/control';
import type { Queryable } from '@/server/db/client';

/** A user's role and scope; the scope's ids are of clients that exist (user_clients has no foreign key). */
export interface UserAccessRow {
  id: string;
  email: string;
  role: Role;
  disabled: boolean;
  /** null: every client. */
  clientIds: string[] | null;
}

const USER_ACCESS = /* sql */ `
  select u.id, u.email, u.role, u.disabled,
         case when u.all_clients then null
              else array(select uc.client_id::text from user_clients uc join clients c on c.id = uc.client_id
                          where uc.user_id = u.id order by uc.client_id) end
           as "clientIds"
    from auth_user u`;

export async function userAccessByEmail(q: Queryable, email: string): Promise<UserAccessRow | undefined> {
  const { rows } = await q.query<UserAccessRow>(`${USER_ACCESS} where u.email = $1`, [email]);
  return rows[0];
}

export async function userAccessById(q: Queryable, id: string): Promise<UserAccessRow | undefined> {
  const { rows } = await q.query<UserAccessRow>(`${USER_ACCESS} where u.id = $1`, [id]);
  return rows[0];
}

/** The client of a pole (any year), or undefined. */
export async function poleClient(q: Queryable, poleId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ client_id: string }>(`select client_id from expertise_poles where id = $1`, [
    poleId,
  ]);
  return rows[0]?.client_id;
}

/** The distinct clients of these lines (any year). */
export async function linesClients(q: Queryable, lineIds: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ client_id: string }>(
    `select distinct p.client_id from budget_line_items l join expertise_poles p on p.id = l.expertise_pole_id
      where l.id = any($1::uuid[])`,
    [lineIds],
  );
  return rows.map((r) => r.client_id);
}

/** The client and source of a history entry, or undefined. */
export async function entryOwner(
  q: Queryable,
  entryId: number,
): Promise<{ clientId: string | null; source: string; actor: string; clientExists: boolean } | undefined> {
  const { rows } = await q.query<{ client_id: string | null; source: string; actor: string; client_exists: boolean }>(
    `select e.client_id, e.source, e.actor, exists (select 1 from clients c where c.id = e.client_id) as client_exists
       from history_entries e where e.id = $1`,
    [entryId],
  );
  const row = rows[0];
  return row && { clientId: row.client_id, source: row.source, actor: row.actor, clientExists: row.client_exists };
}

/** The ids among these that name no client. */
export async function unknownClients(q: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await q.query<{ id: string }>(
    `select i.id::text from unnest($1::uuid[]) i(id) where not exists (select 1 from clients c where c.id = i.id)`,
    [ids],
  );
  return rows.map((r) => r.id);
}
