import { describe, expect, it } from 'vitest';
import {
  MONTH_LAYOUT,
  fillRightWrites,
  gridSize,
  moveInGrid,
  rangeBetween,
  rangeCells,
  rangeText,
  type CellCoord,
  type GridPos,
} from './budget-grid';
import {
  DEFAULT_GRID_VIEW,
  blockPasteWrites,
  enterAfterTabs,
  gridLayout,
  gridViewStorageKey,
  parseGridView,
  showsMeasure,
  viewMeasures,
  type GridView,
} from './grid-view';
import { assertCents as cents } from './money';

const MONTH: GridView = { kind: 'month', forecastOnly: false };
const MEASURE: GridView = { kind: 'measure', forecastOnly: false };
const FORECAST: GridView = { kind: 'measure', forecastOnly: true };

describe('gridLayout: grid position ↔ line, month, measure', () => {
  it.each<[string, GridView, CellCoord, GridPos]>([
    ['Par mois', MONTH, { lineIndex: 0, month: 0, measure: 'previsionnel' }, { row: 0, col: 0 }],
    ['Par mois', MONTH, { lineIndex: 0, month: 0, measure: 'reel' }, { row: 0, col: 1 }],
    ['Par mois', MONTH, { lineIndex: 3, month: 11, measure: 'achat' }, { row: 7, col: 23 }],
    ['Par mesure', MEASURE, { lineIndex: 0, month: 0, measure: 'previsionnel' }, { row: 0, col: 0 }],
    ['Par mesure', MEASURE, { lineIndex: 0, month: 5, measure: 'achat_previsionnel' }, { row: 1, col: 5 }],
    ['Par mesure', MEASURE, { lineIndex: 0, month: 11, measure: 'reel' }, { row: 2, col: 11 }],
    ['Par mesure', MEASURE, { lineIndex: 2, month: 3, measure: 'achat' }, { row: 11, col: 3 }],
    ['Prévisions seules', FORECAST, { lineIndex: 0, month: 0, measure: 'previsionnel' }, { row: 0, col: 0 }],
    ['Prévisions seules', FORECAST, { lineIndex: 2, month: 7, measure: 'achat_previsionnel' }, { row: 5, col: 7 }],
  ])('%s: %o sits at %o and back', (_, view, coord, pos) => {
    const layout = gridLayout(view);
    expect(layout.posOf(coord)).toEqual(pos);
    expect(layout.cellAt(pos)).toEqual(coord);
  });

  it('has no position for an actual in Prévisions seules', () => {
    const layout = gridLayout(FORECAST);
    expect(layout.posOf({ lineIndex: 1, month: 2, measure: 'reel' })).toBeNull();
    expect(layout.posOf({ lineIndex: 1, month: 2, measure: 'achat' })).toBeNull();
    expect(showsMeasure(FORECAST, 'reel')).toBe(false);
    expect(showsMeasure(FORECAST, 'achat_previsionnel')).toBe(true);
    expect(showsMeasure({ kind: 'month', forecastOnly: true }, 'reel')).toBe(true);
  });

  it('sizes the grid: 2 × 24 per line by month, 4 × 12 by measure, 2 × 12 forecasts only', () => {
    expect(gridSize(gridLayout(MONTH), 3)).toEqual({ rows: 6, cols: 24 });
    expect(gridSize(gridLayout(MEASURE), 3)).toEqual({ rows: 12, cols: 12 });
    expect(gridSize(gridLayout(FORECAST), 3)).toEqual({ rows: 6, cols: 12 });
    // The filter belongs to 'Par mesure': 'Par mois' keeps its layout.
    expect(gridLayout({ kind: 'month', forecastOnly: true })).toBe(MONTH_LAYOUT);
    expect(viewMeasures(MEASURE)).toEqual(['previsionnel', 'achat_previsionnel', 'reel', 'achat']);
    expect(viewMeasures(FORECAST)).toEqual(['previsionnel', 'achat_previsionnel']);
  });

  it('Tab runs along a measure across the twelve months, then to the next measure row', () => {
    const layout = gridLayout(MEASURE);
    const size = gridSize(layout, 2);
    let pos: GridPos = { row: 0, col: 0 };
    const visited: CellCoord[] = [layout.cellAt(pos)];
    for (let i = 0; i < 12; i++) {
      pos = moveInGrid(pos, 'next', size)!;
      visited.push(layout.cellAt(pos));
    }
    expect(visited.slice(0, 12).every((c) => c.measure === 'previsionnel' && c.lineIndex === 0)).toBe(true);
    expect(visited.slice(0, 12).map((c) => c.month)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(visited[12]).toEqual({ lineIndex: 0, month: 0, measure: 'achat_previsionnel' });
    // Enter (down) from the last forecast purchase of a line in Prévisions seules: the next line's sales.
    const forecast = gridLayout(FORECAST);
    const below = moveInGrid({ row: 1, col: 4 }, 'down', gridSize(forecast, 2))!;
    expect(forecast.cellAt(below)).toEqual({ lineIndex: 1, month: 4, measure: 'previsionnel' });
  });
});

describe('enterAfterTabs (Excel: Enter goes back to where the Tabs started, one row down)', () => {
  const size = { rows: 8, cols: 12 };
  it.each<[string, GridPos, GridPos | null, GridPos | null]>([
    ['after Tabs from January', { row: 0, col: 11 }, { row: 0, col: 0 }, { row: 1, col: 0 }],
    ['after Tabs from April', { row: 2, col: 6 }, { row: 2, col: 3 }, { row: 3, col: 3 }],
    ['no run of Tabs', { row: 2, col: 6 }, null, null],
    ['a run on another row', { row: 3, col: 6 }, { row: 2, col: 3 }, null],
    ['on the last row', { row: 7, col: 6 }, { row: 7, col: 0 }, null],
  ])('%s', (_, pos, runStart, target) => {
    expect(enterAfterTabs(pos, runStart, size)).toEqual(target);
  });
});

describe('selection, copy and fill follow the view', () => {
  const values: Record<string, number> = {
    '0:0:previsionnel': 100,
    '0:0:achat_previsionnel': 40,
    '0:1:previsionnel': 250,
  };
  const valueAt = (c: CellCoord) => cents(values[`${c.lineIndex}:${c.month}:${c.measure}`] ?? 0);

  it('lists a block of Par mesure as its measure rows', () => {
    const cells = rangeCells(rangeBetween({ row: 1, col: 2 }, { row: 2, col: 3 }), gridLayout(MEASURE));
    expect(cells).toEqual([
      { lineIndex: 0, month: 2, measure: 'achat_previsionnel' },
      { lineIndex: 0, month: 3, measure: 'achat_previsionnel' },
      { lineIndex: 0, month: 2, measure: 'reel' },
      { lineIndex: 0, month: 3, measure: 'reel' },
    ]);
  });

  it('copies rows of one measure each', () => {
    const text = rangeText(rangeBetween({ row: 0, col: 0 }, { row: 1, col: 1 }), valueAt, gridLayout(FORECAST));
    expect(text).toBe('1\t2,50\r\n0,40\t0');
  });

  it('fills right each measure row from its leftmost month', () => {
    const writes = fillRightWrites(
      rangeBetween({ row: 0, col: 10 }, { row: 0, col: 10 }),
      valueAt,
      undefined,
      gridLayout(MEASURE),
    );
    expect(writes).toEqual([{ lineIndex: 0, month: 11, measure: 'previsionnel', cents: 0 }]);
    const fromJanuary = fillRightWrites(
      rangeBetween({ row: 1, col: 0 }, { row: 1, col: 0 }),
      valueAt,
      (m) => m !== 5,
      gridLayout(FORECAST),
    );
    expect(fromJanuary).toHaveLength(10); // February to December, June closed
    expect(fromJanuary.every((w) => w.measure === 'achat_previsionnel' && w.cents === 40)).toBe(true);
  });
});

describe('blockPasteWrites: a pasted block maps onto the cells as shown', () => {
  const block = [
    ['1', '2', '3'],
    ['4', '5', '6'],
    ['7', '8', '9'],
  ];

  it('Par mesure: rows go to the next measure rows, columns to the next months', () => {
    const plan = blockPasteWrites(block, { row: 1, col: 10 }, 1, gridLayout(MEASURE), false);
    expect(plan.writes).toEqual([
      { lineIndex: 0, month: 10, measure: 'achat_previsionnel', cents: 100 },
      { lineIndex: 0, month: 11, measure: 'achat_previsionnel', cents: 200 },
      { lineIndex: 0, month: 10, measure: 'reel', cents: 400 },
      { lineIndex: 0, month: 11, measure: 'reel', cents: 500 },
      { lineIndex: 0, month: 10, measure: 'achat', cents: 700 },
      { lineIndex: 0, month: 11, measure: 'achat', cents: 800 },
    ]);
    expect(plan.dropped).toBe(3); // beyond December
  });

  it('Prévisions seules: forecast sales and purchases alternate, actuals untouched', () => {
    const plan = blockPasteWrites(block, { row: 0, col: 0 }, 2, gridLayout(FORECAST), false);
    expect(plan.writes.map((w) => `${w.lineIndex}:${w.measure}:${w.month}=${w.cents}`)).toEqual([
      '0:previsionnel:0=100',
      '0:previsionnel:1=200',
      '0:previsionnel:2=300',
      '0:achat_previsionnel:0=400',
      '0:achat_previsionnel:1=500',
      '0:achat_previsionnel:2=600',
      '1:previsionnel:0=700',
      '1:previsionnel:1=800',
      '1:previsionnel:2=900',
    ]);
    expect(plan.dropped).toBe(0);
  });

  it('Par mois: a spreadsheet block is lines × months of one measure; a grid block goes back cell for cell', () => {
    const layout = gridLayout(MONTH);
    const fromSheet = blockPasteWrites([['1', '2']], { row: 1, col: 1 }, 2, layout, false);
    expect(fromSheet.writes).toEqual([
      { lineIndex: 0, month: 0, measure: 'achat', cents: 100 },
      { lineIndex: 0, month: 1, measure: 'achat', cents: 200 },
    ]);
    const fromGrid = blockPasteWrites([['1', '2']], { row: 1, col: 1 }, 2, layout, true);
    expect(fromGrid.writes).toEqual([
      { lineIndex: 0, month: 0, measure: 'achat', cents: 100 },
      { lineIndex: 0, month: 1, measure: 'achat_previsionnel', cents: 200 },
    ]);
  });
});

describe('the remembered view', () => {
  it('is kept per user (local mode: one user)', () => {
    expect(gridViewStorageKey('camille@agence.fr')).toBe('budget-marges.grid-view.camille@agence.fr');
    expect(gridViewStorageKey(null)).toBe('budget-marges.grid-view.local');
  });

  it.each<[string | null, GridView]>([
    [JSON.stringify(FORECAST), FORECAST],
    [JSON.stringify(MEASURE), MEASURE],
    [null, DEFAULT_GRID_VIEW],
    ['{"kind":"colonnes","forecastOnly":false}', DEFAULT_GRID_VIEW],
    ['{"kind":"measure"}', DEFAULT_GRID_VIEW],
    ['pas du JSON', DEFAULT_GRID_VIEW],
    ['null', DEFAULT_GRID_VIEW],
  ])('reads %s back as %o', (text, view) => {
    expect(parseGridView(text)).toEqual(view);
  });
});
