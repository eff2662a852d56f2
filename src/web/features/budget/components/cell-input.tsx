import { memo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { formatDecimal, parseCellEntry, parseClipboardBlock, type Cents, type Measure } from '@/domain';
import { historyShortcut } from '@/domain/history-view';
import { cn } from '@/web/lib/cn';
import { useCellSaveStatus } from '../api/save-cells';
import { useCellLocks } from '../hooks/use-closed-months';

export type CellEditMode = 'typing' | 'commit';

export type CellInputProps = {
  lineId: string;
  month: number;
  measure: Measure;
  /** The value in the cache (cents); shown when the cell is not being typed in. */
  cents: Cents;
  /** docs/product.md#accessible-names: '{Pôle} · {Ligne} · {Mois} · {Mesure}'. */
  label: string;
  /** Position in the grid of inputs, read by the grid's keyboard handler. */
  row: number;
  col: number;
  isPurchase: boolean;
  onEdit: (lineId: string, month: number, measure: Measure, cents: Cents, mode: CellEditMode) => void;
  onPasteBlock: (row: number, col: number, block: string[][]) => void;
  /**
   * Opens the cell's context menu (right click, Shift+F10 or the menu key) at a point of the
   * viewport: the pointer, or the cell's corner from the keyboard.
   */
  onOpenMenu: (input: HTMLInputElement, at: { x: number; y: number }) => void;
};

/**
 * One numeric cell. While the user types, the text stays local (so '12,' is not reformatted
 * under their fingers) and each keystroke pushes the parsed value up for live totals. Escape
 * brings back the value the cell had when focused. Zero shows as an empty cell.
 *
 * The cell is *being typed in* while its text is local (changed since it got focus, not yet
 * committed nor cancelled). Then Ctrl+Z (⌘Z) cancels the typing as Escape does, rather than the
 * browser's undo of one keystroke (which stored a truncated figure) or the budget's undo of the
 * last stored change; Ctrl+Y and Ctrl+Shift+Z do nothing. Outside typing, the budget tab's
 * shortcut handler undoes and redoes stored changes (hooks/use-history-shortcuts.ts).
 */
export const CellInput = memo(function CellInput(props: CellInputProps) {
  const { lineId, month, measure, cents, label, row, col, isPurchase, onEdit, onPasteBlock, onOpenMenu } = props;
  const [text, setText] = useState<string | null>(null);
  const original = useRef(cents);
  const isUnsaved = useCellSaveStatus(lineId, month, measure);
  const locks = useCellLocks();
  const isClosed = locks.closed.has(month);

  const shown = text ?? (cents === 0 ? '' : formatDecimal(cents));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      const rect = input.getBoundingClientRect();
      onOpenMenu(input, { x: rect.left, y: rect.bottom });
      return;
    }
    if (text === null) return;
    const shortcut = historyShortcut(event);
    if (event.key !== 'Escape' && !shortcut) return;
    event.preventDefault();
    if (shortcut === 'redo') return;
    setText(null);
    onEdit(lineId, month, measure, original.current, 'typing');
    requestAnimationFrame(() => input.select());
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const block = parseClipboardBlock(event.clipboardData.getData('text/plain'));
    if (!block) return; // one value: an ordinary paste into the field
    event.preventDefault();
    setText(null);
    onPasteBlock(row, col, block);
  };

  return (
    <input
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      aria-label={label}
      title={isClosed ? 'Mois clôturé' : isUnsaved ? 'Non enregistré : nouvelle tentative en cours' : undefined}
      readOnly={isClosed || locks.readOnly}
      data-closed={isClosed || undefined}
      data-row={row}
      data-col={col}
      data-unsaved={isUnsaved || undefined}
      value={shown}
      onFocus={(e) => {
        original.current = cents;
        e.currentTarget.select();
      }}
      onChange={(e) => {
        setText(e.target.value);
        onEdit(lineId, month, measure, parseCellEntry(e.target.value), 'typing');
      }}
      onBlur={() => {
        if (text === null) return;
        setText(null);
        onEdit(lineId, month, measure, parseCellEntry(text), 'commit');
      }}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onContextMenu={(e) => {
        e.preventDefault();
        onOpenMenu(e.currentTarget, { x: e.clientX, y: e.clientY });
      }}
      className={cn(
        'h-6 w-full min-w-0 scroll-ml-72 scroll-mt-20 scroll-mb-24 rounded-sm border border-transparent px-1 text-right text-xs tabular-nums',
        'hover:border-input focus:border-ring focus:bg-card focus:outline-none focus:ring-1 focus:ring-ring',
        isPurchase ? 'bg-amber-50/70' : 'bg-sky-50/70',
        isUnsaved && 'border-dashed border-destructive bg-destructive/10 text-destructive',
        isClosed && 'cursor-not-allowed bg-muted text-muted-foreground',
      )}
    />
  );
});
