/** Restore: replaces every client and every year with a validated backup, in bulk. */
import { MEASURES } from '@/domain/measures';
import type { AllYearsBackup } from '@/domain/model';
import { centsToDecimal as money } from '@/domain/money';
import { readConversation } from '../comments/comments.repo';
import type { Queryable } from '@/server/db/client';
import { readAllYears } from '../budget/budget.repo';
import { deleteAllDrivers, saveDriver } from '../drivers/drivers.repo';
import { driverOrder, type LineDriver } from '@/domain/drivers';
import { ApiError } from '@/server/lib/errors';
import { driverCycle } from '@/server/lib/messages';
import { ensureClientYears } from '../clients/clients.repo';
import { insertVersions, readVersionsBackup } from '../versions/versions.repo';
import { readSignoffsBackup, replaceSignoffs } from '../signoff/signoff.repo';
import { attributesOf } from '@/domain/client-attributes';

/** Rows per statement for the monthly figures (keeps each parameter array moderate). */
const MONTH_CHUNK = 24_000;

/**
 * Taken before any row lock: a writer that locks its client first (adding a pole does) waits for
 * the commit instead of interleaving with the cascading delete, then fails cleanly (404) on a
 * replaced row. Reads go on, seeing the old data until the commit. A writer that locks in another
 * order may deadlock with the restore; PostgreSQL then aborts one of the two whole. Taken again in
 * the same transaction, it is a no-op.
 */
export async function lockForRestore(q: Queryable): Promise<void> {
  await q.query('lock table clients in exclusive mode');
}

/**
 * Deletes everything and inserts the backup, keeping ids and the order of poles and lines. Must
 * run inside a transaction: the caller's rollback is what makes a failure change nothing.
 */
export async function replaceAll(q: Queryable, backup: AllYearsBackup): Promise<void> {
  await lockForRestore(q);
  // A restore (admin only, its own history entry) replaces closed months too (ADR 032).
  await q.query(`select set_config('budget.lock_bypass', 'on', true)`);
  await q.query('delete from clients');
  // Driver definitions have no foreign key (a deleted line keeps its own for undo): replaced too.
  await deleteAllDrivers(q);
  // Versions have no foreign key to clients (they outlive them): replaced too, by the file's.
  await q.query('delete from budget_versions');
  const { clients } = backup;
  await q.query(
    // created_at as UTC ISO text: the file's ISO date may carry an offset (schemas.ts isIsoDate).
    `insert into clients (id, name, created_at, manager, sector, status)
     select * from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::text[])`,
    [
      clients.map((c) => c.id),
      clients.map((c) => c.name),
      clients.map((c) => new Date(c.created_at).toISOString()),
      // docs/product.md#client-attributes: absent from an older file, none and 'actif'.
      ...(['manager', 'sector', 'status'] as const).map((k) => clients.map((c) => attributesOf(c)[k])),
    ],
  );
  for (const year of backup.years) await insertYear(q, year);
  await insertVersions(q, backup.versions ?? []);
  // A file from before sign-off leaves every budget a draft (ADR 055).
  await replaceSignoffs(q, backup.signoffs ?? []);
}

/**
 * Everything a backup holds, in the caller's snapshot: every year (ADR 021), the versions (ADR 049),
 * the comments and notifications of the clients of `scope` (null: every client; ADR 050), the
 * sign-off statuses (ADR 055).
 */
export async function readBackupData(q: Queryable, scope: readonly string[] | null = null): Promise<AllYearsBackup> {
  return {
    ...(await readAllYears(q)),
    versions: await readVersionsBackup(q),
    ...(await readConversation(q, scope)),
    signoffs: await readSignoffsBackup(q),
  };
}

/** One year of a backup: the clients' year fields, then poles, lines and months in file order. */
async function insertYear(q: Queryable, { year, clients, budgetData }: AllYearsBackup['years'][number]) {
  // docs/product.md#driver-lines: a hand-edited file's driver lines must not loop.
  for (const poles of Object.values(budgetData)) {
    const order = driverOrder(poles);
    if ('cycle' in order)
      throw new ApiError(400, 'validation', `Sauvegarde refusée (${year}) : ${driverCycle(order.cycle)}`);
  }
  await q.query(
    `insert into client_years (client_id, year, prevision_mb_annuelle_debut)
     select id, $1, debut from unnest($2::uuid[], $3::numeric[]) as c(id, debut)`,
    [year, clients.map((c) => c.id), clients.map((c) => money(c.prevision_mb_annuelle_debut))],
  );
  // A client with poles but no year fields in the file gets them at 0 € (a hand-made file).
  await ensureClientYears(q, Object.keys(budgetData), year);

  const poles: { id: string; clientId: string; name: string; isExpanded: boolean; facture: string }[] = [];
  const lines: { id: string; poleId: string; name: string }[] = [];
  const drivers: [string, LineDriver][] = [];
  const months: string[][] = [[], [], [], [], [], []];
  for (const [clientId, clientPoles] of Object.entries(budgetData)) {
    for (const pole of clientPoles) {
      poles.push({
        id: pole.id,
        clientId,
        name: pole.name,
        isExpanded: pole.isExpanded,
        facture: `{${pole.facture.map((f) => (f ? 't' : 'f')).join(',')}}`,
      });
      for (const line of pole.lines) {
        lines.push({ id: line.id, poleId: pole.id, name: line.name });
        if (line.driver) drivers.push([line.id, line.driver]);
        for (let m = 0; m < 12; m += 1) {
          months[0]!.push(line.id);
          months[1]!.push(String(m));
          MEASURES.forEach((measure, i) => months[i + 2]!.push(money(line[measure][m]!)));
        }
      }
    }
  }
  await q.query(
    `insert into expertise_poles (id, client_id, year, name, is_expanded, facture)
     select id, client_id, $6, name, is_expanded, facture::boolean[]
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::boolean[], $5::text[]) with ordinality
            as p(id, client_id, name, is_expanded, facture, ord)
      order by ord`,
    [
      poles.map((p) => p.id),
      poles.map((p) => p.clientId),
      poles.map((p) => p.name),
      poles.map((p) => p.isExpanded),
      poles.map((p) => p.facture),
      year,
    ],
  );
  await q.query(
    `insert into budget_line_items (id, expertise_pole_id, year, name)
     select id, pole_id, $4, name from unnest($1::uuid[], $2::uuid[], $3::text[]) with ordinality as l(id, pole_id, name, ord)
      order by ord`,
    [lines.map((l) => l.id), lines.map((l) => l.poleId), lines.map((l) => l.name), year],
  );
  // The file's computed cells are taken as they are: the file holds what its drivers computed.
  for (const [lineId, driver] of drivers) await saveDriver(q, lineId, driver);
  for (let start = 0; start < months[0]!.length; start += MONTH_CHUNK) {
    await q.query(
      `insert into budget_monthly_data (budget_line_item_id, month_index, previsionnel, achat_previsionnel, reel, achat, year)
       select *, $7::smallint from unnest($1::uuid[], $2::smallint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])`,
      [...months.map((column) => column.slice(start, start + MONTH_CHUNK)), year],
    );
  }
}
