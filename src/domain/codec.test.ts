import { describe, expect, it } from 'vitest';
import {
  amountFromWire,
  backupFromWire,
  cellUpdateFromWire,
  cellUpdateToWire,
  centsFromWire,
  centsToWire,
  changeEventFromWire,
  conflictCellsFromWire,
  conflictCellToWire,
  decimalToWire,
  clientChangesFromWire,
  clientChangesToWire,
  clientFromWire,
  clientToWire,
  poleFromWire,
  poleToWire,
} from './codec';
import { assertCents } from './money';
import { changeEventWire } from './testing/builders';
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
    // Absent attributes read as none and 'actif' (docs/product.md#client-attributes), and are written.
    expect(clientToWire(client)).toEqual({ ...wire, manager: null, sector: null, status: 'actif' });
    const managed = { ...wire, manager: 'Camille', sector: 'Luxe', status: 'prospect' as const };
    expect(clientToWire(clientFromWire(managed))).toEqual(managed);
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

describe('single amounts across the wire', () => {
  it.each([
    [0, 0],
    [-5, -0.05],
    [123456, 1234.56],
    [99_999_999_999_999, 999_999_999_999.99],
  ])('centsToWire(%i) → %d €', (cents, euros) => {
    expect(centsToWire(assertCents(cents))).toBe(euros);
  });

  it.each([
    ['0.00', 0],
    ['1234.50', 1234.5],
    ['-0.05', -0.05],
    ['0.10', 0.1],
    ['999999999999.99', 999_999_999_999.99],
  ])('decimalToWire(%j) → %d € (a numeric column, exactly)', (text, euros) => {
    expect(decimalToWire(text)).toBe(euros);
  });

  it.each(['', '1,5', 'abc', '1e3'])('decimalToWire refuses %j', (text) => {
    expect(() => decimalToWire(text)).toThrow(RangeError);
  });

  // The browser reads live events and error bodies without a schema: a number, or a decimal text.
  it.each([
    [1234.56, 123456],
    ['-0.05', -5],
    ['0', 0],
    ['', null],
    ['  ', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    [{}, null],
    ['1e20', null],
    [Number.NaN, null],
  ])('amountFromWire(%j) → %j', (value, cents) => {
    expect(amountFromWire(value)).toBe(cents);
  });
});

describe('changeEventFromWire (GET /api/events, read without a schema)', () => {
  const event = changeEventWire;

  it('reads every field, the cells into cents (numbers or decimal texts)', () => {
    const cells = [
      { lineId: 'l1', month: 3, field: 'reel', value: 1234.56 },
      { lineId: 'l1', month: 11, field: 'achat', value: '-0.05' },
    ];
    expect(changeEventFromWire(event({ cells }))).toEqual({
      ...event(),
      byInitials: 'CM',
      cells: [
        { lineId: 'l1', month: 3, field: 'reel', value: 123456 },
        { lineId: 'l1', month: 11, field: 'achat', value: -5 },
      ],
    });
  });

  it.each([
    ['no cells (structure, closing…)', undefined],
    ['a month past December', [{ lineId: 'l1', month: 12, field: 'reel', value: 1 }]],
    ['a fractional month', [{ lineId: 'l1', month: 1.5, field: 'reel', value: 1 }]],
    ['an unknown measure', [{ lineId: 'l1', month: 0, field: 'marge', value: 1 }]],
    ['an unreadable amount', [{ lineId: 'l1', month: 0, field: 'reel', value: 'x' }]],
    ['an amount out of range', [{ lineId: 'l1', month: 0, field: 'reel', value: 1e15 }]],
    [
      'one bad cell among good ones',
      [
        { lineId: 'l1', month: 0, field: 'reel', value: 1 },
        { lineId: 7, month: 0, field: 'reel', value: 1 },
      ],
    ],
  ])('gives cells null for %s: nothing is applied in part', (_name, cells) => {
    expect(changeEventFromWire(event({ cells }))?.cells).toBeNull();
  });

  it.each([
    ['not an object', 'x'],
    ['null', null],
    ['a text history id', event({ historyId: '12' })],
    ['no year', event({ year: undefined })],
    ['a numeric client id', event({ clientId: 3 })],
  ])('refuses %s', (_name, value) => {
    expect(changeEventFromWire(value)).toBeNull();
  });

  it('falls back on the actor for the name and its initials, and keeps a change of no client and no tab', () => {
    expect(changeEventFromWire(event({ byName: ' ', clientId: null, origin: null, source: 4 }))).toMatchObject({
      byName: 'camille@agence.fr',
      byInitials: 'CA',
      clientId: null,
      origin: null,
      source: '',
    });
  });
});

describe('conflict cells (409 conflict)', () => {
  it.each([
    [
      { current: assertCents(123456), expected: assertCents(-5) },
      { current: 1234.56, expected: -0.05 },
    ],
    [
      { current: null, expected: assertCents(0) },
      { current: null, expected: 0 },
    ],
  ])('conflictCellToWire: an undo’s cell %j → euros %j', (amounts, euros) => {
    const where = { lineId: 'l1', month: 2, field: 'reel' as const };
    expect(conflictCellToWire({ ...where, ...amounts })).toEqual({ ...where, ...euros });
  });

  it('conflictCellsFromWire reads the amount, the name (else the actor) and the time; null current is 0', () => {
    expect(
      conflictCellsFromWire([
        { lineId: 'l1', month: 0, field: 'reel', current: 12.5, expected: 1, by: 'a@b.fr', byName: 'Ana B', at: 'T' },
        { lineId: 'l2', month: 1, field: 'achat', current: '-0.05', expected: 0, by: 'a@b.fr', byName: '' },
        { lineId: 'l3', month: 2, field: 'previsionnel', current: null, expected: 0, by: null, byName: null, at: null },
      ]),
    ).toEqual([
      { lineId: 'l1', month: 0, field: 'reel', current: 1250, byName: 'Ana B', at: 'T' },
      { lineId: 'l2', month: 1, field: 'achat', current: -5, byName: 'a@b.fr', at: null },
      { lineId: 'l3', month: 2, field: 'previsionnel', current: 0, byName: null, at: null },
    ]);
  });

  it.each([
    ['not an object', 'x'],
    ['no line id', { month: 0, field: 'reel', current: 1 }],
    ['a text month', { lineId: 'l1', month: '0', field: 'reel', current: 1 }],
    ['an unknown measure', { lineId: 'l1', month: 0, field: 'marge', current: 1 }],
  ])('conflictCellsFromWire leaves out a cell with %s', (_name, cell) => {
    expect(conflictCellsFromWire([cell, { lineId: 'ok', month: 0, field: 'reel', current: 1 }])).toEqual([
      { lineId: 'ok', month: 0, field: 'reel', current: 100, byName: null, at: null },
    ]);
  });
});
