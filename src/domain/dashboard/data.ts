/**
 * Layer 1.5: the selection reduced to what GET /api/dashboard sends (`DashboardData`): one
 * entry per client, one per pole name, 12 months, amounts in cents. Both paths end in
 * `dashboardData`: the server's SQL sums and the pure path of from-budgets.ts.
 */
import { ZERO_CENTS, addCents, subCents, type Cents } from '../money';
import { MONTH_COUNT } from '../months';
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

/** A client's pole sums without their lines: what the client-level figures need (cents). */
export interface ClientPoleSums {
  id: string;
  name: string;
  previsionMbDebut: Cents;
  poles: readonly { name: string; sums: Sums }[];
  /** Its actuals of the previous year up to the same month; null when it had no pole that year. */
  previous: PreviousSums | null;
}

/** A client of the selection reduced to its totals over every pole (cents). */
export interface ClientTotals {
  id: string;
  name: string;
  previsionMbDebut: Cents;
  sums: Sums;
  previous: PreviousSums | null;
}

/**
 * One pole name over the selection (cents): Σ of its sums, Σ of its shares of the clients'
 * initial and revised forecasts (docs/product.md#formulas-pole-rows), and its lines merged by name across clients
 * (first-appearance order: client order, then pole and line creation order).
 */
export interface PoleTotals {
  name: string;
  sums: Sums;
  previsionMbDebut: Cents;
  previsionMbRevue: Cents;
  /** Σ over the selection of that pole name's actuals of the previous year (same months); null when absent then. */
  previous: PreviousSums | null;
  /** Empty in GET /api/dashboard: the lines come from GET /api/dashboard/lines (ADR 026). */
  lines: LineAggregate[];
}

/**
 * The selection reduced to what the dashboards show: one entry per client, one per pole name,
 * 12 months. Its size grows with the clients and the distinct pole and line names, not with
 * the lines, so the server can send it as is (ADR 011).
 */
export interface DashboardData {
  /** The month the figures 'à date' stop at. */
  cutoff: Cutoff;
  clients: ClientTotals[];
  /** First-appearance order (the dashboards sort them). */
  poles: PoleTotals[];
  months: MonthSums[];
  /** The selection's actuals of the previous year up to the cut-off; null when it held nothing then. */
  previous: PreviousSums | null;
}

/**
 * A pole's share of a client's forecast (cents): forecast × pole margin / client margin, only
 * when the forecast and the client's actual margin are both > 0, else 0 (docs/product.md#formulas-pole-rows).
 */
function forecastShare(forecast: Cents, poleMargin: Cents, clientMargin: Cents): Cents {
  return forecast > 0 && clientMargin > 0 ? prorate(forecast, poleMargin, clientMargin) : ZERO_CENTS;
}

/**
 * The reduced selection from client-level pole sums and the lines merged per pole name (cents).
 * Both paths end here: `summarizeDashboard` (full budgets) and the server's SQL sums. Each
 * client's forecasts are shared among its poles in proportion to their actual margins, each share
 * rounded to the cent (half away from zero), and summed per pole name.
 */
export function dashboardData(
  clients: readonly ClientPoleSums[],
  linesByPole: ReadonlyMap<string, readonly LineAggregate[]>,
  months: readonly MonthSums[],
  cutoff: Cutoff,
  previousByPole: ReadonlyMap<string, PreviousSums> = new Map(),
): DashboardData {
  const poles = new Map<string, PoleTotals>();
  const totals = clients.map((client): ClientTotals => {
    const sums = client.poles.reduce((s, p) => addSums(s, p.sums), emptySums());
    const clientMargin = subCents(sums.reel, sums.achat);
    for (const pole of client.poles) {
      const poleMargin = subCents(pole.sums.reel, pole.sums.achat);
      let acc = poles.get(pole.name);
      if (!acc) {
        acc = {
          name: pole.name,
          sums: emptySums(),
          previsionMbDebut: ZERO_CENTS,
          previsionMbRevue: ZERO_CENTS,
          previous: previousByPole.get(pole.name) ?? null,
          lines: [...(linesByPole.get(pole.name) ?? [])],
        };
        poles.set(pole.name, acc);
      }
      acc.sums = addSums(acc.sums, pole.sums);
      acc.previsionMbDebut = addCents(
        acc.previsionMbDebut,
        forecastShare(client.previsionMbDebut, poleMargin, clientMargin),
      );
      acc.previsionMbRevue = addCents(acc.previsionMbRevue, forecastShare(sums.revue, poleMargin, clientMargin));
    }
    return {
      id: client.id,
      name: client.name,
      previsionMbDebut: client.previsionMbDebut,
      sums,
      previous: client.previous,
    };
  });
  const twelveMonths = Array.from(
    { length: MONTH_COUNT },
    (_, m) => months[m] ?? { reel: ZERO_CENTS, previsionnel: ZERO_CENTS, achat: ZERO_CENTS },
  );
  const previous = totals.reduce<PreviousSums | null>((acc, c) => addPrevious(acc, c.previous), null);
  return { cutoff, clients: totals, poles: [...poles.values()], months: twelveMonths, previous };
}

/**
 * amount × part / whole in cents, computed exactly (BigInt: the product of two large amounts
 * exceeds 2^53) and rounded half away from zero like every other rounding of money here.
 * `whole` must be > 0.
 */
export function prorate(amount: Cents, part: Cents, whole: Cents): Cents {
  const num = BigInt(amount) * BigInt(part);
  const den = BigInt(whole);
  const quotient = num / den; // truncated toward zero
  const remainder = num % den; // same sign as num
  const twiceRest = 2n * (remainder < 0n ? -remainder : remainder);
  // A rounded share of an integer product is an integer: cents.
  if (twiceRest < den) return Number(quotient) as Cents;
  return Number(quotient + (num < 0n ? -1n : 1n)) as Cents;
}

/** The reduced selection with the lines of its poles (GET /api/dashboard/lines) put back in. */
export function withLines(
  data: DashboardData,
  poles: readonly { pole: string; lines: readonly LineAggregate[] }[],
): DashboardData {
  const byName = new Map(poles.map((p) => [p.pole, p.lines]));
  return { ...data, poles: data.poles.map((p) => ({ ...p, lines: [...(byName.get(p.name) ?? [])] })) };
}
