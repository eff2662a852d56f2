/** Builders shared by the dashboard tests (amounts as the tests write them: cents, or euros in budgets). */
import type { Measure } from '../measures';
import type { Client, Pole } from '../model';
import { centsFixture, makeClient, makeLine, makePole, type PlainCents } from '../testing/builders';
import { emptySums, type MonthSums, type Sums } from './sums';

/** Sums with the given fields (cents), the others 0. */
export const sums = (s: PlainCents<Partial<Sums>> = {}): Sums => centsFixture<Sums>({ ...emptySums(), ...s });
export const zeroMonth = centsFixture<MonthSums>({ reel: 0, previsionnel: 0, achat: 0 });
export const twelveOf = (euros: number): number[] => Array.from({ length: 12 }, () => euros);

export type Budget = { client: Client; poles: Pole[] };
/** One client whose single pole 'Paid' has one line with these month arrays (euros). */
export const oneLineClient = (name: string, values: Partial<Record<Measure, number[]>>, debut = 0): Budget => ({
  client: makeClient(name, debut),
  poles: [makePole('Paid', [makeLine('L', values)])],
});
