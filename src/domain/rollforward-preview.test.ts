import { describe, expect, it } from 'vitest';
import { assertCents as cents } from './money';
import type { RollForwardClientResult } from './rollforward';
import { parseUpliftEntry, rollForwardTotals } from './rollforward-preview';

describe('parseUpliftEntry', () => {
  it.each([
    ['', 0],
    ['   ', 0],
    ['0', 0],
    ['3,5', 3.5],
    ['3.5', 3.5],
    [' 12,25 % ', 12.25],
    ['12,25%', 12.25],
    ['-10', -10],
    ['\u221210', -10],
    ['+7', 7],
    [',5', 0.5],
    ['5,', 5],
    ['1000', 1000],
    // The schema refuses these with its own message: the parser keeps them as typed.
    ['3,555', 3.555],
    ['-150', -150],
  ])('%j → %d', (text, expected) => {
    expect(parseUpliftEntry(text)).toBe(expected);
  });

  it.each([['abc'], ['3,5,1'], ['1 000'], ['%'], ['1e3'], ['--2'], ['3,5 €']])('%j is no number', (text) => {
    expect(parseUpliftEntry(text)).toBeNaN();
  });
});

const row = (n: number, before: [number, number], after: [number, number]): RollForwardClientResult => ({
  id: `id-${n}`,
  name: `Client ${n}`,
  polesCreated: n,
  linesCreated: 10 * n,
  cellsFilled: 100 * n,
  cellsSkipped: 1000 * n,
  before: { previsionnel: cents(before[0]), achat_previsionnel: cents(before[1]) },
  after: { previsionnel: cents(after[0]), achat_previsionnel: cents(after[1]) },
});

describe('rollForwardTotals', () => {
  it.each<[string, RollForwardClientResult[], ReturnType<typeof rollForwardTotals>]>([
    [
      'no client',
      [],
      {
        polesCreated: 0,
        linesCreated: 0,
        cellsFilled: 0,
        cellsSkipped: 0,
        before: { previsionnel: cents(0), achat_previsionnel: cents(0) },
        after: { previsionnel: cents(0), achat_previsionnel: cents(0) },
      },
    ],
    [
      'one client',
      [row(1, [10001, 0], [10351, -5])],
      {
        polesCreated: 1,
        linesCreated: 10,
        cellsFilled: 100,
        cellsSkipped: 1000,
        before: { previsionnel: cents(10001), achat_previsionnel: cents(0) },
        after: { previsionnel: cents(10351), achat_previsionnel: cents(-5) },
      },
    ],
    [
      'three clients, to the cent',
      [row(1, [1, 2], [3, 4]), row(2, [-1, 0], [10, 20]), row(3, [99_999_999, 1], [0, 0])],
      {
        polesCreated: 6,
        linesCreated: 60,
        cellsFilled: 600,
        cellsSkipped: 6000,
        before: { previsionnel: cents(99_999_999), achat_previsionnel: cents(3) },
        after: { previsionnel: cents(13), achat_previsionnel: cents(24) },
      },
    ],
  ])('%s', (_label, clients, expected) => {
    expect(rollForwardTotals(clients)).toEqual(expected);
  });
});
