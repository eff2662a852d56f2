import { describe, expect, it } from 'vitest';
import { CentsOverflowError, type Cents } from './money';
import {
  gapPercent,
  needsJustification,
  splitGap,
  varianceOf,
  waterfallSteps,
  type VarianceCell,
  type VarianceSide,
} from './variance';

const side = (ca: number, mb: number): VarianceSide => ({ ca: ca as Cents, mb: mb as Cents });
const cell = (clientId: string, pole: string, reference: VarianceSide, actual: VarianceSide): VarianceCell => ({
  clientId,
  clientName: `Client ${clientId}`,
  pole,
  reference,
  actual,
});

describe('splitGap (cents)', () => {
  it.each([
    // [reference CA, reference MB, actual CA, actual MB, gap, volume, rate]
    ['nothing on either side', 0, 0, 0, 0, 0, 0, 0],
    ['reference CA 0: the whole gap is volume', 0, 0, 50_000, 20_000, 20_000, 20_000, 0],
    ['reference CA 0 with a negative reference MB', 0, -3_000, 10_000, 4_000, 7_000, 7_000, 0],
    ['reference CA negative (credit notes): all volume', -10_000, -2_000, 5_000, 1_000, 3_000, 3_000, 0],
    ['more sales at the same rate: all volume', 100_000, 30_000, 120_000, 36_000, 6_000, 6_000, 0],
    ['same sales at a worse rate: all rate', 100_000, 30_000, 100_000, 25_000, -5_000, 0, -5_000],
    ['both effects', 100_000, 30_000, 80_000, 20_000, -10_000, -6_000, -4_000],
    ['negative reference margin', 100_000, -10_000, 150_000, -5_000, 5_000, -5_000, 10_000],
    ['negative actual margin', 100_000, 20_000, 90_000, -4_000, -24_000, -2_000, -22_000],
    ['a pole only in the reference (no actuals)', 40_000, 10_000, 0, 0, -10_000, -10_000, 0],
    ['a pole only in the actuals (no reference)', 0, 0, 40_000, 9_000, 9_000, 9_000, 0],
    // 1 × 1 / 2 = 0.5 → 1 (half away from zero); the rest goes to rate.
    ['tie rounded away from zero (positive)', 2, 1, 3, 1, 0, 1, -1],
    // −1 × 1 / 2 = −0.5 → −1.
    ['tie rounded away from zero (negative)', 2, 1, 1, 1, 0, -1, 1],
    // 1 × 1 / 3 = 0.33… → 0: below half rounds toward zero.
    ['below half', 3, 1, 4, 2, 1, 0, 1],
    // 2 × 1 / 3 = 0.67 → 1.
    ['above half', 3, 1, 5, 2, 1, 1, 0],
    // Products past 2^53 stay exact: 9e13 × 9e13 / 9e13.
    ['large amounts', 90_000_000_000_000, 90_000_000_000_000, 90_000_000_000_001, 90_000_000_000_000, 0, 1, -1],
  ])('%s', (_, refCa, refMb, actCa, actMb, gap, volume, rate) => {
    const split = splitGap(side(refCa, refMb), side(actCa, actMb));
    expect(split).toEqual({ gap, volume, rate });
    expect(split.volume + split.rate).toBe(split.gap);
  });

  it('volume + rate = gap for every combination of a grid of small amounts (ties included)', () => {
    const values = [-7, -2, -1, 0, 1, 2, 3, 7, 10];
    for (const refCa of values)
      for (const refMb of values)
        for (const actCa of values)
          for (const actMb of values) {
            const s = splitGap(side(refCa, refMb), side(actCa, actMb));
            expect(s.volume + s.rate).toBe(s.gap);
            expect(s.gap).toBe(actMb - refMb);
            if (refCa > 0) expect(Math.abs(s.volume - ((actCa - refCa) * refMb) / refCa)).toBeLessThanOrEqual(0.5);
            else expect(s.rate).toBe(0);
          }
  });

  it('refuses a volume past the exact range', () => {
    expect(() => splitGap(side(1, 90_000_000_000_000), side(90_000_000_000_000, 0))).toThrow(CentsOverflowError);
  });
});

describe('varianceOf', () => {
  it('splits each client, each pole and the total on its own sums (the mix stays inside)', () => {
    const analysis = varianceOf([
      cell('b', 'SEO', side(100_000, 50_000), side(100_000, 50_000)),
      cell('b', 'Paid', side(100_000, 10_000), side(200_000, 20_000)),
      cell('a', 'Paid', side(0, 0), side(10_000, 1_000)),
    ]);
    expect(analysis.clients.map((c) => [c.name, c.gap, c.volume, c.rate])).toEqual([
      ['Client a', 1_000, 1_000, 0],
      // Client b: reference 200 000 / 60 000 (30 %), actual 300 000 / 70 000: volume 30 000, rate −20 000.
      ['Client b', 10_000, 30_000, -20_000],
    ]);
    // Catalogue order: Paid before SEO.
    expect(analysis.poles.map((p) => [p.name, p.gap, p.volume, p.rate])).toEqual([
      ['Paid', 11_000, 11_000, 0],
      ['SEO', 0, 0, 0],
    ]);
    expect(analysis.total).toEqual({
      reference: { ca: 200_000, mb: 60_000 },
      actual: { ca: 310_000, mb: 71_000 },
      gap: 11_000,
      volume: 33_000,
      rate: -22_000,
    });
  });

  it('leaves out a row with zeros on both sides, and adds a pole across clients', () => {
    const analysis = varianceOf([
      cell('a', 'Data', side(0, 0), side(0, 0)),
      cell('a', 'CRM', side(10, 5), side(0, 0)),
      cell('b', 'CRM', side(10, 5), side(30, 15)),
    ]);
    expect(analysis.clients.map((c) => c.clientId)).toEqual(['a', 'b']);
    expect(analysis.poles.map((p) => [p.name, p.reference.ca, p.actual.ca])).toEqual([['CRM', 20, 30]]);
  });

  it('an empty selection: no rows, a zero total', () => {
    expect(varianceOf([])).toEqual({
      clients: [],
      poles: [],
      total: { reference: { ca: 0, mb: 0 }, actual: { ca: 0, mb: 0 }, gap: 0, volume: 0, rate: 0 },
    });
  });
});

describe('needsJustification', () => {
  const threshold = { amount: 100_000 as Cents, percent: 10 };
  it.each([
    ['no threshold', null, 10_000_000, 5_000_000, false],
    ['above both', threshold, 1_000_000, -200_000, true],
    ['above the amount, not the percent', threshold, 10_000_000, 200_000, false],
    ['above the percent, not the amount', threshold, 100_000, -50_000, false],
    ['exactly the amount: not above', threshold, 100, 100_000, false],
    ['reference MB 0: the amount alone', threshold, 0, 100_001, true],
    ['negative reference MB: the amount alone', threshold, -50_000, -150_000, true],
    ['zero gap never, even with a zero threshold', { amount: 0 as Cents, percent: 0 }, 0, 0, false],
  ])('%s', (_, t, referenceMb, gap, expected) => {
    const row = { gap: gap as Cents, reference: side(0, referenceMb) };
    expect(needsJustification(row, t)).toBe(expected);
  });

  it('gapPercent: on a positive reference MB only', () => {
    expect(gapPercent({ gap: -250 as Cents, reference: side(0, 1_000) })).toBe(-25);
    expect(gapPercent({ gap: 250 as Cents, reference: side(0, 0) })).toBeNull();
  });
});

describe('waterfallSteps', () => {
  it('reference MB → volume → rate → actual MB, each step from where the last ended', () => {
    const row = {
      reference: side(100_000, 30_000),
      actual: side(80_000, 20_000),
      ...splitGap(side(100_000, 30_000), side(80_000, 20_000)),
    };
    expect(waterfallSteps(row).map((s) => [s.label, s.value, s.from, s.to])).toEqual([
      ['MB référence', 30_000, 0, 30_000],
      ['Effet volume', -6_000, 30_000, 24_000],
      ['Effet taux', -4_000, 24_000, 20_000],
      ['MB réelle', 20_000, 0, 20_000],
    ]);
  });
});
