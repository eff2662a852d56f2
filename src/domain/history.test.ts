import { describe, expect, it } from 'vitest';
import {
  invertCells,
  invertOps,
  movedLineOrder,
  undoStack,
  zeroFigures,
  type HistoryOp,
  type PoleSnapshot,
} from './history';
import type { Cents } from './money';

const c = (n: number) => n as Cents;
const pole: PoleSnapshot = {
  id: 'p',
  clientId: 'c',
  year: 2026,
  name: 'Paid',
  isExpanded: true,
  facture: Array.from({ length: 12 }, () => false),
  seq: '1',
};
const line = { id: 'l', poleId: 'p', year: 2026, name: 'Meta Ads', seq: '2', figures: zeroFigures() };

describe('undoStack: replaying a user’s entries oldest first', () => {
  it.each([
    ['nothing yet', [], { undo: null, redo: null }],
    ['one change: undo it', [[1, null]], { undo: 1, redo: null }],
    [
      'two changes: undo the last',
      [
        [1, null],
        [2, null],
      ],
      { undo: 2, redo: null },
    ],
    [
      'undone: the previous one next, redo the undo',
      [
        [1, null],
        [2, null],
        [3, 2],
      ],
      { undo: 1, redo: 3 },
    ],
    [
      'undone twice: nothing left to undo',
      [
        [1, null],
        [2, 1],
      ],
      { undo: null, redo: 2 },
    ],
    [
      'redone: undo the redo, nothing to redo',
      [
        [1, null],
        [2, 1],
        [3, 2],
      ],
      { undo: 3, redo: null },
    ],
    [
      'a new change clears the redo',
      [
        [1, null],
        [2, 1],
        [3, null],
      ],
      { undo: 3, redo: null },
    ],
    [
      'two undos, one redo',
      [
        [1, null],
        [2, null],
        [3, 2],
        [4, 1],
        [5, 4],
      ],
      { undo: 5, redo: 3 },
    ],
    [
      'reverting an older entry (from the panel) is a change',
      [
        [1, null],
        [2, null],
        [3, 1],
      ],
      { undo: 3, redo: null },
    ],
  ] as [string, [number, number | null][], { undo: number | null; redo: number | null }][])(
    '%s',
    (_case, entries, expected) => {
      expect(undoStack(entries.map(([id, revertsId]) => ({ id, revertsId })))).toEqual(expected);
    },
  );
});

describe('invertOps: each operation inverted, in reverse order', () => {
  it.each([
    [
      'a pole with its lines, then the figures',
      [{ op: 'insert_poles', poles: [pole] }, { op: 'insert_lines', lines: [line] }, { op: 'cells' }],
      [{ op: 'cells' }, { op: 'delete_lines', lines: [line] }, { op: 'delete_poles', poles: [pole] }],
    ],
    [
      'a rename and a forecast',
      [
        { op: 'rename_client', clientId: 'c', old: 'A', new: 'B' },
        { op: 'set_debut', clientId: 'c', year: 2026, old: c(0), new: c(150025) },
      ],
      [
        { op: 'set_debut', clientId: 'c', year: 2026, old: c(150025), new: c(0) },
        { op: 'rename_client', clientId: 'c', old: 'B', new: 'A' },
      ],
    ],
    [
      'an invoiced month',
      [{ op: 'set_facture', poleId: 'p', month: 2, old: false, new: true }],
      [{ op: 'set_facture', poleId: 'p', month: 2, old: true, new: false }],
    ],
  ] as [string, HistoryOp[], HistoryOp[]][])('%s', (_case, ops, expected) => {
    expect(invertOps(ops)).toEqual(expected);
    // Inverting twice gives the operations back: redo is the undo of an undo.
    expect(invertOps(invertOps(ops))).toEqual(ops);
  });

  it('inverts cells: each back from new to old', () => {
    const cells = [{ lineId: 'l', month: 0, field: 'reel' as const, old: c(56584), new: c(99900) }];
    expect(invertCells(cells)).toEqual([{ lineId: 'l', month: 0, field: 'reel', old: c(99900), new: c(56584) }]);
  });
});

describe('structure edits of issue 13: renames and moves', () => {
  it.each<[string, HistoryOp, HistoryOp]>([
    [
      'a pole renamed is renamed back',
      { op: 'rename_pole', poleId: 'p', old: 'Paid', new: 'Paid Media' },
      { op: 'rename_pole', poleId: 'p', old: 'Paid Media', new: 'Paid' },
    ],
    [
      'a line renamed is renamed back',
      { op: 'rename_line', lineId: 'l', old: 'SEA', new: 'Google Ads' },
      { op: 'rename_line', lineId: 'l', old: 'Google Ads', new: 'SEA' },
    ],
    [
      'a moved line goes back to its place',
      { op: 'reorder_lines', poleId: 'p', old: ['a', 'b', 'c'], new: ['b', 'a', 'c'] },
      { op: 'reorder_lines', poleId: 'p', old: ['b', 'a', 'c'], new: ['a', 'b', 'c'] },
    ],
  ])('%s', (_label, op, inverse) => {
    expect(invertOps([op])).toEqual([inverse]);
    expect(invertOps([inverse])).toEqual([op]);
  });

  it.each<[string, string[], string, 'up' | 'down', string[] | null]>([
    ['up swaps with the line above', ['a', 'b', 'c'], 'b', 'up', ['b', 'a', 'c']],
    ['down swaps with the line below', ['a', 'b', 'c'], 'b', 'down', ['a', 'c', 'b']],
    ['the first line cannot go up', ['a', 'b'], 'a', 'up', null],
    ['the last line cannot go down', ['a', 'b'], 'b', 'down', null],
    ['a line not in the pole does not move', ['a', 'b'], 'x', 'down', null],
  ])('movedLineOrder: %s', (_label, order, id, direction, expected) => {
    expect(movedLineOrder(order, id, direction)).toEqual(expected);
  });
});
