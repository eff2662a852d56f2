import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { firstVisibleLineIndexes, gridLayout, visibleLines, type Cents, type Line, type Pole } from '@/domain';
import type { VersionGrid } from '@/domain/grid-compare';
import type { LineMove } from '@/domain/history';
import { useCellMonthNames } from '@/web/lib/use-fiscal-year';
import type { CellRef } from '@/domain/history-view';
import { notifySuccess } from '../../lib/failure-messages';
import { useGridActions, type GridActions } from '../hooks/use-grid-actions';
import { useCellFocus } from '../hooks/use-cell-focus';
import { useGridSelection } from '../hooks/use-grid-selection';
import { useGridView } from '../hooks/use-grid-view';
import { useLatestRef } from '../hooks/use-latest-ref';
import { useRowWindow } from '../hooks/use-row-window';
import { CellMenus, type OpenCell } from './cell-menus';
import { GridBody, GridTotals, gridItems, itemHeights, rowItemIndexes } from './grid-body';
import { GridHead, tableWidth } from './grid-head';
import type { LineRowActions } from './grid-rows';
import { GridViewRow } from './grid-view-bar';
import { DeleteLineDialog, SpreadDialog, filledCount } from './line-dialogs';
import { OpenDriverDialog } from './driver-dialog';
import { useDriverActions } from '../hooks/use-driver-actions';

type BudgetGridProps = {
  year: number;
  clientId: string;
  poles: Pole[];
  /**
   * The cell the cursor goes to (after an undo or a redo: the first cell it changed). Each new
   * request object moves it once, scrolling the row in if the window had not rendered it.
   */
  focusRequest?: CellRef | null;
  /** Asks for the cursor on a cell (back to the cell whose history closed). */
  onFocusRequest: (cell: CellRef) => void;
  /** Undoes one history entry (the toast after a deleted line). */
  onUndoEntry: (id: number) => void;
  /** The version compared with (ADR 062), or null; only ever one in 'Par mois'. */
  compare?: VersionGrid | null;
  /** The 'Comparer avec' choice, shown beside the view's. */
  compareControl?: ReactNode;
};

/**
 * The budget table (docs/product.md#budget-grid): header row, then per pole its row, lines and custom-line row, then
 * 'TOTAL GÉNÉRAL'. Only poles with at least one line show. The header row and the line column are
 * sticky; the months scroll. Keyboard moves and block paste are handled here, once for all cells,
 * and so is the cells' context menu with its 'Historique de la cellule' (docs/product.md#history).
 */
export function BudgetGrid({
  year,
  clientId,
  poles,
  focusRequest = null,
  onFocusRequest,
  onUndoEntry,
  compare = null,
  compareControl,
}: BudgetGridProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  const shown = useMemo(() => poles.filter((p) => p.lines.length > 0), [poles]);
  const lines = useMemo(() => visibleLines(shown), [shown]);
  const linesRef = useLatestRef<Line[]>(lines);
  // docs/product.md#grid-views: the view chosen, and its layout of the inputs.
  const [view, setView] = useGridView();
  const layout = gridLayout(view);
  const layoutRef = useLatestRef(layout);
  const names = useCellMonthNames(year);
  const items = useMemo(() => gridItems(shown, firstVisibleLineIndexes(shown), view), [shown, view]);
  const heights = useMemo(() => itemHeights(items, view, compare), [items, view, compare]);
  const { scrollerRef, onScroll, range, tops, total, showRow, revealRow } = useRowWindow(heights);
  const rowItemIndex = useMemo(() => rowItemIndexes(items, layout), [items, layout]);

  const [menu, setMenu] = useState<OpenCell | null>(null);
  const onOpenMenu = useCallback<GridActions['onOpenMenu']>(
    (input, at) => {
      const { lineIndex, month, measure } = layoutRef.current.cellAt({
        row: Number(input.dataset.row),
        col: Number(input.dataset.col),
      });
      const line = linesRef.current[lineIndex];
      if (!line) return;
      setMenu({ cell: { lineId: line.id, month, field: measure }, label: input.getAttribute('aria-label') ?? '', at });
    },
    [layoutRef, linesRef],
  );
  const actions = useGridActions(year, clientId, { lines: linesRef, onOpenMenu, onUndoEntry, onFocusRequest });

  // ---- structure edits the rows ask for: confirm a deletion, spread, move ----
  const [deleting, setDeleting] = useState<Line | null>(null);
  const [spreading, setSpreading] = useState<{ line: Line; lineIndex: number } | null>(null);
  const shownRef = useLatestRef(shown);
  const drivers = useDriverActions(year, shownRef);
  const rowActions = useMemo<LineRowActions>(
    () => ({
      ...actions,
      onAskDeleteLine: (line) => (filledCount(line) > 0 ? setDeleting(line) : actions.onDeleteLine(line)),
      onAskSpread: (line, lineIndex) => setSpreading({ line, lineIndex }),
      onMoveLineById: (poleId: string, lineId: string, direction: LineMove) => {
        const pole = shownRef.current.find((p) => p.id === poleId);
        const line = pole?.lines.find((l) => l.id === lineId);
        if (pole && line) actions.onMoveLine(pole, line, direction);
      },
      ...drivers.rowActions,
    }),
    [actions, shownRef, drivers.rowActions],
  );

  const inputAt = useCellFocus({ tableRef, lines, layout, rowItemIndex, range, showRow, revealRow, focusRequest });
  const selectionHandlers = useGridSelection({
    tableRef,
    lines: linesRef,
    layout,
    inputAt,
    writeBlock: actions.writeBlock,
  });

  if (shown.length === 0) {
    return (
      <p className="rounded-lg border border-dashed bg-card py-10 text-center text-sm text-muted-foreground">
        Aucun pôle pour ce client : ajoutez un pôle d'expertise ci-dessus.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <GridViewRow view={view} onChange={setView} extra={compareControl} />
      <div
        ref={scrollerRef}
        onScroll={onScroll}
        role="region"
        aria-label="Tableau budgétaire"
        tabIndex={-1}
        className="max-h-[calc(100dvh-7rem)] overflow-auto rounded-lg border bg-card shadow-xs"
      >
        <table
          ref={tableRef}
          style={{ width: tableWidth(view) }}
          className="table-fixed border-separate border-spacing-0 text-sm"
          {...selectionHandlers}
        >
          <GridHead year={year} view={view} />
          <GridBody
            monthNames={names}
            view={view}
            layout={layout}
            items={items}
            rowWindow={{ range, tops, total }}
            actions={rowActions}
            compare={compare}
          />
          <GridTotals view={view} poles={shown} compare={compare} monthNames={names} />
        </table>
      </div>
      {deleting && (
        <DeleteLineDialog
          line={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            actions.onDeleteLine(deleting);
            setDeleting(null);
          }}
        />
      )}
      {spreading && (
        <SpreadDialog
          line={spreading.line}
          year={year}
          onClose={() => setSpreading(null)}
          onSpread={(measure, values) => {
            const reason = actions.writeBlock(
              values.map(({ month, cents }) => ({
                lineIndex: spreading.lineIndex,
                month,
                measure,
                cents: cents as Cents,
              })),
            );
            if (reason === null)
              notifySuccess('Montant réparti', `${spreading.line.name}\u00a0: ${values.length} mois`);
            return reason;
          }}
        />
      )}
      <OpenDriverDialog drivers={drivers} poles={shown} />
      <CellMenus
        year={year}
        clientId={clientId}
        poles={poles}
        menu={menu}
        onCloseMenu={() => setMenu(null)}
        onFocusRequest={onFocusRequest}
      />
    </div>
  );
}
