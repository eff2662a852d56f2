import { describe, expect, it } from 'vitest';
import { assertCents as cents } from '../money';
import { axisUnit, foldForSearch, rankedBars, searchRows, sortRows } from './table';

const rows = ['Émile', 'alpha', 'Zèbre & Cie', 'Éditions Lambert', 'Hôtel L'].map((name, i) => ({
  name,
  v: [3, null, 1, 2, null][i] ?? null,
}));

describe('searchRows (accents and case ignored)', () => {
  it.each([
    ['', 5],
    ['  ', 5],
    ['emile', 1],
    ['EDITIONS', 1],
    ['hotel l', 1],
    ['e', 4],
    ['xyz', 0],
  ])('%j finds %i row(s)', (search, count) => {
    expect(searchRows(rows, search)).toHaveLength(count);
  });
  it('folds accents and case', () => expect(foldForSearch('Éditions ÀÉ')).toBe('editions ae'));
});

describe('sortRows', () => {
  it('sorts names by French collation both ways', () => {
    expect(sortRows(rows, (r) => r.name, 'ascending').map((r) => r.name)).toEqual([
      'alpha',
      'Éditions Lambert',
      'Émile',
      'Hôtel L',
      'Zèbre & Cie',
    ]);
    expect(sortRows(rows, (r) => r.name, 'descending').map((r) => r.name)[0]).toBe('Zèbre & Cie');
  });
  it.each([
    ['ascending', ['Zèbre & Cie', 'Éditions Lambert', 'Émile', 'alpha', 'Hôtel L']],
    ['descending', ['Émile', 'Éditions Lambert', 'Zèbre & Cie', 'alpha', 'Hôtel L']],
  ] as const)('numbers %s, missing values last in listing order', (direction, expected) => {
    expect(sortRows(rows, (r) => r.v, direction).map((r) => r.name)).toEqual(expected);
  });
});

describe('rankedBars: ranked by value, the N largest, the rest as a note', () => {
  const bars = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `B${i}`, value: cents((i % 7) * 100 - i) }));
  it('ranks 20 bars or fewer, largest first, leaving nothing out', () => {
    const out = rankedBars(bars(20));
    expect(out.others).toBeNull();
    expect(out.bars).toHaveLength(20);
    expect(out.bars.map((b) => b.value)).toEqual([...bars(20).map((b) => b.value)].sort((a, b) => b - a));
  });
  it('keeps the N largest and sums the rest outside the bars', () => {
    const input = bars(25);
    const out = rankedBars(input, 10);
    expect(out.bars).toHaveLength(10);
    expect(out.bars.map((b) => b.name)).not.toContain('Autres');
    const kept = new Set(out.bars.map((b) => b.name));
    const rest = input.filter((b) => !kept.has(b.name));
    expect(out.others).toEqual({ count: 15, value: rest.reduce((s, b) => s + b.value, 0) });
    expect(Math.min(...out.bars.map((b) => b.value))).toBeGreaterThanOrEqual(Math.max(...rest.map((b) => b.value)));
  });
  it('draws every bar when asked for all (null)', () => {
    expect(rankedBars(bars(25), null)).toMatchObject({ others: null, bars: { length: 25 } });
  });
});

describe('axisUnit: k€, M€ past 10 000 k€', () => {
  it.each([
    [0, 1500, '1,5\u00a0k€'],
    [10_000_000, 26_000_000, '26\u00a0000\u00a0k€'],
    [10_000_001, 26_000_000, '26\u00a0M€'],
    [50_000_000, -2_500_000, '-2,5\u00a0M€'],
  ])('max %i: %i → %s', (max, euros, expected) => {
    expect(
      axisUnit(max)
        .label(euros)
        .replace(/\u202f/g, '\u00a0'),
    ).toBe(expected);
  });
});
