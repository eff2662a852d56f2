import { describe, expect, it } from 'vitest';
import { assertCents as cents } from '../money';
import { axisUnit, foldForSearch, searchRows, sortRows, topBars } from './table';

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

describe('topBars: the 20 largest and one Autres bar', () => {
  const bars = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `B${i}`, value: cents((i % 7) * 100 - i) }));
  it('keeps 20 bars or fewer as they are', () => {
    expect(topBars(bars(20)).map((b) => b.name)).toEqual(bars(20).map((b) => b.name));
  });
  it('gathers the rest, in order, the sum last', () => {
    const input = bars(25);
    const out = topBars(input);
    expect(out).toHaveLength(21);
    expect(out.at(-1)).toMatchObject({ name: 'Autres', others: 5 });
    const kept = new Set(out.slice(0, 20).map((b) => b.name));
    const rest = input.filter((b) => !kept.has(b.name));
    expect(out.at(-1)?.value).toBe(rest.reduce((s, b) => s + b.value, 0));
    expect(Math.min(...out.slice(0, 20).map((b) => b.value))).toBeGreaterThanOrEqual(
      Math.max(...rest.map((b) => b.value)),
    );
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
