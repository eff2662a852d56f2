import { describe, expect, it } from 'vitest';
import { basisOf, upliftCents, upliftHundredths, type MonthFigures } from './rollforward';
import { centsFixture } from './testing/builders';
import type { Cents } from './money';

const c = (n: number) => n as Cents;

describe('upliftCents: cents × (1 + uplift), half away from zero', () => {
  it.each([
    ['no uplift', 10001, 0, 10001],
    ['100,01 € × 1,035 = 103,51 €', 10001, 350, 10351],
    ['0,10 € × 1,05 = 0,105 → 0,11 €', 10, 500, 11],
    ['−0,10 € × 1,05 = −0,105 → −0,11 €', -10, 500, -11],
    ['0,10 € × 1,04 = 0,104 → 0,10 €', 10, 400, 10],
    ['−100 % gives 0', 123456, -10000, 0],
    ['1000 % gives 11 times', 99999, 100000, 1099989],
    ['a cut of 12,25 % of −333,33 €', -33333, -1225, -29250],
    ['the largest amount stays exact', 9_090_909_090_909, 1, 9_091_818_181_818],
  ])('%s', (_case, cents, hundredths, expected) => {
    expect(upliftCents(c(cents), hundredths)).toBe(expected);
  });
});

describe('upliftHundredths', () => {
  it.each([
    [3.5, 350],
    [0, 0],
    [-100, -10000],
    [12.25, 1225],
    [0.07, 7],
    [1000, 100000],
    [3.555, null],
    [0.001, null],
  ])('%s %% → %s', (percent, expected) => {
    expect(upliftHundredths(percent)).toBe(expected);
  });
});

describe('basisOf', () => {
  const month = centsFixture<MonthFigures>({ previsionnel: 1000, achat_previsionnel: 250, reel: 1200, achat: 400 });
  const noActual = centsFixture<MonthFigures>({ previsionnel: 1000, achat_previsionnel: 250, reel: 0, achat: 30 });
  it.each([
    ['none copies nothing', 'none', month, null],
    ['previsionnel copies the forecasts', 'previsionnel', month, { previsionnel: 1000, achat_previsionnel: 250 }],
    ['reel copies the actuals', 'reel', month, { previsionnel: 1200, achat_previsionnel: 400 }],
    [
      'revue reads the actuals of a month with actual sales',
      'revue',
      month,
      { previsionnel: 1200, achat_previsionnel: 400 },
    ],
    [
      'revue reads the forecasts of a month without',
      'revue',
      noActual,
      { previsionnel: 1000, achat_previsionnel: 250 },
    ],
  ] as const)('%s', (_case, figures, m, expected) => {
    expect(basisOf(figures, m)).toEqual(expected);
  });
});
