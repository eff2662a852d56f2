/**
 * Saving grid cells: the page's one cell-save queue, its sender (PATCH /api/cells, the cents
 * encoded to the wire's euros) and the hooks components read its state through. The queue lives
 * at module level, not in a component, so edits still being saved or retried survive switching
 * tabs; leaving the page with unsaved edits asks first.
 *
 * Each edit carries the year of its line (docs/product.md#budget-years: a line belongs to one
 * exercice, and the server answers 404 for a line of another year than `?year=`), so an edit typed
 * in 2026 is stored in 2026 even when the page shows 2027 by the time it is sent.
 */
import { useSyncExternalStore } from 'react';
import { cellUpdateToWire, type CellUpdate, type Measure } from '@/domain';
import { api, withYear } from '@/web/lib/api-client';
import { FAILURE, notifyFailure } from '../lib/failure-messages';
import { createCellSaveQueue, type CellSaveQueue } from './cell-save-queue';

/** A cell edit and the exercice of its line. */
export type YearCellUpdate = CellUpdate & { year: number };

/**
 * PATCH /api/cells?year=: one batch per year, each all or nothing. A batch rarely spans two years
 * (an edit, a switch of year and another edit within the pause); if one year's request fails, the
 * queue retries the whole batch, which stores the same values again.
 */
export async function patchCells(cells: readonly YearCellUpdate[]): Promise<void> {
  const byYear = new Map<number, CellUpdate[]>();
  for (const { year, ...cell } of cells) {
    const batch = byYear.get(year);
    if (batch) batch.push(cell);
    else byYear.set(year, [cell]);
  }
  for (const [year, batch] of byYear) await api.patch(withYear('/api/cells', year), batch.map(cellUpdateToWire));
}

let queue: CellSaveQueue<YearCellUpdate> | null = null;

/** The page's queue, created on first use (with its leave-page and back-online listeners). */
export function cellSaveQueue(): CellSaveQueue<YearCellUpdate> {
  if (queue) return queue;
  const created = createCellSaveQueue<YearCellUpdate>({
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
