import { describe, expect, it } from 'vitest';
import {
  CentsOverflowError,
  MAX_ABS_CENTS,
  addCents,
  assertCents,
  centsToDecimal,
  centsToEuros,
  decimalToCents,
  eurosToCents,
  formatDecimal,
  formatEuros,
  formatEurosExact,
  formatPercent,
  isCents,
  parseCellEntry,
  percentOf,
  formatCompactEuros,
  formatGrouped,
  shownSign,
  subCents,
  sumCents,
  type Cents,
} from './money';
import { readCellEntry } from './cell-entry';

const NBSP = '\u00a0'; // no-break space
const NNBSP = '\u202f'; // narrow no-break space (what fr-FR Intl uses between thousands)

describe('parseCellEntry (docs/product.md#cell-entry cell entry → cents)', () => {
  it.each([
    // edge cases first: empty, blank, garbage → 0 (docs/product.md#cell-entry)
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['12abc', 0],
    ['-', 0],
    [',', 0],
    ['1e5', 0],
    ['1.234.567', 0],
    ['1,234.56', 0],
    ['12 34', 0],
    ['€', 0],
    ['0', 0],
    ['-0', 0],
    ['0,00', 0],
    // the four forms docs/product.md#cell-entry names
    ['1234,56', 123456],
    ['1 234,56', 123456],
    ['1234.56', 123456],
    ['-50', -5000],
    // thousands separators as Excel / Intl paste them
    [`1${NBSP}234,56`, 123456],
    [`1${NNBSP}234,56`, 123456],
    ['1 234 567,89', 123456789],
    ['-1 234,5', -123450],
    // more than two decimals: half away from zero; a comma is always the decimal separator
    ['1.005', 101],
    ['1,005', 101],
    ['-1,005', -101],
    ['1,004', 100],
    ['12,345', 1235],
    ['0,001', 0],
    ['-0,004', 0],
    ['-0,005', -1],
    // tolerated variants
    ['  42  ', 4200],
    ['+7', 700],
    [',5', 50],
    ['1234,', 123400],
    ['1 234,56 €', 123456],
    ['99,9€', 9990],
  ])('%j → %i cents', (text, cents) => {
    expect(parseCellEntry(text)).toBe(cents);
  });

  it('never returns negative zero', () => {
    expect(Object.is(parseCellEntry('-0,001'), 0)).toBe(true);
  });

  it('an amount beyond numeric(14,2) becomes 0', () => {
    expect(parseCellEntry('1000000000000')).toBe(0); // 10^12 € > 999 999 999 999,99 €
    expect(parseCellEntry('999 999 999 999,99')).toBe(MAX_ABS_CENTS);
  });
});

describe('eurosToCents (JSON number → cents)', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [1e-7, 0], // String(1e-7) is "1e-7": the exponent form must parse too
    [0.004, 0],
    [0.005, 1],
    [-0.005, -1],
    [0.1, 10],
    [0.2, 20],
    [0.3, 30],
    [1.005, 101], // Math.round(1.005 * 100) would give 100
    [-1.005, -101],
    [2.675, 268],
    [1234.56, 123456],
    [-50, -5000],
    [1e5, 10000000],
    [999999999999.99, MAX_ABS_CENTS],
  ])('%d € → %i cents', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  it('0.1 + 0.2 totals exactly 30 cents', () => {
    expect(eurosToCents(0.1) + eurosToCents(0.2)).toBe(30);
    expect(0.1 + 0.2).not.toBe(0.3); // the float drift we avoid
  });

  it('a thousand 0,01 € sum to exactly 1000 cents', () => {
    const total = Array.from({ length: 1000 }, () => 0.01).reduce((s, e) => s + eurosToCents(e), 0);
    expect(total).toBe(1000);
  });

  it.each([NaN, Infinity, -Infinity, 1e21])('rejects %d', (euros) => {
    expect(() => eurosToCents(euros)).toThrow(RangeError);
  });
});

describe('centsToEuros', () => {
  it.each([
    [0, 0],
    [30, 0.3],
    [-5, -0.05],
    [123456, 1234.56],
  ])('%i cents → %d €', (cents, euros) => {
    expect(centsToEuros(assertCents(cents))).toBe(euros);
  });
});

describe('centsToDecimal / decimalToCents (SQL numeric text)', () => {
  it.each([
    [0, '0.00'],
    [-5, '-0.05'],
    [5, '0.05'],
    [-100, '-1.00'],
    [123450, '1234.50'],
    [MAX_ABS_CENTS, '999999999999.99'],
    [-MAX_ABS_CENTS, '-999999999999.99'],
  ])('%i ↔ %s', (cents, text) => {
    expect(centsToDecimal(assertCents(cents))).toBe(text);
    expect(decimalToCents(text)).toBe(cents);
  });

  it.each([
    ['0', 0],
    ['-0', 0],
    ['12', 1200],
    ['1234.5', 123450],
    ['0.30', 30],
    ['1234.5000', 123450], // SUM() of numeric(14,2) may carry extra zeros
    ['1.005', 101],
  ])('decimalToCents(%j) → %i', (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,5', '.5', '1e5', '+1', '1 234'])('decimalToCents rejects %j', (text) => {
    expect(() => decimalToCents(text)).toThrow(RangeError);
    expect(() => decimalToCents(text)).not.toThrow(CentsOverflowError);
  });

  // A SQL sum over many clients (ADR 039): exact up to 2^53 − 1 cents, refused past it as a total.
  it.each([
    ['90071992547409.91', 9_007_199_254_740_991],
    ['-90071992547409.91', -9_007_199_254_740_991],
  ])('decimalToCents(%j) → %i, the last exact cent', (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it.each(['90071992547409.92', '-90071992547409.92', '90999999999999.09', '1234567890123456789012.00'])(
    'decimalToCents refuses the total %j as too large (CentsOverflowError, a 422)',
    (text) => {
      expect(() => decimalToCents(text)).toThrow(CentsOverflowError);
    },
  );
});

describe('isCents / assertCents', () => {
  it.each([
    [0, true],
    [-1, true],
    [MAX_ABS_CENTS, true],
    [-MAX_ABS_CENTS, true],
    [MAX_ABS_CENTS + 1, false],
    [0.5, false],
    [NaN, false],
    [Infinity, false],
  ])('isCents(%d) is %s', (n, ok) => {
    expect(isCents(n)).toBe(ok);
    if (ok) expect(assertCents(n)).toBe(n);
    else expect(() => assertCents(n)).toThrow(RangeError);
  });
});

describe('sums of cents: exact, or refused past 2^53 (issue 19, docs/product.md#money-bounds)', () => {
  const SAFE = Number.MAX_SAFE_INTEGER as Cents; // 90 071 992 547 409,91 €
  const c = (n: number) => n as Cents;
  it.each([
    ['addCents at the edge', () => addCents(c(SAFE - 1), c(1)), SAFE],
    ['addCents one past', () => addCents(SAFE, c(1)), null],
    ['subCents to the negative edge', () => subCents(c(-SAFE + 1), c(1)), -SAFE],
    ['subCents one past', () => subCents(c(-SAFE), c(1)), null],
    [
      'sumCents of 90 maximal cells',
      () => sumCents(Array.from({ length: 90 }, () => MAX_ABS_CENTS)),
      8_999_999_999_999_910,
    ],
    // The report's case: 252 cells at the maximum, one a cent lower — a double says …748, the exact sum is …747.
    [
      'sumCents of 252 maximal cells',
      () => sumCents([...Array.from({ length: 251 }, () => MAX_ABS_CENTS), c(MAX_ABS_CENTS - 1)]),
      null,
    ],
    // A partial sum past the edge is refused even when the final one would come back below it.
    ['sumCents whose partial sum leaves the safe range', () => sumCents([SAFE, c(1), c(-2)]), null],
    ['sumCents of nothing', () => sumCents([]), 0],
  ])('%s', (_, run, expected) => {
    if (expected === null) {
      expect(run).toThrow(CentsOverflowError);
      expect(run).toThrow(/^Un total dépasse 90 071 992 547 409,91 €/);
    } else expect(run()).toBe(expected);
  });
});

describe('formatDecimal (cell inputs and CSV)', () => {
  it.each([
    [0, ',', '0'],
    [-0, ',', '0'],
    [-5, ',', '-0,05'],
    [5, ',', '0,05'],
    [123450, ',', '1234,50'],
    [123456, ',', '1234,56'],
    [123400, ',', '1234'],
    [-100, ',', '-1'],
    [100000000, ',', '1000000'], // no thousands separator
    [123450, '.', '1234.50'],
    [-5, '.', '-0.05'],
    [123400, '.', '1234'],
  ] as const)('%i with %j → %j', (cents, sep, text) => {
    expect(formatDecimal(assertCents(cents), sep)).toBe(text);
  });
});

describe('formatEuros (screen: whole euros, fr-FR)', () => {
  it.each([
    [0, `0${NBSP}€`],
    [-0, `0${NBSP}€`], // an exact negative zero is plain zero
    [30, `0${NBSP}€`],
    [50, `1${NBSP}€`], // half away from zero
    [-50, `-1${NBSP}€`],
    [123456, `1${NNBSP}235${NBSP}€`],
    [-123450, `-1${NNBSP}235${NBSP}€`],
    [100000000000, `1${NNBSP}000${NNBSP}000${NNBSP}000${NBSP}€`],
  ])('%i cents → %j', (cents, text) => {
    expect(formatEuros(assertCents(cents))).toBe(text);
  });
});

describe('formatEurosExact (a value as typed: to the cent, whole euros without decimals)', () => {
  it.each([
    [0, `0${NBSP}€`],
    [150000, `1${NNBSP}500${NBSP}€`],
    [150025, `1${NNBSP}500,25${NBSP}€`],
    [-5, `-0,05${NBSP}€`],
    [10, `0,10${NBSP}€`],
  ])('%i cents → %j', (cents, text) => {
    expect(formatEurosExact(assertCents(cents))).toBe(text);
  });
});

describe('formatPercent (one decimal, optional + sign)', () => {
  it.each([
    [0, false, `0,0${NBSP}%`],
    [0, true, `+0,0${NBSP}%`],
    [-0, true, `+0,0${NBSP}%`],
    // percentages are ratios in binary floating point: 12.345 is stored as 12.34499… and shows 12,3
    [12.345, true, `+12,3${NBSP}%`],
    [12.345, false, `12,3${NBSP}%`],
    [12.35, true, `+12,4${NBSP}%`],
    [-4, true, `-4,0${NBSP}%`],
    [-4, false, `-4,0${NBSP}%`],
    [-0.04, true, `-0,0${NBSP}%`], // below zero: no +, keeps its sign
    [150, true, `+150,0${NBSP}%`],
    [1234.5, false, `1${NNBSP}234,5${NBSP}%`],
  ])('%d (signed %s) → %j', (percent, signed, text) => {
    expect(formatPercent(percent, signed)).toBe(text);
  });
});

describe('percentOf (gap / base × 100, 0 unless base > 0)', () => {
  it.each([
    [100, 0, 0],
    [100, -200, 0],
    [0, 100, 0],
    [50, 200, 25],
    [-50, 200, -25],
    [1, 3, 100 / 3],
    [300, 100, 300],
  ])('percentOf(%i, %i) = %d', (gap, base, percent) => {
    expect(percentOf(assertCents(gap), assertCents(base))).toBeCloseTo(percent, 12);
  });
});

describe('issue 13: rounding shown as a reader expects, compact totals, grouped inputs', () => {
  it.each([
    [-40, `0${NBSP}€`],
    [40, `0${NBSP}€`],
    [-50, `-1${NBSP}€`],
    [-149, `-1${NBSP}€`],
    [150, `2${NBSP}€`],
  ])('formatEuros(%i) = %j (a gap of a few cents reads 0 €, never -0 €)', (cents, text) => {
    expect(formatEuros(assertCents(cents))).toBe(text);
  });

  it.each<[number, -1 | 0 | 1]>([
    [-49, 0],
    [-50, -1],
    [49, 0],
    [50, 1],
    [0, 0],
  ])('shownSign(%i) = %i', (cents, sign) => {
    expect(shownSign(assertCents(cents))).toBe(sign);
  });

  it.each([
    [0, `0${NBSP}€`],
    [9_999_900, `99${NNBSP}999${NBSP}€`],
    [10_000_000, `100${NBSP}k€`],
    [270_939_800, `2${NNBSP}709${NBSP}k€`],
    [-212_099_400, `-2${NNBSP}121${NBSP}k€`],
    [9_999_949_999, `100${NNBSP}000${NBSP}k€`],
    [10_000_000_000, `100${NBSP}M€`],
    [1_234_567_800, `12${NNBSP}346${NBSP}k€`],
    [99_999_999_999_999, `1${NNBSP}000${NNBSP}000${NBSP}M€`],
  ])('formatCompactEuros(%i) = %j', (cents, text) => {
    const compact = formatCompactEuros(assertCents(cents));
    expect(compact).toBe(text);
    expect(compact.length).toBeLessThanOrEqual(13);
  });

  it.each([
    [0, '0'],
    [1_200_000, `12${NNBSP}000`],
    [123_456, `1${NNBSP}234,56`],
    [-5, '-0,05'],
    [-123_456_789, `-1${NNBSP}234${NNBSP}567,89`],
  ])('formatGrouped(%i) = %j, read back exactly', (cents, text) => {
    expect(formatGrouped(assertCents(cents))).toBe(text);
    expect(readCellEntry(text)).toEqual({ ok: true, cents });
  });
});
