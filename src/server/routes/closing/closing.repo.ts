/**
 * SQL of month closing (docs/product.md#month-closing, ADR 032): the closed months of a year,
 * closing and reopening one, and the pre-close checklist. The refusal of writes to a closed month
 * is not here: the database's triggers make it (migration 0007).
 */
import type { ChecklistItem, MonthLock } from '@/domain/control';
import type { Queryable } from '@/server/db/client';

export async function listLocks(q: Queryable, year: number): Promise<MonthLock[]> {
  const { rows } = await q.query<{ month: number; closed_at: Date | string; closed_by: string; note: string | null }>(
    `select month, closed_at, closed_by, note from month_locks where year = $1 order by month`,
    [year],
  );
  return rows.map((r) => ({
    month: Number(r.month),
    closedAt: new Date(r.closed_at).toISOString(),
    closedBy: r.closed_by,
    note: r.note,
  }));
}

/** The closed months of every year that has one (the order across years, m14). */
export async function closedByYear(q: Queryable): Promise<Map<number, number[]>> {
  const { rows } = await q.query<{ year: number; months: number[] }>(
    `select year, array_agg(month order by month) as months from month_locks group by year`,
  );
  return new Map(rows.map((r) => [Number(r.year), r.months.map(Number)]));
}

/**
 * Serialises closings, and waits for the writes in flight: a save that began before the month
 * closed commits first, one that begins after sees the lock (the triggers read month_locks).
 */
export async function lockForClosing(q: Queryable): Promise<void> {
  await q.query(`lock table month_locks in exclusive mode`);
  await q.query(`lock table budget_monthly_data, expertise_poles in share mode`);
}

export async function insertLock(q: Queryable, year: number, month: number, by: string, note: string | null) {
  await q.query(`insert into month_locks (year, month, closed_by, note) values ($1, $2, $3, $4)`, [
    year,
    month,
    by,
    note,
  ]);
}

export async function deleteLock(q: Queryable, year: number, month: number) {
  await q.query(`delete from month_locks where year = $1 and month = $2`, [year, month]);
}

/**
 * What looks unfinished in a month (docs/product.md#month-closing): a pole with actual sales not
 * marked invoiced, a pole marked invoiced with no actual sales, a line with actual purchases at 0
 * where forecast purchases are not. Every client, by name, then pole and line order.
 */
export async function checklist(q: Queryable, year: number, month: number): Promise<ChecklistItem[]> {
  const { rows } = await q.query<{
    kind: ChecklistItem['kind'];
    client_id: string;
    client_name: string;
    pole_name: string;
    line_name: string | null;
  }>(
    `with poles as (
       select c.id as client_id, c.name as client_name, p.name as pole_name, p.seq, p.facture[$2::int + 1] as facture,
              coalesce(sum(d.reel), 0) as reel
         from expertise_poles p join clients c on c.id = p.client_id
         left join budget_line_items l on l.expertise_pole_id = p.id
         left join budget_monthly_data d on d.budget_line_item_id = l.id and d.month_index = $2
        where p.year = $1
        group by c.id, c.name, p.id, p.name, p.seq, p.facture)
     select kind, client_id, client_name, pole_name, line_name from (
       select case when reel <> 0 then 'reel_not_invoiced' else 'invoiced_without_reel' end as kind,
              client_id, client_name, pole_name, null::text as line_name, seq, 0::bigint as line_seq
         from poles where (reel <> 0 and not facture) or (facture and reel = 0)
       union all
       select 'achat_missing', c.id, c.name, p.name, l.name, p.seq, l.seq
         from budget_monthly_data d
         join budget_line_items l on l.id = d.budget_line_item_id
         join expertise_poles p on p.id = l.expertise_pole_id
         join clients c on c.id = p.client_id
        where d.year = $1 and d.month_index = $2 and d.achat = 0 and d.achat_previsionnel <> 0) f
     order by client_name, client_id, seq, line_seq, kind`,
    [year, month],
  );
  return rows.map((r) => ({
    kind: r.kind,
    clientId: r.client_id,
    clientName: r.client_name,
    poleName: r.pole_name,
    lineName: r.line_name,
  }));
}
