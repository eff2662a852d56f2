/**
 * The landing view (docs/product.md#landing-view): per client and pole, each month's MB as the year
 * is landing — the actual margin (réel − achat) up to the cut-off, the forecast margin
 * (prévisionnel − achat prévisionnel) after it — beside a version's MB forecast (the reference by
 * default), with the gap. Its total is the KPIs' « MB Réelle à date » plus the MB prévisionnelle of
 * the months after the cut-off. Cents throughout.
 */
import { marginPrev, marginReel, type MeasureTotals } from '../budget';
import { subCents, sumCents, ZERO_CENTS, type Cents } from '../money';
import { MONTH_COUNT } from '../months';

/** One pole's sums of one month (not cumulated), cents. */
export type MonthSums = MeasureTotals;

/** A version's forecast of one pole and month (cents). */
export interface VersionMonth {
  previsionnel: Cents;
  achat_previsionnel: Cents;
}

/** One row of the view: a client's pole. */
export interface LandingViewRow {
  clientId: string;
  client: string;
  pole: string;
  /** The 12 months' MB: actual up to the cut-off, forecast after it. */
  months: Cents[];
  /** Σ months. */
  landed: Cents;
  /** The version's MB forecast of the year (0 without a version, or a pole it does not hold). */
  reference: Cents;
  /** landed − reference. */
  gap: Cents;
}

/** The TOTAL row, with the two parts the KPIs show. */
export interface LandingViewTotal {
  months: Cents[];
  landed: Cents;
  reference: Cents;
  gap: Cents;
  /** « MB Réelle à date »: Σ (réel − achat) of the months up to the cut-off. */
  actualToDate: Cents;
  /** Σ (prévisionnel − achat prévisionnel) of the months after the cut-off. */
  forecastAfter: Cents;
}

/** The view: the cut-off, the version compared (or none), the rows and their TOTAL. */
export interface LandingView {
  cutoff: number;
  version: { id: number; name: string } | null;
  rows: LandingViewRow[];
  total: LandingViewTotal;
}

/** A month's MB as it lands: actual up to `cutoff` (0 = janvier), forecast after it. */
export function landedMonths(months: readonly MonthSums[], cutoff: number): Cents[] {
  return Array.from({ length: MONTH_COUNT }, (_, m) => {
    const sums = months[m];
    if (!sums) return ZERO_CENTS;
    return m <= cutoff ? marginReel(sums) : marginPrev(sums);
  });
}

/** A version's MB forecast of a year from its months (absent months count as 0). */
export function versionMargin(months: readonly (VersionMonth | undefined)[]): Cents {
  return sumCents(months.map((m) => (m ? subCents(m.previsionnel, m.achat_previsionnel) : ZERO_CENTS)));
}

/** One row from its pole's monthly sums and the version's MB forecast of the pole. */
export function landingViewRow(
  who: { clientId: string; client: string; pole: string },
  months: readonly MonthSums[],
  cutoff: number,
  reference: Cents,
): LandingViewRow {
  const landed = landedMonths(months, cutoff);
  const total = sumCents(landed);
  return { ...who, months: landed, landed: total, reference, gap: subCents(total, reference) };
}

/** The TOTAL of the rows; `actualToDate` and `forecastAfter` split it at the cut-off. */
export function landingViewTotal(rows: readonly LandingViewRow[], cutoff: number): LandingViewTotal {
  const months = Array.from({ length: MONTH_COUNT }, (_, m) => sumCents(rows.map((r) => r.months[m]!)));
  const landed = sumCents(months);
  const reference = sumCents(rows.map((r) => r.reference));
  const actualToDate = sumCents(months.slice(0, cutoff + 1));
  return {
    months,
    landed,
    reference,
    gap: subCents(landed, reference),
    actualToDate,
    forecastAfter: subCents(landed, actualToDate),
  };
}

/** Month-by-month sums from cumulated ones (January to each month), as the sums tables keep them. */
export function monthsFromCumulated(cumulated: readonly (MonthSums | undefined)[]): MonthSums[] {
  const zero: MonthSums = {
    previsionnel: ZERO_CENTS,
    achat_previsionnel: ZERO_CENTS,
    reel: ZERO_CENTS,
    achat: ZERO_CENTS,
  };
  let before = zero;
  return Array.from({ length: MONTH_COUNT }, (_, m) => {
    // A month without its row holds what the month before it held (nothing changed from it on).
    const now = cumulated[m] ?? before;
    const month = {
      previsionnel: subCents(now.previsionnel, before.previsionnel),
      achat_previsionnel: subCents(now.achat_previsionnel, before.achat_previsionnel),
      reel: subCents(now.reel, before.reel),
      achat: subCents(now.achat, before.achat),
    };
    before = now;
    return month;
  });
}
