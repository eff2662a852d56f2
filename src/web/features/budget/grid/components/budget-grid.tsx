import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import {
  GRID_COLS,
  MONTHS,
  cellAtGridPos,
  cellReader,
  cellGridPos,
  cellUpdate,
  fillRightWrites,
  firstVisibleLineIndexes,
  formatEurosExact,
  gridPasteWrites,
  inRange,
  parseClipboardBlock,
  pasteWrites,
  rangeBetween,
  rangeCells,
  rangeText,
  readCellEntry,
  ZERO_CENTS,
  type CellCoord,
  type Cents,
  moveInGrid,
  visibleLines,
  type GridMove,
  type GridPos,
  type Line,
  type PastePlan,
  type Pole,
} from '@/domain';
import type { LineMove } from '@/domain/history';
import type { CellRef } from '@/domain/history-view';
import { Lock } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import { notifyError, notifyWarning } from '@/web/lib/notify';
import { useWriteCells } from '../../api/client-budget';
import { useRejectedCount, useUnsavedCount } from '../../saving/api/save-cells';
import { notifySuccess } from '../../lib/failure-messages';
import { useGridActions, type GridActions } from '../hooks/use-grid-actions';
import { useRowWindow } from '../hooks/use-row-window';
import { useCellLocks } from '../hooks/use-closed-months';
import { CellContextMenu } from './cell-context-menu';
import { CellHistoryDialog } from '../../history/components/cell-history-dialog';
import {
  CustomLineRow,
  LineRow,
  MONTH_WIDTH,
  PoleRow,
  ROW_HEIGHT,
  STICKY_COL,
  TotalRow,
  YEAR_WIDTH,
  type LineRowActions,
} from './grid-rows';
import { DeleteLineDialog, SpreadDialog, filledCount } from './line-dialogs';

/** One row of the grid body, in screen order. */
type GridItem =
  | { kind: 'pole'; pole: Pole }
  | { kind: 'line'; pole: Pole; line: Line; lineIndex: number; isFirst: boolean; isLast: boolean }
  | { kind: 'customLine'; pole: Pole };

function gridItems(poles: readonly Pole[], firstLineIndexes: readonly number[]): GridItem[] {
  return poles.flatMap((pole, p): GridItem[] => {
    if (!pole.isExpanded) return [{ kind: 'pole', pole }];
    const first = firstLineIndexes[p] ?? 0;
    return [
      { kind: 'pole', pole },
      ...pole.lines.map((line, i): GridItem => ({
        kind: 'line',
        pole,
        line,
        lineIndex: first + i,
        isFirst: i === 0,
        isLast: i === pole.lines.length - 1,
      })),
      { kind: 'customLine', pole },
    ];
  });
}

/**
 * Which keys move between cells (ADR 024, Excel's model): arrows, Tab and Enter commit what is
 * typed and move; only in edit mode (F2, double click, Enter) do ← and → stay in the text.
 */
function gridMove(event: KeyboardEvent<HTMLElement>, isEditing: boolean): GridMove | null {
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
      return isEditing ? null : 'left';
    case 'ArrowRight':
      return isEditing ? null : 'right';
    default:
      return null;
  }
}

const ARROWS: Record<string, GridMove> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/**
 * The clipboard type a copy from this grid adds beside its text: a paste that finds it puts the
 * block back cell for cell (measures included) instead of reading it as lines × months of one measure.
 */
const GRID_CLIPBOARD_TYPE = 'application/x-budget-marges-grid';
/** The text of the last copy from a grid of this page (a fallback when the clipboard drops custom types). */
let lastCopiedText: string | null = null;

/** The grid position of an input of the grid, or null for any other element. */
function posOf(target: EventTarget | null): GridPos | null {
  if (!(target instanceof HTMLInputElement) || target.dataset.row === undefined) return null;
  return { row: Number(target.dataset.row), col: Number(target.dataset.col) };
}

/** "3 valeurs ignorées…": what a paste left out, or null when it wrote everything. */
function pasteLeftOut({ dropped, refused }: PastePlan): string | null {
  const parts: string[] = [];
  if (dropped > 0) {
    parts.push(
      `${dropped} au-delà de ${dropped > 1 ? 'décembre ou de la dernière ligne' : 'décembre ou de la dernière ligne'}`,
    );
  }
  if (refused > 0) parts.push(`${refused} non reconnue${refused > 1 ? 's' : ''} (la cellule garde sa valeur)`);
  return parts.length === 0 ? null : parts.join('\u00a0; ');
}

/** The table's width: the line column, twelve months and the year. */
const TABLE_WIDTH = 288 + MONTHS.length * MONTH_WIDTH + YEAR_WIDTH;

/** Stands for the rows not rendered, so the scroll height stays right. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={MONTHS.length + 2} />
    </tr>
  );
}

/** A month (or 'Total Annuel') column header, with the forecast | actual sub-columns named. */
function FigureColumnHeader({ title, width, isClosed = false }: { title: string; width: number; isClosed?: boolean }) {
  return (
    <th
      scope="col"
      style={{ width }}
      className={cn('border-b border-l bg-card px-1.5 py-1 font-semibold', isClosed && 'bg-muted')}
    >
      <div className="flex items-center gap-1">
        {title}
        {isClosed && <Lock className="size-3.5 text-muted-foreground" role="img" aria-label={`${title} clôturé`} />}
      </div>
      <div className="grid grid-cols-2 text-xs font-normal text-muted-foreground">
        <span>Prév.</span>
        <span>Réel</span>
      </div>
    </th>
  );
}

/** A cell whose context menu or history is open: where, its name, and the menu's point. */
type OpenCell = { cell: CellRef; label: string; at: { x: number; y: number } };

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
  const rejectedCount = useRejectedCount();

  // ---- the selection: a rectangle from the anchor (the focused cell) to a corner (ADR 024) ----
  // Kept in a ref and drawn imperatively (`data-selected` on the rendered inputs inside it):
  // re-rendering 14,400 memoised inputs to move a highlight would cost frames.
  const selection = useRef<{ anchor: GridPos; corner: GridPos } | null>(null);
  const isMarked = useRef(false);
  const isDragging = useRef(false);
  const selectedRange = () => {
    const s = selection.current;
    return s ? rangeBetween(s.anchor, s.corner) : null;
  };
  const drawSelection = useCallback(() => {
    const table = tableRef.current;
    if (!table) return;
    if (isMarked.current) {
      table.querySelectorAll('input[data-selected]').forEach((el) => el.removeAttribute('data-selected'));
      isMarked.current = false;
    }
    const s = selection.current;
    if (!s || (s.anchor.row === s.corner.row && s.anchor.col === s.corner.col)) return;
    const r = rangeBetween(s.anchor, s.corner);
    table.querySelectorAll<HTMLInputElement>('input[data-row]').forEach((el) => {
      if (inRange(r, { row: Number(el.dataset.row), col: Number(el.dataset.col) })) el.dataset.selected = 'true';
    });
    isMarked.current = true;
  }, []);
  // Rows entering the window are drawn too.
  useLayoutEffect(() => {
    if (isMarked.current) drawSelection();
  });
  useEffect(() => {
    const stop = () => {
      isDragging.current = false;
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  const valueAt = useCallback((c: CellCoord): Cents => {
    const line = linesRef.current[c.lineIndex];
    return line ? (line[c.measure][c.month] ?? ZERO_CENTS) : ZERO_CENTS;
  }, []);

  /** Writes a block; says why when it is refused. True when written. */
  const writeBlock = (writes: Parameters<typeof actions.writeBlock>[0], source?: 'collage'): boolean => {
    const reason = actions.writeBlock(writes, source);
    if (reason !== null) notifyError('Saisie refusée', `Rien n'a été modifié\u00a0: ${reason}`);
    return reason === null;
  };

  // ---- structure edits the rows ask for: confirm a deletion, spread, move ----
  const [deleting, setDeleting] = useState<Line | null>(null);
  const [spreading, setSpreading] = useState<{ line: Line; lineIndex: number } | null>(null);
  const shownRef = useRef(shown);
  useLayoutEffect(() => {
    shownRef.current = shown;
  }, [shown]);
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
    }),
    [actions],
  );

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

  /** The input at a grid position, rendering its row first when it is outside the window. */
  const inputAt = (target: GridPos): HTMLInputElement | null => {
    const selector = `input[data-row="${target.row}"][data-col="${target.col}"]`;
    const found = tableRef.current?.querySelector<HTMLInputElement>(selector);
    if (found) return found;
    const itemIndex = lineItemIndex.get(Math.floor(target.row / 2));
    if (itemIndex === undefined) return null;
    showRow(itemIndex); // scroll it in and render it now
    return tableRef.current?.querySelector<HTMLInputElement>(selector) ?? null;
  };
  const size = { rows: lines.length * 2, cols: GRID_COLS };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const input = event.target;
    const pos = posOf(input);
    if (!pos || !(input instanceof HTMLInputElement)) return;
    const isTyping = input.dataset.typing === 'true';
    const isEditing = input.dataset.editing === 'true';
    const isMod = event.ctrlKey || event.metaKey;
    const r = selectedRange() ?? rangeBetween(pos, pos);
    if (!isTyping && isMod && !event.altKey && event.key.toLowerCase() === 'r') {
      // Ctrl+R: fill right to December (open months only, once closing exists: monthsToFillAfter).
      event.preventDefault();
      const writes = fillRightWrites(r, valueAt);
      if (writes.length > 0 && writeBlock(writes))
        notifySuccess('Recopié vers la droite', `${writes.length} cellule(s)`);
      return;
    }
    if (!isTyping && event.key === 'Delete') {
      // Delete clears the selection to 0 in one request (one history entry).
      event.preventDefault();
      writeBlock(rangeCells(r).map((c) => ({ ...c, cents: ZERO_CENTS })));
      return;
    }
    const arrow = ARROWS[event.key];
    if (arrow && event.shiftKey && !isTyping && !isMod) {
      // Shift+arrows extend the selection from the anchor; the cursor stays on the anchor.
      event.preventDefault();
      const s = selection.current ?? { anchor: pos, corner: pos };
      const corner = moveInGrid(s.corner, arrow, size) ?? s.corner;
      selection.current = { anchor: s.anchor, corner };
      inputAt(corner)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      input.focus({ preventScroll: true });
      drawSelection();
      return;
    }
    const move = gridMove(event, isEditing);
    if (!move || (isMod && move !== 'next' && move !== 'previous')) return;
    const target = moveInGrid(pos, move, size);
    if (!target) return;
    const next = inputAt(target);
    if (!next) return;
    event.preventDefault();
    next.focus(); // the blur commits what was typed
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const pos = posOf(event.target);
    if (!pos) return;
    const s = selection.current;
    if (s && s.anchor.row === pos.row && s.anchor.col === pos.col) return; // back on the anchor: keep the block
    selection.current = { anchor: pos, corner: pos };
    drawSelection();
  };

  const onMouseDown = (event: MouseEvent<HTMLTableElement>) => {
    const input = event.target;
    const pos = posOf(input);
    if (!pos || !(input instanceof HTMLInputElement) || event.button !== 0) return;
    if (event.shiftKey && selection.current) {
      // Shift+click: the block from the anchor to this cell.
      event.preventDefault();
      selection.current = { anchor: selection.current.anchor, corner: pos };
      drawSelection();
      return;
    }
    if (input.dataset.typing === 'true' || input.dataset.editing === 'true') return; // the caret goes where clicked
    // A click selects the cell's whole content (the first key replaces it) and may start a drag.
    event.preventDefault();
    isDragging.current = true;
    if (document.activeElement !== input) input.focus();
    else {
      selection.current = { anchor: pos, corner: pos };
      drawSelection();
      input.select();
    }
  };

  const onMouseOver = (event: MouseEvent<HTMLTableElement>) => {
    if (!isDragging.current || !selection.current) return;
    const pos = posOf(event.target);
    if (!pos) return;
    const { corner } = selection.current;
    if (corner.row === pos.row && corner.col === pos.col) return;
    selection.current = { ...selection.current, corner: pos };
    drawSelection();
  };

  const onCopy = (event: ClipboardEvent<HTMLTableElement>) => {
    const input = event.target;
    const pos = posOf(input);
    if (!pos || !(input instanceof HTMLInputElement) || input.dataset.typing === 'true') return;
    // Ctrl+C copies the selection (or the cell) as tab-separated text Excel pastes.
    const text = rangeText(selectedRange() ?? rangeBetween(pos, pos), valueAt);
    event.preventDefault();
    event.clipboardData.setData('text/plain', text);
    event.clipboardData.setData(GRID_CLIPBOARD_TYPE, text);
    lastCopiedText = text;
  };

  const onPaste = (event: ClipboardEvent<HTMLTableElement>) => {
    const input = event.target;
    const pos = posOf(input);
    if (!pos || !(input instanceof HTMLInputElement)) return;
    const text = event.clipboardData.getData('text/plain');
    const block = parseClipboardBlock(text);
    const r = selectedRange() ?? rangeBetween(pos, pos);
    const isSingleCell = r.top === r.bottom && r.left === r.right;
    // One value into one cell is ordinary typing (the field takes it, Enter commits it).
    if (!block && (isSingleCell || input.dataset.typing === 'true')) return;
    event.preventDefault();
    const origin = { row: r.top, col: r.left };
    let plan: PastePlan;
    if (!block) {
      // One value over a selected block fills it, as in Excel.
      const entry = readCellEntry(text);
      if (!entry.ok) {
        notifyError('Collage refusé', `«\u00a0${text.trim()}\u00a0»\u00a0: ${entry.reason}`);
        return;
      }
      plan = { writes: rangeCells(r).map((c) => ({ ...c, cents: entry.cents })), dropped: 0, refused: 0 };
    } else {
      const isOurs = event.clipboardData.getData(GRID_CLIPBOARD_TYPE) === text || text === lastCopiedText;
      plan = isOurs ? gridPasteWrites(block, origin, size) : pasteWrites(block, cellAtGridPos(origin), lines.length);
    }
    if (plan.writes.length > 0 && !writeBlock(plan.writes, 'collage')) return;
    const leftOut = pasteLeftOut(plan);
    if (leftOut) {
      const count = plan.dropped + plan.refused;
      notifyWarning(
        `${count} valeur${count > 1 ? 's' : ''} collée${count > 1 ? 's' : ''} ignorée${count > 1 ? 's' : ''}`,
        leftOut,
      );
    }
    if (block) {
      // The pasted block becomes the selection.
      const rows = block.length;
      const cols = Math.max(...block.map((b) => b.length));
      const isOurs = event.clipboardData.getData(GRID_CLIPBOARD_TYPE) === text || text === lastCopiedText;
      const corner = isOurs
        ? { row: Math.min(origin.row + rows - 1, size.rows - 1), col: Math.min(origin.col + cols - 1, size.cols - 1) }
        : origin;
      selection.current = { anchor: origin, corner };
      drawSelection();
    }
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
        <p className="max-w-5xl">
          Dans chaque mois{'\u00a0'}: ventes en haut, achats en bas{'\u00a0'}; prévisionnel à gauche, réel à droite.
          Tapez pour remplacer, F2 ou double-clic pour modifier{'\u00a0'}; flèches, Tab et Entrée valident et déplacent.
          Montants{'\u00a0'}: 1{'\u202f'}234,56, (500) pour −500, =1200*12. Maj+flèches ou glisser sélectionnent un bloc
          {'\u00a0'}: Ctrl+C, Ctrl+V, Suppr (remise à 0), Ctrl+R (recopie jusqu’à décembre).
        </p>
        {unsavedCount > 0 && (
          <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
            {unsavedCount} valeur(s) non enregistrée(s) — nouvel essai automatique en cours
          </p>
        )}
        {rejectedCount > 0 && (
          <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
            {rejectedCount} valeur(s) refusée(s) par le serveur, non enregistrée(s){'\u00a0'}: voir les cellules en
            rouge
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
          style={{ width: TABLE_WIDTH }}
          className="table-fixed border-separate border-spacing-0 text-sm"
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onMouseDown={onMouseDown}
          onMouseOver={onMouseOver}
          onCopy={onCopy}
          onPaste={onPaste}
        >
          <thead className="sticky top-0 z-20 bg-card">
            <tr>
              <th scope="col" className={cn(STICKY_COL, 'z-30 border-b bg-card px-3 py-2 text-left font-semibold')}>
                Ligne Budgétaire
              </th>
              {MONTHS.map((month, m) => (
                <FigureColumnHeader key={month} title={month} width={MONTH_WIDTH} isClosed={locks.closed.has(m)} />
              ))}
              <FigureColumnHeader title="Total Annuel" width={YEAR_WIDTH} />
            </tr>
          </thead>
          <tbody>
            {range.start > 0 && <Spacer height={tops[range.start] ?? 0} />}
            {items.slice(range.start, range.end).map((item) => {
              switch (item.kind) {
                case 'pole':
                  return <PoleRow key={`p-${item.pole.id}`} pole={item.pole} actions={rowActions} />;
                case 'line':
                  return (
                    <LineRow
                      key={item.line.id}
                      poleId={item.pole.id}
                      poleName={item.pole.name}
                      line={item.line}
                      lineIndex={item.lineIndex}
                      isFirst={item.isFirst}
                      isLast={item.isLast}
                      actions={rowActions}
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
          current={cellReader(poles)(historyOf.cell)}
          onRestore={(value) => restore(historyOf, value)}
          onClose={() => setHistoryOf(null)}
          onClosed={() => onFocusRequest({ ...historyOf.cell })}
        />
      )}
    </div>
  );
}
