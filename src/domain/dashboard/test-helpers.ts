/** Builders shared by the dashboard tests (amounts as the tests write them: cents, or euros in budgets). */
import type { Measure } from '../measures';
import type { Client, Pole } from '../model';
import { centsFixture, makeClient, makeLine, makePole, type PlainCents } from '../testing/builders';
import { emptySums, type MonthSums, type Sums } from './sums';

/**
 * Sums with the given fields (cents), the others 0; à date, by default, the four measures of the
 * whole year (the pure path's default cut-off is December).
 */
export const sums = (s: PlainCents<Partial<Sums>> = {}): Sums => {
  const all = { ...emptySums(), ...s };
  const { previsionnel, achat_previsionnel, reel, achat } = all;
  return centsFixture<Sums>({ ...all, toDate: s.toDate ?? { previsionnel, achat_previsionnel, reel, achat } });
};
export const zeroMonth = centsFixture<MonthSums>({ reel: 0, previsionnel: 0, achat: 0 });
export const twelveOf = (euros: number): number[] => Array.from({ length: 12 }, () => euros);

export type Budget = { client: Client; poles: Pole[] };
/** One client whose single pole 'Paid' has one line with these month arrays (euros). */
export const oneLineClient = (name: string, values: Partial<Record<Measure, number[]>>, debut = 0): Budget => ({
  client: makeClient(name, debut),
  poles: [makePole('Paid', [makeLine('L', values)])],
});

/** Keys of the figures issue 16 added beside SPEC's (à date, N−1, the cut-off). */
const ADDED_KEYS = new Set(['toDate', 'previousYear', 'known', 'cutoff', 'previous', 'previousByPole', 'clientId']);

/**
 * A copy of a dashboard structure with only SPEC's figures: the tests written for those keep
 * checking them whole, and the added figures have their own tables (to-date.test.ts).
 */
export function specOnly(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(specOnly);
  if (value === null || typeof value !== 'object' || value instanceof Map) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !ADDED_KEYS.has(key))
      .map(([key, v]) => [key, specOnly(v)]),
  );
}

type AddedKey = 'toDate' | 'previousYear' | 'known' | 'cutoff' | 'previous' | 'previousByPole' | 'clientId';
/** The type `specOnly` returns: T without the added figures, at any depth. */
export type Spec<T> = T extends number | string | boolean | null | Map<unknown, unknown>
  ? T
  : T extends readonly (infer U)[]
    ? Spec<U>[]
    : { [K in Exclude<keyof T, AddedKey>]: Spec<T[K]> };
