/**
 * Shaping the budget grid for the screen (docs/product.md#budget-grid, docs/product.md#grid-entry): the spreadsheet
 * coordinates of the cell inputs, keyboard moves between them, pasting a block copied from a
 * spreadsheet, and immutable cell updates on the client-side view. Pure: no DOM, no React.
 *
 * Layout of one month of one line (a 2 × 2 block): sales on the first sub-row, purchases on the
 * second; forecast on the left, actual on the right. So the grid of inputs has 2 sub-rows per
 * visible line and 2 sub-columns per month, and arrow keys move spatially in it.
 */
import { revisedForecast } from './budget';
import { missingDefaultLines } from './catalogue';
import { readCellEntry } from './cell-entry';
import { recomputeDrivers } from './drivers';
import { MAX_ABS_CENTS, ZERO_CENTS, formatDecimal, type Cents } from './money';
import { MONTH_COUNT } from './months';
import type { Measure } from './measures';
import type { CellUpdate, Line, Pole } from './model';

/** A position in the grid of cell inputs: sub-row and sub-column, both from 0. */
export type GridPos = { row: number; col: number };

/** Size of the grid of cell inputs. */
export type GridSize = { rows: number; cols: number };

/** One cell input: the visible line (index among visible lines), month 0–11 and measure. */
export type CellCoord = { lineIndex: number; month: number; measure: Measure };

/** Number of input sub-columns of the grid (2 per month). */
export const GRID_COLS = MONTH_COUNT * 2;

const IS_PURCHASE: Record<Measure, boolean> = {
  previsionnel: false,
  achat_previsionnel: true,
  reel: false,
  achat: true,
};
const IS_ACTUAL: Record<Measure, boolean> = {
  previsionnel: false,
  achat_previsionnel: false,
  reel: true,
  achat: true,
};

/** Grid position of a cell input (see the layout in this file's header). */
export function cellGridPos({ lineIndex, month, measure }: CellCoord): GridPos {
  return {
    row: lineIndex * 2 + (IS_PURCHASE[measure] ? 1 : 0),
    col: month * 2 + (IS_ACTUAL[measure] ? 1 : 0),
  };
}

/** The cell input at a grid position (inverse of cellGridPos). */
export function cellAtGridPos({ row, col }: GridPos): CellCoord {
  const isPurchase = row % 2 === 1;
  const isActual = col % 2 === 1;
  const measure: Measure = isActual
    ? isPurchase
      ? 'achat'
      : 'reel'
    : isPurchase
      ? 'achat_previsionnel'
      : 'previsionnel';
  return { lineIndex: Math.floor(row / 2), month: Math.floor(col / 2), measure };
}

/**
 * How the cells of the visible lines are laid out as a grid of inputs (the views of
 * docs/product.md#grid-views, grid-view.ts): the keyboard, the selection, copy, paste and fill
 * all go through it, so they follow the view.
 */
export type GridLayout = {
  /** Input sub-columns. */
  cols: number;
  /** Input sub-rows per visible line. */
  rowsPerLine: number;
  /** Where a cell sits, or null when the layout does not show it (an actual in 'Prévisions seules'). */
  posOf: (coord: CellCoord) => GridPos | null;
  /** The cell at a position inside the grid. */
  cellAt: (pos: GridPos) => CellCoord;
};

/** 'Par mois': the 2 × 2 block per line and month of this file's header. */
export const MONTH_LAYOUT: GridLayout = {
  cols: GRID_COLS,
  rowsPerLine: 2,
  posOf: cellGridPos,
  cellAt: cellAtGridPos,
};

/** The size of the grid of inputs of `lineCount` visible lines. */
export function gridSize(layout: GridLayout, lineCount: number): GridSize {
  return { rows: lineCount * layout.rowsPerLine, cols: layout.cols };
}

/** A keyboard move in the grid: arrows, Enter (down), Shift+Enter (up), Tab (next), Shift+Tab (previous). */
export type GridMove = 'up' | 'down' | 'left' | 'right' | 'next' | 'previous';

/**
 * Where a move lands, or null when it would leave the grid (the caller then lets the browser do
 * its default, e.g. Tab out of the grid). `next`/`previous` read like text: right, then the start
 * of the next sub-row.
 */
export function moveInGrid(pos: GridPos, move: GridMove, size: GridSize): GridPos | null {
  const { row, col } = pos;
  const target: GridPos = (() => {
    switch (move) {
      case 'up':
        return { row: row - 1, col };
      case 'down':
        return { row: row + 1, col };
      case 'left':
        return { row, col: col - 1 };
      case 'right':
        return { row, col: col + 1 };
      case 'next':
        return col + 1 < size.cols ? { row, col: col + 1 } : { row: row + 1, col: 0 };
      case 'previous':
        return col > 0 ? { row, col: col - 1 } : { row: row - 1, col: size.cols - 1 };
    }
  })();
  const inside = target.row >= 0 && target.row < size.rows && target.col >= 0 && target.col < size.cols;
  return inside ? target : null;
}

/**
 * A block copied from Excel or Google Sheets (text/plain: rows on lines, cells separated by
 * tabs) → rows of cell texts. The one trailing line break spreadsheets add is dropped. Returns
 * null when the text is a single value, which the input then takes as ordinary typing.
 */
export function parseClipboardBlock(text: string): string[][] | null {
  const rows = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const block = rows.map((r) => r.split('\t'));
  return block.length === 1 && block[0]!.length === 1 ? null : block;
}

/** A cell value to write: the visible line index, month, measure and amount in cents. */
export type CellWrite = CellCoord & { cents: Cents };

/** What a paste writes, and what it leaves out: cells beyond the grid, texts refused (they keep their value). */
export type PastePlan = { writes: CellWrite[]; dropped: number; refused: number };

/**
 * Cells a block pasted from Excel or Google Sheets fills, from the top-left cell of the selection
 * (`origin`): block rows go to successive visible lines, block columns to successive months, all
 * of the origin's measure (a budget sheet is lines × months of one figure). Cells falling beyond
 * the last line or December are dropped and counted; each text is read as cell entry
 * (docs/product.md#cell-entry; empty is 0), a text refused there keeps its cell and is counted.
 */
export function pasteWrites(block: readonly (readonly string[])[], origin: CellCoord, lineCount: number): PastePlan {
  const plan: PastePlan = { writes: [], dropped: 0, refused: 0 };
  block.forEach((cells, r) => {
    const lineIndex = origin.lineIndex + r;
    cells.forEach((text, c) => {
      const month = origin.month + c;
      if (lineIndex >= lineCount || month >= MONTH_COUNT) plan.dropped += 1;
      else addEntry(plan, { lineIndex, month, measure: origin.measure }, text);
    });
  });
  return plan;
}

function addEntry(plan: PastePlan, coord: CellCoord, text: string) {
  const entry = readCellEntry(text);
  if (entry.ok) plan.writes.push({ ...coord, cents: entry.cents });
  else plan.refused += 1;
}

/**
 * Cells a block copied from this grid fills (ADR 024): as it was on screen, cell for cell in
 * grid positions from `origin` (so sales, purchases, forecast and actual land where they were);
 * beyond the grid, dropped and counted.
 */
export function gridPasteWrites(
  block: readonly (readonly string[])[],
  origin: GridPos,
  size: GridSize,
  layout: GridLayout = MONTH_LAYOUT,
): PastePlan {
  const plan: PastePlan = { writes: [], dropped: 0, refused: 0 };
  block.forEach((cells, r) => {
    cells.forEach((text, c) => {
      const pos = { row: origin.row + r, col: origin.col + c };
      if (pos.row >= size.rows || pos.col >= size.cols) plan.dropped += 1;
      else addEntry(plan, layout.cellAt(pos), text);
    });
  });
  return plan;
}

/** A rectangle of cell inputs, bounds included. */
export type GridRange = { top: number; left: number; bottom: number; right: number };

/** The rectangle between two corners (the anchor where a selection started and where it is now). */
export function rangeBetween(a: GridPos, b: GridPos): GridRange {
  return {
    top: Math.min(a.row, b.row),
    bottom: Math.max(a.row, b.row),
    left: Math.min(a.col, b.col),
    right: Math.max(a.col, b.col),
  };
}

/** True when the position is inside the rectangle. */
export function inRange(range: GridRange, { row, col }: GridPos): boolean {
  return row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;
}

/** Every cell of the rectangle, row by row. */
export function rangeCells(range: GridRange, layout: GridLayout = MONTH_LAYOUT): CellCoord[] {
  const cells: CellCoord[] = [];
  for (let row = range.top; row <= range.bottom; row++) {
    for (let col = range.left; col <= range.right; col++) cells.push(layout.cellAt({ row, col }));
  }
  return cells;
}

/**
 * The rectangle as text a spreadsheet pastes (Ctrl+C): one line per sub-row, cells separated by
 * tabs, amounts with a decimal comma and no grouping (`1234,56`, `0`), as French Excel reads them.
 */
export function rangeText(
  range: GridRange,
  valueAt: (cell: CellCoord) => Cents,
  layout: GridLayout = MONTH_LAYOUT,
): string {
  const rows: string[] = [];
  for (let row = range.top; row <= range.bottom; row++) {
    const cells: string[] = [];
    for (let col = range.left; col <= range.right; col++)
      cells.push(formatDecimal(valueAt(layout.cellAt({ row, col }))));
    rows.push(cells.join('\t'));
  }
  return rows.join('\r\n');
}

/**
 * The months a fill to the right writes after `month`: through December. The seam for closing
 * (docs/product.md#grid-entry): once months can be closed, `isOpen` keeps the open ones only.
 */
export function monthsToFillAfter(month: number, isOpen: (month: number) => boolean = () => true): number[] {
  const months: number[] = [];
  for (let m = month + 1; m < MONTH_COUNT; m++) if (isOpen(m)) months.push(m);
  return months;
}

/**
 * Ctrl+R (fill right): for each sub-row of the selection, the value of its leftmost cell copied
 * into the same measure of every later month (`monthsToFillAfter`).
 */
export function fillRightWrites(
  range: GridRange,
  valueAt: (cell: CellCoord) => Cents,
  isOpen?: (month: number) => boolean,
  layout: GridLayout = MONTH_LAYOUT,
): CellWrite[] {
  const writes: CellWrite[] = [];
  for (let row = range.top; row <= range.bottom; row++) {
    const source = layout.cellAt({ row, col: range.left });
    const cents = valueAt(source);
    for (const month of monthsToFillAfter(source.month, isOpen)) writes.push({ ...source, month, cents });
  }
  return writes;
}

/**
 * An amount spread evenly over `count` months to the cent, by largest remainder: each month gets
 * the amount divided, truncated toward zero, and the cents left over go one each to the first
 * months, so the months sum exactly to the amount (1 000 € over 3: 333,34 + 333,33 + 333,33).
 */
export function spreadEvenly(total: Cents, count: number): Cents[] {
  if (!Number.isInteger(count) || count <= 0) return [];
  const sign = total < 0 ? -1 : 1;
  const magnitude = Math.abs(total);
  const base = Math.floor(magnitude / count);
  const left = magnitude - base * count;
  return Array.from({ length: count }, (_, i) => ((base + (i < left ? 1 : 0)) * sign + 0) as Cents);
}

/**
 * 'Répartir…' (docs/product.md#spread): `total` spread evenly (spreadEvenly) over the ticked months
 * that are open, in month order; a closed month gets nothing and never takes a remainder cent, so
 * the written months always sum exactly to the amount.
 */
export function spreadOverOpenMonths(
  total: Cents,
  ticked: readonly boolean[],
  closed: ReadonlySet<number>,
): { month: number; cents: Cents }[] {
  const months = ticked.flatMap((on, month) => (on && !closed.has(month) ? [month] : []));
  const parts = spreadEvenly(total, months.length);
  return months.map((month, i) => ({ month, cents: parts[i]! }));
}

/**
 * True when the budget can be stored: its revised forecast, which the database keeps per client
 * and year in the same numeric(14,2) as a cell, stays within ±999 999 999 999,99 € (a single
 * figure near 10¹² € passes the cell's own bound but not the sum; docs/product.md#cell-entry).
 */
export function budgetFitsStorage(poles: readonly Pole[]): boolean {
  return Math.abs(revisedForecast(poles)) <= MAX_ABS_CENTS;
}

/**
 * The poles with these cell values (cents) applied. Poles
 * and lines that do not change keep their identity, so memoised rows of the grid skip rendering.
 * Updates for unknown lines are ignored.
 */
export function applyCellUpdates(poles: readonly Pole[], updates: readonly CellUpdate[]): Pole[] {
  if (updates.length === 0) return [...poles];
  const byLine = new Map<string, CellUpdate[]>();
  for (const u of updates) byLine.set(u.lineId, [...(byLine.get(u.lineId) ?? []), u]);
  return poles.map((pole) => {
    if (!pole.lines.some((l) => byLine.has(l.id))) return pole;
    return {
      ...pole,
      lines: pole.lines.map((line): Line => {
        const lineUpdates = byLine.get(line.id);
        if (!lineUpdates) return line;
        const next = { ...line };
        for (const { month, field, value } of lineUpdates) {
          if (next[field] === line[field]) next[field] = [...line[field]];
          next[field][month] = value;
        }
        return next;
      }),
    };
  });
}

/**
 * The poles with their driver lines' computed cells as their sources give them
 * (docs/product.md#driver-lines), as the server stores them: a typed source shows its driver
 * follow in the same frame. Without driver lines, the poles themselves; otherwise only the lines
 * whose computed cells change are new objects.
 */
export function applyDrivers(poles: readonly Pole[]): Pole[] {
  if (!poles.some((p) => p.lines.some((l) => l.driver))) return [...poles];
  return applyCellUpdates(
    poles,
    recomputeDrivers(poles).map((c) => ({ lineId: c.lineId, month: c.month, field: c.field, value: c.new })),
  );
}

/**
 * Reads cells of these poles (cents; 0 for a line that is gone), through one index of the lines:
 * a paste of thousands of cells reads each in constant time.
 */
export function cellReader(poles: readonly Pole[]): (cell: { lineId: string; month: number; field: Measure }) => Cents {
  const lines = new Map(poles.flatMap((p) => p.lines.map((l) => [l.id, l] as const)));
  return ({ lineId, month, field }) => lines.get(lineId)?.[field][month] ?? ZERO_CENTS;
}

/** The key of one cell (line, month and measure), for maps and sets of cells. */
export function cellKey(lineId: string, month: number, field: string): string {
  return `${lineId}:${month}:${field}`;
}

/** The update writing `cents` into one cell. */
export function cellUpdate(lineId: string, month: number, field: Measure, cents: Cents): CellUpdate {
  return { lineId, month, field, value: cents };
}

/** The lines of the poles a user sees, in screen order: every line of every expanded pole. */
export function visibleLines(poles: readonly Pole[]): Line[] {
  return poles.flatMap((p) => (p.isExpanded ? p.lines : []));
}

/** What a pole is made of, without its figures: its name and its lines' names. */
export type PoleOutline = { name: string; lines: { name: string }[] };

/**
 * A key that changes only when pole or line names change (added, removed, renamed, reordered),
 * not when a figure does: a memo key for views that depend on the structure only (the add-pole
 * card must not re-render on every keystroke). `outlineOf(key)` gives the structure back.
 */
export function poleStructure(poles: readonly PoleOutline[]): string {
  return JSON.stringify(poles.map((p) => [p.name, p.lines.map((l) => l.name)]));
}

/** The pole outlines a `poleStructure` key stands for. */
export function outlineOf(structure: string): PoleOutline[] {
  const poles = JSON.parse(structure) as [string, string[]][];
  return poles.map(([name, lines]) => ({ name, lines: lines.map((line) => ({ name: line })) }));
}

/**
 * Default lines of a catalogue pole that the client does not have yet (docs/product.md#validation: lines already
 * present in an existing pole of the same name are not offered again), in catalogue order.
 */
export function linesToOffer(poles: readonly PoleOutline[], poleKey: string, poleName: string): string[] {
  const existing = poles.filter((p) => p.name === poleName).flatMap((p) => p.lines.map((l) => l.name));
  return missingDefaultLines(poleKey, existing);
}

/** Index, among the visible lines, of each pole's first line (a collapsed pole takes no room). */
export function firstVisibleLineIndexes(poles: readonly Pole[]): number[] {
  const starts: number[] = [];
  let next = 0;
  for (const pole of poles) {
    starts.push(next);
    if (pole.isExpanded) next += pole.lines.length;
  }
  return starts;
}
