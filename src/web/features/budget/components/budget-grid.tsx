import { useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  GRID_COLS,
  MONTHS,
  cellAtGridPos,
  cellGridPos,
  cellUpdate,
  firstVisibleLineIndexes,
  formatEurosExact,
  ZERO_CENTS,
  type Cents,
  moveInGrid,
  visibleLines,
  type GridMove,
  type Line,
  type Pole,
} from '@/domain';
import type { CellRef } from '@/domain/history-view';
import { Lock } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import { useWriteCells } from '../api/client-budget';
import { useUnsavedCount } from '../api/save-cells';
import { notifySuccess } from '../lib/failure-messages';
import { useGridActions } from '../hooks/use-grid-actions';
import { useRowWindow } from '../hooks/use-row-window';
import { useCellLocks } from '../hooks/use-closed-months';
import { CellContextMenu } from './cell-context-menu';
import { CellHistoryDialog } from './cell-history-dialog';
import { CustomLineRow, LineRow, PoleRow, ROW_HEIGHT, STICKY_COL, TotalRow, type GridActions } from './grid-rows';

/** One row of the grid body, in screen order. */
type GridItem =
  | { kind: 'pole'; pole: Pole }
  | { kind: 'line'; pole: Pole; line: Line; lineIndex: number }
  | { kind: 'customLine'; pole: Pole };

function gridItems(poles: readonly Pole[], firstLineIndexes: readonly number[]): GridItem[] {
  return poles.flatMap((pole, p): GridItem[] => {
    if (!pole.isExpanded) return [{ kind: 'pole', pole }];
    const first = firstLineIndexes[p] ?? 0;
    return [
      { kind: 'pole', pole },
      ...pole.lines.map((line, i): GridItem => ({ kind: 'line', pole, line, lineIndex: first + i })),
      { kind: 'customLine', pole },
    ];
  });
}

/** Which keys move between cells, and when (left/right only once the caret is at the edge of the text). */
function gridMove(event: KeyboardEvent<HTMLElement>, input: HTMLInputElement): GridMove | null {
  const { selectionStart: start, selectionEnd: end, value } = input;
  const isAllSelected = start === 0 && end === value.length;
  switch (event.key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Enter':
      return event.shiftKey ? 'up' : 'down';
    case 'Tab':
      return event.shiftKey ? 'previous' : 'next';
    case 'ArrowLeft':
      return isAllSelected || (start === 0 && end === 0) ? 'left' : null;
    case 'ArrowRight':
      return isAllSelected || (start === value.length && end === value.length) ? 'right' : null;
    default:
      return null;
  }
}

/** Stands for the rows not rendered, so the scroll height stays right. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={MONTHS.length + 3} />
    </tr>
  );
}

/** A month (or 'Total Annuel') column header, with the forecast | actual sub-columns named. */
function FigureColumnHeader({ title, isClosed = false }: { title: string; isClosed?: boolean }) {
  return (
    <th scope="col" className={cn('w-40 border-b border-l bg-card px-1.5 py-1 font-semibold', isClosed && 'bg-muted')}>
      <div className="flex items-center gap-1">
        {title}
        {isClosed && <Lock className="size-3.5 text-muted-foreground" role="img" aria-label={`${title} clôturé`} />}
      </div>
      <div className="grid grid-cols-2 text-[10px] font-normal text-muted-foreground">
        <span>Prév.</span>
        <span>Réel</span>
      </div>
    </th>
  );
}

/** A cell whose context menu or history is open: where, its name, and the menu's point. */
type OpenCell = { cell: CellRef; label: string; at: { x: number; y: number } };

/** The value of a cell in these poles (0 when its line is gone). */
function cellValue(poles: readonly Pole[], { lineId, month, field }: CellRef): Cents {
  for (const pole of poles) {
    const line = pole.lines.find((l) => l.id === lineId);
    if (line) return line[field][month] ?? ZERO_CENTS;
  }
  return ZERO_CENTS;
}

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
}: BudgetGridProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  const shown = useMemo(() => poles.filter((p) => p.lines.length > 0), [poles]);
  const lines = useMemo(() => visibleLines(shown), [shown]);
  const linesRef = useRef<Line[]>(lines);
  useLayoutEffect(() => {
    linesRef.current = lines;
  }, [lines]);
  // Index of each shown pole's first line among the visible lines (collapsed poles count none).
  const firstLineIndexes = useMemo(() => firstVisibleLineIndexes(shown), [shown]);
  const items = useMemo(() => gridItems(shown, firstLineIndexes), [shown, firstLineIndexes]);
  const heights = useMemo(() => items.map((item) => ROW_HEIGHT[item.kind]), [items]);
  const { scrollerRef, onScroll, range, tops, total, showRow, revealRow } = useRowWindow(heights);
  const lineItemIndex = useMemo(() => {
    const map = new Map<number, number>();
    items.forEach((item, i) => {
      if (item.kind === 'line') map.set(item.lineIndex, i);
    });
    return map;
  }, [items]);

  const [menu, setMenu] = useState<OpenCell | null>(null);
  const [historyOf, setHistoryOf] = useState<OpenCell | null>(null);
  const onOpenMenu = useCallback<GridActions['onOpenMenu']>((input, at) => {
    const { lineIndex, month, measure } = cellAtGridPos({
      row: Number(input.dataset.row),
      col: Number(input.dataset.col),
    });
    const line = linesRef.current[lineIndex];
    if (!line) return;
    setMenu({ cell: { lineId: line.id, month, field: measure }, label: input.getAttribute('aria-label') ?? '', at });
  }, []);
  const actions = useGridActions(year, clientId, { lines: linesRef, onOpenMenu, onUndoEntry });
  const writeCells = useWriteCells(year, clientId);
  const unsavedCount = useUnsavedCount();
  const locks = useCellLocks();

  // The cursor goes to the requested cell once its line is on screen; a row outside the rendered
  // window is scrolled in first, and the effect runs again when it is rendered.
  const focusedRequest = useRef<CellRef | null>(null);
  useLayoutEffect(() => {
    if (!focusRequest || focusedRequest.current === focusRequest) return;
    const lineIndex = lines.findIndex((l) => l.id === focusRequest.lineId);
    if (lineIndex < 0) return;
    const { row, col } = cellGridPos({ lineIndex, month: focusRequest.month, measure: focusRequest.field });
    const input = tableRef.current?.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
    if (!input) {
      const itemIndex = lineItemIndex.get(lineIndex);
      if (itemIndex !== undefined && (itemIndex < range.start || itemIndex >= range.end)) revealRow(itemIndex);
      return;
    }
    focusedRequest.current = focusRequest;
    input.focus({ preventScroll: true });
    input.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [focusRequest, lines, lineItemIndex, range.start, range.end, revealRow]);

  const restore = (open: OpenCell, value: Cents) => {
    const { lineId, month, field } = open.cell;
    writeCells([cellUpdate(lineId, month, field, value)], { immediate: true, cancelReload: true });
    setHistoryOf(null);
    notifySuccess('Valeur restaurée', `${open.label} : ${formatEurosExact(value)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.dataset.row === undefined) return;
    const move = gridMove(event, input);
    if (!move) return;
    const target = moveInGrid({ row: Number(input.dataset.row), col: Number(input.dataset.col) }, move, {
      rows: lines.length * 2,
      cols: GRID_COLS,
    });
    if (!target) return;
    const selector = `input[data-row="${target.row}"][data-col="${target.col}"]`;
    let next = tableRef.current?.querySelector<HTMLInputElement>(selector);
    const itemIndex = lineItemIndex.get(Math.floor(target.row / 2));
    if (!next && itemIndex !== undefined) {
      // The target row is outside the rendered window: scroll it in and render it now.
      showRow(itemIndex);
      next = tableRef.current?.querySelector<HTMLInputElement>(selector);
    }
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  if (shown.length === 0) {
    return (
      <p className="rounded-lg border border-dashed bg-card py-10 text-center text-sm text-muted-foreground">
        Aucun pôle pour ce client : ajoutez un pôle d'expertise ci-dessus.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <p>
          Dans chaque mois : ventes en haut, achats en bas ; prévisionnel à gauche, réel à droite. Flèches, Tab et
          Entrée pour se déplacer ; collez un bloc copié d'Excel pour remplir plusieurs mois et lignes.
        </p>
        {unsavedCount > 0 && (
          <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
            {unsavedCount} valeur(s) non enregistrée(s) — nouvel essai automatique en cours
          </p>
        )}
      </div>
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
          className="w-[2408px] table-fixed border-separate border-spacing-0 text-sm"
          onKeyDown={onKeyDown}
        >
          <thead className="sticky top-0 z-20 bg-card">
            <tr>
              <th scope="col" className={cn(STICKY_COL, 'z-30 border-b bg-card px-3 py-2 text-left font-semibold')}>
                Ligne Budgétaire
              </th>
              {MONTHS.map((month, m) => (
                <FigureColumnHeader key={month} title={month} isClosed={locks.closed.has(m)} />
              ))}
              <FigureColumnHeader title="Total Annuel" />
              <th scope="col" className="w-10 border-b border-l bg-card px-1">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {range.start > 0 && <Spacer height={tops[range.start] ?? 0} />}
            {items.slice(range.start, range.end).map((item) => {
              switch (item.kind) {
                case 'pole':
                  return <PoleRow key={`p-${item.pole.id}`} pole={item.pole} actions={actions} />;
                case 'line':
                  return (
                    <LineRow
                      key={item.line.id}
                      poleName={item.pole.name}
                      line={item.line}
                      lineIndex={item.lineIndex}
                      actions={actions}
                    />
                  );
                case 'customLine':
                  return <CustomLineRow key={`c-${item.pole.id}`} pole={item.pole} onAddLine={actions.onAddLine} />;
              }
            })}
            {range.end < items.length && <Spacer height={total - (tops[range.end] ?? total)} />}
          </tbody>
          <TotalRow poles={shown} />
        </table>
      </div>
      {menu && (
        <CellContextMenu
          label={menu.label}
          at={menu.at}
          onClose={() => setMenu(null)}
          onEscape={() => onFocusRequest({ ...menu.cell })}
          onShowHistory={() => {
            setMenu(null);
            setHistoryOf(menu);
          }}
        />
      )}
      {historyOf && (
        <CellHistoryDialog
          year={year}
          cell={historyOf.cell}
          label={historyOf.label}
          current={cellValue(poles, historyOf.cell)}
          onRestore={(value) => restore(historyOf, value)}
          onClose={() => setHistoryOf(null)}
          onClosed={() => onFocusRequest({ ...historyOf.cell })}
        />
      )}
    </div>
  );
}
