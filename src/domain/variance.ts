/**
 * Variance analysis (docs/product.md#variance, ADR 054): the gap of MB réelle à date against a
 * version's MB à date, split into a volume effect and a rate effect, exact to the cent.
 *
 *   volume = (CA réel − CA référence) × taux de marge référence   (taux = MB / CA)
 *   taux   = (taux réel − taux référence) × CA réel
 *
 * Algebraically volume + taux = MB réelle − MB référence. In cents the volume is rounded half away
 * from zero and the rate effect is the rest, so the two add up to the gap exactly; with a reference
 * CA ≤ 0 (no rate to apply) the whole gap is volume. Every row (a client, a pole, the total) is
 * split on its own sums: a client's effects are not the sum of its poles' (the mix stays inside).
 * Zod-free: the dashboard bundle imports it.
 */
import { compareFrench, comparePoleNames } from './catalogue';
import type { Cutoff } from './dashboard/sums';
import { addCents, CentsOverflowError, formatEuros, subCents, ZERO_CENTS, type Cents } from './money';

/** One side's figures à date, in cents: CA = ventes, MB = ventes − achats. */
export interface VarianceSide {
  ca: Cents;
  mb: Cents;
}

/** A gap and its two effects, in cents: gap = volume + rate, always. */
export interface VarianceSplit {
  gap: Cents;
  volume: Cents;
  rate: Cents;
}

/** A row of the analysis: both sides and the split of their gap (cents). */
export interface VarianceRow extends VarianceSplit {
  reference: VarianceSide;
  actual: VarianceSide;
}

/** What the analysis reads: one client × pole name, both sides à date (a side absent is zeros). */
export interface VarianceCell {
  clientId: string;
  clientName: string;
  pole: string;
  reference: VarianceSide;
  actual: VarianceSide;
}

export interface VarianceAnalysis {
  clients: (VarianceRow & { clientId: string; name: string })[];
  poles: (VarianceRow & { name: string })[];
  total: VarianceRow;
}

/** A justification as the analysis lists it: the thread's first comment (ISO date-time). */
export interface VarianceJustification {
  commentId: number;
  text: string;
  authorName: string;
  at: string;
}

/** GET /api/dashboard/variance in branded cents (answers.ts checks that it fits the wire schema). */
export interface VarianceData extends VarianceAnalysis {
  version: { id: number; name: string };
  cutoff: Cutoff;
  clients: (VarianceAnalysis['clients'][number] & {
    needsJustification: boolean;
    justification: VarianceJustification | null;
  })[];
}

export const ZERO_SIDE: VarianceSide = { ca: ZERO_CENTS, mb: ZERO_CENTS };

/** n / d rounded half away from zero (d > 0), on exact integers. */
function divideHalfAway(n: bigint, d: bigint): bigint {
  const q = n / d; // truncated toward zero
  const r = n % d; // same sign as n
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** The gap of `actual` against `reference` and its volume / rate split, in cents (sum exact). */
export function splitGap(reference: VarianceSide, actual: VarianceSide): VarianceSplit {
  const gap = subCents(actual.mb, reference.mb);
  if (reference.ca <= 0) return { gap, volume: gap, rate: ZERO_CENTS };
  // (CA réel − CA réf) × MB réf / CA réf: the product can pass 2^53, so exact integers.
  const volume = Number(
    divideHalfAway(BigInt(subCents(actual.ca, reference.ca)) * BigInt(reference.mb), BigInt(reference.ca)),
  );
  // Past 2^53 cents the rest could round: refused as every total is (ADR 039).
  if (!Number.isSafeInteger(volume)) throw new CentsOverflowError();
  return { gap, volume: volume as Cents, rate: subCents(gap, volume as Cents) };
}

const addSides = (a: VarianceSide, b: VarianceSide): VarianceSide => ({
  ca: addCents(a.ca, b.ca),
  mb: addCents(a.mb, b.mb),
});

const isZeroSide = (s: VarianceSide) => s.ca === 0 && s.mb === 0;

const rowOf = (reference: VarianceSide, actual: VarianceSide): VarianceRow => ({
  reference,
  actual,
  ...splitGap(reference, actual),
});

/**
 * The analysis of the cells: per client (by name, French collation), per pole name (catalogue
 * order, then alphabetical) and for the whole selection, each split on its own sums. A row whose
 * two sides are all zeros is left out.
 */
export function varianceOf(cells: readonly VarianceCell[]): VarianceAnalysis {
  const clients = new Map<string, { name: string; reference: VarianceSide; actual: VarianceSide }>();
  const poles = new Map<string, { reference: VarianceSide; actual: VarianceSide }>();
  let reference = ZERO_SIDE;
  let actual = ZERO_SIDE;
  for (const cell of cells) {
    const client = clients.get(cell.clientId) ?? { name: cell.clientName, reference: ZERO_SIDE, actual: ZERO_SIDE };
    clients.set(cell.clientId, {
      name: client.name,
      reference: addSides(client.reference, cell.reference),
      actual: addSides(client.actual, cell.actual),
    });
    const pole = poles.get(cell.pole) ?? { reference: ZERO_SIDE, actual: ZERO_SIDE };
    poles.set(cell.pole, {
      reference: addSides(pole.reference, cell.reference),
      actual: addSides(pole.actual, cell.actual),
    });
    reference = addSides(reference, cell.reference);
    actual = addSides(actual, cell.actual);
  }
  const shown = (s: { reference: VarianceSide; actual: VarianceSide }) =>
    !isZeroSide(s.reference) || !isZeroSide(s.actual);
  return {
    clients: [...clients]
      .filter(([, s]) => shown(s))
      .sort(([ia, a], [ib, b]) => compareFrench(a.name, b.name) || (ia < ib ? -1 : 1))
      .map(([clientId, s]) => ({ clientId, name: s.name, ...rowOf(s.reference, s.actual) })),
    poles: [...poles]
      .filter(([, s]) => shown(s))
      .sort(([a], [b]) => comparePoleNames(a, b))
      .map(([name, s]) => ({ name, ...rowOf(s.reference, s.actual) })),
    total: rowOf(reference, actual),
  };
}

/** The threshold above which a gap asks for a justification: both crossed (amount in cents, percent). */
export interface VarianceThreshold {
  amount: Cents;
  percent: number;
}

/**
 * The gap as a percentage of the reference MB à date (percent), or null when that MB is not
 * positive (no base to measure against).
 */
export function gapPercent(row: Pick<VarianceRow, 'gap' | 'reference'>): number | null {
  return row.reference.mb > 0 ? (row.gap / row.reference.mb) * 100 : null;
}

/**
 * Whether a gap asks for a justification: |gap| above the amount **and** above the percent of the
 * reference MB (a reference MB ≤ 0 gives no percent: the amount alone decides). No threshold set:
 * never.
 */
export function needsJustification(
  row: Pick<VarianceRow, 'gap' | 'reference'>,
  threshold: VarianceThreshold | null,
): boolean {
  if (!threshold) return false;
  const abs = Math.abs(row.gap);
  if (abs <= threshold.amount || abs === 0) return false;
  const percent = gapPercent(row);
  return percent === null || Math.abs(percent) > threshold.percent;
}

/** The bars of the waterfall: reference MB → volume → rate → actual MB (cents; a step's start and end). */
export interface WaterfallStep {
  label: string;
  kind: 'total' | 'step';
  /** The step's amount (a total: its level). */
  value: Cents;
  /** Where the bar starts and ends on the axis (a total starts at 0). */
  from: Cents;
  to: Cents;
}

export const WATERFALL_LABELS = {
  reference: 'MB référence',
  volume: 'Effet volume',
  rate: 'Effet taux',
  actual: 'MB réelle',
} as const;

/** The four bars of a row's waterfall, each step starting where the previous one ended. */
export function waterfallSteps(row: VarianceRow): WaterfallStep[] {
  const afterVolume = addCents(row.reference.mb, row.volume);
  return [
    {
      label: WATERFALL_LABELS.reference,
      kind: 'total',
      value: row.reference.mb,
      from: ZERO_CENTS,
      to: row.reference.mb,
    },
    { label: WATERFALL_LABELS.volume, kind: 'step', value: row.volume, from: row.reference.mb, to: afterVolume },
    { label: WATERFALL_LABELS.rate, kind: 'step', value: row.rate, from: afterVolume, to: row.actual.mb },
    { label: WATERFALL_LABELS.actual, kind: 'total', value: row.actual.mb, from: ZERO_CENTS, to: row.actual.mb },
  ];
}

/** The closing checklist's line for a gap without justification (docs/product.md#variance). */
export function unjustifiedGapText(gap: { clientName: string; gap: number; versionName: string }): string {
  return `Écart non justifié — ${gap.clientName} : ${formatEuros(gap.gap as Cents)} contre « ${gap.versionName} » (à justifier dans « Analyse des écarts »).`;
}
