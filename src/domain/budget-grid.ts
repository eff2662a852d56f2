/**
 * Shaping the budget grid for the screen (docs/product.md#budget-grid, docs/product.md#grid-entry): the spreadsheet
 * coordinates of the cell inputs, keyboard moves between them, pasting a block copied from a
 * spreadsheet, and immutable cell updates on the client-side view. Pure: no DOM, no React.
 *
 * Layout of one month of one line (a 2 × 2 block): sales on the first sub-row, purchases on the
 * second; forecast on the left, actual on the right. So the grid of inputs has 2 sub-rows per
 * visible line and 2 sub-columns per month, and arrow keys move spatially in it.
 */
import { missingDefaultLines } from './catalogue';
import { parseCellEntry, type Cents } from './money';
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

/**
 * Cells a pasted block fills, from the focused cell: block rows go to successive visible lines,
 * block columns to successive months, all of the focused cell's measure (a budget sheet is lines
 * × months of one figure). Cells falling beyond the last line or December are dropped. Each text
 * is read as cell entry (docs/product.md#cell-entry: French or dot decimals; empty or invalid is 0).
 */
export function pasteWrites(block: readonly (readonly string[])[], origin: CellCoord, lineCount: number): CellWrite[] {
  const writes: CellWrite[] = [];
  block.forEach((cells, r) => {
    const lineIndex = origin.lineIndex + r;
    if (lineIndex >= lineCount) return;
    cells.forEach((text, c) => {
      const month = origin.month + c;
      if (month >= MONTH_COUNT) return;
      writes.push({ lineIndex, month, measure: origin.measure, cents: parseCellEntry(text) });
    });
  });
  return writes;
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
