/**
 * What the budget grid's rows can do: edit cells, write a block (paste, fill, clear, spread), open
 * a cell's menu, expand a pole, toggle an invoiced month, add, rename, move or delete a line,
 * rename a pole. Stable across renders (TanStack Query's mutate functions are), so memoised rows
 * skip work. Every write is checked first against what the database can hold
 * (docs/product.md#cell-entry): a refused one changes nothing.
 */
import { useMemo, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  applyCellUpdates,
  budgetFitsStorage,
  cellUpdate,
  type CellUpdate,
  type CellWrite,
  type Cents,
  type Line,
  type Measure,
  type Pole,
} from '@/domain';
import type { CellSource, LineMove } from '@/domain/history';
import type { CellRef } from '@/domain/history-view';
import { budgetKeys } from '../../api/budget-keys';
import {
  useAddLine,
  useDeleteLine,
  useMoveLine,
  useRenameLine,
  useRenamePole,
  useSetFacture,
  useTogglePole,
  useWriteCells,
  type CellWriteMode,
} from '../../api/client-budget';
import { getHistoryStack } from '../../history/api/get-history';
import { FAILURE, notifyFailure, notifySuccess } from '../../lib/failure-messages';
import { isWritable, skippedClosedCells, skippedValidatedCells, useGridLocks } from './use-closed-months';

/**
 * How a cell's value is written: live while typing (saved only after a pause), committed (blur,
 * Enter, a move: saved at once), or cancelled (Escape: the value from before, nothing written).
 */
export type CellEditMode = CellWriteMode;

/** Actions the grid passes down; stable across renders so memoised rows skip work. */
export type GridActions = {
  /**
   * Writes a value (live while typing, then on commit); answers why it is refused (a budget the
   * database cannot hold), or null when it is written.
   */
  onEdit: (lineId: string, month: number, measure: Measure, cents: Cents, mode: CellEditMode) => string | null;
  /**
   * Opens the cell's context menu (right click, Shift+F10 or the menu key) at a point of the
   * viewport: the pointer, or the cell's corner from the keyboard.
   */
  onOpenMenu: (input: HTMLInputElement, at: { x: number; y: number }) => void;
  onToggleExpanded: (pole: Pole) => void;
  onToggleFacture: (pole: Pole, month: number, value: boolean) => void;
  onAddLine: (pole: Pole, name: string) => Promise<boolean>;
  /** Renames in place; true once stored. */
  onRenameLine: (line: Line, name: string) => Promise<boolean>;
  onRenamePole: (pole: Pole, name: string) => Promise<boolean>;
  /** Moves a line one place up or down within its pole. */
  onMoveLine: (pole: Pole, line: Line, direction: LineMove) => void;
  /** Deletes at once (the grid asks first when the line holds figures: `onAskDeleteLine`). */
  onDeleteLine: (line: Line) => void | Promise<void>;
};

/** Why a write is refused when the budget would pass what the database holds. */
export const BUDGET_TOO_LARGE =
  'le total du budget dépasserait ce que la base peut enregistrer (999\u202f999\u202f999\u202f999,99\u00a0€).';

/** 10 000 000 000 € in cents: a typed figure from which every keystroke checks the whole budget. */
const HUGE_CENTS = 1_000_000_000_000;

type Options = {
  /** The visible lines in screen order, read when a block is written (always the current ones). */
  lines: RefObject<readonly Line[]>;
  onOpenMenu: GridActions['onOpenMenu'];
  /** Undoes one history entry (the toast after a deleted line). */
  onUndoEntry: (id: number) => void;
  /** Puts the cursor on a cell, scrolling its row in (a line just added: docs/product.md#budget-grid). */
  onFocusRequest: (cell: CellRef) => void;
};

/** What the grid's block actions need beside the rows' actions. */
export type BlockActions = {
  /**
   * Writes cells given by visible line index, sent at once as one request (one history entry);
   * answers why it is refused, or null.
   */
  writeBlock: (writes: readonly CellWrite[], source?: CellSource) => string | null;
};

/** The budget of `year` and `clientId`. */
export function useGridActions(
  year: number,
  clientId: string,
  { lines, onOpenMenu, onUndoEntry, onFocusRequest }: Options,
): GridActions & BlockActions {
  const queryClient = useQueryClient();
  const writeCells = useWriteCells(year, clientId);
  const { mutate: togglePole } = useTogglePole(year, clientId);
  const { mutate: setFacture } = useSetFacture(year, clientId);
  const { mutateAsync: addLine } = useAddLine(year);
  const { mutateAsync: deleteLine } = useDeleteLine(year);
  const { mutateAsync: renameLine } = useRenameLine(year);
  const { mutateAsync: renamePole } = useRenamePole(year);
  const { mutate: moveLine } = useMoveLine(year, clientId);
  const locks = useGridLocks(year, clientId);

  return useMemo(() => {
    /** Null when the budget with these updates can be stored, else why not. */
    const refusal = (updates: readonly CellUpdate[]): string | null => {
      const poles = queryClient.getQueryData<Pole[]>(budgetKeys.clientBudget(year, clientId));
      return poles && !budgetFitsStorage(applyCellUpdates(poles, updates)) ? BUDGET_TOO_LARGE : null;
    };
    const rename = async (save: () => Promise<unknown>, failure: Parameters<typeof notifyFailure>[0], name: string) => {
      try {
        await save();
        notifySuccess('Nom modifié', name);
        return true;
      } catch (error) {
        notifyFailure(failure, error);
        return false;
      }
    };
    return {
      onEdit: (lineId, month, measure, cents, mode) => {
        const updates = [cellUpdate(lineId, month, measure, cents)];
        // The whole budget is checked on commit (and for a huge figure while typing), not on every
        // keystroke: it costs a pass over every line, which the key → screen budget cannot afford
        // at 300 lines. A figure typed and paused on is saved meanwhile; if the server refuses it,
        // the queue leaves it out alone (ADR 024), and the commit puts the previous value back.
        const mustCheck = mode === 'commit' || Math.abs(cents) >= HUGE_CENTS;
        const reason = mustCheck ? refusal(updates) : null;
        if (reason === null) writeCells(updates, { mode, cancelReload: true });
        return reason;
      },
      writeBlock: (writes, source) => {
        const current = lines.current;
        const all = writes.flatMap((w) => {
          const line = current[w.lineIndex];
          // docs/product.md#driver-lines: a computed cell is left out of a paste, a fill, a clear.
          return line && line.driver?.measure !== w.measure ? [cellUpdate(line.id, w.month, w.measure, w.cents)] : [];
        });
        // docs/product.md#month-closing, #sign-off: closed cells, and a validated budget's
        // forecasts, leave a paste, a fill or a spread; the others are saved.
        const updates = all.filter((u) => isWritable(locks, u.month, u.field));
        if (!locks.readOnly && updates.length < all.length) {
          const skipped = all.length - updates.length;
          notifySuccess(locks.validated ? skippedValidatedCells(skipped) : skippedClosedCells(skipped));
        }
        if (updates.length === 0) return null;
        const reason = refusal(updates);
        if (reason === null) writeCells(updates, { mode: 'commit', cancelReload: false, source });
        return reason;
      },
      onOpenMenu,
      onToggleExpanded: (pole) =>
        togglePole(
          { poleId: pole.id, isExpanded: !pole.isExpanded },
          { onError: (error) => notifyFailure(FAILURE.togglePole, error) },
        ),
      onToggleFacture: (pole, month, value) =>
        setFacture({ poleId: pole.id, month, value }, { onError: (error) => notifyFailure(FAILURE.facture, error) }),
      onAddLine: async (pole, name) => {
        try {
          const line = await addLine({ poleId: pole.id, name });
          notifySuccess('Ligne ajoutée', name);
          // m3: the grid scrolls to the new line, its first cell ready to type in.
          onFocusRequest({ lineId: line.id, month: 0, field: 'previsionnel' });
          return true;
        } catch (error) {
          notifyFailure(FAILURE.addLine, error);
          return false;
        }
      },
      onRenameLine: (line, name) => rename(() => renameLine({ lineId: line.id, name }), FAILURE.renameLine, name),
      onRenamePole: (pole, name) => rename(() => renamePole({ poleId: pole.id, name }), FAILURE.renamePole, name),
      onMoveLine: (pole, line, direction) =>
        moveLine(
          { poleId: pole.id, lineId: line.id, direction, order: pole.lines.map((l) => l.id) },
          { onError: (error) => notifyFailure(FAILURE.moveLine, error) },
        ),
      onDeleteLine: async (line) => {
        // Awaited per call (not mutate's callbacks, which a second deletion in quick succession
        // would take over): each toast names and undoes its own deletion.
        try {
          await deleteLine(line.id);
        } catch (error) {
          notifyFailure(FAILURE.deleteLine, error);
          return;
        }
        // docs/product.md#history: the deletion is now the top of the user's undo stack; its toast
        // offers to take it back. Read from the server itself, not through the cache: a stack read
        // already in flight would name the previous change. Without the stack, the toast just says it is done.
        const stack = await getHistoryStack(year, clientId).catch(() => null);
        const id = stack?.undo ?? null;
        notifySuccess('Ligne supprimée', line.name, {
          action: id === null ? undefined : { label: 'Annuler', onClick: () => onUndoEntry(id) },
        });
      },
    } satisfies GridActions & BlockActions;
  }, [
    writeCells,
    locks,
    lines,
    onOpenMenu,
    onUndoEntry,
    onFocusRequest,
    queryClient,
    year,
    clientId,
    togglePole,
    setFacture,
    addLine,
    deleteLine,
    renameLine,
    renamePole,
    moveLine,
  ]);
}
