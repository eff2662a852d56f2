/**
 * What the budget grid's rows can do: edit and paste cells, open a cell's menu, expand a pole,
 * toggle an invoiced month, add or delete a line. Stable across renders (TanStack Query's mutate
 * functions are), so memoised rows skip work.
 */
import { useMemo, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { cellAtGridPos, cellUpdate, pasteWrites, type Line } from '@/domain';
import { useAddLine, useDeleteLine, useSetFacture, useTogglePole, useWriteCells } from '../api/client-budget';
import { historyStackQueryOptions } from '../api/get-history';
import type { GridActions } from '../components/grid-rows';
import { FAILURE, notifyFailure, notifySuccess } from '../lib/failure-messages';
import { skippedClosedCells, useGridLocks } from './use-closed-months';

type Options = {
  /** The visible lines in screen order, read when a block is pasted (always the current ones). */
  lines: RefObject<readonly Line[]>;
  onOpenMenu: GridActions['onOpenMenu'];
  /** Undoes one history entry (the toast after a deleted line). */
  onUndoEntry: (id: number) => void;
};

/** The budget of `year` and `clientId`. */
export function useGridActions(
  year: number,
  clientId: string,
  { lines, onOpenMenu, onUndoEntry }: Options,
): GridActions {
  const queryClient = useQueryClient();
  const writeCells = useWriteCells(year, clientId);
  const { mutate: togglePole } = useTogglePole(year, clientId);
  const { mutate: setFacture } = useSetFacture(year, clientId);
  const { mutateAsync: addLine } = useAddLine(year);
  const { mutate: deleteLine } = useDeleteLine(year);
  const locks = useGridLocks(year);

  return useMemo<GridActions>(
    () => ({
      onEdit: (lineId, month, measure, cents, mode) =>
        writeCells([cellUpdate(lineId, month, measure, cents)], { immediate: mode === 'commit', cancelReload: true }),
      onPasteBlock: (row, col, block) => {
        const current = lines.current;
        const writes = pasteWrites(block, cellAtGridPos({ row, col }), current.length);
        const all = writes.map((w) => cellUpdate(current[w.lineIndex]!.id, w.month, w.measure, w.cents));
        // docs/product.md#month-closing: closed cells leave the paste; the open ones are saved.
        const updates = locks.readOnly ? [] : all.filter((u) => !locks.closed.has(u.month));
        if (!locks.readOnly && updates.length < all.length)
          notifySuccess(skippedClosedCells(all.length - updates.length));
        if (updates.length > 0) writeCells(updates, { immediate: true, cancelReload: false, source: 'collage' });
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
          await addLine({ poleId: pole.id, name });
          notifySuccess('Ligne ajoutée', name);
          return true;
        } catch (error) {
          notifyFailure(FAILURE.addLine, error);
          return false;
        }
      },
      onDeleteLine: (line) =>
        deleteLine(line.id, {
          onSuccess: async () => {
            // docs/product.md#history: the deletion is now the top of the user's undo stack; its
            // toast offers to take it back. Without the stack, the toast just says it is done.
            const stack = await queryClient.fetchQuery(historyStackQueryOptions(year, clientId)).catch(() => null);
            const id = stack?.undo ?? null;
            notifySuccess('Ligne supprimée', line.name, {
              action: id === null ? undefined : { label: 'Annuler', onClick: () => onUndoEntry(id) },
            });
          },
          onError: (error) => notifyFailure(FAILURE.deleteLine, error),
        }),
    }),
    [
      writeCells,
      locks,
      lines,
      onOpenMenu,
      onUndoEntry,
      queryClient,
      year,
      clientId,
      togglePole,
      setFacture,
      addLine,
      deleteLine,
    ],
  );
}
