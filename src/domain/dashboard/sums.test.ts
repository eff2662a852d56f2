import { describe, expect, it } from 'vitest';
import { centsFixture } from '../testing/builders';
import { addSums, emptySums, type Sums } from './sums';

describe('emptySums / addSums', () => {
  it('adds field by field', () => {
    expect(emptySums()).toEqual({
      previsionnel: 0,
      achat_previsionnel: 0,
      reel: 0,
      achat: 0,
      revue: 0,
      ecartRealise: 0,
      prevRealise: 0,
      toDate: { previsionnel: 0, achat_previsionnel: 0, reel: 0, achat: 0 },
    });
    const toDate = { previsionnel: 1, achat_previsionnel: 2, reel: 3, achat: 4 };
    const a = {
      previsionnel: 1,
      achat_previsionnel: 2,
      reel: 3,
      achat: 4,
      revue: 5,
      ecartRealise: 6,
      prevRealise: 7,
      toDate,
    };
    const b = {
      previsionnel: 10,
      achat_previsionnel: -20,
      reel: 30,
      achat: -40,
      revue: 50,
      ecartRealise: -60,
      prevRealise: 70,
      toDate: { previsionnel: 10, achat_previsionnel: 20, reel: -30, achat: 40 },
    };
    expect(addSums(centsFixture<Sums>(a), centsFixture<Sums>(b))).toEqual({
      previsionnel: 11,
      achat_previsionnel: -18,
      reel: 33,
      achat: -36,
      revue: 55,
      ecartRealise: -54,
      prevRealise: 77,
      toDate: { previsionnel: 11, achat_previsionnel: 22, reel: -27, achat: 44 },
    });
  });
});
