/**
 * Saving grid cells: the page's one cell-save queue, its sender (PATCH /api/cells, the cents
 * encoded to the wire's euros) and the hooks components read its state through. The queue lives
 * at module level, not in a component, so edits still being saved or retried survive switching
 * tabs; leaving the page with unsaved edits asks first.
 */
import { useSyncExternalStore } from 'react';
import { cellUpdateToWire, type CellUpdate, type Measure } from '@/domain';
import { api } from '@/web/lib/api-client';
import { FAILURE, notifyFailure } from '../lib/failure-messages';
import { createCellSaveQueue, type CellSaveQueue } from './cell-save-queue';

/** PATCH /api/cells: one batch, all or nothing. */
async function patchCells(cells: readonly CellUpdate[]): Promise<void> {
  await api.patch('/api/cells', cells.map(cellUpdateToWire));
}

let queue: CellSaveQueue | null = null;

/** The page's queue, created on first use (with its leave-page and back-online listeners). */
export function cellSaveQueue(): CellSaveQueue {
  if (queue) return queue;
  const created = createCellSaveQueue({
    send: patchCells,
    onFailure: (error) => notifyFailure(FAILURE.saveCells, error, 'save-cells'),
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('beforeunload', (event) => {
      if (!created.hasPendingEdits()) return;
      created.flush();
      event.preventDefault();
      // Older browsers need returnValue set to show the "leave this page?" prompt.
      event.returnValue = '';
    });
    // Back online: try at once rather than waiting for the next retry.
    window.addEventListener('online', () => created.flush());
  }
  queue = created;
  return created;
}

/** True while this cell's last save failed and it is not stored yet (re-renders when that changes). */
export function useCellSaveStatus(lineId: string, month: number, measure: Measure): boolean {
  const q = cellSaveQueue();
  return useSyncExternalStore(q.subscribe, () => q.isUnsaved(lineId, month, measure));
}

/** Number of cells whose save failed and is being retried. */
export function useUnsavedCount(): number {
  const q = cellSaveQueue();
  return useSyncExternalStore(q.subscribe, q.unsavedCount);
}
