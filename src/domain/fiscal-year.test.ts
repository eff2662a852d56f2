import { describe, expect, it } from 'vitest';
import {
  CALENDAR_YEAR,
  fiscalChangeRefusal,
  calendarMonthOf,
  fiscalMonthOf,
  fiscalYearOf,
  lastDayOf,
  monthName,
  monthNames,
  positionOfDate,
  shortMonthName,
  yearSpan,
  type FiscalSettings,
} from './fiscal-year';

const SEPT_END: FiscalSettings = { fiscalYearStartMonth: 9, yearNaming: 'end' };
const SEPT_START: FiscalSettings = { fiscalYearStartMonth: 9, yearNaming: 'start' };
const MARCH_END: FiscalSettings = { fiscalYearStartMonth: 3, yearNaming: 'end' };
const JAN_START: FiscalSettings = { fiscalYearStartMonth: 1, yearNaming: 'start' };

describe('calendarMonthOf', () => {
  it.each([
    // setting, fiscal year, position → calendar year, calendar month (0 = janvier)
    [CALENDAR_YEAR, 2026, 0, 2026, 0],
    [CALENDAR_YEAR, 2026, 11, 2026, 11],
    [JAN_START, 2026, 5, 2026, 5],
    [SEPT_END, 2026, 0, 2025, 8],
    [SEPT_END, 2026, 3, 2025, 11],
    [SEPT_END, 2026, 4, 2026, 0],
    [SEPT_END, 2026, 11, 2026, 7],
    [SEPT_START, 2025, 0, 2025, 8],
    [SEPT_START, 2025, 11, 2026, 7],
    [MARCH_END, 2026, 0, 2025, 2],
    [MARCH_END, 2026, 11, 2026, 1],
  ])('%o FY%i position %i → %i-%i', (s, year, position, calendarYear, month) => {
    expect(calendarMonthOf(s, year, position)).toEqual({ year: calendarYear, month });
  });
});

describe('fiscalMonthOf', () => {
  it.each([
    [CALENDAR_YEAR, 2026, 0, 2026, 0],
    [CALENDAR_YEAR, 2026, 11, 2026, 11],
    [JAN_START, 2026, 7, 2026, 7],
    [SEPT_END, 2025, 8, 2026, 0],
    [SEPT_END, 2026, 7, 2026, 11],
    [SEPT_END, 2026, 8, 2027, 0],
    [SEPT_END, 2026, 0, 2026, 4],
    [SEPT_START, 2025, 8, 2025, 0],
    [SEPT_START, 2026, 7, 2025, 11],
    [MARCH_END, 2026, 1, 2026, 11],
    [MARCH_END, 2026, 2, 2027, 0],
  ])('%o %i-%i → FY%i position %i', (s, calendarYear, month, year, position) => {
    expect(fiscalMonthOf(s, calendarYear, month)).toEqual({ year, position });
  });

  it('is the inverse of calendarMonthOf for every month of every setting', () => {
    for (let start = 1; start <= 12; start++)
      for (const yearNaming of ['end', 'start'] as const)
        for (let p = 0; p < 12; p++) {
          const s = { fiscalYearStartMonth: start, yearNaming };
          const c = calendarMonthOf(s, 2026, p);
          expect(fiscalMonthOf(s, c.year, c.month)).toEqual({ year: 2026, position: p });
        }
  });
});

describe('fiscalYearOf', () => {
  it.each([
    [CALENDAR_YEAR, new Date(2026, 0, 1), 2026],
    [SEPT_END, new Date(2025, 7, 31), 2025],
    [SEPT_END, new Date(2025, 8, 1), 2026],
    [SEPT_START, new Date(2025, 8, 1), 2025],
    [SEPT_START, new Date(2026, 7, 31), 2025],
  ])('%o on %s → %i', (s, now, year) => {
    expect(fiscalYearOf(s, now)).toBe(year);
  });
});

describe('positionOfDate (FEC dates)', () => {
  it.each([
    [CALENDAR_YEAR, '20260115', 2026, 0],
    [CALENDAR_YEAR, '20251231', 2026, -1],
    [SEPT_END, '20250901', 2026, 0],
    [SEPT_END, '20250831', 2026, -1],
    [SEPT_END, '20260831', 2026, 11],
    [SEPT_END, '20260901', 2026, -1],
    [SEPT_START, '20250915', 2025, 0],
    [SEPT_START, '20260228', 2025, 5],
    [MARCH_END, '20260228', 2026, 11],
    [MARCH_END, '20250301', 2026, 0],
    [CALENDAR_YEAR, '20261315', 2026, -1],
  ])('%o %s in FY%i → %i', (s, date, year, position) => {
    expect(positionOfDate(s, date, year)).toBe(position);
  });
});

describe('lastDayOf', () => {
  it.each([
    // February of a leap year and of a common year, reached by position.
    [SEPT_END, 2024, 5, 29],
    [SEPT_END, 2026, 5, 28],
    [MARCH_END, 2024, 11, 29],
    [MARCH_END, 2025, 11, 28],
    [CALENDAR_YEAR, 2026, 1, 28],
    [SEPT_END, 2026, 0, 30],
    [SEPT_END, 2026, 3, 31],
  ])('%o FY%i position %i → %i', (s, year, position, day) => {
    expect(lastDayOf(s, year, position)).toBe(day);
  });
});

describe('labels', () => {
  it('keeps the calendar year’s names as they are', () => {
    expect(monthName(CALENDAR_YEAR, 2026, 8)).toBe('Septembre');
    expect(shortMonthName(CALENDAR_YEAR, 2026, 1)).toBe('févr.');
    expect(yearSpan(CALENDAR_YEAR, 2026)).toBe('2026');
  });

  it('names a September year’s months with their calendar year, in fiscal order', () => {
    expect(shortMonthName(SEPT_END, 2026, 0)).toBe('sept. 2025');
    expect(shortMonthName(SEPT_END, 2026, 11)).toBe('août 2026');
    expect(monthName(SEPT_START, 2025, 4)).toBe('Janvier 2026');
    expect(monthNames(SEPT_END, 2026).slice(0, 5)).toEqual([
      'Septembre 2025',
      'Octobre 2025',
      'Novembre 2025',
      'Décembre 2025',
      'Janvier 2026',
    ]);
    expect(yearSpan(SEPT_END, 2026)).toBe('sept. 2025 – août 2026');
  });

  it('reads N−1 at the same positions: a year earlier, across the calendar change', () => {
    expect(monthName(SEPT_END, 2025, 4)).toBe('Janvier 2025');
    expect(monthName(SEPT_END, 2025, 0)).toBe('Septembre 2024');
  });
});

describe('fiscalChangeRefusal', () => {
  it.each([
    ['an empty database', SEPT_END, [], null],
    ['the same setting', CALENDAR_YEAR, [2026], null],
    ['January named by its start: the same years', JAN_START, [2026], null],
    [
      'one year with data',
      SEPT_END,
      [2026],
      "Impossible de changer l'exercice : l'exercice 2026 contient des données. Le premier mois et le nom de l'exercice se choisissent avant la saisie du premier budget.",
    ],
    [
      'two years with data',
      MARCH_END,
      [2025, 2026],
      "Impossible de changer l'exercice : les exercices 2025, 2026 contiennent des données. Le premier mois et le nom de l'exercice se choisissent avant la saisie du premier budget.",
    ],
  ])('%s', (_name, wanted, years, refusal) => {
    expect(fiscalChangeRefusal(CALENDAR_YEAR, wanted, years)).toBe(refusal);
  });

  it('refuses renaming a September year that holds data', () => {
    expect(fiscalChangeRefusal(SEPT_END, SEPT_START, [2026])).toMatch(/^Impossible de changer l'exercice/);
  });
});
