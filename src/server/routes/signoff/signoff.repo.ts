/**
 * SQL of sign-off (docs/product.md#sign-off, ADR 052): the status of each client-year, a draft
 * being the absence of a row.
 */
import type { SignoffStatusWire } from '@/domain/answers';
import { compareFrench } from '@/domain/catalogue';
import type { SignoffStatus } from '@/domain/signoff';
import type { Queryable } from '@/server/db/client';

interface StatusRow {
  client_id: string;
  status: SignoffStatus | null;
  at: Date | string | null;
  actor: string | null;
  note: string | null;
}

function toWire(r: StatusRow): SignoffStatusWire {
  return {
    clientId: r.client_id,
    status: r.status ?? 'brouillon',
    at: r.at === null ? null : new Date(r.at).toISOString(),
    by: r.actor,
    note: r.note,
  };
}

/** The status of every client of `year` among `clientIds` (null: every client), by name. */
export async function listSignoff(
  q: Queryable,
  year: number,
  clientIds: readonly string[] | null,
): Promise<SignoffStatusWire[]> {
  const { rows } = await q.query<StatusRow & { name: string }>(
    `select c.id as client_id, c.name, s.status, s.at, s.actor, s.note
       from client_years cy
       join clients c on c.id = cy.client_id
       left join budget_signoff s on s.client_id = cy.client_id and s.year = cy.year
      where cy.year = $1 and ($2::uuid[] is null or cy.client_id = any($2::uuid[]))`,
    [year, clientIds],
  );
  return rows.sort((a, b) => compareFrench(a.name, b.name) || a.client_id.localeCompare(b.client_id)).map(toWire);
}

/**
 * Locks client `clientId` (as a cell save does: a save is wholly before or after a transition)
 * and reads its name and its status in `year`; undefined when the client is not in that year.
 */
export async function lockClientStatus(
  q: Queryable,
  clientId: string,
  year: number,
): Promise<{ name: string; status: SignoffStatus } | undefined> {
  const { rows } = await q.query<{ name: string; status: SignoffStatus | null }>(
    `select c.name, s.status
       from clients c
       join client_years cy on cy.client_id = c.id and cy.year = $2
       left join budget_signoff s on s.client_id = c.id and s.year = $2
      where c.id = $1
        for update of c`,
    [clientId, year],
  );
  const row = rows[0];
  return row && { name: row.name, status: row.status ?? 'brouillon' };
}

/** Sets the status of a client-year (with its note or reason, and the version a validation froze). */
export async function setStatus(
  q: Queryable,
  s: {
    clientId: string;
    year: number;
    status: SignoffStatus;
    actor: string;
    note: string | null;
    versionId: number | null;
  },
): Promise<SignoffStatusWire> {
  const { rows } = await q.query<StatusRow>(
    `insert into budget_signoff (client_id, year, status, actor, note, version_id)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (client_id, year) do update
       set status = excluded.status, at = now(), actor = excluded.actor, note = excluded.note, version_id = excluded.version_id
     returning client_id, status, at, actor, note`,
    [s.clientId, s.year, s.status, s.actor, s.note, s.versionId],
  );
  return toWire(rows[0]!);
}
