/**
 * SQL of the agency's settings (docs/product.md#fiscal-years, ADR 056): the fiscal year's first
 * month and naming — one row, read on each request that needs it (a primary-key read: two servers
 * on one PostgreSQL never disagree, nothing to invalidate) — and the years that hold data, which
 * forbid changing it.
 */
import { CALENDAR_YEAR, type FiscalSettings, type YearNaming } from '@/domain/fiscal-year';
import type { Queryable } from '@/server/db/client';

/** The setting; January / 'end' (the calendar year) when an admin never set it. */
export async function readFiscalSettings(q: Queryable): Promise<FiscalSettings> {
  const { rows } = await q.query<{ start_month: number; year_naming: YearNaming }>(
    `select start_month, year_naming from fiscal_settings`,
  );
  const row = rows[0];
  return row ? { fiscalYearStartMonth: Number(row.start_month), yearNaming: row.year_naming } : CALENDAR_YEAR;
}

/** Locks the setting's row (created when missing) until the transaction ends: one change at a time. */
export async function lockFiscalSettings(q: Queryable, actor: string): Promise<void> {
  await q.query(
    `insert into fiscal_settings (id, start_month, year_naming, updated_by) values (true, 1, 'end', $1)
     on conflict (id) do nothing`,
    [actor],
  );
  await q.query(`select 1 from fiscal_settings for update`);
}

export async function writeFiscalSettings(q: Queryable, s: FiscalSettings, actor: string): Promise<void> {
  await q.query(`update fiscal_settings set start_month = $1, year_naming = $2, updated_at = now(), updated_by = $3`, [
    s.fiscalYearStartMonth,
    s.yearNaming,
    actor,
  ]);
}

/**
 * The years holding anything a month or a year's span gives meaning to: poles and lines, an
 * initial forecast, closed months, versions, accounting imports, comments, sign-offs.
 */
export async function yearsHoldingData(q: Queryable): Promise<number[]> {
  const { rows } = await q.query<{ year: number }>(
    `select year from expertise_poles
     union select year from client_years where prevision_mb_annuelle_debut <> 0
     union select year from month_locks
     union select year from budget_versions
     union select year from accounting_imports
     union select year from comments
     union select year from budget_signoff
     order by year`,
  );
  return rows.map((r) => Number(r.year));
}
