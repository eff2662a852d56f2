/**
 * Test-only builders of client-side views (not exported from the domain index). Month arrays
 * shorter than 12 are padded with zeros; amounts in euros, as the views carry them.
 */
import { MONTH_COUNT } from './months';
import type { Client, Line, Measure, Pole } from './schemas';

let nextId = 0;
/** A readable unique id; the formulas never validate ids. */
function id(prefix: string): string {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

/** Pads a month array to 12 values with zeros. */
function months(values: readonly number[] = []): number[] {
  return Array.from({ length: MONTH_COUNT }, (_, m) => values[m] ?? 0);
}

/** A line whose measures are given as month arrays (euros), missing months 0. */
export function makeLine(name: string, values: Partial<Record<Measure, readonly number[]>> = {}): Line {
  return {
    id: id('line'),
    name,
    previsionnel: months(values.previsionnel),
    achat_previsionnel: months(values.achat_previsionnel),
    reel: months(values.reel),
    achat: months(values.achat),
  };
}

/** A pole holding these lines. */
export function makePole(name: string, lines: Line[] = []): Pole {
  return { id: id('pole'), name, isExpanded: true, facture: months().map(() => false), lines };
}

/** A client with this initial forecast (euros). */
export function makeClient(name: string, previsionMbDebut = 0): Client {
  return {
    id: id('client'),
    name,
    prevision_mb_annuelle_debut: previsionMbDebut,
    prevision_mb_annuelle_revue: 0,
    created_at: '2025-01-01T00:00:00.000Z',
  };
}
