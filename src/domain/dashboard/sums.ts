/**
 * Layer 1 of the dashboards (docs/product.md#formulas): additive sums in cents per line, pole, client and
 * month. They are all plain Σ, so they can come from full budgets (from-budgets.ts) or straight
 * from SQL `SUM(...)` queries on the server; both give the same figures.
 */
import { addTotals, emptyTotals, type MeasureTotals } from '../budget';
import { ZERO_CENTS, addCents, type Cents } from '../money';

/** Additive sums of a line, pole or client, all in cents. */
export interface Sums extends MeasureTotals {
  /** Σ over line-months of (réel > 0 ? réel − achat : prévisionnel − achat prévisionnel). */
  revue: Cents;
  /** Σ over line-months with réel > 0 of (réel − achat − prévisionnel). */
  ecartRealise: Cents;
  /** Σ prévisionnel over those same line-months (réel > 0): the base of % Écart. */
  prevRealise: Cents;
  /** The four measures over the months up to the cut-off only (docs/product.md#dashboard-to-date). */
  toDate: MeasureTotals;
}

/** Actual sales and purchases of the previous year over the same months (docs/product.md#dashboard-previous-year), cents. */
export interface PreviousSums {
  reel: Cents;
  achat: Cents;
}

/** Field-by-field sum of two previous-year sums, exact or refused (CentsOverflowError); null (no data that year) is neutral. */
export function addPrevious(a: PreviousSums | null, b: PreviousSums): PreviousSums;
export function addPrevious(a: PreviousSums | null, b: PreviousSums | null): PreviousSums | null;
export function addPrevious(a: PreviousSums | null, b: PreviousSums | null): PreviousSums | null {
  if (!a || !b) return a ?? b;
  return { reel: addCents(a.reel, b.reel), achat: addCents(a.achat, b.achat) };
}

/**
 * The cut-off month of the figures 'à date' (0 = janvier … 11 = décembre) and where it comes from:
 * picked by the user, the last closed month, the last month holding an actual figure, or — a year
 * without any actual figure — December (the whole year).
 */
export interface Cutoff {
  month: number;
  source: 'chosen' | 'closed' | 'actual' | 'none';
}

/** The default cut-off (docs/product.md#dashboard-to-date): the last closed month, else the last month holding an actual figure, else December. */
export function defaultCutoff(lastClosedMonth: number | null, lastActualMonth: number | null): Cutoff {
  if (lastClosedMonth !== null) return { month: lastClosedMonth, source: 'closed' };
  if (lastActualMonth !== null) return { month: lastActualMonth, source: 'actual' };
  return { month: 11, source: 'none' };
}

/** A line of a pole in the aggregate: its name and sums (cents). */
export interface LineAggregate {
  name: string;
  sums: Sums;
}

/** Σ over the selection of one month's figures, in cents. */
export interface MonthSums {
  reel: Cents;
  previsionnel: Cents;
  achat: Cents;
}

/** Sums of zero, in cents. */
export function emptySums(): Sums {
  const z = ZERO_CENTS;
  return {
    previsionnel: z,
    achat_previsionnel: z,
    reel: z,
    achat: z,
    revue: z,
    ecartRealise: z,
    prevRealise: z,
    toDate: emptyTotals(),
  };
}

/** Field-by-field sum of two Sums, in cents: the four measures as the budget tab adds them. */
export function addSums(a: Sums, b: Sums): Sums {
  return {
    ...addTotals(a, b),
    revue: addCents(a.revue, b.revue),
    ecartRealise: addCents(a.ecartRealise, b.ecartRealise),
    prevRealise: addCents(a.prevRealise, b.prevRealise),
    toDate: addTotals(a.toDate, b.toDate),
  };
}
