/**
 * The page's one cell-save queue. It lives at module level, not in a component, so edits still
 * being saved or retried survive switching tabs; leaving the page with unsaved edits asks first.
 */
import { api } from '../../../lib/api-client';
import { createCellSaveQueue, type CellSaveQueue } from './cell-save-queue';
import { FAILURE, notifyFailure } from './notify';

let queue: CellSaveQueue | null = null;
let staleListener: (() => void) | null = null;

/** Registers what to do after each stored batch (the app marks other features' data stale). */
export function onCellsSaved(listener: (() => void) | null): void {
  staleListener = listener;
}

export function getCellSaveQueue(): CellSaveQueue {
  if (queue) return queue;
  const created = createCellSaveQueue({
    send: async (cells) => {
      await api.patch('/api/cells', cells);
    },
    onFailure: (error) => notifyFailure(FAILURE.saveCells, error, 'save-cells'),
    onSaved: () => staleListener?.(),
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
