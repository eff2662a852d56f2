import { memo, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { formatDecimal, readCellEntry, type Cents, type Measure } from '@/domain';
import type { CellLook, CellView } from '@/domain/cell-view';
import { cellKey } from '@/domain/comments';
import { historyShortcut } from '@/domain/history-view';
import { useCellComments } from '@/web/lib/cell-comments';
import { cn } from '@/web/lib/cn';
import { notifyError } from '@/web/lib/notify';
import { useCell } from '../hooks/use-cell';
import type { GridActions } from '../hooks/use-grid-actions';

/**
 * How a cell is being typed in (ADR 024, Excel's entry model): `enter` once a key replaced its
 * content (arrows commit and move), `edit` after F2, a double click or Enter (arrows move the caret).
 */
type TypingMode = 'enter' | 'edit';

/** The styles of the states cellView draws; later ones win (cn merges conflicting classes). */
const LOOK_CLASS: Record<CellLook, string> = {
  unsaved: 'border-dashed border-destructive bg-destructive/10 text-destructive',
  refused: 'border-destructive bg-destructive/10',
  conflict: 'border-amber-500 bg-amber-100 ring-1 ring-amber-500',
  remote: 'border-violet-500 ring-1 ring-violet-500',
  closed: 'cursor-not-allowed bg-muted text-muted-foreground',
  // docs/product.md#read-only-cells: a viewer's cells do not look like inputs.
  readonly: 'cursor-default bg-transparent hover:border-transparent',
  // docs/product.md#driver-lines: computed, read-only, marked by its corner « = ».
  driven: 'cursor-default bg-indigo-50 italic text-indigo-900',
};

/**
 * Another person's change (docs/product.md#live-browser): their initials in the cell's corner a
 * few seconds, or, while the user types in the cell, the value they stored shown beneath it.
 */
function CellMarks({ view, hasThread }: { view: CellView; hasThread: boolean }) {
  return (
    <>
      {view.looks.includes('driven') && (
        <span
          aria-hidden="true"
          data-testid="driven-mark"
          className="pointer-events-none absolute left-0.5 top-0 z-10 text-[9px] font-semibold leading-3 text-indigo-600"
        >
          =
        </span>
      )}
      {hasThread && (
        // docs/product.md#comments: an open thread on the cell, a corner mark as in a spreadsheet.
        <span
          aria-hidden="true"
          data-testid="comment-mark"
          className="pointer-events-none absolute right-0 top-0 z-10 size-0 border-l-[6px] border-t-[6px] border-l-transparent border-t-orange-500"
        />
      )}
      {view.markInitials && (
        <span
          aria-hidden="true"
          data-testid="remote-mark"
          className="pointer-events-none absolute -right-1 -top-1.5 z-10 rounded-sm bg-violet-600 px-0.5 text-[9px] font-semibold leading-3 text-white shadow-sm"
        >
          {view.markInitials}
        </span>
      )}
      {view.incoming && (
        <span
          role="status"
          title={view.incoming.title}
          className="absolute left-0 top-full z-30 mt-0.5 whitespace-nowrap rounded-sm bg-violet-600 px-1 text-[10px] font-medium leading-4 text-white shadow"
        >
          {view.incoming.text}
        </span>
      )}
    </>
  );
}

/**
 * The cell's comments (docs/product.md#comments), when the app composed them in: whether an open
 * thread sits on it (its corner mark), and Shift+F2 to comment it, as Excel's « Nouveau commentaire ».
 */
function useCellThread(lineId: string, month: number, field: Measure, label: string) {
  const comments = useCellComments();
  return {
    isOpen: comments?.openCells.has(cellKey(lineId, month, field)) ?? false,
    /** True when the key was Shift+F2 and the panel opened. */
    onKey: (event: KeyboardEvent<HTMLInputElement>) => {
      if (!comments || event.key !== 'F2' || !event.shiftKey) return false;
      event.preventDefault();
      comments.comment({ lineId, month, field, label });
      return true;
    },
  };
}

/** The input's classes: its colour (sales or purchases), then the states drawn on it. */
const cellClass = (isPurchase: boolean, looks: readonly CellLook[]) =>
  cn(
    'h-6 w-full min-w-0 scroll-ml-72 scroll-mt-20 scroll-mb-24 rounded-sm border border-transparent px-1 text-right text-xs tabular-nums',
    'hover:border-input focus:border-ring focus:bg-card focus:outline-none focus:ring-1 focus:ring-ring',
    'data-[selected]:bg-primary/15 data-[selected]:ring-1 data-[selected]:ring-primary/40',
    isPurchase ? 'bg-amber-50/70' : 'bg-sky-50/70',
    looks.map((look) => LOOK_CLASS[look]),
  );

/**
 * docs/product.md#read-only-cells: a key that would change a read-only cell (a character, Delete,
 * Backspace, F2) shows why beside it, instead of being dropped silently; leaving the cell hides it.
 */
function useReadOnlyNotice(reason: string | null) {
  const [isShown, setIsShown] = useState(false);
  return {
    text: isShown ? reason : null,
    hide: () => setIsShown(false),
    /** True when the key was one that would have changed the cell, and the reason is now shown. */
    onKey: (event: KeyboardEvent<HTMLInputElement>) => {
      if (reason === null || event.ctrlKey || event.metaKey || event.altKey) return false;
      const isChange = event.key.length === 1 || ['Backspace', 'Delete', 'F2'].includes(event.key);
      if (!isChange) return false;
      event.preventDefault();
      setIsShown(true);
      return true;
    },
  };
}

/** The reason shown under a read-only cell typed into, announced to screen readers. */
function ReadOnlyNotice({ text }: { text: string | null }) {
  if (text === null) return null;
  return (
    <span
      role="status"
      className="absolute left-0 top-full z-30 mt-0.5 w-64 whitespace-normal rounded-md bg-foreground px-2 py-1 text-xs font-medium leading-4 text-background shadow-md"
    >
      {text}
    </span>
  );
}

export type CellInputProps = {
  lineId: string;
  month: number;
  measure: Measure;
  /** The value in the cache (cents); shown when the cell is not being typed in. */
  cents: Cents;
  /** docs/product.md#accessible-names: '{Pôle} · {Ligne} · {Mois} · {Mesure}'. */
  label: string;
  /** The month as the grid heads it: a closed cell's reason names it. */
  monthName: string;
  /** Position in the grid of inputs, read by the grid's keyboard handler. */
  row: number;
  col: number;
  isPurchase: boolean;
  /** A computed cell: what it is computed from (its tooltip); else null (docs/product.md#driver-lines). */
  driven: string | null;
  onEdit: GridActions['onEdit'];
  onOpenMenu: GridActions['onOpenMenu'];
};

/**
 * One numeric cell, entered as in Excel (docs/product.md#grid-entry, ADR 024). Focused, its whole
 * content is selected and the first key replaces it; from then on arrows, Tab and Enter commit and
 * move (the grid's handler). F2, a double click or Enter on a cell not being typed in enter edit
 * mode, where ← and → move the caret. Escape brings back the value the cell had when focused.
 * Each keystroke pushes the value read so far for live totals; an entry refused on commit (`abc`,
 * `=1/0`, an amount beyond what the database holds) leaves the cell's previous value and says why.
 * Not focused, the value shows French digit grouping; zero shows as an empty cell.
 *
 * The cell is *being typed in* while its text is local (changed since it got focus, not yet
 * committed nor cancelled). Then Ctrl+Z (⌘Z) cancels the typing as Escape does (ADR 023); Ctrl+Y
 * and Ctrl+Shift+Z do nothing. The grid reads `data-typing` and `data-editing` from the element.
 */
export const CellInput = memo(function CellInput(props: CellInputProps) {
  const { lineId, month, measure, cents, label, monthName, row, col, isPurchase, driven, onEdit, onOpenMenu } = props;
  const [text, setText] = useState<string | null>(null);
  const [mode, setMode] = useState<TypingMode | null>(null);
  const [isFocused, setIsFocused] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const original = useRef(cents);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where the caret goes once the text shown changed under it (the grouped value became plain). */
  const pendingSelection = useRef<'all' | 'end' | null>(null);
  // The save queue's state, another person's mark, the locks: read once, in useCell.
  const own = { value: cents, label, typing: text, isFocused, refusal, driven, monthName };
  const view = useCell(lineId, month, measure, own);
  const thread = useCellThread(lineId, month, measure, label);
  const notice = useReadOnlyNotice(view.readOnlyReason);
  const has = (look: CellLook) => view.looks.includes(look) || undefined;

  // A value changed while the cell is focused but not typed in (a paste, Delete, an undo) is the
  // one Escape brings back.
  useLayoutEffect(() => {
    if (text === null) original.current = cents;
  }, [cents, text]);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || pendingSelection.current === null) return;
    if (pendingSelection.current === 'all') input.select();
    else input.setSelectionRange(input.value.length, input.value.length);
    pendingSelection.current = null;
  });

  const cancel = () => {
    setText(null);
    setMode(null);
    onEdit(lineId, month, measure, original.current, 'cancel');
    pendingSelection.current = 'all';
  };

  /** Commits what was typed: the value read, or the previous one back with the reason said. */
  const commit = () => {
    if (text === null) return;
    setText(null);
    setMode(null);
    const entry = readCellEntry(text);
    const reason = entry.ok ? onEdit(lineId, month, measure, entry.cents, 'commit') : entry.reason;
    if (reason === null) {
      original.current = entry.ok ? entry.cents : original.current;
      return;
    }
    onEdit(lineId, month, measure, original.current, 'cancel');
    setRefusal(reason);
    notifyError('Saisie refusée', `${label}\u00a0: «\u00a0${text.trim()}\u00a0» — ${reason}`);
  };

  const startEditing = () => {
    setMode('edit');
    setText(view.display === '' ? '' : formatDecimal(cents));
    pendingSelection.current = 'end';
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      const rect = input.getBoundingClientRect();
      onOpenMenu(input, { x: rect.left, y: rect.bottom });
      return;
    }
    if (text === null && thread.onKey(event)) return;
    if (notice.onKey(event)) return;
    if (event.key === 'F2' || (event.key === 'Enter' && !event.shiftKey && text === null)) {
      // Enter on a cell not being typed in enters edit mode; while typing, the grid commits and moves.
      if (text !== null && event.key === 'F2') return;
      event.preventDefault();
      event.stopPropagation();
      startEditing();
      return;
    }
    if (text === null) return;
    const shortcut = historyShortcut(event);
    if (event.key !== 'Escape' && !shortcut) return;
    event.preventDefault();
    if (shortcut === 'redo') return;
    cancel();
  };

  return (
    <div className="relative min-w-0">
      <input
        ref={inputRef}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        aria-label={label}
        aria-invalid={view.isInvalid || undefined}
        title={view.title}
        readOnly={view.isReadOnly}
        data-closed={has('closed')}
        data-row={row}
        data-col={col}
        data-unsaved={has('unsaved')}
        data-conflict={has('conflict')}
        data-remote={view.markInitials ?? undefined}
        data-thread={thread.isOpen || undefined}
        data-refused={has('refused')}
        data-typing={text !== null || undefined}
        data-editing={mode === 'edit' || undefined}
        value={view.display}
        onFocus={() => {
          original.current = cents;
          setIsFocused(true);
          pendingSelection.current = 'all';
          // The layout effect selects once the plain text replaced the grouped one; a value that
          // did not change would not re-render, so select now as well.
          inputRef.current?.select();
        }}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          if (mode === null) setMode('enter');
          setRefusal(null);
          const entry = readCellEntry(value);
          // A text not readable yet ('=12*', '(50') shows the value from before meanwhile.
          const live = entry.ok ? entry.cents : original.current;
          if (onEdit(lineId, month, measure, live, 'typing') !== null) {
            onEdit(lineId, month, measure, original.current, 'typing');
          }
        }}
        onBlur={() => {
          setIsFocused(false);
          notice.hide();
          commit();
        }}
        onDoubleClick={() => {
          if (mode !== 'edit') startEditing();
        }}
        onKeyDown={onKeyDown}
        onContextMenu={(e) => {
          e.preventDefault();
          onOpenMenu(e.currentTarget, { x: e.clientX, y: e.clientY });
        }}
        className={cellClass(isPurchase, view.looks)}
      />
      <CellMarks view={view} hasThread={thread.isOpen} />
      <ReadOnlyNotice text={notice.text} />
    </div>
  );
});
