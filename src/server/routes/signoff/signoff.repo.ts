/**
 * SQL of sign-off (docs/product.md#sign-off, ADR 052): the status of each client-year, a draft
 * being the absence of a row.
 */
import type { SignoffStatusWire } from '@/domain/answers';
import { compareFrench } from '@/domain/catalogue';
import type { BackupSignoff, SignoffStatus } from '@/domain/signoff';
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
 * and reads its name, its status in `year` and who set it (a submitted budget's submitter);
 * undefined when the client is not in that year.
 */
export async function lockClientStatus(
  q: Queryable,
  clientId: string,
  year: number,
): Promise<{ name: string; status: SignoffStatus; actor: string | null } | undefined> {
  const { rows } = await q.query<{ name: string; status: SignoffStatus | null; actor: string | null }>(
    `select c.name, s.status, s.actor
       from clients c
       join client_years cy on cy.client_id = c.id and cy.year = $2
       left join budget_signoff s on s.client_id = c.id and s.year = $2
      where c.id = $1
        for update of c`,
    [clientId, year],
  );
  const row = rows[0];
  return row && { name: row.name, status: row.status ?? 'brouillon', actor: row.actor };
}

/** Every status row (client-years out of a bare draft), by client and year: what the backup holds. */
export async function readSignoffsBackup(q: Queryable): Promise<BackupSignoff[]> {
  const { rows } = await q.query<StatusRow & { year: number; version_id: string | null }>(
    `select client_id::text, year, status, at, actor, note, version_id::text from budget_signoff order by client_id, year`,
  );
  return rows.map((r) => ({
    clientId: r.client_id,
    year: Number(r.year),
    status: r.status ?? 'brouillon',
    at: new Date(r.at!).toISOString(),
    by: r.actor ?? '',
    note: r.note,
    versionId: r.version_id === null ? null : Number(r.version_id),
  }));
}

/** Replaces every status with these (a restore: after its versions, which they may name). */
export async function replaceSignoffs(q: Queryable, list: readonly BackupSignoff[]): Promise<void> {
  await q.query('delete from budget_signoff');
  await q.query(
    `insert into budget_signoff (client_id, year, status, at, actor, note, version_id)
     select * from unnest($1::uuid[], $2::smallint[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::bigint[])`,
    [
      list.map((s) => s.clientId),
      list.map((s) => s.year),
      list.map((s) => s.status),
      list.map((s) => s.at),
      list.map((s) => s.by),
      list.map((s) => s.note),
      list.map((s) => s.versionId),
    ],
  );
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
