import { describe, expect, it } from 'vitest';
import type { Cents } from '../money';
import { markKey, planFecImport, type StoredLine } from './plan';
import type { MappedCell, MappingResult } from './types';

const c = (n: number) => n as Cents;
const twelve = (values: Record<number, number> = {}) => Array.from({ length: 12 }, (_, m) => c(values[m] ?? 0));

const line = (lineId: string, reel: Record<number, number> = {}, achat: Record<number, number> = {}): StoredLine => ({
  lineId,
  clientId: 'A',
  pole: 'Paid',
  line: lineId,
  reel: twelve(reel),
  achat: twelve(achat),
});

const result = (
  cells: Omit<MappedCell, 'clientId' | 'pole'>[],
  covered: { first: number; last: number } | null,
): MappingResult => ({
  lines: 0,
  outsideYear: 0,
  covered,
  months: [],
  unmapped: [],
  cells: cells.map((cell) => ({ clientId: 'A', pole: 'Paid', ...cell })),
});

describe('planFecImport: a snapshot of the months the file covers', () => {
  it.each([
    // [what, stored reel of month 1, mark of that cell, mapped amount, expected new value or null (unchanged), manual]
    ['maps an empty cell', 0, undefined, 500, 500, false],
    ['replaces a hand-typed value (marked manual)', 70, undefined, 500, 500, true],
    ['replaces a value an import set', 300, 300, 500, 500, false],
    ['puts back to 0 a cell an import set that the file no longer maps', 300, 300, undefined, 0, false],
    ['keeps a hand-typed value the file does not map', 70, undefined, undefined, null, false],
    ['keeps a value typed over an imported one', 80, 300, undefined, null, false],
    ['changes nothing when the file maps the value stored', 500, 500, 500, null, false],
  ] as const)('%s', (_, stored, mark, mapped, expected, manual) => {
    const marks = new Map(mark === undefined ? [] : [[markKey('L1', 1, 'reel'), c(mark)]]);
    const cells = mapped === undefined ? [] : [{ line: 'L1', month: 1, field: 'reel' as const, amount: c(mapped) }];
    const plan = planFecImport(result(cells, { first: 0, last: 2 }), [line('L1', { 1: stored })], new Set(), marks);
    expect(plan.writtenMonths).toEqual([0, 1, 2]);
    expect(plan.changes).toEqual(
      expected === null
        ? []
        : [expect.objectContaining({ lineId: 'L1', month: 1, current: stored, imported: expected, manual })],
    );
  });

  it('leaves the months outside the file alone, even cells an import set', () => {
    const marks = new Map([[markKey('L1', 5, 'achat'), c(40)]]);
    const plan = planFecImport(result([], { first: 0, last: 2 }), [line('L1', {}, { 5: 40 })], new Set(), marks);
    expect(plan.changes).toEqual([]);
  });

  it('never writes a closed month: what would change there is a closed difference', () => {
    const plan = planFecImport(
      result([{ line: 'L1', month: 0, field: 'reel', amount: c(1001) }], { first: 0, last: 1 }),
      [line('L1', { 0: 1000 })],
      new Set([0]),
      new Map(),
    );
    expect(plan.writtenMonths).toEqual([1]);
    expect(plan.changes).toEqual([]);
    expect(plan.closedDifferences).toEqual([expect.objectContaining({ month: 0, stored: 1000, ledger: 1001 })]);
    expect(plan.marks).toEqual([expect.objectContaining({ lineId: 'L1', month: 0, value: 1001 })]);
  });

  it('creates a line the rules name and the client lacks, only when it gets a written cell', () => {
    const plan = planFecImport(
      result(
        [
          { line: 'New', month: 1, field: 'reel', amount: c(10) },
          { line: 'Closed only', month: 0, field: 'reel', amount: c(10) },
        ],
        { first: 0, last: 1 },
      ),
      [],
      new Set([0]),
      new Map(),
    );
    expect(plan.newLines).toEqual([{ clientId: 'A', pole: 'Paid', line: 'New' }]);
    expect(plan.changes).toEqual([expect.objectContaining({ lineId: null, line: 'New', imported: 10 })]);
    expect(plan.closedDifferences).toEqual([
      expect.objectContaining({ lineId: null, line: 'Closed only', ledger: 10 }),
    ]);
  });

  it('a file with no line in the year writes nothing', () => {
    const plan = planFecImport(
      result([], null),
      [line('L1', { 0: 5 })],
      new Set(),
      new Map([[markKey('L1', 0, 'reel'), c(5)]]),
    );
    expect(plan).toEqual({ writtenMonths: [], changes: [], newLines: [], closedDifferences: [], marks: [] });
  });
});
