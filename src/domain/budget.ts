/**
 * Budget-tab math on the cents model (docs/product.md#client-side-views, docs/product.md#formulas): lines and poles hold integer cents,
 * so every total is an integer sum and no float drift reaches it.
 */
import { ZERO_CENTS, addCents, subCents, type Cents } from './money';
import { MONTH_COUNT } from './months';
import { MEASURES, type Measure } from './measures';
import type { Line, Pole } from './model';

/** One amount in cents per measure (previsionnel, achat_previsionnel, reel, achat). */
export type MeasureTotals = Record<Measure, Cents>;

/** Totals of zero for every measure, in cents. */
export function emptyTotals(): MeasureTotals {
  return { previsionnel: ZERO_CENTS, achat_previsionnel: ZERO_CENTS, reel: ZERO_CENTS, achat: ZERO_CENTS };
}

/** Measure-by-measure sum of two totals, in cents. */
export function addTotals(a: MeasureTotals, b: MeasureTotals): MeasureTotals {
  return {
    previsionnel: addCents(a.previsionnel, b.previsionnel),
    achat_previsionnel: addCents(a.achat_previsionnel, b.achat_previsionnel),
    reel: addCents(a.reel, b.reel),
    achat: addCents(a.achat, b.achat),
  };
}

/** The value of one measure of a line in one month, in cents (a missing month reads as 0). */
export function lineMonthValue(line: Line, measure: Measure, month: number): Cents {
  return line[measure][month] ?? ZERO_CENTS;
}

/** The four figures of a line in one month (0–11), in cents. */
export function lineMonthTotals(line: Line, month: number): MeasureTotals {
  const totals = emptyTotals();
  for (const measure of MEASURES) totals[measure] = lineMonthValue(line, measure, month);
  return totals;
}

/** Σ of the 12 months of each measure of a line, in cents. */
export function lineTotals(line: Line): MeasureTotals {
  let totals = emptyTotals();
  for (let month = 0; month < MONTH_COUNT; month += 1) {
    totals = addTotals(totals, lineMonthTotals(line, month));
  }
  return totals;
}

/** Σ of the line totals of a pole, in cents. */
export function poleTotals(pole: Pole): MeasureTotals {
  return pole.lines.reduce((t, line) => addTotals(t, lineTotals(line)), emptyTotals());
}

/** Σ over every line of these poles of one month (0–11), in cents. */
export function monthTotals(poles: readonly Pole[], month: number): MeasureTotals {
  let totals = emptyTotals();
  for (const pole of poles) {
    for (const line of pole.lines) totals = addTotals(totals, lineMonthTotals(line, month));
  }
  return totals;
}

/** A row's year from its month totals: Σ measure by measure, in cents ('Total Annuel'). */
export function yearTotals(months: readonly MeasureTotals[]): MeasureTotals {
  return months.reduce(addTotals, emptyTotals());
}

/** Σ of the pole totals (the 'TOTAL GÉNÉRAL' row over the year), in cents. */
export function grandTotals(poles: readonly Pole[]): MeasureTotals {
  return poles.reduce((t, pole) => addTotals(t, poleTotals(pole)), emptyTotals());
}

/** Forecast margin = prévisionnel − achat prévisionnel, in cents. */
export function marginPrev(t: MeasureTotals): Cents {
  return subCents(t.previsionnel, t.achat_previsionnel);
}

/** Actual margin = réel − achat, in cents. */
export function marginReel(t: MeasureTotals): Cents {
  return subCents(t.reel, t.achat);
}

/**
 * Revised-forecast contribution of one line-month, in cents: its actual margin once it has
 * actual sales (réel > 0, judged on the cent-rounded value), otherwise its forecast margin.
 */
export function revisedMonthMargin(t: MeasureTotals): Cents {
  return t.reel > 0 ? marginReel(t) : marginPrev(t);
}

/**
 * Revised annual forecast (MB annuelle revue) of a client, in cents: Σ over every line and month
 * of (réel > 0 ? réel − achat : prévisionnel − achat prévisionnel). Always computed, never typed.
 */
export function revisedForecast(poles: readonly Pole[]): Cents {
  let total = ZERO_CENTS;
  for (const pole of poles) {
    for (const line of pole.lines) {
      for (let month = 0; month < MONTH_COUNT; month += 1) {
        total = addCents(total, revisedMonthMargin(lineMonthTotals(line, month)));
      }
    }
  }
  return total;
}

/**
 * Budget tab's gap of the revised forecast versus the initial one, in percent (not rounded):
 * (revised − initial) / initial × 100, or null when the initial forecast is not positive
 * (docs/product.md#formulas-forecast-gap): a percentage of a planned loss or of nothing has no
 * meaning a reader can use (−5 000 € initially showed `+33 954,1 %`), as the dashboards' gaps
 * hide it too. Both arguments in cents.
 */
export function forecastGapPercent(revised: Cents, initial: Cents): number | null {
  if (initial <= 0) return null;
  return ((revised - initial) / initial) * 100;
}
