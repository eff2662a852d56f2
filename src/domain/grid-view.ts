/**
 * The grid's views (docs/product.md#grid-views, ADR 061): 'Par mois', the 2 × 2 block per line and
 * month of budget-grid.ts, and 'Par mesure', one row per measure of each line with the twelve months
 * across (Prévisionnel, Achat prévisionnel, Réel, Achat réel), so Tab and Enter move along a row as
 * in a spreadsheet. 'Prévisions seules' hides the actual rows of 'Par mesure'. Each view is a
 * GridLayout: positions ↔ cells, which the keyboard, the selection, copy, paste and fill read.
 * Pure: no DOM, no React.
 */
import {
  MONTH_LAYOUT,
  pasteWrites,
  gridPasteWrites,
  gridSize,
  type GridLayout,
  type GridPos,
  type GridSize,
  type PastePlan,
} from './budget-grid';
import { MEASURES, isForecast, type Measure } from './measures';
import { MONTH_COUNT } from './months';

export type GridViewKind = 'month' | 'measure';

/** The view a user chose: the layout, and whether the actual rows are hidden ('Par mesure' only). */
export type GridView = { kind: GridViewKind; forecastOnly: boolean };

export const DEFAULT_GRID_VIEW: GridView = { kind: 'month', forecastOnly: false };

/** The measure rows of each line in 'Par mesure', top to bottom. */
export function viewMeasures(view: GridView): readonly Measure[] {
  return view.forecastOnly ? MEASURES.filter(isForecast) : MEASURES;
}

/** One row per measure of each line (`measures`, in order) and one column per month. */
function measureLayout(measures: readonly Measure[]): GridLayout {
  const n = measures.length;
  return {
    cols: MONTH_COUNT,
    rowsPerLine: n,
    posOf: ({ lineIndex, month, measure }) => {
      const i = measures.indexOf(measure);
      return i < 0 ? null : { row: lineIndex * n + i, col: month };
    },
    cellAt: ({ row, col }) => ({ lineIndex: Math.floor(row / n), month: col, measure: measures[row % n]! }),
  };
}

const ALL_MEASURES_LAYOUT = measureLayout(MEASURES);
const FORECAST_LAYOUT = measureLayout(MEASURES.filter(isForecast));

/** The layout of a view; one object per layout, so it can be a memo dependency. */
export function gridLayout(view: GridView): GridLayout {
  if (view.kind === 'month') return MONTH_LAYOUT;
  return view.forecastOnly ? FORECAST_LAYOUT : ALL_MEASURES_LAYOUT;
}

/** True when the view shows a cell of this measure. */
export function showsMeasure(view: GridView, measure: Measure): boolean {
  return view.kind === 'month' || viewMeasures(view).includes(measure);
}

/**
 * Enter after a run of Tabs along one row, in 'Par mesure' (as in Excel): the next row, back in the
 * column where the run started (type January to December with Tab, Enter: the next measure's
 * January). Null when there was no run on this row: Enter then goes down as usual.
 */
export function enterAfterTabs(pos: GridPos, runStart: GridPos | null, size: GridSize): GridPos | null {
  if (!runStart || runStart.row !== pos.row || pos.row + 1 >= size.rows) return null;
  return { row: pos.row + 1, col: runStart.col };
}

/** True when a pasted block maps onto the cells as shown (see blockPasteWrites). */
export function pastesAsShown(layout: GridLayout, isFromGrid: boolean): boolean {
  return isFromGrid || layout !== MONTH_LAYOUT;
}

/**
 * What a block pasted at `origin` writes. A block copied from this grid, and any block in 'Par
 * mesure', maps onto the cells as shown (row for row, column for column). A block from a
 * spreadsheet pasted in 'Par mois' is read as lines × months of the origin's measure (a budget
 * sheet), as before the views.
 */
export function blockPasteWrites(
  block: readonly (readonly string[])[],
  origin: GridPos,
  lineCount: number,
  layout: GridLayout,
  isFromGrid: boolean,
): PastePlan {
  if (pastesAsShown(layout, isFromGrid)) return gridPasteWrites(block, origin, gridSize(layout, lineCount), layout);
  return pasteWrites(block, layout.cellAt(origin), lineCount);
}

/** The localStorage key of a user's view (`me`: the signed-in email; null in local mode, one user). */
export function gridViewStorageKey(me: string | null): string {
  return `budget-marges.grid-view.${me ?? 'local'}`;
}

/** A stored view read back; anything else (nothing stored, an old or edited value) is the default. */
export function parseGridView(text: string | null): GridView {
  if (text === null) return DEFAULT_GRID_VIEW;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return DEFAULT_GRID_VIEW;
    const { kind, forecastOnly } = value as Record<string, unknown>;
    if ((kind !== 'month' && kind !== 'measure') || typeof forecastOnly !== 'boolean') return DEFAULT_GRID_VIEW;
    return { kind, forecastOnly };
  } catch {
    return DEFAULT_GRID_VIEW;
  }
}
