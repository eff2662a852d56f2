/**
 * Bringing the cursor to a cell of the windowed grid (ADR 010): the input at a grid position, its
 * row rendered first when it is outside the window, and the cell a focus request asks for (after
 * an undo or a redo, or back from a cell's history), once its line is on screen.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { GridLayout, GridPos, Line } from '@/domain';
import type { CellRef } from '@/domain/history-view';

type Options = {
  tableRef: RefObject<HTMLTableElement | null>;
  lines: readonly Line[];
  /** How the view places the cells (docs/product.md#grid-views). */
  layout: GridLayout;
  /** The body row (item) index of each input sub-row. */
  rowItemIndex: ReadonlyMap<number, number>;
  /** The rendered rows, and how to render one: the row window's. */
  range: { start: number; end: number };
  showRow: (itemIndex: number) => void;
  revealRow: (itemIndex: number) => void;
  /** Each new request object moves the cursor once. */
  focusRequest: CellRef | null;
};

export function useCellFocus(options: Options) {
  const { tableRef, lines, layout, rowItemIndex, range, showRow, revealRow, focusRequest } = options;
  // The cursor goes to the requested cell once its line is on screen; a row outside the rendered
  // window is scrolled in first, and the effect runs again when it is rendered.
  const focusedRequest = useRef<CellRef | null>(null);
  useLayoutEffect(() => {
    if (!focusRequest || focusedRequest.current === focusRequest) return;
    const lineIndex = lines.findIndex((l) => l.id === focusRequest.lineId);
    if (lineIndex < 0) return;
    const pos = layout.posOf({ lineIndex, month: focusRequest.month, measure: focusRequest.field });
    if (!pos) return; // a cell the view hides (an actual in 'Prévisions seules')
    const { row, col } = pos;
    const input = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
    if (!input) {
      const itemIndex = rowItemIndex.get(row);
      if (itemIndex !== undefined && (itemIndex < range.start || itemIndex >= range.end)) revealRow(itemIndex);
      return;
    }
    focusedRequest.current = focusRequest;
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tableRef, focusRequest, lines, layout, rowItemIndex, range.start, range.end, revealRow]);

  /** The input at a grid position, rendering its row first when it is outside the window. */
  return (target: GridPos): HTMLInputElement | null => {
    const selector = `input[data-row="${target.row}"][data-col="${target.col}"]`;
    const found = tableRef.current?.querySelector<HTMLInputElement>(selector);
    if (found) return found;
    const itemIndex = rowItemIndex.get(target.row);
    if (itemIndex === undefined) return null;
    showRow(itemIndex); // scroll it in and render it now
    return tableRef.current?.querySelector<HTMLInputElement>(selector) ?? null;
  };
}
