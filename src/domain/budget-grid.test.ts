import { describe, expect, it } from 'vitest';
import {
  applyCellUpdates,
  cellReader,
  cellAtGridPos,
  cellGridPos,
  firstVisibleLineIndexes,
  linesToOffer,
  outlineOf,
  poleStructure,
  moveInGrid,
  parseClipboardBlock,
  pasteWrites,
  gridPasteWrites,
  rangeBetween,
  rangeCells,
  rangeText,
  inRange,
  fillRightWrites,
  monthsToFillAfter,
  spreadEvenly,
  spreadOverOpenMonths,
  budgetFitsStorage,
  visibleLines,
  type CellCoord,
  type GridMove,
  type GridPos,
} from './budget-grid';
import { assertCents as cents } from './money';
import type { Measure } from './measures';
import { makeLine, makePole } from './testing/builders';

describe('cellGridPos / cellAtGridPos (2 × 2 block per line-month)', () => {
  it.each<[CellCoord, GridPos]>([
    [
      { lineIndex: 0, month: 0, measure: 'previsionnel' },
      { row: 0, col: 0 },
    ],
    [
      { lineIndex: 0, month: 0, measure: 'reel' },
      { row: 0, col: 1 },
    ],
    [
      { lineIndex: 0, month: 0, measure: 'achat_previsionnel' },
      { row: 1, col: 0 },
    ],
    [
      { lineIndex: 0, month: 0, measure: 'achat' },
      { row: 1, col: 1 },
    ],
    [
      { lineIndex: 3, month: 11, measure: 'achat' },
      { row: 7, col: 23 },
    ],
    [
      { lineIndex: 2, month: 5, measure: 'previsionnel' },
      { row: 4, col: 10 },
    ],
  ])('%o sits at %o and back', (coord, pos) => {
    expect(cellGridPos(coord)).toEqual(pos);
    expect(cellAtGridPos(pos)).toEqual(coord);
  });
});

describe('moveInGrid (4 sub-rows × 24 sub-columns)', () => {
  const size = { rows: 4, cols: 24 };
  it.each<[GridPos, GridMove, GridPos | null]>([
    [{ row: 0, col: 0 }, 'down', { row: 1, col: 0 }],
    [{ row: 0, col: 0 }, 'up', null],
    [{ row: 3, col: 5 }, 'down', null],
    [{ row: 2, col: 5 }, 'up', { row: 1, col: 5 }],
    [{ row: 0, col: 0 }, 'left', null],
    [{ row: 0, col: 23 }, 'right', null],
    [{ row: 1, col: 4 }, 'right', { row: 1, col: 5 }],
    [{ row: 1, col: 4 }, 'left', { row: 1, col: 3 }],
    [{ row: 0, col: 22 }, 'next', { row: 0, col: 23 }],
    [{ row: 0, col: 23 }, 'next', { row: 1, col: 0 }],
    [{ row: 3, col: 23 }, 'next', null],
    [{ row: 1, col: 0 }, 'previous', { row: 0, col: 23 }],
    [{ row: 0, col: 0 }, 'previous', null],
    [{ row: 2, col: 7 }, 'previous', { row: 2, col: 6 }],
  ])('from %o, %s lands on %o', (pos, move, expected) => {
    expect(moveInGrid(pos, move, size)).toEqual(expected);
  });

  it('has nowhere to go in an empty grid', () => {
    expect(moveInGrid({ row: 0, col: 0 }, 'next', { rows: 0, cols: 24 })).toBeNull();
  });
});

describe('parseClipboardBlock', () => {
  it.each<[string, string, string[][] | null]>([
    ['a single value', '12,5', null],
    ['a single value with the trailing line break', '12,5\n', null],
    ['one row of tab-separated cells', '1\t2\t3', [['1', '2', '3']]],
    ['a column (Excel, CRLF and trailing break)', '1\r\n2\r\n', [['1'], ['2']]],
    [
      'a 2 × 2 block with an empty cell',
      '1\t\n3\t4\n',
      [
        ['1', ''],
        ['3', '4'],
      ],
    ],
    ['old Mac line ends', '1\r2', [['1'], ['2']]],
    ['an empty text', '', null],
  ])('%s', (_label, text, expected) => {
    expect(parseClipboardBlock(text)).toEqual(expected);
  });
});

describe('pasteWrites (rows → lines, columns → months, one measure)', () => {
  const at = (lineIndex: number, month: number, measure: Measure = 'previsionnel'): CellCoord => ({
    lineIndex,
    month,
    measure,
  });

  it('fills the covered cells with French, dot and thousands-separated numbers', () => {
    expect(
      pasteWrites(
        [
          ['1 234,56', '7.5'],
          ['-50', 'abc'],
        ],
        at(1, 2, 'reel'),
        5,
      ),
    ).toEqual({
      writes: [
        { lineIndex: 1, month: 2, measure: 'reel', cents: 123456 },
        { lineIndex: 1, month: 3, measure: 'reel', cents: 750 },
        { lineIndex: 2, month: 2, measure: 'reel', cents: -5000 },
      ],
      dropped: 0,
      // 'abc' is refused: its cell keeps its value (docs/product.md#cell-entry), and it is counted.
      refused: 1,
    });
  });

  it('reads (500) and formulas, and empty as 0', () => {
    expect(pasteWrites([['(500)', '=1200*12', '']], at(0, 0), 1).writes.map((w) => w.cents)).toEqual([
      -50000, 1440000, 0,
    ]);
  });

  it.each<[string, string[][], CellCoord, number, number]>([
    [
      'a 3 × 4 block fully inside',
      [
        ['1', '2', '3', '4'],
        ['1', '2', '3', '4'],
        ['1', '2', '3', '4'],
      ],
      at(0, 0),
      3,
      12,
    ],
    ['rows beyond the last line are dropped', [['1'], ['2'], ['3']], at(1, 0), 2, 1],
    ['columns beyond December are dropped', [['1', '2', '3']], at(0, 10), 1, 2],
    ['nothing to fill without lines', [['1', '2']], at(0, 0), 0, 0],
  ])('%s', (_label, block, origin, lineCount, expectedCount) => {
    const plan = pasteWrites(block, origin, lineCount);
    expect(plan.writes).toHaveLength(expectedCount);
    // Every cell of the block is written or counted as dropped: the user is told how many.
    expect(plan.writes.length + plan.dropped).toBe(block.flat().length);
  });
});

describe('gridPasteWrites (a block copied from this grid goes back cell for cell)', () => {
  it('puts each text at the same offset in grid positions, measures included', () => {
    const plan = gridPasteWrites(
      [
        ['1', '2'],
        ['3', '4'],
      ],
      { row: 2, col: 3 },
      { rows: 4, cols: 24 },
    );
    expect(plan.writes).toEqual([
      { lineIndex: 1, month: 1, measure: 'reel', cents: 100 },
      { lineIndex: 1, month: 2, measure: 'previsionnel', cents: 200 },
      { lineIndex: 1, month: 1, measure: 'achat', cents: 300 },
      { lineIndex: 1, month: 2, measure: 'achat_previsionnel', cents: 400 },
    ]);
    expect(plan.dropped).toBe(0);
  });

  it('drops and counts what falls beyond the last sub-row or December', () => {
    const plan = gridPasteWrites([['1', '2', '3']], { row: 3, col: 22 }, { rows: 4, cols: 24 });
    expect(plan.writes).toHaveLength(2);
    expect(plan.dropped).toBe(1);
  });
});

describe('ranges: selection, copy as text, fill right', () => {
  const range = rangeBetween({ row: 3, col: 5 }, { row: 2, col: 4 });
  it('orders the corners and lists the cells row by row', () => {
    expect(range).toEqual({ top: 2, bottom: 3, left: 4, right: 5 });
    expect(inRange(range, { row: 3, col: 4 })).toBe(true);
    expect(inRange(range, { row: 4, col: 4 })).toBe(false);
    expect(rangeCells(range)).toEqual([
      { lineIndex: 1, month: 2, measure: 'previsionnel' },
      { lineIndex: 1, month: 2, measure: 'reel' },
      { lineIndex: 1, month: 2, measure: 'achat_previsionnel' },
      { lineIndex: 1, month: 2, measure: 'achat' },
    ]);
  });

  it('copies as tab-separated rows with decimal commas, which paste back exactly', () => {
    const values = [123456, -5, 0, 100000];
    const cells = rangeCells(range);
    const valueAt = (c: CellCoord) => cents(values[cells.findIndex((x) => JSON.stringify(x) === JSON.stringify(c))]!);
    const text = rangeText(range, valueAt);
    expect(text).toBe('1234,56\t-0,05\r\n0\t1000');
    const plan = gridPasteWrites(parseClipboardBlock(text)!, { row: 2, col: 4 }, { rows: 4, cols: 24 });
    expect(plan.writes.map((w) => w.cents)).toEqual(values);
  });

  it.each<[string, number, ((m: number) => boolean) | undefined, number[]]>([
    ['from January, every later month', 0, undefined, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]],
    ['from November, December only', 10, undefined, [11]],
    ['from December, nothing', 11, undefined, []],
    ['open months only, once closing exists', 2, (m) => m >= 6, [6, 7, 8, 9, 10, 11]],
  ])('monthsToFillAfter: %s', (_label, month, isOpen, expected) => {
    expect(monthsToFillAfter(month, isOpen)).toEqual(expected);
  });

  it('fills right each sub-row from its leftmost cell, in its own measure', () => {
    const writes = fillRightWrites({ top: 0, bottom: 1, left: 19, right: 19 }, (c) =>
      cents(c.measure === 'reel' ? 700 : 300),
    );
    expect(writes).toEqual([
      { lineIndex: 0, month: 10, measure: 'reel', cents: 700 },
      { lineIndex: 0, month: 11, measure: 'reel', cents: 700 },
      { lineIndex: 0, month: 10, measure: 'achat', cents: 300 },
      { lineIndex: 0, month: 11, measure: 'achat', cents: 300 },
    ]);
  });
});

describe('spreadEvenly (largest remainder: the months sum exactly to the amount)', () => {
  it.each<[number, number, number[]]>([
    [100000, 3, [33334, 33333, 33333]],
    [-100000, 3, [-33334, -33333, -33333]],
    [1200000, 12, Array(12).fill(100000) as number[]],
    [5, 12, [1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]],
    [200, 3, [67, 67, 66]],
    [0, 4, [0, 0, 0, 0]],
    [100, 0, []],
  ])('%i cents over %i months', (total, count, expected) => {
    const parts = spreadEvenly(cents(total), count);
    expect(parts).toEqual(expected);
    if (count > 0) expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(parts.some((p) => Object.is(p, -0))).toBe(false);
  });
});

describe('spreadOverOpenMonths (closed months take no share; the written months sum exactly)', () => {
  const all = Array<boolean>(12).fill(true);
  it.each<[string, number, boolean[], number[], [number, number][]]>([
    // 1 000,05 € over the 10 open months: the 5 cents left go to the first open months (March–July).
    [
      'January and February closed',
      100005,
      all,
      [0, 1],
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((m, i) => [m, i < 5 ? 10001 : 10000]),
    ],
    // A closed month ticked by the caller is still left out; the remainder skips over it.
    [
      'ticked months around a closed one',
      200,
      [true, true, true, false, false, false, false, false, false, false, false, false],
      [1],
      [
        [0, 100],
        [2, 100],
      ],
    ],
    [
      'a remainder over non-contiguous months',
      -101,
      [false, false, false, true, false, true, false, true, false, false, false, false],
      [4],
      [
        [3, -34],
        [5, -34],
        [7, -33],
      ],
    ],
    [
      'every ticked month closed',
      500,
      [true, false, false, false, false, false, false, false, false, false, false, false],
      [0],
      [],
    ],
  ])('%s', (_, total, ticked, closed, expected) => {
    const written = spreadOverOpenMonths(cents(total), ticked, new Set(closed));
    expect(written.map((w) => [w.month, w.cents])).toEqual(expected);
    if (expected.length > 0) expect(written.reduce((sum, w) => sum + w.cents, 0)).toBe(total);
    expect(written.some((w) => closed.includes(w.month))).toBe(false);
  });
});

describe('budgetFitsStorage (the revised forecast the database keeps)', () => {
  it('refuses a budget whose revised forecast passes 999 999 999 999,99 €', () => {
    const fits = makePole('Paid', [makeLine('A', { previsionnel: [999_999_999_999.99] })]);
    const over = makePole('Paid', [
      makeLine('A', { previsionnel: [999_999_999_999.99] }),
      makeLine('B', { previsionnel: [0.01] }),
    ]);
    expect(budgetFitsStorage([fits])).toBe(true);
    expect(budgetFitsStorage([over])).toBe(false);
  });
});

describe('applyCellUpdates', () => {
  it('changes only the targeted values and keeps untouched poles and lines identical', () => {
    const a = makeLine('A', { previsionnel: [1, 2] });
    const b = makeLine('B');
    const p1 = makePole('Paid', [a]);
    const p2 = makePole('SEO/GEO', [b]);

    const next = applyCellUpdates(
      [p1, p2],
      [
        { lineId: a.id, month: 1, field: 'previsionnel', value: cents(2000) },
        { lineId: a.id, month: 0, field: 'achat', value: cents(-350) },
        { lineId: 'unknown', month: 0, field: 'reel', value: cents(900) },
      ],
    );

    expect(next[1]).toBe(p2);
    expect(next[0]!.lines[0]!.previsionnel.slice(0, 3)).toEqual([100, 2000, 0]);
    expect(next[0]!.lines[0]!.achat[0]).toBe(-350);
    expect(next[0]!.lines[0]!.reel).toBe(a.reel);
    expect(a.previsionnel[1]).toBe(200); // the input is not mutated
  });

  it('keeps the last of two updates of the same cell', () => {
    const a = makeLine('A');
    const [pole] = applyCellUpdates(
      [makePole('Paid', [a])],
      [
        { lineId: a.id, month: 4, field: 'reel', value: cents(100) },
        { lineId: a.id, month: 4, field: 'reel', value: cents(200) },
      ],
    );
    expect(pole!.lines[0]!.reel[4]).toBe(200);
  });
});

describe('visibleLines', () => {
  it('lists the lines of expanded poles only, in order', () => {
    const [a, b, c] = [makeLine('A'), makeLine('B'), makeLine('C')];
    const collapsed = { ...makePole('SEO/GEO', [b]), isExpanded: false };
    expect(visibleLines([makePole('Paid', [a]), collapsed, makePole('Data', [c])]).map((l) => l.name)).toEqual([
      'A',
      'C',
    ]);
  });
});

describe('linesToOffer', () => {
  it.each<[string, string[], number]>([
    ['a pole the client does not have', [], 6],
    ['a pole holding two of its defaults', ['Radio', 'Presse'], 4],
    ['a pole holding only custom lines', ['Ma ligne'], 6],
    [
      'a pole holding all its defaults',
      ['Télévision', 'Radio', 'Presse', 'Affichage (OOH)', 'Cinéma', 'Production créative offline'],
      0,
    ],
  ])('%s', (_label, existing, expected) => {
    const poles = [
      makePole(
        'Offline',
        existing.map((n) => makeLine(n)),
      ),
      makePole('Paid', [makeLine('Radio')]),
    ];
    expect(linesToOffer(poles, 'offline', 'Offline')).toHaveLength(expected);
  });

  it('keeps catalogue order and skips present names', () => {
    const poles = [makePole('Client (Conseil & Accompagnement Général)', [makeLine('Conseil stratégique')])];
    expect(linesToOffer(poles, 'client', 'Client (Conseil & Accompagnement Général)')).toEqual([
      'Accompagnement & gestion de projet',
    ]);
  });
});

describe('poleStructure / outlineOf (a memo key of pole and line names)', () => {
  const a = makeLine('A', { reel: [1] });
  const poles = [makePole('Paid', [a, makeLine('B')]), makePole('SEO/GEO')];

  it('does not change when a figure changes', () => {
    const typed = applyCellUpdates(poles, [{ lineId: a.id, month: 0, field: 'reel', value: cents(4200) }]);
    expect(poleStructure(typed)).toBe(poleStructure(poles));
  });

  it.each<[string, () => ReturnType<typeof makePole>[]]>([
    ['a line is added', () => [makePole('Paid', [a, makeLine('B'), makeLine('C')]), makePole('SEO/GEO')]],
    ['a line is removed', () => [makePole('Paid', [a]), makePole('SEO/GEO')]],
    ['a pole is added', () => [...poles, makePole('Data')]],
    ['lines are reordered', () => [makePole('Paid', [makeLine('B'), a]), makePole('SEO/GEO')]],
    ['a line moves to the next pole', () => [makePole('Paid', [a]), makePole('SEO/GEO', [makeLine('B')])]],
  ])('changes when %s', (_label, changed) => {
    expect(poleStructure(changed())).not.toBe(poleStructure(poles));
  });

  it('gives the names back, in order', () => {
    expect(outlineOf(poleStructure(poles))).toEqual([
      { name: 'Paid', lines: [{ name: 'A' }, { name: 'B' }] },
      { name: 'SEO/GEO', lines: [] },
    ]);
  });
});

describe('firstVisibleLineIndexes', () => {
  it.each<[string, [number, boolean][], number[]]>([
    ['no pole', [], []],
    [
      'two expanded poles',
      [
        [2, true],
        [3, true],
      ],
      [0, 2],
    ],
    [
      'a collapsed pole in the middle takes no room',
      [
        [2, true],
        [5, false],
        [1, true],
      ],
      [0, 2, 2],
    ],
  ])('%s', (_label, shape, expected) => {
    const poles = shape.map(([n, isExpanded]) => ({
      ...makePole(
        'P',
        Array.from({ length: n }, (_, i) => makeLine(`L${i}`)),
      ),
      isExpanded,
    }));
    expect(firstVisibleLineIndexes(poles)).toEqual(expected);
  });
});

describe('cellReader', () => {
  const line = makeLine('Google Ads', { reel: [100, 250.5] });
  const poles = [makePole('Paid', [line])];
  it.each([
    ['a filled cell', { lineId: line.id, month: 1, field: 'reel' as const }, 25050],
    ['an empty month', { lineId: line.id, month: 11, field: 'reel' as const }, 0],
    ['another measure', { lineId: line.id, month: 0, field: 'achat' as const }, 0],
    ['a line that is gone', { lineId: 'absente', month: 0, field: 'reel' as const }, 0],
  ])('%s → its cents', (_name, cell, expected) => {
    expect(cellReader(poles)(cell)).toBe(expected);
  });
});
