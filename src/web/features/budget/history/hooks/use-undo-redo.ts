/**
 * Undo and redo in the budget tab (docs/product.md#history): of the user's own entries for the
 * client and year on screen, from the server's stack, so they survive a reload and have no step
 * limit. Edits still waiting in the save queue are stored first, so the stack is current; then
 * the entry is undone, every view reloads, and `onChanged` gets the new entry (the grid moves its
 * cursor to the first cell it changed). One undo at a time: a press while one runs is dropped.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Pole } from '@/domain';
import type { HistoryEntry } from '@/domain/codec';
import { cellNameIn, type CellRef } from '@/domain/history-view';
import { monthNames } from '@/domain/fiscal-year';
import { notifyError } from '@/web/lib/notify';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
import { UNDO_FAILED, undoAndReload } from '@/web/lib/undo-entry';
import { ApiError } from '@/web/lib/api-client';
import { budgetKeys } from '../../api/budget-keys';
import { historyStackQueryOptions, useHistoryStack } from '../api/get-history';
import { cellSaveQueue } from '../../saving/api/save-cells';

/** What to undo: the top of the undo stack, of the redo stack (a redo), or one entry (the panel, a toast). */
export type UndoTarget = 'undo' | 'redo' | { id: number };

export function useUndoRedo(year: number, clientId: string, onChanged: (entry: HistoryEntry) => void) {
  const queryClient = useQueryClient();
  const stack = useHistoryStack(year, clientId);
  const fiscal = useFiscalSettings();
  const isRunning = useRef(false);
  const onChangedRef = useRef(onChanged);
  useLayoutEffect(() => {
    onChangedRef.current = onChanged;
  }, [onChanged]);

  const run = useCallback(
    async (target: UndoTarget) => {
      if (isRunning.current) return;
      isRunning.current = true;
      try {
        const queue = cellSaveQueue();
        queue.flush();
        await queue.whenIdle();
        let id: number | null;
        if (typeof target === 'object') id = target.id;
        else {
          const stackQuery = historyStackQueryOptions(year, clientId);
          // A fetch of the stack still in flight may have started before the saves above were
          // stored, and fetchQuery would share its answer: cancel it, so the stack is read now.
          await queryClient.cancelQueries({ queryKey: stackQuery.queryKey, exact: true });
          try {
            id = (await queryClient.fetchQuery(stackQuery))[target];
          } catch (error) {
            notifyError('Erreur', error instanceof ApiError ? error.message : UNDO_FAILED, error);
            return;
          }
        }
        if (id === null) return;
        // The cells a refusal lists are named as the grid shows them now.
        const poles = queryClient.getQueryData<Pole[]>(budgetKeys.clientBudget(year, clientId)) ?? [];
        const names = monthNames(fiscal, year);
        const entry = await undoAndReload(queryClient, id, (cell: CellRef) => cellNameIn(poles, cell, names));
        if (entry) onChangedRef.current(entry);
      } finally {
        isRunning.current = false;
      }
    },
    [queryClient, year, clientId, fiscal],
  );

  return {
    canUndo: stack.data?.undo != null,
    canRedo: stack.data?.redo != null,
    run,
  };
}
