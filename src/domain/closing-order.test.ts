import { describe, expect, it } from 'vitest';
import { crossYearCloseRefusal, crossYearReopenRefusal, monthOfYear } from './control';

const closed = (entries: [number, number[]][]) => new Map(entries);
const ALL = Array.from({ length: 12 }, (_, m) => m);

describe('closing across years (m14)', () => {
  it.each<[string, [number, number[]][], number, string | null]>([
    ['no year started', [], 2027, null],
    ['the earlier year done', [[2026, ALL]], 2027, null],
    ['the same year under way', [[2027, [0, 1]]], 2027, null],
    [
      'an earlier year left half closed',
      [[2026, [0, 1, 2]]],
      2027,
      "Les exercices se clôturent dans l'ordre : terminez d'abord 2026 (prochain mois : avril 2026).",
    ],
    [
      'the oldest unfinished year named',
      [
        [2025, [0]],
        [2026, [0, 1, 2]],
      ],
      2027,
      "Les exercices se clôturent dans l'ordre : terminez d'abord 2025 (prochain mois : février 2025).",
    ],
    ['a later year half closed (closing an earlier one is not refused here)', [[2028, [0]]], 2027, null],
  ])('close: %s', (_case, locks, year, expected) => {
    expect(crossYearCloseRefusal(closed(locks), year)).toBe(expected);
  });

  it.each<[string, [number, number[]][], number, string | null]>([
    ['no later year', [[2026, ALL]], 2026, null],
    [
      'a later year with closed months',
      [[2027, [0, 1]]],
      2026,
      "Rouvrez d'abord les mois clôturés de 2027 (dernier : février 2027).",
    ],
    ['a later year without closed months', [[2027, []]], 2026, null],
  ])('reopen: %s', (_case, locks, year, expected) => {
    expect(crossYearReopenRefusal(closed(locks), year)).toBe(expected);
  });

  it.each([
    [0, 'de janvier 2026'],
    [3, "d'avril 2026"],
    [7, "d'août 2026"],
    [9, "d'octobre 2026"],
    [11, 'de décembre 2026'],
  ])('names month %i with its French elision: %s', (month, text) => {
    expect(monthOfYear(2026, month)).toBe(text);
  });
});
