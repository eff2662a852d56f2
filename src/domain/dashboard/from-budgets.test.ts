import { describe, expect, it } from 'vitest';
import type { Measure } from '../measures';
import { makeClient, makeLine, makePole } from '../testing/builders';
import { aggregateBudgets, lineSums } from './from-budgets';
import type { Sums } from './sums';
import { oneLineClient, specOnly, sums, twelveOf, zeroMonth } from './test-helpers';

describe('lineSums (12 months of a line, cents)', () => {
  it.each<[string, Partial<Record<Measure, number[]>>, Sums]>([
    ['an empty line', {}, sums()],
    [
      'forecast only: revue is the forecast margin, nothing realised',
      { previsionnel: [100], achat_previsionnel: [30] },
      sums({ previsionnel: 10000, achat_previsionnel: 3000, revue: 7000 }),
    ],
    [
      'a realised month: revue = réel − achat, écart = réel − achat − prév',
      { previsionnel: [100], achat_previsionnel: [30], reel: [120], achat: [50] },
      sums({
        previsionnel: 10000,
        achat_previsionnel: 3000,
        reel: 12000,
        achat: 5000,
        revue: 7000,
        ecartRealise: -3000,
        prevRealise: 10000,
      }),
    ],
    [
      'a credit-note month (réel < 0) is not realised',
      { previsionnel: [100], reel: [-20] },
      sums({ previsionnel: 10000, reel: -2000, revue: 10000 }),
    ],
    [
      'a sub-cent actual (0,004 €) is not realised',
      { previsionnel: [1], reel: [0.004] },
      sums({ previsionnel: 100, revue: 100 }),
    ],
    [
      'purchases above sales in a realised month',
      { previsionnel: [0, 50], reel: [0, 10], achat: [0, 40] },
      sums({ previsionnel: 5000, reel: 1000, achat: 4000, revue: -3000, ecartRealise: -8000, prevRealise: 5000 }),
    ],
    [
      'realised and forecast months mixed',
      { previsionnel: [100, 100, 100], achat_previsionnel: [10, 10, 10], reel: [80, 0, 130], achat: [0, 5, 20] },
      // months 0 and 2 realised: revue 80 + (100 − 10) + 110; écart (80 − 0 − 100) + (130 − 20 − 100)
      sums({
        previsionnel: 30000,
        achat_previsionnel: 3000,
        reel: 21000,
        achat: 2500,
        revue: 28000,
        ecartRealise: -1000,
        prevRealise: 20000,
      }),
    ],
    ['0.1 + 0.2 € of actuals', { reel: [0.1, 0.2] }, sums({ reel: 30, revue: 30, ecartRealise: 30 })],
    [
      'twelve 0,01 € everywhere',
      { previsionnel: twelveOf(0.01), achat_previsionnel: twelveOf(0.01), reel: twelveOf(0.01), achat: twelveOf(0.01) },
      sums({
        previsionnel: 12,
        achat_previsionnel: 12,
        reel: 12,
        achat: 12,
        revue: 0,
        ecartRealise: -12,
        prevRealise: 12,
      }),
    ],
  ])('%s', (_label, values, expected) => {
    expect(lineSums(makeLine('L', values))).toEqual(expected);
  });
});

describe('aggregateBudgets', () => {
  it('no clients: no aggregates and 12 zero months', () => {
    expect(specOnly(aggregateBudgets([]))).toEqual({
      clients: [],
      months: Array.from({ length: 12 }, () => zeroMonth),
    });
  });

  it('a client with no poles', () => {
    const client = makeClient('Vide', 250.5);
    expect(specOnly(aggregateBudgets([{ client, poles: [] }]))).toEqual({
      clients: [{ id: client.id, name: 'Vide', previsionMbDebut: 25050, poles: [] }],
      months: Array.from({ length: 12 }, () => zeroMonth),
    });
  });

  it('merges poles of the same name, and lines of the same name within them, in first-appearance order', () => {
    const client = makeClient('Doublons');
    const poles = [
      makePole('Paid', [makeLine('X', { reel: [1] }), makeLine('Y', { reel: [2] })]),
      makePole('SEO/GEO', [makeLine('Z', { previsionnel: [0, 4] })]),
      makePole('Paid', [makeLine('Y', { reel: [10] }), makeLine('W', { achat: [0, 20] })]),
    ];
    const realised = (cents: number) => sums({ reel: cents, revue: cents, ecartRealise: cents });
    expect(specOnly(aggregateBudgets([{ client, poles }]).clients)).toEqual([
      {
        id: client.id,
        name: 'Doublons',
        previsionMbDebut: 0,
        poles: [
          {
            name: 'Paid',
            sums: specOnly(sums({ reel: 1300, achat: 2000, revue: 1300, ecartRealise: 1300 })),
            lines: [
              { name: 'X', sums: specOnly(realised(100)) },
              { name: 'Y', sums: specOnly(realised(1200)) },
              { name: 'W', sums: specOnly(sums({ achat: 2000 })) },
            ],
          },
          {
            name: 'SEO/GEO',
            sums: specOnly(sums({ previsionnel: 400, revue: 400 })),
            lines: [{ name: 'Z', sums: specOnly(sums({ previsionnel: 400, revue: 400 })) }],
          },
        ],
      },
    ]);
  });

  it('sums each month over every client, pole and line', () => {
    const months = aggregateBudgets([
      oneLineClient('A', { previsionnel: [10, 0.1], reel: [5, 0.2], achat: [1] }),
      {
        client: makeClient('B'),
        poles: [
          makePole('Data', [
            makeLine('M', { reel: [1, 0.1] }),
            makeLine('N', { achat: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -3] }),
          ]),
        ],
      },
    ]).months;
    expect(months).toEqual([
      { reel: 600, previsionnel: 1000, achat: 100 },
      { reel: 30, previsionnel: 10, achat: 0 },
      ...Array.from({ length: 9 }, () => zeroMonth),
      { reel: 0, previsionnel: 0, achat: -300 },
    ]);
  });
});
