/**
 * Test-only builders of the cents model (not exported from the domain index). Amounts are given
 * in euros, as a reader of a test thinks of them, and stored as cents (eurosToCents), as the model
 * holds them; month arrays shorter than 12 are padded with zeros.
 */
import type { FiscalSettings } from '../fiscal-year';
import type { Measure } from '../measures';
import type { Client, Line, Pole } from '../model';
import { ZERO_CENTS, eurosToCents, type Cents } from '../money';
import { MONTH_COUNT } from '../months';

let nextId = 0;
/** A readable unique id; the formulas never validate ids. */
function id(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** Twelve monthly amounts in cents from up to 12 euro amounts, missing months 0. */
export function monthsOfEuros(values: readonly number[] = []): Cents[] {
  return Array.from({ length: MONTH_COUNT }, (_, m) => eurosToCents(values[m] ?? 0));
}

/** A line whose measures are given as month arrays (euros), missing months 0. */
export function makeLine(name: string, values: Partial<Record<Measure, readonly number[]>> = {}): Line {
  return {
    id: id('line'),
    name,
    previsionnel: monthsOfEuros(values.previsionnel),
    achat_previsionnel: monthsOfEuros(values.achat_previsionnel),
    reel: monthsOfEuros(values.reel),
    achat: monthsOfEuros(values.achat),
  };
}

/** A pole holding these lines. */
export function makePole(name: string, lines: Line[] = []): Pole {
  return { id: id('pole'), name, isExpanded: true, facture: Array.from({ length: MONTH_COUNT }, () => false), lines };
}

/** A client with this initial forecast (euros). */
export function makeClient(name: string, previsionMbDebut = 0): Client {
  return {
    id: id('client'),
    name,
    prevision_mb_annuelle_debut: eurosToCents(previsionMbDebut),
    prevision_mb_annuelle_revue: ZERO_CENTS,
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

/** A value of type T written with plain numbers where T holds cents (test fixtures of expected results). */
export type PlainCents<T> = T extends Cents
  ? number
  : T extends readonly (infer U)[]
    ? PlainCents<U>[]
    : T extends object
      ? { [K in keyof T]: PlainCents<T[K]> }
      : T;

/** A fixture written with plain cent numbers, typed as the cents model it stands for. */
export function centsFixture<T>(value: PlainCents<T>): T {
  return value as T;
}

/** A `change` event's data as GET /api/events sends it (euros), from tab-b; `extra` overrides or adds fields. */
export const changeEventWire = (extra: Record<string, unknown> = {}) => ({
  historyId: 12,
  clientId: 'c1',
  year: 2026,
  source: 'saisie',
  by: 'camille@agence.fr',
  byName: 'Camille Martin',
  origin: 'tab-b',
  ...extra,
});

/** A fiscal year starting in September, named by its end (2026 = September 2025 – August 2026). */
export const SEPTEMBER_YEAR: FiscalSettings = { fiscalYearStartMonth: 9, yearNaming: 'end' };
