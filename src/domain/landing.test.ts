import { describe, expect, it } from 'vitest';
import type { Cents } from './money';
import { averageCents, landLine, openMonths, type LandingLine, type LandingPlan } from './landing';

const c = (values: number[]) => values as Cents[];
const zeros = () => c(Array.from({ length: 12 }, () => 0));
/** 12 months: `values` from January, then 0. */
const months = (...values: number[]) => c([...values, ...Array.from({ length: 12 - values.length }, () => 0)]);

function line(over: Partial<LandingLine['figures']> = {}, rest: Partial<LandingLine> = {}): LandingLine {
  return {
    lineId: 'L',
    figures: { previsionnel: zeros(), achat_previsionnel: zeros(), reel: zeros(), achat: zeros(), ...over },
    previous: null,
    target: null,
    ...rest,
  };
}
function plan(over: Partial<LandingPlan> = {}): LandingPlan {
  return { method: 'run-rate', growth: 0, mode: 'overwrite', cutoff: 5, closed: new Set(), ...over };
}
/** The written values of one measure, by month (months not written absent). */
function written(l: LandingLine, p: LandingPlan, field = 'previsionnel') {
  return Object.fromEntries(
    landLine(l, p)
      .cells.filter((cell) => cell.field === field)
      .map((cell) => [cell.month, cell.new]),
  );
}

describe('averageCents: half away from zero', () => {
  it.each([
    [0, 3, 0],
    [10, 3, 3],
    [2, 3, 1],
    [5, 2, 3],
    [-5, 2, -3],
    [-1, 2, -1],
    [7, 1, 7],
    [60_101, 3, 20_034],
  ])('%i / %i = %i', (total, count, expected) => {
    expect(averageCents(total, count)).toBe(expected);
  });
  it('never answers −0', () => {
    expect(Object.is(averageCents(-1, 3), 0)).toBe(true);
  });
});

describe('openMonths', () => {
  it.each([
    [5, [], [6, 7, 8, 9, 10, 11]],
    [5, [7, 2], [6, 8, 9, 10, 11]],
    [11, [], []],
    [-1, [0], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
  ])('after cut-off %i with %j closed: %j', (cutoff, closed, expected) => {
    expect(openMonths({ cutoff, closed: new Set(closed) })).toEqual(expected);
  });
});

describe('run-rate', () => {
  it('writes the average of the last 3 months’ actuals after the cut-off, sales from sales, purchases from purchases', () => {
    const l = line({
      reel: months(999, 0, 0, 10_000, 20_000, 30_101),
      achat: months(0, 0, 0, -1, -2, 0),
      previsionnel: months(5, 5, 5, 5, 5, 5, 5),
    });
    const p = plan({ cutoff: 5 });
    const six = (v: number) => Object.fromEntries([6, 7, 8, 9, 10, 11].map((m) => [m, v]));
    expect(written(l, p)).toEqual(six(20_034));
    // Negative actuals: −3 / 3 = −1.
    expect(written(l, p, 'achat_previsionnel')).toEqual(six(-1));
    // The old values are the stored ones; months up to the cut-off are not written.
    expect(landLine(l, p).cells[0]).toEqual({ lineId: 'L', month: 6, field: 'previsionnel', old: 5, new: 20_034 });
  });

  it.each([
    ['January', 0, [300], 300],
    ['February', 1, [301, 100], 201],
    ['March', 2, [1, 1, 2], 1],
  ])('with the cut-off in %s averages the months there are', (_m, cutoff, actuals, expected) => {
    expect(written(line({ reel: months(...actuals) }), plan({ cutoff }))[cutoff + 1]).toBe(expected);
  });

  it('writes nothing with the cut-off in December, nor in a closed month', () => {
    expect(landLine(line({ reel: months(1, 2, 3) }), plan({ cutoff: 11 })).cells).toEqual([]);
    const l = line({ reel: months(0, 0, 0, 3, 3, 3) });
    expect(Object.keys(written(l, plan({ closed: new Set([0, 1, 2, 3, 4, 5, 8]) })))).toEqual([
      '6',
      '7',
      '9',
      '10',
      '11',
    ]);
  });
});

describe('n-1', () => {
  const previous = { reel: months(0, 0, 0, 0, 0, 0, 10_001, 1_000, -1_000, 0, 0, 7), achat: zeros() };
  it.each([
    ['no growth', 0, { 6: 10_001, 7: 1_000, 8: -1_000, 11: 7 }],
    ['3,5 %', 350, { 6: 10_351, 7: 1_035, 8: -1_035, 11: 7 }],
    // 1 000 × 1,0005 = 1 000,5 cents: a tie, away from zero on both signs.
    ['0,05 %', 5, { 6: 10_006, 7: 1_001, 8: -1_001, 11: 7 }],
    ['−100 %', -10_000, {}],
  ])('the same month of N−1 × (1 + growth), %s', (_name, growth, expected) => {
    expect(written(line({}, { previous }), plan({ method: 'n-1', growth }))).toEqual(expected);
  });

  it('leaves a line absent in N−1 as it is', () => {
    const l = line({ previsionnel: months(0, 0, 0, 0, 0, 0, 50) });
    expect(landLine(l, plan({ method: 'n-1', growth: 350 }))).toEqual({ cells: [], skipped: 0 });
    expect(landLine(l, plan({ method: 'n-1', mode: 'fill-empty' }))).toEqual({ cells: [], skipped: 0 });
  });

  it('overwrites a month N−1 left at 0 with 0 (overwrite), not in fill-empty where it is skipped', () => {
    const l = line({ previsionnel: months(0, 0, 0, 0, 0, 0, 0, 0, 0, 40) }, { previous });
    expect(written(l, plan({ method: 'n-1' }))[9]).toBe(0);
    const outcome = landLine(l, plan({ method: 'n-1', mode: 'fill-empty' }));
    expect(outcome.cells.some((cell) => cell.month === 9)).toBe(false);
    expect(outcome.skipped).toBe(1);
  });
});

describe('objectif', () => {
  const target = (previsionnel: number, achat_previsionnel = 0) => ({
    previsionnel: previsionnel as Cents,
    achat_previsionnel: achat_previsionnel as Cents,
  });

  it('spreads what remains of the reference after the actuals in proportion to the current forecast', () => {
    const l = line(
      { reel: months(10_000, 10_000, 10_000, 10_000, 10_000, 10_000), previsionnel: months(0, 0, 0, 0, 0, 0, 1, 1, 2) },
      { target: target(120_000) },
    );
    expect(written(l, plan({ method: 'objectif' }))).toEqual({ 6: 15_000, 7: 15_000, 8: 30_000 });
  });

  it.each([
    // 100 cents over three equal weights: the cent left goes to the earliest month.
    ['ties to the earliest month', 100, [0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5], { 9: 34, 10: 33, 11: 33 }],
    // A zero forecast: evenly, the cents left to the first months.
    ['a zero forecast spread evenly', 1_000, [], { 6: 167, 7: 167, 8: 167, 9: 167, 10: 166, 11: 166 }],
    // A negative remainder is shared as its magnitude, every share negated.
    ['a negative remainder', -100, [], { 6: -17, 7: -17, 8: -17, 9: -17, 10: -16, 11: -16 }],
  ])('%s', (_name, remaining, forecast, expected) => {
    const l = line({ previsionnel: months(...forecast) }, { target: target(remaining) });
    const out = written(l, plan({ method: 'objectif' }));
    // Months whose share equals their forecast are not written: compare on the full year.
    const year = { ...Object.fromEntries([6, 7, 8, 9, 10, 11].map((m) => [m, forecast[m] ?? 0])), ...out };
    const none: Record<number, number> = { 6: 0, 7: 0, 8: 0, 9: 0, 10: 0, 11: 0 };
    expect(year).toEqual({ ...none, ...expected });
  });

  it('counts negative actuals to date: the year still lands on the reference', () => {
    const l = line({ achat: months(0, 0, 0, 0, 0, -600) }, { target: target(0, 600) });
    const out = written(l, plan({ method: 'objectif' }), 'achat_previsionnel');
    expect(Object.values(out).reduce((s, v) => s + v, 0)).toBe(1_200);
  });

  it('counts a closed month after the cut-off at its actual, and never writes it', () => {
    const l = line({ reel: months(0, 0, 0, 0, 0, 0, 0, 600) }, { target: target(1_200) });
    expect(written(l, plan({ method: 'objectif', closed: new Set([7]) }))).toEqual({
      6: 120,
      8: 120,
      9: 120,
      10: 120,
      11: 120,
    });
  });

  it('in fill-empty, keeps the months that hold a forecast and spreads the rest over the empty ones', () => {
    const l = line({ previsionnel: months(0, 0, 0, 0, 0, 0, 500) }, { target: target(1_000) });
    const outcome = landLine(l, plan({ method: 'objectif', mode: 'fill-empty' }));
    expect(outcome.skipped).toBe(1);
    expect(outcome.cells.map((cell) => [cell.month, cell.new])).toEqual([
      [7, 100],
      [8, 100],
      [9, 100],
      [10, 100],
      [11, 100],
    ]);
  });

  it('leaves a line absent from the reference as it is', () => {
    expect(landLine(line({ previsionnel: months(1, 2, 3) }), plan({ method: 'objectif' }))).toEqual({
      cells: [],
      skipped: 0,
    });
  });
});
