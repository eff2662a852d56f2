/**
 * What the dashboards' tables and bar charts do with their rows (docs/product.md#dashboard-tables): search by name
 * (accents and case ignored), sort by any column, and the 20 largest bars with one 'Autres' bar.
 */
import { compareFrench } from '../catalogue';
import { sumCents, type Cents } from '../money';

/** Lower case without accents, so « emile » finds « Émile ». */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('fr');
}

/** The rows whose name contains the search text (accents and case ignored); all of them for a blank search. */
export function searchRows<T extends { name: string }>(rows: readonly T[], search: string): T[] {
  const needle = foldForSearch(search.trim());
  return needle === '' ? [...rows] : rows.filter((r) => foldForSearch(r.name).includes(needle));
}

export type SortDirection = 'ascending' | 'descending';

/**
 * The rows sorted by one column's value — names by French collation, amounts as numbers; a
 * missing value (an N−1 the previous year lacks) always last; ties keep the given order.
 */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => number | string | null,
  direction: SortDirection,
): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, v: value(row) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === b.v ? a.index - b.index : a.v === null ? 1 : -1;
      const order =
        typeof a.v === 'string' || typeof b.v === 'string' ? compareFrench(String(a.v), String(b.v)) : a.v - b.v;
      return order === 0 ? a.index - b.index : sign * order;
    })
    .map((e) => e.row);
}

/** The label of what the chart leaves out beyond the largest bars. */
export const OTHERS_LABEL = 'Autres';
/** Bars a chart draws by default before leaving the rest out (docs/product.md#dashboard-charts). */
export const MAX_BARS = 20;
/** The choices of 'Afficher' above a bar chart: the N largest, or every bar (null). */
export const TOP_N_CHOICES: readonly (number | null)[] = [10, 20, 50, null];

/**
 * The bars a chart draws, ranked by value (largest first; ties in their given order): the `max`
 * largest — every bar when `max` is null — and what is left out, as a count and a sum for the
 * note under the chart: 'Autres' is never a bar, so it never flattens the scale (cents).
 */
export function rankedBars<T extends { name: string; value: Cents }>(
  bars: readonly T[],
  max: number | null = MAX_BARS,
): { bars: { name: string; value: Cents }[]; others: { count: number; value: Cents } | null } {
  const ranked = sortRows(bars, (b) => b.value, 'descending').map((b) => ({ name: b.name, value: b.value }));
  if (max === null || ranked.length <= max) return { bars: ranked, others: null };
  const rest = ranked.slice(max);
  return { bars: ranked.slice(0, max), others: { count: rest.length, value: sumCents(rest.map((b) => b.value)) } };
}

/**
 * The axis unit for amounts up to `maxAbsEuros`: k€, or M€ past 10 000 k€ (docs/product.md#dashboard-charts), and
 * the label of one tick in it (one decimal at most, French format).
 */
export function axisUnit(maxAbsEuros: number): { unit: 'k€' | 'M€'; label: (euros: number) => string } {
  const millions = maxAbsEuros > 10_000_000;
  const divisor = millions ? 1_000_000 : 1000;
  const unit = millions ? 'M€' : 'k€';
  const format = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  return { unit, label: (euros) => `${format.format(euros / divisor + 0)}\u00a0${unit}` };
}
