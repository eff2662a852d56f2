/**
 * Landing (atterrissage, docs/product.md#versions-and-landing): the rules that re-forecast the
 * months after the cut-off from the actuals to date. Pure; the server reads the figures, calls
 * `landLine` per line and writes the cells it answers. Forecast sales follow actual sales and
 * forecast purchases actual purchases; every amount is in cents, rounded half away from zero.
 */
import { shareByLargestRemainder } from './accounting/mapping';
import type { CellChange } from './history';
import { MONTH_COUNT } from './months';
import type { Cents } from './money';
import { MAX_UPLIFT, MIN_UPLIFT, upliftCents, type ForecastTotals, type RollForwardMode } from './rollforward';

/** How the months after the cut-off are re-forecast. */
export const LANDING_METHODS = ['run-rate', 'n-1', 'objectif'] as const;
export type LandingMethod = (typeof LANDING_METHODS)[number];

/** The growth range of `n-1`, in percent, as the roll forward's uplift (two decimals at most: `upliftHundredths`). */
export const MIN_GROWTH = MIN_UPLIFT;
export const MAX_GROWTH = MAX_UPLIFT;

/** The French labels of the methods, as the dialog shows them. */
export const LANDING_METHOD_LABELS: Record<LandingMethod, string> = {
  'run-rate': 'Rythme des 3 derniers mois',
  'n-1': 'Même mois de N−1 (× croissance)',
  objectif: 'Objectif de la version de référence',
};

/** The forecast measure each actual measure drives. */
const PAIRS = [
  { forecast: 'previsionnel', actual: 'reel' },
  { forecast: 'achat_previsionnel', actual: 'achat' },
] as const;

/** One measure pair of a line: 12 amounts each, cents. */
export interface LandingFigures {
  previsionnel: readonly Cents[];
  achat_previsionnel: readonly Cents[];
  reel: readonly Cents[];
  achat: readonly Cents[];
}

/** One line of the year to land, with what the methods read beside it. */
export interface LandingLine {
  lineId: string;
  /** The line's 48 figures in the year landed. */
  figures: LandingFigures;
  /** The same line's actuals in the previous year (matched by pole and line name); null: absent there. */
  previous: { reel: readonly Cents[]; achat: readonly Cents[] } | null;
  /** The line's annual forecasts in the reference version; null: absent from it (or no reference). */
  target: { previsionnel: Cents; achat_previsionnel: Cents } | null;
}

/** A landing's rules, decoded. */
export interface LandingPlan {
  method: LandingMethod;
  /** `n-1`'s growth, in hundredths of a percent (350 = 3,5 %); 0 for the other methods. */
  growth: number;
  mode: RollForwardMode;
  /** The cut-off month (0–11, docs/product.md#dashboard-to-date): it and the months before are never written. */
  cutoff: number;
  /** The closed months (0–11): never written. */
  closed: ReadonlySet<number>;
}

/** What landing one line does: the cells it writes (old → new, cents), and those fill-empty leaves. */
export interface LandingOutcome {
  cells: CellChange[];
  /** Open months after the cut-off left as they were because they held a figure (fill-empty). */
  skipped: number;
}

/** `total / count` rounded half away from zero to the cent (count ≥ 1; |total| < 2^53). */
export function averageCents(total: number, count: number): Cents {
  const magnitude = Math.abs(total);
  const rest = magnitude % count; // exact on integers, unlike a rounded quotient
  const whole = (magnitude - rest) / count;
  const rounded = rest * 2 >= count ? whole + 1 : whole;
  return (total < 0 && rounded !== 0 ? -rounded : rounded) as Cents;
}

/** Σ of some months of a series, cents. */
const sumOf = (values: readonly Cents[], months: readonly number[]) => months.reduce((s, m) => s + values[m]!, 0);

/**
 * The months a landing may write: after the cut-off and not closed, January first.
 */
export function openMonths(plan: Pick<LandingPlan, 'cutoff' | 'closed'>): number[] {
  const months: number[] = [];
  for (let m = plan.cutoff + 1; m < MONTH_COUNT; m++) if (!plan.closed.has(m)) months.push(m);
  return months;
}

/**
 * The proposed forecast of each of `months` for one measure pair, or null when the method has no
 * basis for this line (a line absent in N−1 or from the reference: left as it is).
 * `months` are the months to write; `kept` the open months fill-empty keeps (objectif only).
 */
function proposed(
  line: LandingLine,
  plan: LandingPlan,
  pair: (typeof PAIRS)[number],
  months: readonly number[],
  kept: readonly number[],
): Map<number, Cents> | null {
  const actual = line.figures[pair.actual];
  switch (plan.method) {
    case 'run-rate': {
      // The last 3 months up to the cut-off (fewer when the cut-off is January or February).
      const window = [plan.cutoff - 2, plan.cutoff - 1, plan.cutoff].filter((m) => m >= 0);
      if (window.length === 0) return null;
      const rate = averageCents(sumOf(actual, window), window.length);
      return new Map(months.map((m) => [m, rate]));
    }
    case 'n-1': {
      if (!line.previous) return null;
      const before = line.previous[pair.actual];
      return new Map(months.map((m) => [m, upliftCents(before[m]!, plan.growth)]));
    }
    case 'objectif': {
      if (!line.target) return null;
      if (months.length === 0) return new Map();
      // What the year already holds where nothing is written: the actuals of every month up to
      // the cut-off or closed, and the forecasts fill-empty keeps.
      const fixed = Array.from({ length: MONTH_COUNT }, (_, m) => m).filter(
        (m) => m <= plan.cutoff || plan.closed.has(m),
      );
      const remaining = line.target[pair.forecast] - sumOf(actual, fixed) - sumOf(line.figures[pair.forecast], kept);
      const current = months.map((m) => Math.max(0, line.figures[pair.forecast][m]!));
      // In proportion to the current forecast (a negative month weighs 0), evenly when that is 0.
      const weights = current.some((w) => w > 0) ? current : months.map(() => 1);
      const shares = shareByLargestRemainder(remaining as Cents, weights);
      return new Map(months.map((m, i) => [m, shares[i]!]));
    }
  }
}

/**
 * Lands one line: for each forecast measure, the months after the cut-off that are not closed get
 * the method's figure — `fill-empty` only where the forecast is 0 (the others are counted as
 * skipped), `overwrite` wherever it differs. Cells in month order, sales first.
 */
export function landLine(line: LandingLine, plan: LandingPlan): LandingOutcome {
  const open = openMonths(plan);
  const cells: CellChange[] = [];
  let skipped = 0;
  for (const pair of PAIRS) {
    const forecast = line.figures[pair.forecast];
    const kept = plan.mode === 'fill-empty' ? open.filter((m) => forecast[m] !== 0) : [];
    const months = open.filter((m) => !kept.includes(m));
    const values = proposed(line, plan, pair, months, kept);
    if (!values) continue;
    skipped += kept.length;
    for (const m of months) {
      const next = values.get(m)!;
      if (next !== forecast[m])
        cells.push({ lineId: line.lineId, month: m, field: pair.forecast, old: forecast[m]!, new: next });
    }
  }
  cells.sort((a, b) => a.month - b.month || (a.field === b.field ? 0 : a.field === 'previsionnel' ? -1 : 1));
  return { cells, skipped };
}

/** What a landing did (or, in a dry run, would do) to one client: as a roll forward's, no structure created. */
export interface LandingClientResult {
  id: string;
  name: string;
  cellsFilled: number;
  cellsSkipped: number;
  before: ForecastTotals;
  after: ForecastTotals;
}
