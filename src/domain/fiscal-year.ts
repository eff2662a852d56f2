/**
 * Fiscal years (docs/product.md#fiscal-years, ADR 056): the agency's year may start in any month
 * and be named by the calendar year in which it ends (default) or starts. A month everywhere in
 * the API and the database is a POSITION in the fiscal year, 0 = its first month; this module is
 * the one place that turns a position into a calendar month and back. January / 'end' (the
 * default) makes every position the calendar month and every fiscal year the calendar year.
 */
import { MONTH_COUNT, MONTHS, MONTHS_SHORT } from './months';

/** How a fiscal year is named: by the calendar year in which it ends, or in which it starts. */
export type YearNaming = 'end' | 'start';

/** The agency's setting: its first month, 1 (January) to 12 (December), and how years are named. */
export interface FiscalSettings {
  fiscalYearStartMonth: number;
  yearNaming: YearNaming;
}

/** The calendar year: what a database without the setting has always meant. */
export const CALENDAR_YEAR: FiscalSettings = { fiscalYearStartMonth: 1, yearNaming: 'end' };

/** True when the setting is the calendar year (positions are calendar months). */
export const isCalendarYear = (s: FiscalSettings): boolean => s.fiscalYearStartMonth === 1;

/** The calendar year in which fiscal year `year` starts. */
function startYear(s: FiscalSettings, year: number): number {
  // A year starting in January starts and ends in the same calendar year, whatever its naming.
  return s.yearNaming === 'end' && s.fiscalYearStartMonth !== 1 ? year - 1 : year;
}

/** Position 0–11 of fiscal year `year` → its calendar month (0 = January, 11 = December) and calendar year. */
export function calendarMonthOf(s: FiscalSettings, year: number, position: number): { year: number; month: number } {
  const absolute = s.fiscalYearStartMonth - 1 + position;
  return { year: startYear(s, year) + Math.floor(absolute / MONTH_COUNT), month: absolute % MONTH_COUNT };
}

/** A calendar month (0 = January) of a calendar year → the fiscal year holding it and its position there. */
export function fiscalMonthOf(
  s: FiscalSettings,
  calendarYear: number,
  calendarMonth: number,
): { year: number; position: number } {
  const first = s.fiscalYearStartMonth - 1;
  const position = (calendarMonth - first + MONTH_COUNT) % MONTH_COUNT;
  const starts = calendarMonth >= first ? calendarYear : calendarYear - 1;
  return { year: s.yearNaming === 'end' && first !== 0 ? starts + 1 : starts, position };
}

/** The fiscal year holding `now` (local time): the default year of every route and of the header. */
export function fiscalYearOf(s: FiscalSettings, now: Date): number {
  return fiscalMonthOf(s, now.getFullYear(), now.getMonth()).year;
}

/** A FEC date `AAAAMMJJ` (checked by the reader) → its position in fiscal year `year`, or -1 outside it. */
export function positionOfDate(s: FiscalSettings, date: string, year: number): number {
  const digit = (i: number) => date.charCodeAt(i) - 48;
  const y = digit(0) * 1000 + digit(1) * 100 + digit(2) * 10 + digit(3);
  const m = digit(4) * 10 + digit(5) - 1;
  if (m < 0 || m >= MONTH_COUNT) return -1;
  const f = fiscalMonthOf(s, y, m);
  return f.year === year ? f.position : -1;
}

/** The last calendar day (1–31) of position `position` of fiscal year `year`. */
export function lastDayOf(s: FiscalSettings, year: number, position: number): number {
  const c = calendarMonthOf(s, year, position);
  return new Date(Date.UTC(c.year, c.month + 1, 0)).getUTCDate();
}

/**
 * The name of position `position` of fiscal year `year`: the calendar month's full name
 * (« Septembre ») in a calendar year, with its calendar year otherwise (« Septembre 2025 »).
 */
export function monthName(s: FiscalSettings, year: number, position: number): string {
  if (isCalendarYear(s)) return MONTHS[position]!;
  const c = calendarMonthOf(s, year, position);
  return `${MONTHS[c.month]} ${c.year}`;
}

/** The short label of a position: « sept. » in a calendar year, « sept. 2025 » otherwise. */
export function shortMonthName(s: FiscalSettings, year: number, position: number): string {
  if (isCalendarYear(s)) return MONTHS_SHORT[position]!;
  const c = calendarMonthOf(s, year, position);
  return `${MONTHS_SHORT[c.month]} ${c.year}`;
}

/** The twelve full names of fiscal year `year`, in fiscal order. */
export const monthNames = (s: FiscalSettings, year: number): string[] =>
  Array.from({ length: MONTH_COUNT }, (_, p) => monthName(s, year, p));

/** The fiscal year's span as French text: « 2026 », or « sept. 2025 – août 2026 ». */
export function yearSpan(s: FiscalSettings, year: number): string {
  if (isCalendarYear(s)) return String(year);
  return `${shortMonthName(s, year, 0)} – ${shortMonthName(s, year, MONTH_COUNT - 1)}`;
}

/** True when two settings slice the calendar into the same years with the same names. */
export const sameFiscalYears = (a: FiscalSettings, b: FiscalSettings): boolean =>
  a.fiscalYearStartMonth === b.fiscalYearStartMonth && (isCalendarYear(a) || a.yearNaming === b.yearNaming);

/**
 * Why the setting cannot go from `current` to `wanted` (French), or null: a change that moves a
 * month or renames a year is refused once a year holds data, naming those years (ADR 056).
 */
export function fiscalChangeRefusal(
  current: FiscalSettings,
  wanted: FiscalSettings,
  yearsWithData: readonly number[],
): string | null {
  if (sameFiscalYears(current, wanted) || yearsWithData.length === 0) return null;
  const years = yearsWithData.join(', ');
  const which = yearsWithData.length === 1 ? `l'exercice ${years} contient` : `les exercices ${years} contiennent`;
  return `Impossible de changer l'exercice : ${which} des données. Le premier mois et le nom de l'exercice se choisissent avant la saisie du premier budget.`;
}

/**
 * A month column's header: the full name in a calendar year (« Septembre », as ever), the short
 * name with its calendar year otherwise (« sept. 2025 »: twelve columns of two years stay narrow).
 */
export const columnMonthName = (s: FiscalSettings, year: number, position: number): string =>
  isCalendarYear(s) ? MONTHS[position]! : shortMonthName(s, year, position);

/**
 * A position named with its year, as messages write it: « Janvier 2026 » in a calendar year (the
 * fiscal year is the calendar one), « Septembre 2025 » (the month's own calendar year) otherwise.
 */
export const monthAndYear = (s: FiscalSettings, year: number, position: number): string =>
  isCalendarYear(s) ? `${MONTHS[position]} ${year}` : monthName(s, year, position);

/**
 * A position named inside a sentence (history, comments, the reconciliation, ADR 060): « mars » in
 * a calendar year (as these texts always said it), « septembre 2025 » otherwise.
 */
export const monthInText = (s: FiscalSettings, year: number, position: number): string =>
  monthName(s, year, position).toLowerCase();
