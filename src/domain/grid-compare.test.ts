import { describe, expect, it } from 'vitest';
import type { ForecastLine, ForecastPole } from './model';
import type { Cents } from './money';
import { MAX_ABS_CENTS } from './money';
import { forecastGap, lineCompare, poleCompare, totalCompare, versionGrid, type ForecastFigures } from './grid-compare';

const figures = (previsionnel: number, achat: number): ForecastFigures => ({
  previsionnel: previsionnel as Cents,
  achat_previsionnel: achat as Cents,
});
/** A forecast line whose January is `jan` (sales) / `janBuy` (purchases) and March `mar` / 0. */
function line(id: string, jan: number, janBuy: number, mar = 0): ForecastLine {
  const months = (m0: number, m2: number) =>
    Array.from({ length: 12 }, (_, m) => (m === 0 ? m0 : m === 2 ? m2 : 0) as Cents);
  return { id, name: id, previsionnel: months(jan, mar), achat_previsionnel: months(janBuy, 0) };
}
const pole = (id: string, lines: ForecastLine[]): ForecastPole => ({
  id,
  name: id,
  isExpanded: true,
  facture: Array<boolean>(12).fill(false),
  lines,
});

describe('forecastGap', () => {
  it.each([
    ['the same figures', figures(1_000, 400), figures(1_000, 400), figures(0, 0)],
    ['live above the version', figures(1_250, 400), figures(1_000, 300), figures(250, 100)],
    ['live below the version', figures(999, 0), figures(1_000, 1), figures(-1, -1)],
    ['a negative version figure', figures(0, 0), figures(-501, -2), figures(501, 2)],
    ['exact cents, no rounding', figures(123_456_789_01, 1), figures(23_456_789_02, 2), figures(99_999_999_99, -1)],
  ])('%s', (_, live, version, gap) => {
    expect(forecastGap(live, version)).toEqual({ version, gap });
  });

  it('refuses a gap beyond the cents range rather than rounding it', () => {
    expect(() => forecastGap(figures(MAX_ABS_CENTS, 0), figures(-MAX_ABS_CENTS, 0))).not.toThrow();
    expect(() => forecastGap(figures(Number.MAX_SAFE_INTEGER, 0), figures(-1, 0))).toThrow(RangeError);
  });
});

// The version: pole P with lines a (100 / 40 in January, 30 in March) and gone (deleted since, 7 in
// January); pole Q with line q (5 / 0). Today: P holds a (120 / 40, March 30) and new (added since, 50);
// pole R (added since) holds r (9); Q is gone.
const version = versionGrid('Budget initial', [
  pole('P', [line('a', 100, 40, 30), line('gone', 7, 0)]),
  pole('Q', [line('q', 5, 0)]),
]);
const today = [pole('P', [line('a', 120, 40, 30), line('new', 50, 0)]), pole('R', [line('r', 9, 0)])];

describe('the grid against a version', () => {
  it.each([
    ['a line of the version, a month', 'a', 0, { version: figures(100, 40), gap: figures(20, 0) }],
    ['a line of the version, another month', 'a', 2, { version: figures(30, 0), gap: figures(0, 0) }],
    ['a line of the version, the year', 'a', 'year', { version: figures(130, 40), gap: figures(20, 0) }],
    ['a line added since: no figure', 'new', 0, null],
  ] as const)('%s', (_, id, period, expected) => {
    const live = today.flatMap((p) => p.lines).find((l) => l.id === id)!;
    expect(lineCompare(version, live, period)).toEqual(expected);
  });

  it('a pole compares with every line the version froze in it, a line deleted since included', () => {
    expect(poleCompare(version, today[0]!, 0)).toEqual({ version: figures(107, 40), gap: figures(63, 0) });
    expect(poleCompare(version, today[0]!, 'year')).toEqual({ version: figures(137, 40), gap: figures(63, 0) });
  });

  it('a pole added since has no figure', () => {
    expect(poleCompare(version, today[1]!, 'year')).toBeNull();
  });

  it('TOTAL GÉNÉRAL compares with the whole version, its poles deleted since included', () => {
    expect(totalCompare(version, today, 0)).toEqual({ version: figures(112, 40), gap: figures(67, 0) });
    expect(totalCompare(version, today, 'year')).toEqual({ version: figures(142, 40), gap: figures(67, 0) });
    expect(totalCompare(version, [], 5)).toEqual({ version: figures(0, 0), gap: figures(0, 0) });
  });
});
