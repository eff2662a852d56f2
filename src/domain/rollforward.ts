/**
 * Roll forward ('Préparer {N+1}', docs/product.md#budget-years): the rules that fill next year's
 * forecasts from a basis of the source year. The server applies them in SQL
 * (server/db/sql-fragments.ts: UPLIFTED, BASIS_SALES, BASIS_PURCHASES); a test holds the two equal.
 */
import { divideHalfAway, type Cents } from './money';

/** Which figures of the source year fill the target's forecasts. */
export const ROLL_FORWARD_FIGURES = ['none', 'previsionnel', 'reel', 'revue'] as const;
export type RollForwardFigures = (typeof ROLL_FORWARD_FIGURES)[number];

/** `fill-empty` leaves every non-zero target cell as it is; `overwrite` replaces it. */
export const ROLL_FORWARD_MODES = ['fill-empty', 'overwrite'] as const;
export type RollForwardMode = (typeof ROLL_FORWARD_MODES)[number];

/** The uplift range, in percent, and its precision (hundredths of a percent). */
export const MIN_UPLIFT = -100;
export const MAX_UPLIFT = 1000;

/** The French labels of the bases, as the dialog shows them. */
export const FIGURES_LABELS: Record<RollForwardFigures, string> = {
  none: 'Aucun chiffre (structure seule)',
  previsionnel: 'Prévisionnel',
  reel: 'Réel',
  revue: 'Révisé (réel si saisi, sinon prévisionnel)',
};

/** One source month's four figures. */
export interface MonthFigures {
  previsionnel: Cents;
  achat_previsionnel: Cents;
  reel: Cents;
  achat: Cents;
}

/**
 * The forecast sales and purchases a basis gives for one source month: `previsionnel` copies the
 * forecasts, `reel` the actuals, `revue` the actuals where that month's réel > 0, else the
 * forecasts (as the revised forecast reads a month). null for `none`.
 */
export function basisOf(
  figures: RollForwardFigures,
  m: MonthFigures,
): { previsionnel: Cents; achat_previsionnel: Cents } | null {
  switch (figures) {
    case 'none':
      return null;
    case 'previsionnel':
      return { previsionnel: m.previsionnel, achat_previsionnel: m.achat_previsionnel };
    case 'reel':
      return { previsionnel: m.reel, achat_previsionnel: m.achat };
    case 'revue':
      return m.reel > 0
        ? { previsionnel: m.reel, achat_previsionnel: m.achat }
        : { previsionnel: m.previsionnel, achat_previsionnel: m.achat_previsionnel };
  }
}

/** An uplift in percent as whole hundredths of a percent (3.5 → 350); null beyond two decimals. */
export function upliftHundredths(percent: number): number | null {
  const scaled = Math.round(percent * 100);
  // Accept only what two decimals write exactly (3.5, 12.25, −100), not 3.555.
  return Math.abs(scaled / 100 - percent) < 1e-9 ? scaled : null;
}

/**
 * `cents × (1 + uplift / 100)`, rounded half away from zero to the cent, with the uplift in
 * hundredths of a percent (350 = 3,5 %): exact integer arithmetic (100,01 € × 1,035 = 103,51 €).
 */
export function upliftCents(cents: Cents, hundredths: number): Cents {
  return Number(divideHalfAway(BigInt(cents) * BigInt(10_000 + hundredths), 10_000n)) as Cents;
}

/** A client's year totals of forecast sales and forecast purchases, in cents. */
export interface ForecastTotals {
  previsionnel: Cents;
  achat_previsionnel: Cents;
}

/** What a roll forward did (or, in a dry run, would do) to one client. */
export interface RollForwardClientResult {
  id: string;
  name: string;
  polesCreated: number;
  linesCreated: number;
  /** Target cells whose value the roll forward set. */
  cellsFilled: number;
  /** Target cells left as they were because they already held a figure (fill-empty). */
  cellsSkipped: number;
  before: ForecastTotals;
  after: ForecastTotals;
}

/** A roll forward's request, decoded: uplifts in hundredths of a percent. */
export interface RollForwardPlan {
  from: number;
  year: number;
  /** null = every client. */
  clientIds: string[] | null;
  figures: RollForwardFigures;
  upliftSales: number;
  upliftPurchases: number;
  mode: RollForwardMode;
}

/** The version a roll forward may freeze in the year it prepares (docs/product.md#roll-forward). */
export const initialBudgetName = (year: number) => `Budget initial ${year}`;
