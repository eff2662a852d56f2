import { describe, expect, it } from 'vitest';
import {
  backupFromWire,
  cellUpdateFromWire,
  cellUpdateToWire,
  centsFromWire,
  clientChangesFromWire,
  clientChangesToWire,
  clientFromWire,
  clientToWire,
  poleFromWire,
  poleToWire,
} from './codec';
import type { PoleWire } from './schemas';

const ID = '11111111-1111-4111-8111-111111111111';
const months = (f: (m: number) => number): number[] => Array.from({ length: 12 }, (_, m) => f(m));

describe('centsFromWire (euros → cents, with the boundary check)', () => {
  it.each([
    [0, 0],
    [0.1, 10],
    [1.005, 101],
    [-0.05, -5],
    [1234.5, 123450],
    [999_999_999_999.99, 99_999_999_999_999],
  ])('%d € → %i', (euros, cents) => {
    expect(centsFromWire(euros)).toBe(cents);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 999_999_999_999.995, 1e15])('refuses %d', (euros) => {
    expect(() => centsFromWire(euros)).toThrow(RangeError);
  });
});

describe('wire ↔ model', () => {
  const poleWire: PoleWire = {
    id: ID,
    name: 'Paid',
    isExpanded: false,
    facture: Array.from({ length: 12 }, (_, m) => m === 2),
    lines: [
      {
        id: ID,
        name: 'Google Ads – Search',
        previsionnel: months((m) => (m === 0 ? 1234.56 : 0)),
        achat_previsionnel: months(() => 0.1),
        reel: months((m) => (m === 11 ? -0.05 : 0)),
        achat: months(() => 0),
      },
    ],
  };

  it('decodes a pole to cents and encodes it back to the very same wire value', () => {
    const pole = poleFromWire(poleWire);
    expect(pole.lines[0]!.previsionnel[0]).toBe(123456);
    expect(pole.lines[0]!.achat_previsionnel[5]).toBe(10);
    expect(pole.lines[0]!.reel[11]).toBe(-5);
    expect(poleToWire(pole)).toEqual(poleWire);
    expect(JSON.stringify(poleToWire(pole))).toBe(JSON.stringify(poleWire));
  });

  it('decodes a client and encodes it back', () => {
    const wire = {
      id: ID,
      name: 'Acme',
      prevision_mb_annuelle_debut: 1000.5,
      prevision_mb_annuelle_revue: -0.05,
      created_at: '2025-01-02T10:00:00.000Z',
    };
    const client = clientFromWire(wire);
    expect([client.prevision_mb_annuelle_debut, client.prevision_mb_annuelle_revue]).toEqual([100050, -5]);
    expect(clientToWire(client)).toEqual(wire);
  });

  it('decodes and encodes a cell update and a client change, leaving absent fields absent', () => {
    const cell = { lineId: ID, month: 3, field: 'achat' as const, value: 12.34 };
    expect(cellUpdateFromWire(cell)).toEqual({ ...cell, value: 1234 });
    expect(cellUpdateToWire(cellUpdateFromWire(cell))).toEqual(cell);
    expect(clientChangesFromWire({ name: 'Nouveau' })).toEqual({ name: 'Nouveau' });
    expect(clientChangesFromWire({ prevision_mb_annuelle_debut: 0.5 })).toEqual({ prevision_mb_annuelle_debut: 50 });
    expect(clientChangesToWire(clientChangesFromWire({ prevision_mb_annuelle_debut: 0.5 }))).toEqual({
      prevision_mb_annuelle_debut: 0.5,
    });
  });

  it('decodes a backup, keeping its other fields', () => {
    const backup = backupFromWire({ clients: [], budgetData: { [ID]: [poleWire] }, exportDate: 'x', version: 1 });
    expect(backup.budgetData[ID]![0]!.lines[0]!.previsionnel[0]).toBe(123456);
    expect([backup.exportDate, backup.version]).toEqual(['x', 1]);
  });

  it('refuses a wire amount beyond the storable range (what a route answers 400 for)', () => {
    expect(() => poleFromWire({ ...poleWire, lines: [{ ...poleWire.lines[0]!, reel: months(() => 1e15) }] })).toThrow(
      RangeError,
    );
  });
});
