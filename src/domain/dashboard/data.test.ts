import { describe, expect, it } from 'vitest';
import { assertCents as cents } from '../money';
import { prorate } from './data';

describe('prorate (amount × part / whole, exact, half away from zero)', () => {
  it.each([
    [0, 123, 456, 0],
    [100, 0, 300, 0],
    [100, 1, 3, 33],
    [100, 2, 3, 67],
    [101, 1, 2, 51],
    [5, 1, 2, 3],
    [5, -1, 2, -3], // Math.round would give -2
    [5, -100, 200, -3],
    [100000, 35000, 55000, 63636],
    [100000, 20000, 55000, 36364],
    [100000, 55000, 55000, 100000],
    [5000, 30000, 20000, 7500], // a pole earning more than its client (another pole lost money)
    [3000000001, -1000000007, 2000000014, -1500000001],
    [99_999_999_999_999, 99_999_999_999_998, 99_999_999_999_999, 99_999_999_999_998],
  ])('prorate(%i, %i, %i) = %i', (amount, part, whole, expected) => {
    expect(prorate(cents(amount), cents(part), cents(whole))).toBe(expected);
  });
});
