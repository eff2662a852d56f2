import { describe, expect, it } from 'vitest';
import { assertCents } from './money';
import {
  addTotals,
  emptyTotals,
  forecastGapPercent,
  grandTotals,
  lineMonthTotals,
  lineTotals,
  marginPrev,
  marginReel,
  monthTotals,
  poleTotals,
  revisedForecast,
  yearTotals,
  type MeasureTotals,
} from './budget';
import type { Measure } from './measures';
import { centsFixture, makeLine, makePole } from './testing/builders';

const twelveOf = (euros: number): number[] => Array.from({ length: 12 }, () => euros);
const totals = (previsionnel: number, achat_previsionnel: number, reel: number, achat: number): MeasureTotals =>
  centsFixture<MeasureTotals>({ previsionnel, achat_previsionnel, reel, achat });

describe('lineTotals (Σ 12 months per measure, cents)', () => {
  it.each<[string, Partial<Record<Measure, number[]>>, MeasureTotals]>([
    ['an empty line', {}, totals(0, 0, 0, 0)],
    [
      'one month per measure',
      {
        previsionnel: [100],
        achat_previsionnel: [0, 40],
        reel: [0, 0, 120.5],
        achat: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9.99],
      },
      totals(10000, 4000, 12050, 999),
    ],
    ['a credit note (negative month)', { reel: [1000, -200], achat: [-50] }, totals(0, 0, 80000, -5000)],
    ['0.1 + 0.2 € (float drift)', { reel: [0.1, 0.2] }, totals(0, 0, 30, 0)],
    ['twelve 0,01 €', { previsionnel: twelveOf(0.01), achat: twelveOf(0.01) }, totals(12, 0, 0, 12)],
    // each value is rounded to the cent before summing: 12 × 101 cents, not round(12.06 €)
    ['twelve 1,005 €', { reel: twelveOf(1.005) }, totals(0, 0, 1212, 0)],
    ['twelve -1,005 €', { reel: twelveOf(-1.005) }, totals(0, 0, -1212, 0)],
    ['mixed signs cancelling out', { previsionnel: [0.1, -0.1, 0.2, -0.2] }, totals(0, 0, 0, 0)],
  ])('%s', (_label, values, expected) => {
    expect(lineTotals(makeLine('L', values))).toEqual(expected);
  });
});

describe('lineMonthTotals (one month, cents)', () => {
  it.each([
    [0, totals(1000, 400, 0, 0)],
    [1, totals(0, 0, 12345, 5)],
    [11, totals(0, 0, 0, -1)],
  ])('month %i', (month, expected) => {
    const line = makeLine('L', {
      previsionnel: [10],
      achat_previsionnel: [4],
      reel: [0, 123.45],
      achat: [0, 0.05, 0, 0, 0, 0, 0, 0, 0, 0, 0, -0.01],
    });
    expect(lineMonthTotals(line, month)).toEqual(expected);
  });
});

describe('poleTotals, grandTotals, monthTotals', () => {
  const paid = makePole('Paid', [
    makeLine('A', { previsionnel: [100, 200], reel: [150], achat: [50] }),
    makeLine('B', { previsionnel: [0, 0.1], achat_previsionnel: [0, 0.2], reel: [0, 0.3] }),
  ]);
  const seo = makePole('SEO/GEO', [makeLine('C', { previsionnel: [0, 0, 70], reel: [-30], achat: [0, 0, 10] })]);
  const empty = makePole('Data');

  it.each([
    ['a pole with no lines', () => poleTotals(empty), totals(0, 0, 0, 0)],
    ['Paid', () => poleTotals(paid), totals(30010, 20, 15030, 5000)],
    ['SEO/GEO', () => poleTotals(seo), totals(7000, 0, -3000, 1000)],
    ['grand total of no poles', () => grandTotals([]), totals(0, 0, 0, 0)],
    ['grand total', () => grandTotals([paid, seo, empty]), totals(37010, 20, 12030, 6000)],
    ['month 0', () => monthTotals([paid, seo, empty], 0), totals(10000, 0, 12000, 5000)],
    ['month 1', () => monthTotals([paid, seo, empty], 1), totals(20010, 20, 30, 0)],
    ['month 2', () => monthTotals([paid, seo, empty], 2), totals(7000, 0, 0, 1000)],
    ['month 11 (nothing)', () => monthTotals([paid, seo, empty], 11), totals(0, 0, 0, 0)],
    ['month of no poles', () => monthTotals([], 0), totals(0, 0, 0, 0)],
  ])('%s', (_label, compute, expected) => {
    expect(compute()).toEqual(expected);
  });

  it('emptyTotals is zero and addTotals adds measure by measure', () => {
    expect(emptyTotals()).toEqual(totals(0, 0, 0, 0));
    expect(addTotals(totals(1, 2, 3, 4), totals(10, -20, 30, -40))).toEqual(totals(11, -18, 33, -36));
  });
});

describe("yearTotals (a row's 12 month totals → 'Total Annuel', cents)", () => {
  it.each<[string, MeasureTotals[], MeasureTotals]>([
    ['no months', [], totals(0, 0, 0, 0)],
    ['one month', [totals(1, 2, 3, 4)], totals(1, 2, 3, 4)],
    ['signed amounts cancel', [totals(100, -20, 30, 0), totals(-100, 20, -30, 5)], totals(0, 0, 0, 5)],
    ['twelve months of 1 cent', Array.from({ length: 12 }, () => totals(1, 1, 1, 1)), totals(12, 12, 12, 12)],
  ])('%s', (_label, months, expected) => {
    expect(yearTotals(months)).toEqual(expected);
  });

  it('equals the Σ of monthTotals over the year (what the TOTAL GÉNÉRAL row shows)', () => {
    const poles = [makePole('Paid', [makeLine('A', { previsionnel: [100, 0.1], reel: [0, 0.2], achat: [0, 0, 0.3] })])];
    const months = Array.from({ length: 12 }, (_, m) => monthTotals(poles, m));
    expect(yearTotals(months)).toEqual(grandTotals(poles));
  });
});

describe('marginPrev / marginReel (cents)', () => {
  it.each([
    [totals(0, 0, 0, 0), 0, 0],
    [totals(1000, 400, 1200, 500), 600, 700],
    [totals(100, 300, 100, 300), -200, -200],
    [totals(-100, 0, -50, -80), -100, 30],
  ])('%j → prev %i, réel %i', (t, prev, reel) => {
    expect(marginPrev(t)).toBe(prev);
    expect(marginReel(t)).toBe(reel);
  });
});

describe('revisedForecast (Σ réel > 0 ? réel − achat : prév − achat prév, cents)', () => {
  it.each<[string, () => Parameters<typeof revisedForecast>[0], number]>([
    ['no poles', () => [], 0],
    ['a pole with no lines', () => [makePole('Paid')], 0],
    [
      'forecast only: 12 × (100 − 40)',
      () => [makePole('Paid', [makeLine('L', { previsionnel: twelveOf(100), achat_previsionnel: twelveOf(40) })])],
      72000,
    ],
    [
      '3 realised months (150 − 50) + 9 forecast months (100 − 40)',
      () => [
        makePole('Paid', [
          makeLine('L', {
            previsionnel: twelveOf(100),
            achat_previsionnel: twelveOf(40),
            reel: [150, 150, 150],
            achat: [50, 50, 50],
          }),
        ]),
      ],
      84000,
    ],
    // a negative actual (credit note) is not "réel > 0": that month still counts its forecast
    [
      'credit-note month keeps the forecast',
      () => [
        makePole('P', [makeLine('L', { previsionnel: [100], achat_previsionnel: [30], reel: [-20], achat: [5] })]),
      ],
      7000,
    ],
    // 0,004 € rounds to 0 cents: not an actual
    ['sub-cent actual is no actual', () => [makePole('P', [makeLine('L', { previsionnel: [1], reel: [0.004] })])], 100],
    [
      'actual purchases above actual sales',
      () => [makePole('P', [makeLine('L', { previsionnel: [500], reel: [100], achat: [250] })])],
      -15000,
    ],
    ['0.1 + 0.2 actuals', () => [makePole('P', [makeLine('L', { reel: [0.1, 0.2] })])], 30],
    [
      'several poles and lines',
      () => [
        makePole('Paid', [
          makeLine('A', { previsionnel: [10], reel: [0, 20], achat: [0, 5] }),
          makeLine('B', { achat_previsionnel: [3] }),
        ]),
        makePole('SEO/GEO', [makeLine('C', { previsionnel: [0, 0, 7], reel: [1] })]),
      ],
      // A: 10 + 15; B: −3; C: 1 (realised month 0) + 7 (forecast month 2)
      3000,
    ],
  ])('%s → %i', (_label, poles, expected) => {
    expect(revisedForecast(poles())).toBe(expected);
  });
});

describe('forecastGapPercent ((revised − initial) / initial × 100, initial > 0 only)', () => {
  it.each<[number, number, number | null]>([
    [0, 0, null],
    [12345, 0, null],
    [-500, 0, null],
    [100000, 100000, 0],
    [110000, 100000, 10],
    [90000, 100000, -10],
    [0, 100000, -100],
    [-50000, 100000, -150],
    [1, 3, -200 / 3],
    // a planned loss (initial < 0): no percentage (issue 13: −5 000 € showed +33 954,1 %)
    [-5000, -10000, null],
    [-15000, -10000, null],
    [10000, -500000, null],
  ])('revised %i vs initial %i → %s', (revised, initial, expected) => {
    const result = forecastGapPercent(assertCents(revised), assertCents(initial));
    if (expected === null) expect(result).toBeNull();
    else expect(result).toBeCloseTo(expected, 12);
  });
});
