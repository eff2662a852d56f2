import { describe, expect, it } from 'vitest';
import { drivenMonths, driverDescription, driverOrder, recomputeDrivers, withDriver, type LineDriver } from './drivers';
import { applyDrivers } from './budget-grid';
import { assertCents, divideHalfAway, type Cents } from './money';
import { makeLine, makePole } from './testing/builders';

const cents = (...values: number[]): Cents[] => Array.from({ length: 12 }, (_, m) => assertCents(values[m] ?? 0));

describe('divideHalfAway (n / d, ties away from zero)', () => {
  it.each<[bigint, bigint, bigint]>([
    [10n, 4n, 3n], // 2.5 → 3
    [-10n, 4n, -3n], // -2.5 → -3
    [9n, 4n, 2n], // 2.25 → 2
    [-9n, 4n, -2n],
    [11n, 4n, 3n], // 2.75 → 3
    [-11n, 4n, -3n],
    [0n, 7n, 0n],
    [15n, 10_000n, 0n],
    [5_000n, 10_000n, 1n], // 0.5 → 1
    [-5_000n, 10_000n, -1n], // -0.5 → -1
    [4_999n, 10_000n, 0n],
  ])('%s / %s = %s', (n, d, q) => expect(divideHalfAway(n, d)).toBe(q));
});

describe('drivenMonths (percent of the sources, once per cell, exact to the cent)', () => {
  it.each<[string, number, Cents[][], Cents[]]>([
    ['15 % of 1 000,00 € + 333,33 €', 1500, [cents(100_000), cents(33_333)], cents(19_999 + 1)], // 199.9995 → 200.00
    ['ties round away from zero: 50 % of 0,01 €', 5000, [cents(1)], cents(1)],
    ['ties round away from zero: 50 % of -0,01 €', 5000, [cents(-1)], cents(-1)],
    ['12,5 % of 0,04 € is 0,005 € → 0,01 €', 1250, [cents(4)], cents(1)],
    ['12,5 % of -0,04 € → -0,01 €', 1250, [cents(-4)], cents(-1)],
    ['12,5 % of 0,03 € is 0,00375 € → 0,00 €', 1250, [cents(3)], cents(0)],
    ['a negative source nets out: 10 % of (500 € − 200 €)', 1000, [cents(50_000), cents(-20_000)], cents(3_000)],
    ['every month apart', 2000, [cents(5, 10, 15, 20, 25)], cents(1, 2, 3, 4, 5)],
    ['rounded once on the sum, not per source: 15 % of 0,03 € + 0,03 €', 1500, [cents(3), cents(3)], cents(1)],
    ['no source: 0', 1500, [], cents()],
  ])('%s', (_, bp, sources, expected) => expect(drivenMonths(bp, sources)).toEqual(expected));

  it('stays exact past 2^53 in the product (9 999 999 999,99 € × 1 000 %)', () => {
    expect(drivenMonths(100_000, [cents(999_999_999_999)])[0]).toBe(9_999_999_999_990);
  });
});

const driver = (d: Partial<LineDriver> & Pick<LineDriver, 'sources'>): LineDriver => ({
  measure: 'previsionnel',
  basisPoints: 1500,
  sourceMeasure: 'achat_previsionnel',
  ...d,
});

describe('recomputeDrivers', () => {
  it("computes 'Frais de gestion Paid' = 15 % of the Paid pole's forecast purchases, itself left out", () => {
    const google = makeLine('Google', { achat_previsionnel: [1000, 10] });
    const meta = makeLine('Meta', { achat_previsionnel: [500, 0.05] });
    const fees = makeLine('Frais de gestion Paid', { achat_previsionnel: [9999] });
    const paid = makePole('Paid', [google, meta, fees]);
    fees.driver ??= driver({ sources: { pole: paid.id } });
    const changed = recomputeDrivers([paid]);
    expect(changed).toEqual([
      { lineId: fees.id, month: 0, field: 'previsionnel', old: 0, new: 22_500 },
      { lineId: fees.id, month: 1, field: 'previsionnel', old: 0, new: 151 }, // 15 % of 10,05 € = 1,5075 €
    ]);
  });

  it('computes a driver of drivers in order, and nothing when everything is up to date', () => {
    const a = makeLine('A', { reel: [100] });
    const b = makeLine('B');
    const c = makeLine('C');
    const pole = makePole('P', [c, b, a]);
    b.driver = driver({ measure: 'reel', sourceMeasure: 'reel', basisPoints: 5000, sources: { lineIds: [a.id] } });
    c.driver = driver({ measure: 'reel', sourceMeasure: 'reel', basisPoints: 10_000, sources: { lineIds: [b.id] } });
    const changed = recomputeDrivers([pole]);
    expect(changed.map((x) => [x.lineId, x.month, x.new])).toEqual([
      [b.id, 0, 5_000],
      [c.id, 0, 5_000],
    ]);
    b.reel = cents(5_000);
    c.reel = cents(5_000);
    expect(recomputeDrivers([pole])).toEqual([]);
  });

  it('ignores listed lines that no longer exist', () => {
    const a = makeLine('A', { reel: [1] });
    const d = makeLine('D');
    d.driver = driver({
      measure: 'reel',
      sourceMeasure: 'reel',
      basisPoints: 10_000,
      sources: { lineIds: [a.id, 'gone'] },
    });
    expect(recomputeDrivers([makePole('P', [a, d])]).map((x) => x.new)).toEqual([100]);
  });
});

describe('driverOrder: cycles', () => {
  it('finds a direct cycle (two lines on each other) and an indirect one through a pole', () => {
    const a = makeLine('A');
    const b = makeLine('B');
    const pole = makePole('P', [a, b]);
    a.driver = driver({ measure: 'reel', sourceMeasure: 'reel', sources: { lineIds: [b.id] } });
    const withB = withDriver(
      [pole],
      b.id,
      driver({ measure: 'reel', sourceMeasure: 'reel', sources: { lineIds: [a.id] } }),
    );
    expect(driverOrder(withB)).toEqual({ cycle: expect.arrayContaining(['A', 'B']) });

    const x = makeLine('X');
    const seo = makePole('SEO', [x]);
    const y = makeLine('Y');
    const paid = makePole('Paid', [y]);
    x.driver = driver({ sources: { pole: paid.id }, measure: 'achat', sourceMeasure: 'achat' });
    const z = makeLine('Z');
    const data = makePole('Data', [z]);
    y.driver = driver({ sources: { pole: data.id }, measure: 'achat', sourceMeasure: 'achat' });
    expect('order' in driverOrder([seo, paid, data])).toBe(true);
    const closing = withDriver(
      [seo, paid, data],
      z.id,
      driver({ sources: { pole: seo.id }, measure: 'achat', sourceMeasure: 'achat' }),
    );
    expect(driverOrder(closing)).toEqual({ cycle: expect.arrayContaining(['X', 'Y', 'Z']) });
  });

  it('is no cycle on other measures, nor for a line in the pole it sums (left out)', () => {
    const a = makeLine('A');
    const b = makeLine('B');
    const pole = makePole('P', [a, b]);
    a.driver = driver({ measure: 'previsionnel', sourceMeasure: 'achat_previsionnel', sources: { lineIds: [b.id] } });
    b.driver = driver({ measure: 'achat_previsionnel', sourceMeasure: 'reel', sources: { pole: pole.id } });
    expect(driverOrder([pole])).toEqual({
      order: [
        { lineId: b.id, driver: b.driver },
        { lineId: a.id, driver: a.driver },
      ],
    });
  });
});

describe('driverDescription (the tooltip)', () => {
  it('names the percent, the measure and the pole or the lines in French', () => {
    const google = makeLine('Google');
    const meta = makeLine('Meta');
    const fees = makeLine('Frais');
    const paid = makePole('Paid', [google, meta, fees]);
    expect(driverDescription([paid], fees.id, driver({ sources: { pole: paid.id } }))).toBe(
      'Calculée : 15\u00a0% de « Achat prévisionnel » du pôle « Paid »',
    );
    expect(
      driverDescription([paid], fees.id, driver({ basisPoints: 1225, sources: { lineIds: [google.id, meta.id] } })),
    ).toBe('Calculée : 12,25\u00a0% de « Achat prévisionnel » des lignes « Google », « Meta »');
  });
});

describe('applyDrivers (the grid shows a driver follow its source at once)', () => {
  it('applies the computed cells and keeps the other lines and poles as they were', () => {
    const google = makeLine('Google', { achat_previsionnel: [1000] });
    const fees = makeLine('Frais');
    const paid = makePole('Paid', [google, fees]);
    const seo = makePole('SEO', [makeLine('Audit')]);
    fees.driver = driver({ sources: { pole: paid.id } });
    const next = applyDrivers([paid, seo]);
    expect(next[0]!.lines[1]!.previsionnel[0]).toBe(15_000);
    expect(next[0]!.lines[0]).toBe(google);
    expect(next[1]).toBe(seo);
    const plain = [seo];
    expect(applyDrivers(plain)[0]).toBe(seo);
  });
});
