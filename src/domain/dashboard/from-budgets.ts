/**
 * The pure path: the dashboards computed from full budgets (every line's 12 months), in cents.
 * The app never runs it (the server sums in SQL, data.ts); the tests and the e2e suite use it
 * as the oracle the SQL path must match.
 */
import { addTotals, lineMonthTotals, revisedMonthMargin } from '../budget';
import { ZERO_CENTS, addCents, subCents, type Cents } from '../money';
import { MONTH_COUNT } from '../months';
import type { Client, Line, Pole } from '../model';
import { dashboardData, type DashboardData } from './data';
import { dashboardFromData, type Dashboard } from './views';
import {
  addPrevious,
  addSums,
  emptySums,
  type Cutoff,
  type LineAggregate,
  type MonthSums,
  type PreviousSums,
  type Sums,
} from './sums';

/** One pole name of one client: its sums and its lines merged by name, first-appearance order. */
export interface PoleAggregate {
  name: string;
  sums: Sums;
  lines: LineAggregate[];
}

/** One client of the selection: initial forecast (cents) and one aggregate per pole name. */
export interface ClientAggregate {
  id: string;
  name: string;
  previsionMbDebut: Cents;
  poles: PoleAggregate[];
  /** Its actuals of the previous year up to the cut-off; null when it had no pole that year. */
  previous: PreviousSums | null;
}

/** What the dashboards are computed from: the selected clients and 12 months (January first). */
export interface DashboardInput {
  clients: ClientAggregate[];
  /** Exactly 12 entries, month 0 (janvier) to 11; a missing entry reads as zeros. */
  months: MonthSums[];
  cutoff: Cutoff;
  /** Per pole name, the selection's actuals of the previous year up to the cut-off. */
  previousByPole: Map<string, PreviousSums>;
}

/** What the figures 'à date' and N−1 need besides the year's budgets. */
export interface AggregateOptions {
  /** Default: December, the whole year (the server's default is the agency's, see defaultCutoff). */
  cutoff?: Cutoff;
  /** The same clients' budgets of the previous year (any order; a client absent there has no N−1). */
  previous?: readonly { client: Client; poles: readonly Pole[] }[];
}

/**
 * The last month (0–11) in which some line of these budgets holds an actual figure (réel or
 * achat ≠ 0), or null: with no closed month, the default cut-off (docs/product.md#dashboard-to-date).
 */
export function lastActualMonth(budgets: readonly { poles: readonly Pole[] }[]): number | null {
  let last: number | null = null;
  for (const line of budgets.flatMap((b) => b.poles.flatMap((p) => p.lines))) {
    for (let month = MONTH_COUNT - 1; month > (last ?? -1); month -= 1) {
      const t = lineMonthTotals(line, month);
      if (t.reel !== 0 || t.achat !== 0) {
        last = month;
        break;
      }
    }
  }
  return last;
}

/** Sums of one line over its 12 months, in cents (each euro value converted before summing). */
export function lineSums(line: Line, cutoff = 11): Sums {
  return accumulateLine(line, null, cutoff);
}

/**
 * lineSums, also adding the line's réel, prévisionnel and achat of each month to `months` when
 * given (one pass: each euro value is converted once).
 */
function accumulateLine(line: Line, months: MonthSums[] | null, cutoff: number): Sums {
  const sums = emptySums();
  for (let month = 0; month < MONTH_COUNT; month += 1) {
    const t = lineMonthTotals(line, month);
    if (month <= cutoff) sums.toDate = addTotals(sums.toDate, t);
    sums.previsionnel = addCents(sums.previsionnel, t.previsionnel);
    sums.achat_previsionnel = addCents(sums.achat_previsionnel, t.achat_previsionnel);
    sums.reel = addCents(sums.reel, t.reel);
    sums.achat = addCents(sums.achat, t.achat);
    sums.revue = addCents(sums.revue, revisedMonthMargin(t));
    if (t.reel > 0) {
      sums.ecartRealise = addCents(sums.ecartRealise, subCents(subCents(t.reel, t.achat), t.previsionnel));
      sums.prevRealise = addCents(sums.prevRealise, t.previsionnel);
    }
    const m = months?.[month];
    if (m) {
      m.reel = addCents(m.reel, t.reel);
      m.previsionnel = addCents(m.previsionnel, t.previsionnel);
      m.achat = addCents(m.achat, t.achat);
    }
  }
  return sums;
}

/** Adds `sums` to the entry named `name` of `list`, appending it when new (first-appearance order). */
function mergeByName<T extends { name: string; sums: Sums }>(list: T[], name: string, make: () => T, sums: Sums): T {
  let entry = list.find((e) => e.name === name);
  if (!entry) {
    entry = make();
    list.push(entry);
  }
  entry.sums = addSums(entry.sums, sums);
  return entry;
}

/**
 * One client's aggregate from its full budget: poles merged by name, lines by name within a pole.
 * Also adds the client's month figures to `months` (cents).
 */
function aggregateClient(
  client: Client,
  poles: readonly Pole[],
  months: MonthSums[],
  cutoff: number,
  previous: PreviousSums | null,
): ClientAggregate {
  const aggregates: PoleAggregate[] = [];
  for (const pole of poles) {
    const lines = pole.lines.map((line) => ({ name: line.name, sums: accumulateLine(line, months, cutoff) }));
    const poleSum = lines.reduce((s, l) => addSums(s, l.sums), emptySums());
    const entry = mergeByName(
      aggregates,
      pole.name,
      () => ({ name: pole.name, sums: emptySums(), lines: [] }),
      poleSum,
    );
    for (const line of lines) {
      mergeByName(entry.lines, line.name, () => ({ name: line.name, sums: emptySums() }), line.sums);
    }
  }
  return {
    id: client.id,
    name: client.name,
    previsionMbDebut: client.prevision_mb_annuelle_debut,
    poles: aggregates,
    previous,
  };
}

/** Actual sales and purchases of some poles over the months up to `cutoff` (cents). */
function previousOf(poles: readonly Pole[], cutoff: number): PreviousSums {
  let acc: PreviousSums = { reel: ZERO_CENTS, achat: ZERO_CENTS };
  for (const line of poles.flatMap((p) => p.lines)) {
    for (let month = 0; month <= cutoff; month += 1) {
      const t = lineMonthTotals(line, month);
      acc = { reel: addCents(acc.reel, t.reel), achat: addCents(acc.achat, t.achat) };
    }
  }
  return acc;
}

/**
 * The dashboard input of the selected clients' full budgets (the pure path; the server builds
 * the same shape from SQL sums). Clients keep the given order; amounts in cents.
 */
export function aggregateBudgets(
  budgets: readonly { client: Client; poles: readonly Pole[] }[],
  options: AggregateOptions = {},
): DashboardInput {
  const cutoff = options.cutoff ?? { month: 11, source: 'none' };
  const months = Array.from({ length: MONTH_COUNT }, (): MonthSums => ({
    reel: ZERO_CENTS,
    previsionnel: ZERO_CENTS,
    achat: ZERO_CENTS,
  }));
  const selected = new Set(budgets.map((b) => b.client.id));
  const previousPoles = new Map(
    (options.previous ?? []).filter((b) => selected.has(b.client.id)).map((b) => [b.client.id, b.poles]),
  );
  const previousByPole = new Map<string, PreviousSums>();
  for (const poles of previousPoles.values()) {
    for (const pole of poles) {
      const sum = addPrevious(previousByPole.get(pole.name) ?? null, previousOf([pole], cutoff.month));
      if (sum) previousByPole.set(pole.name, sum);
    }
  }
  const clients = budgets.map(({ client, poles }) => {
    const before = previousPoles.get(client.id);
    // 'Holds data' in the previous year: at least one pole there (docs/product.md#dashboard-previous-year).
    const previous = before && before.length > 0 ? previousOf(before, cutoff.month) : null;
    return aggregateClient(client, poles, months, cutoff.month, previous);
  });
  return { clients, months, cutoff, previousByPole };
}

/** The reduced selection of a full-detail input (the pure path), amounts in cents. */
export function summarizeDashboard(input: DashboardInput): DashboardData {
  const linesByPole = new Map<string, LineAggregate[]>();
  for (const client of input.clients) {
    for (const pole of client.poles) {
      const lines = linesByPole.get(pole.name) ?? [];
      for (const line of pole.lines) {
        mergeByName(lines, line.name, () => ({ name: line.name, sums: emptySums() }), line.sums);
      }
      linesByPole.set(pole.name, lines);
    }
  }
  return dashboardData(input.clients, linesByPole, input.months, input.cutoff, input.previousByPole);
}

/** Everything the dashboards show, from a full-detail input (the pure path), in cents. */
export function buildDashboard(input: DashboardInput, monthNames?: readonly string[]): Dashboard {
  return dashboardFromData(summarizeDashboard(input), monthNames);
}
