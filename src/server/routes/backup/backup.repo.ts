/** Restore: replaces every client, pole, line and month with a validated backup, in bulk. */
import { MEASURES } from '@/domain/measures';
import type { Backup } from '@/domain/model';
import { centsToDecimal as money } from '@/domain/money';
import type { Queryable } from '@/server/db/client';
import { refreshRevisedForecast } from '../clients/clients.repo';

/** Rows per statement for the monthly figures (keeps each parameter array moderate). */
const MONTH_CHUNK = 24_000;

/**
 * Deletes everything and inserts the backup, keeping ids and the order of poles and lines. Must
 * run inside a transaction: the caller's rollback is what makes a failure change nothing.
 */
export async function replaceAll(q: Queryable, backup: Backup): Promise<void> {
  // Taken before any row lock: a writer that locks its client first (adding a pole does) waits
  // for the commit instead of interleaving with the cascading delete, then fails cleanly (404)
  // on a replaced row. Reads go on, seeing the old data until the commit. A writer that locks
  // in another order may deadlock with the restore; PostgreSQL then aborts one of the two whole.
  await q.query('lock table clients in exclusive mode');
  await q.query('delete from clients');
  const { clients } = backup;
  await q.query(
    // created_at as ISO text: the file may hold any date JavaScript reads, PostgreSQL reads ISO.
    `insert into clients (id, name, prevision_mb_annuelle_debut, created_at)
     select * from unnest($1::uuid[], $2::text[], $3::numeric[], $4::timestamptz[])`,
    [
      clients.map((c) => c.id),
      clients.map((c) => c.name),
      clients.map((c) => money(c.prevision_mb_annuelle_debut)),
      clients.map((c) => new Date(c.created_at).toISOString()),
    ],
  );

  const poles: { id: string; clientId: string; name: string; isExpanded: boolean; facture: string }[] = [];
  const lines: { id: string; poleId: string; name: string }[] = [];
  const months: string[][] = [[], [], [], [], [], []];
  for (const [clientId, clientPoles] of Object.entries(backup.budgetData)) {
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
        for (let m = 0; m < 12; m += 1) {
          months[0]!.push(line.id);
          months[1]!.push(String(m));
          MEASURES.forEach((measure, i) => months[i + 2]!.push(money(line[measure][m]!)));
        }
      }
    }
  }
  await q.query(
    `insert into expertise_poles (id, client_id, name, is_expanded, facture)
     select id, client_id, name, is_expanded, facture::boolean[]
       from unnest($1::uuid[], $2::uuid[], $3::text[], $4::boolean[], $5::text[]) with ordinality
            as p(id, client_id, name, is_expanded, facture, ord)
      order by ord`,
    [
      poles.map((p) => p.id),
      poles.map((p) => p.clientId),
      poles.map((p) => p.name),
      poles.map((p) => p.isExpanded),
      poles.map((p) => p.facture),
    ],
  );
  await q.query(
    `insert into budget_line_items (id, expertise_pole_id, name)
     select id, pole_id, name from unnest($1::uuid[], $2::uuid[], $3::text[]) with ordinality as l(id, pole_id, name, ord)
      order by ord`,
    [lines.map((l) => l.id), lines.map((l) => l.poleId), lines.map((l) => l.name)],
  );
  for (let start = 0; start < months[0]!.length; start += MONTH_CHUNK) {
    await q.query(
      `insert into budget_monthly_data (budget_line_item_id, month_index, previsionnel, achat_previsionnel, reel, achat)
       select * from unnest($1::uuid[], $2::smallint[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])`,
      months.map((column) => column.slice(start, start + MONTH_CHUNK)),
    );
  }
  await refreshRevisedForecast(q, null);
}
