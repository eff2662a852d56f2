/** SQL that reads budgets as the model of docs/product.md#client-side-views (Pole with lines of 12 months, in cents). */
import { attributesOf, type ClientAttributes } from '@/domain/client-attributes';
import type { LineDriver } from '@/domain/drivers';
import type { Measure } from '@/domain/measures';
import { ZERO_CENTS, decimalToCents, type Cents } from '@/domain/money';
import { MONTH_COUNT, twelve } from '@/domain/months';
import type { AllYearsBackup, BudgetData, Client, Pole, YearBudget } from '@/domain/model';
import type { Queryable } from '@/server/db/client';
import { listClientsByCreation } from '../clients/clients.repo';

/** One pole and line of the budget read, its months aggregated (numeric texts). */
export interface PoleLineRow {
  client_id: string;
  pole_id: string;
  pole_name: string;
  is_expanded: boolean;
  facture: boolean[];
  line_id: string | null;
  line_name: string | null;
  months: number[] | null;
  previsionnel: string[] | null;
  achat_previsionnel: string[] | null;
  reel: string[] | null;
  achat: string[] | null;
}

/** A line's `line_drivers` columns, null on a typed line. */
interface DriverColumns {
  driver_measure: Measure | null;
  driver_basis_points: number | null;
  driver_source_measure: Measure | null;
  driver_pole_id: string | null;
  driver_line_ids: string[] | null;
}

/** A line's driver from its `line_drivers` columns (docs/product.md#driver-lines). */
function driverOf(r: DriverColumns): LineDriver {
  return {
    measure: r.driver_measure!,
    basisPoints: Number(r.driver_basis_points),
    sourceMeasure: r.driver_source_measure!,
    sources: r.driver_pole_id !== null ? { pole: r.driver_pole_id } : { lineIds: [...(r.driver_line_ids ?? [])] },
  };
}

/** 12 amounts in cents from the month indexes and numeric texts of one line; a missing month is 0. */
export function monthValues(months: readonly number[] | null, values: readonly string[] | null): Cents[] {
  const out = twelve(ZERO_CENTS);
  months?.forEach((m, i) => {
    const v = values?.[i];
    if (m >= 0 && m < MONTH_COUNT && v != null) out[m] = decimalToCents(v);
  });
  return out;
}

/**
 * Loads poles (creation order) with their lines (creation order), grouped by client id.
 * `where` filters on `p` (expertise_poles), e.g. `p.client_id = $1`. Private: the SQL fragment
 * is written only by the named readers below, never by a caller.
 */
async function loadPoles(q: Queryable, where: string, params: unknown[]): Promise<Map<string, Pole[]>> {
  const { rows } = await q.query<PoleLineRow & DriverColumns>(
    `select p.client_id, p.id as pole_id, p.name as pole_name, p.is_expanded, p.facture,
            l.id as line_id, l.name as line_name,
            array_agg(d.month_index) filter (where d.month_index is not null) as months,
            array_agg(d.previsionnel::text order by d.month_index) filter (where d.month_index is not null) as previsionnel,
            array_agg(d.achat_previsionnel::text order by d.month_index) filter (where d.month_index is not null) as achat_previsionnel,
            array_agg(d.reel::text order by d.month_index) filter (where d.month_index is not null) as reel,
            array_agg(d.achat::text order by d.month_index) filter (where d.month_index is not null) as achat,
            dr.measure as driver_measure, dr.basis_points as driver_basis_points,
            dr.source_measure as driver_source_measure, dr.source_pole_id as driver_pole_id,
            dr.source_line_ids as driver_line_ids
       from expertise_poles p
       left join budget_line_items l on l.expertise_pole_id = p.id
       left join budget_monthly_data d on d.budget_line_item_id = l.id
       left join line_drivers dr on dr.line_id = l.id
      where ${where}
      group by p.id, l.id, dr.line_id
      order by p.seq, l.seq`,
    params,
  );
  const byClient = new Map<string, Pole[]>();
  let current: Pole | undefined;
  for (const r of rows) {
    if (!current || current.id !== r.pole_id) {
      current = { id: r.pole_id, name: r.pole_name, isExpanded: r.is_expanded, facture: [...r.facture], lines: [] };
      const list = byClient.get(r.client_id) ?? [];
      list.push(current);
      byClient.set(r.client_id, list);
    }
    if (r.line_id && r.line_name !== null) {
      // array_agg orders values by month; months must follow the same order.
      const months = r.months ? [...r.months].sort((a, b) => a - b) : null;
      current.lines.push({
        id: r.line_id,
        name: r.line_name,
        previsionnel: monthValues(months, r.previsionnel),
        achat_previsionnel: monthValues(months, r.achat_previsionnel),
        reel: monthValues(months, r.reel),
        achat: monthValues(months, r.achat),
        ...(r.driver_measure !== null && { driver: driverOf(r) }),
      });
    }
  }
  return byClient;
}

/** The poles of one client in `year`, in creation order. */
export async function loadClientBudget(q: Queryable, clientId: string, year: number): Promise<Pole[]> {
  return (await loadPoles(q, 'p.client_id = $1 and p.year = $2', [clientId, year])).get(clientId) ?? [];
}

/** One pole with its lines, or undefined. */
export async function loadPole(q: Queryable, poleId: string): Promise<Pole | undefined> {
  const byClient = await loadPoles(q, 'p.id = $1', [poleId]);
  return [...byClient.values()][0]?.[0];
}

/**
 * Every client by creation with its fields of `year`, and every client's poles of that year (a
 * client without poles has an empty list): the all-clients load of docs/product.md#api-routes and
 * the one-year backup. Run it inside a transaction for one snapshot.
 */
export async function readAllBudgets(
  q: Queryable,
  year: number,
): Promise<{ clients: Client[]; budgetData: BudgetData }> {
  const clients = await listClientsByCreation(q, year);
  const all = await loadPoles(q, 'p.year = $1', [year]);
  const budgetData: BudgetData = {};
  for (const client of clients) budgetData[client.id] = all.get(client.id) ?? [];
  return { clients, budgetData };
}

/**
 * Every client and every year that holds anything (poles, or an initial forecast): the version 2
 * backup (ADR 021). In each year, the clients that have year fields there and the budgets of
 * those with poles, both by client creation. Run it inside a transaction for one snapshot.
 */
export async function readAllYears(q: Queryable): Promise<AllYearsBackup> {
  const { rows: clients } = await q.query<{ id: string; name: string; created_at: Date | string } & ClientAttributes>(
    `select id, name, created_at, manager, sector, status from clients order by created_at, id`,
  );
  // A client's year fields at 0 € without poles that year hold nothing: left out (a roll forward
  // undone, a pole added then removed leave such rows).
  const { rows: yearRows } = await q.query<{ year: number }>(
    `select year from client_years where prevision_mb_annuelle_debut <> 0
      union select distinct year from expertise_poles order by year`,
  );
  const years: YearBudget[] = [];
  for (const { year } of yearRows) {
    const ofYear = await listClientsByCreation(q, year);
    const { rows: withRow } = await q.query<{ client_id: string }>(
      `select client_id from client_years y where year = $1
          and (prevision_mb_annuelle_debut <> 0 or exists (select 1 from expertise_poles p where p.client_id = y.client_id and p.year = y.year))`,
      [year],
    );
    const listed = new Set(withRow.map((r) => r.client_id));
    const poles = await loadPoles(q, 'p.year = $1', [year]);
    const budgetData: BudgetData = {};
    for (const client of ofYear) {
      const clientPoles = poles.get(client.id);
      if (clientPoles) budgetData[client.id] = clientPoles;
    }
    years.push({
      year,
      clients: ofYear
        .filter((c) => listed.has(c.id))
        .map(({ id, prevision_mb_annuelle_debut, prevision_mb_annuelle_revue }) => ({
          id,
          prevision_mb_annuelle_debut,
          prevision_mb_annuelle_revue,
        })),
      budgetData,
    });
  }
  return {
    clients: clients.map((c) => ({
      id: c.id,
      name: c.name,
      created_at: new Date(c.created_at).toISOString(),
      ...attributesOf(c),
    })),
    years,
  };
}
