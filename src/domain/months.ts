/** Number of months in a budget year; months are indexed 0 (janvier) to 11 (décembre). */
export const MONTH_COUNT = 12;

/** French month names, January to December, as shown in headers and files. */
export const MONTHS = [
  'Janvier',
  'Février',
  'Mars',
  'Avril',
  'Mai',
  'Juin',
  'Juillet',
  'Août',
  'Septembre',
  'Octobre',
  'Novembre',
  'Décembre',
] as const;

export type MonthName = (typeof MONTHS)[number];

/** The months abbreviated as French typography does (« janv. », « févr. »…), for narrow tables. */
export const MONTHS_SHORT = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
] as const;

/** Month indexes 0..11, handy for mapping over a year. */
export const MONTH_INDEXES: readonly number[] = MONTHS.map((_, i) => i);

/** A fresh array of twelve copies of `value`. */
export function twelve<T>(value: T): T[] {
  return Array.from({ length: MONTH_COUNT }, () => value);
}
