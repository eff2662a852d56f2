/**
 * The budget feature's side of the live stream (docs/product.md#live-browser), mounted once by the
 * app for the year on screen: another tab's cell changes are patched into the cached budget of
 * that client (no reload; the grid's totals follow) and marked with the author's initials; any
 * other change of a client (structure, closing, an import, an undo of those) reloads that client's
 * budget; a change of no single client (a restore) reloads every budget of the year.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Measure, Pole } from '@/domain';
import { authorName } from '@/domain/history-view';
import type { LiveChange } from '@/web/lib/live-events';
import { useLiveChanges } from '@/web/lib/use-live';
import { budgetKeys } from '../../api/budget-keys';
import { cellSaveQueue } from '../../saving/api/save-cells';
import { patchBudget } from '../lib/live-budget';
import { createRemoteMarks, type RemoteMark } from '../lib/remote-marks';

/** The page's one store of marks (and of the cells being typed in). */
export const remoteMarks = createRemoteMarks();

/** Applies one live change to the budget caches. */
export function applyLiveChange(queryClient: QueryClient, change: LiveChange): void {
  const { year, clientId, cells } = change;
  if (clientId === null) {
    void queryClient.invalidateQueries({ queryKey: [...budgetKeys.clientBudgets(), year] });
    return;
  }
  const key = budgetKeys.clientBudget(year, clientId);
  const state = queryClient.getQueryState(key);
  if (cells === null || state?.fetchStatus === 'fetching') {
    // Not figures only, or a reload already in flight that may predate the change: reload.
    void queryClient.invalidateQueries({ queryKey: key });
  } else if (state?.data) {
    const queue = cellSaveQueue();
    queryClient.setQueryData<Pole[]>(
      key,
      (poles) => poles && patchBudget(poles, cells, { isTyping: remoteMarks.isTyping, overlay: queue.overlay }),
    );
  }
  if (cells) remoteMarks.mark(cells, authorName(change.byName), change.byInitials);
}

/** Listens to the live stream for the budgets of the year on screen (the stream is opened by the app). */
export function useBudgetLiveUpdates(): void {
  const queryClient = useQueryClient();
  useLiveChanges(useCallback((change: LiveChange) => applyLiveChange(queryClient, change), [queryClient]));
}

/** The mark of another person's recent change of this cell, if any (re-renders when it changes). */
export function useRemoteMark(lineId: string, month: number, measure: Measure): RemoteMark | undefined {
  return useSyncExternalStore(remoteMarks.subscribe, () => remoteMarks.get(lineId, month, measure));
}
