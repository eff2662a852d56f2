/**
 * Budget years (exercices, docs/product.md#budget-years): a budget is for one calendar year.
 * Clients span years; poles, lines, the 48 monthly figures, the invoiced months and the initial
 * MB forecast belong to one year (ADR 021).
 */

/** First and last year the product accepts (the `?year=` range). */
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/** The calendar year of `now` (local time): the default year of every route and of the header. */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** True for an integer year within MIN_YEAR–MAX_YEAR. */
export function isYear(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_YEAR && value <= MAX_YEAR;
}

/** The French message of a year outside the range, naming what was given. */
export function invalidYearMessage(given: unknown): string {
  return `Exercice invalide : ${String(given)} (une année de ${MIN_YEAR} à ${MAX_YEAR} est attendue).`;
}

/**
 * The years the header offers (docs/product.md#budget-years): those that hold data, the current
 * year and the next, ascending, without duplicates, within the accepted range.
 */
export function yearsToOffer(stored: readonly number[], current: number): number[] {
  return [...new Set([...stored, current, current + 1])].filter(isYear).sort((a, b) => a - b);
}
