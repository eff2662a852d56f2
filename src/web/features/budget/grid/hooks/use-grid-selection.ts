/**
 * The grid's selection, keyboard and clipboard (ADR 024, docs/product.md#grid-entry), handled once
 * for all cells on the table: a rectangle from the anchor (the focused cell) to a corner, the keys
 * of `grid-keys.ts`, a copy as tab-separated text Excel pastes, a paste from a spreadsheet or from
 * the grid. The selection is kept in a ref and drawn imperatively (`data-selected` on the rendered
 * inputs inside it): re-rendering 14,400 memoised inputs to move a highlight would cost frames.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  type ClipboardEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import {
  ZERO_CENTS,
  MONTH_LAYOUT,
  blockPasteWrites,
  enterAfterTabs,
  fillRightWrites,
  gridSize,
  inRange,
  moveInGrid,
  parseClipboardBlock,
  pastesAsShown,
  rangeBetween,
  rangeCells,
  rangeText,
  readCellEntry,
  type CellCoord,
  type Cents,
  type GridLayout,
  type GridPos,
  type Line,
  type PastePlan,
} from '@/domain';
import { notifyError, notifyWarning } from '@/web/lib/notify';
import { notifySuccess } from '../../lib/failure-messages';
import { gridKeyAction } from '../lib/grid-keys';
import type { BlockActions } from './use-grid-actions';

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

type Options = {
  tableRef: RefObject<HTMLTableElement | null>;
  /** The visible lines in screen order (always the current ones). */
  lines: RefObject<readonly Line[]>;
  /** How the view places the cells (docs/product.md#grid-views): moves, blocks, copy, paste and fill follow it. */
  layout: GridLayout;
  /** The input at a grid position, its row rendered first when it is outside the window. */
  inputAt: (pos: GridPos) => HTMLInputElement | null;
  writeBlock: BlockActions['writeBlock'];
};

/** The table's event handlers for selection, keys and clipboard. */
export function useGridSelection({ tableRef, lines, layout, inputAt, writeBlock: write }: Options) {
  const selection = useRef<{ anchor: GridPos; corner: GridPos } | null>(null);
  const isMarked = useRef(false);
  const isDragging = useRef(false);
  /** Where the current run of Tabs started ('Par mesure': Enter goes back to its column, one row down). */
  const tabRun = useRef<GridPos | null>(null);
  const selectedRange = () => {
    const s = selection.current;
    return s ? rangeBetween(s.anchor, s.corner) : null;
  };
  const drawSelection = () => {
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
  };
  const select = (anchor: GridPos, corner: GridPos) => {
    selection.current = { anchor, corner };
    drawSelection();
  };
  // Rows entering the window are drawn too. Another view places other cells at the same
  // positions: there the selection and a run of Tabs end.
  const drawnLayout = useRef(layout);
  useLayoutEffect(() => {
    if (drawnLayout.current !== layout) {
      drawnLayout.current = layout;
      selection.current = null;
      tabRun.current = null;
    }
    if (isMarked.current) drawSelection();
  });
  useEffect(() => {
    const stop = () => {
      isDragging.current = false;
    };
    window.addEventListener('mouseup', stop);
    return () => window.removeEventListener('mouseup', stop);
  }, []);

  const size = () => gridSize(layout, lines.current.length);
  const valueAt = (c: CellCoord): Cents => {
    const line = lines.current[c.lineIndex];
    return line ? (line[c.measure][c.month] ?? ZERO_CENTS) : ZERO_CENTS;
  };
  /** Writes a block; says why when it is refused. True when written. */
  const writeBlock = (writes: Parameters<typeof write>[0], source?: 'collage'): boolean => {
    const reason = write(writes, source);
    if (reason !== null) notifyError('Saisie refusée', `Rien n'a été modifié\u00a0: ${reason}`);
    return reason === null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const input = event.target;
    const pos = posOf(input);
    if (!pos || !(input instanceof HTMLInputElement)) return;
    const cell = { isTyping: input.dataset.typing === 'true', isEditing: input.dataset.editing === 'true' };
    const action = gridKeyAction(event, cell);
    if (!action) return;
    const r = selectedRange() ?? rangeBetween(pos, pos);
    switch (action.kind) {
      case 'fillRight': {
        // Fill right to December (open months only, once closing exists: monthsToFillAfter).
        event.preventDefault();
        const writes = fillRightWrites(r, valueAt, undefined, layout);
        if (writes.length > 0 && writeBlock(writes))
          notifySuccess('Recopié vers la droite', `${writes.length} cellule(s)`);
        return;
      }
      case 'clear':
        // Delete clears the selection to 0 in one request (one history entry).
        event.preventDefault();
        writeBlock(rangeCells(r, layout).map((c) => ({ ...c, cents: ZERO_CENTS })));
        return;
      case 'extend': {
        // The selection grows from the anchor; the cursor stays on the anchor.
        event.preventDefault();
        const s = selection.current ?? { anchor: pos, corner: pos };
        const corner = moveInGrid(s.corner, action.move, size()) ?? s.corner;
        selection.current = { anchor: s.anchor, corner };
        inputAt(corner)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        input.focus({ preventScroll: true });
        drawSelection();
        return;
      }
      case 'move': {
        const isTab = action.move === 'next' || action.move === 'previous';
        const run = tabRun.current;
        tabRun.current = isTab ? (run?.row === pos.row ? run : pos) : null;
        const afterTabs =
          event.key === 'Enter' && !event.shiftKey && layout !== MONTH_LAYOUT ? enterAfterTabs(pos, run, size()) : null;
        const target = afterTabs ?? moveInGrid(pos, action.move, size());
        const next = target && inputAt(target);
        if (!next) return;
        event.preventDefault();
        next.focus(); // the blur commits what was typed
      }
    }
  };

  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const pos = posOf(event.target);
    if (!pos) return;
    const s = selection.current;
    if (s && s.anchor.row === pos.row && s.anchor.col === pos.col) return; // back on the anchor: keep the block
    select(pos, pos);
  };

  const onMouseDown = (event: MouseEvent<HTMLTableElement>) => {
    const input = event.target;
    const pos = posOf(input);
    if (!pos || !(input instanceof HTMLInputElement) || event.button !== 0) return;
    tabRun.current = null;
    if (event.shiftKey && selection.current) {
      // Shift+click: the block from the anchor to this cell.
      event.preventDefault();
      select(selection.current.anchor, pos);
      return;
    }
    if (input.dataset.typing === 'true' || input.dataset.editing === 'true') return; // the caret goes where clicked
    // A click selects the cell's whole content (the first key replaces it) and may start a drag.
    event.preventDefault();
    isDragging.current = true;
    if (document.activeElement !== input) input.focus();
    else {
      select(pos, pos);
      input.select();
    }
  };

  const onMouseOver = (event: MouseEvent<HTMLTableElement>) => {
    if (!isDragging.current || !selection.current) return;
    const pos = posOf(event.target);
    if (!pos) return;
    const { corner } = selection.current;
    if (corner.row === pos.row && corner.col === pos.col) return;
    select(selection.current.anchor, pos);
  };

  const onCopy = (event: ClipboardEvent<HTMLTableElement>) => {
    const input = event.target;
    const pos = posOf(input);
    if (!pos || !(input instanceof HTMLInputElement) || input.dataset.typing === 'true') return;
    // Ctrl+C copies the selection (or the cell) as tab-separated text Excel pastes.
    const text = rangeText(selectedRange() ?? rangeBetween(pos, pos), valueAt, layout);
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
    const isOurs = event.clipboardData.getData(GRID_CLIPBOARD_TYPE) === text || text === lastCopiedText;
    let plan: PastePlan;
    if (!block) {
      // One value over a selected block fills it, as in Excel.
      const entry = readCellEntry(text);
      if (!entry.ok) {
        notifyError('Collage refusé', `«\u00a0${text.trim()}\u00a0»\u00a0: ${entry.reason}`);
        return;
      }
      plan = { writes: rangeCells(r, layout).map((c) => ({ ...c, cents: entry.cents })), dropped: 0, refused: 0 };
    } else {
      // docs/product.md#grid-views: the block maps onto the cells as the view shows them.
      plan = blockPasteWrites(block, origin, lines.current.length, layout, isOurs);
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
      const { rows, cols } = size();
      const corner = pastesAsShown(layout, isOurs)
        ? {
            row: Math.min(origin.row + block.length - 1, rows - 1),
            col: Math.min(origin.col + Math.max(...block.map((b) => b.length)) - 1, cols - 1),
          }
        : origin;
      select(origin, corner);
    }
  };

  return { onKeyDown, onFocus, onMouseDown, onMouseOver, onCopy, onPaste };
}
