/**
 * Layer 1 of the dashboards (docs/product.md#formulas): additive sums in cents per line, pole, client and
 * month. They are all plain Σ, so they can come from full budgets (from-budgets.ts) or straight
 * from SQL `SUM(...)` queries on the server; both give the same figures.
 */
import { addTotals, type MeasureTotals } from '../budget';
import { ZERO_CENTS, addCents, type Cents } from '../money';

/** Additive sums of a line, pole or client, all in cents. */
export interface Sums extends MeasureTotals {
  /** Σ over line-months of (réel > 0 ? réel − achat : prévisionnel − achat prévisionnel). */
  revue: Cents;
  /** Σ over line-months with réel > 0 of (réel − achat − prévisionnel). */
  ecartRealise: Cents;
  /** Σ prévisionnel over those same line-months (réel > 0): the base of % Écart. */
  prevRealise: Cents;
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
  return { previsionnel: z, achat_previsionnel: z, reel: z, achat: z, revue: z, ecartRealise: z, prevRealise: z };
}

/** Field-by-field sum of two Sums, in cents: the four measures as the budget tab adds them. */
export function addSums(a: Sums, b: Sums): Sums {
  return {
    ...addTotals(a, b),
    revue: addCents(a.revue, b.revue),
    ecartRealise: addCents(a.ecartRealise, b.ecartRealise),
    prevRealise: addCents(a.prevRealise, b.prevRealise),
  };
}
