/** The figures issue 16 added (docs/product.md#dashboard-to-date, #dashboard-previous-year), table by table. */
import { describe, expect, it } from 'vitest';
import { assertCents as cents } from '../money';
import { makeClient, makeLine, makePole } from '../testing/builders';
import { aggregateBudgets, buildDashboard, lastActualMonth } from './from-budgets';
import { defaultCutoff, type Cutoff } from './sums';
import { previousYearFigures, toDateFigures } from './views';
import type { Budget } from './test-helpers';

describe('defaultCutoff: the last closed month, else the last month with an actual figure, else December', () => {
  it.each<[number | null, number | null, Cutoff]>([
    [null, null, { month: 11, source: 'none' }],
    [null, 9, { month: 9, source: 'actual' }],
    [null, 0, { month: 0, source: 'actual' }],
    [5, 9, { month: 5, source: 'closed' }], // a closed month wins over later actuals
    [11, null, { month: 11, source: 'closed' }],
    [0, 3, { month: 0, source: 'closed' }],
  ])('closed %s, last actual %s → %j', (closed, actual, expected) => {
    expect(defaultCutoff(closed, actual)).toEqual(expected);
  });
});

describe('lastActualMonth: the last month where some line holds réel or achat ≠ 0', () => {
  const client = (values: Parameters<typeof makeLine>[1]): Budget => ({
    client: makeClient('C'),
    poles: [makePole('Paid', [makeLine('L', values)])],
  });
  it.each<[string, Budget[], number | null]>([
    ['no budget', [], null],
    ['forecasts only', [client({ previsionnel: [1, 2, 3], achat_previsionnel: [1] })], null],
    ['réel in January only', [client({ reel: [5] })], 0],
    ['achat alone in March', [client({ achat: [0, 0, 7] })], 2],
    ['a negative réel in December', [client({ reel: [...Array<number>(11).fill(0), -1] })], 11],
    ['the latest over two clients', [client({ reel: [1] }), client({ achat: [0, 0, 0, 0, 2] })], 4],
  ])('%s → %s', (_label, budgets, expected) => {
    expect(lastActualMonth(budgets)).toBe(expected);
  });
});

describe('toDateFigures / previousYearFigures', () => {
  it.each([
    // prév, achat prév, réel, achat → MB prév, MB réelle, écart, %
    [1000, 400, 900, 300, 600, 600, 0, 0],
    [1000, 400, 1200, 300, 600, 900, 300, 50],
    [0, 0, 100, 0, 0, 100, 100, 0], // no forecast margin: % is 0
    [-500, 0, 0, 0, -500, 0, 500, 0], // a negative forecast: % is 0, not a sign flip
    [100, 300, 50, 0, -200, 50, 250, 0],
  ])('prév %i, achat prév %i, réel %i, achat %i', (p, ap, r, a, mbPrev, mbReel, ecart, pct) => {
    const t = toDateFigures({
      previsionnel: cents(p),
      achat_previsionnel: cents(ap),
      reel: cents(r),
      achat: cents(a),
    });
    expect([t.margePrevisionnelle, t.marginReel, t.ecartMb, t.ecartMbPct]).toEqual([mbPrev, mbReel, ecart, pct]);
  });

  it.each([
    [null, 100, null],
    [{ reel: 1000, achat: 200 }, 1000, { marginReel: 800, ecart: 200, ecartPct: 25 }],
    [{ reel: 0, achat: 0 }, 50, { marginReel: 0, ecart: 50, ecartPct: 0 }],
    [{ reel: 100, achat: 300 }, 0, { marginReel: -200, ecart: 200, ecartPct: 0 }],
  ])('N−1 %j with MB à date %i → %j', (previous, toDate, expected) => {
    const p = previous && { reel: cents(previous.reel), achat: cents(previous.achat) };
    expect(previousYearFigures(p, cents(toDate))).toEqual(expected);
  });
});

describe('buildDashboard à date', () => {
  // Forecast 100 € a month (a negative one in March), purchases forecast 40 €; actuals in
  // January (120 − 50) and February (80 − 30) only.
  const client = makeClient('Alpha', 500);
  const budget: Budget = {
    client,
    poles: [
      makePole('Paid', [
        makeLine('L', {
          previsionnel: [100, 100, -100, ...Array<number>(9).fill(100)],
          achat_previsionnel: Array<number>(12).fill(40),
          reel: [120, 80],
          achat: [50, 30],
        }),
      ]),
    ],
  };
  const at = (month: number) => buildDashboard(aggregateBudgets([budget], { cutoff: { month, source: 'chosen' } }));

  it.each([
    // cut-off, prév à date, achat prév à date, réel à date, achat à date, écart MB à date
    [0, 10000, 4000, 12000, 5000, 7000 - 6000],
    [1, 20000, 8000, 20000, 8000, 12000 - 12000],
    [2, 10000, 12000, 20000, 8000, 12000 - -2000],
    [11, 100000, 48000, 20000, 8000, 12000 - 52000],
  ])('cut-off month %i', (month, prev, achatPrev, reel, achat, ecart) => {
    const d = at(month);
    for (const t of [
      d.globalStats.toDate,
      d.projectMargins[0]!.toDate,
      d.poleMargins[0]!.toDate,
      d.summaryRows[0]!.toDate,
    ]) {
      expect([t.previsionnel, t.achatPrevisionnel, t.reel, t.achat, t.ecartMb]).toEqual([
        prev,
        achatPrev,
        reel,
        achat,
        ecart,
      ]);
    }
    // SPEC's figures do not move with the cut-off.
    expect(d.globalStats.totalPrevisionnel).toBe(100000);
    expect(d.monthlyEvolution.map((m) => m.known)).toEqual(Array.from({ length: 12 }, (_, m) => m <= month));
  });

  it('a negative forecast margin à date gives a 0 % gap (no base), never a sign flip', () => {
    const t = at(2).globalStats.toDate;
    expect(t.margePrevisionnelle).toBe(-2000);
    expect(t.ecartMbPct).toBe(0);
  });
});

describe('buildDashboard N−1', () => {
  // This year: Paid and SEO/GEO. Last year: Paid and Data (a pole present in one year only each).
  const alpha = makeClient('Alpha');
  const beta = makeClient('Beta'); // no pole last year
  const current: Budget[] = [
    {
      client: alpha,
      poles: [
        makePole('Paid', [makeLine('L', { reel: [1000, 1000], achat: [400, 400] })]),
        makePole('SEO/GEO', [makeLine('S', { reel: [300] })]),
      ],
    },
    { client: beta, poles: [makePole('Paid', [makeLine('L', { reel: [50] })])] },
  ];
  const previous: Budget[] = [
    {
      client: alpha,
      poles: [
        // February is after the cut-off below: left out.
        makePole('Paid', [makeLine('L', { reel: [500, 9999], achat: [100] })]),
        makePole('Data', [makeLine('D', { reel: [200], achat: [50] })]),
      ],
    },
  ];
  const d = buildDashboard(aggregateBudgets(current, { cutoff: { month: 0, source: 'chosen' }, previous }));

  it('per client: its previous year over the same months, or none', () => {
    const byName = new Map(d.projectMargins.map((r) => [r.name, r.previousYear]));
    // Alpha N−1 = (500 − 100) + (200 − 50) = 550 €; à date (January) = 1000 − 400 + 300 = 900 €.
    expect(byName.get('Alpha')).toEqual({ marginReel: 55000, ecart: 35000, ecartPct: (35000 / 55000) * 100 });
    expect(byName.get('Beta')).toBeNull();
  });

  it('per pole: a pole of this year only has none; a pole of last year only has no row but counts in the KPI', () => {
    const byName = new Map(d.poleMargins.map((r) => [r.name, r.previousYear]));
    expect(byName.get('Paid')).toEqual({ marginReel: 40000, ecart: 60000 + 5000 - 40000, ecartPct: 62.5 });
    expect(byName.get('SEO/GEO')).toBeNull();
    expect(byName.has('Data')).toBe(false);
    expect(d.globalStats.previousYear?.marginReel).toBe(55000);
  });

  it('no previous year at all: null everywhere', () => {
    const none = buildDashboard(aggregateBudgets(current, { cutoff: { month: 0, source: 'chosen' } }));
    expect(none.globalStats.previousYear).toBeNull();
    expect(none.projectMargins.every((r) => r.previousYear === null)).toBe(true);
  });
});
