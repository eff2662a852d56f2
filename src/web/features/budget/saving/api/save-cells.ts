/**
 * Saving grid cells: the page's one cell-save queue, its sender (PATCH /api/cells, the cents
 * encoded to the wire's euros) and the hooks components read its state through. The queue lives
 * at module level, not in a component, so edits still being saved or retried survive switching
 * tabs; leaving the page with unsaved edits asks first.
 *
 * Each edit carries the year of its line (docs/product.md#budget-years: a line belongs to one
 * exercice, and the server answers 404 for a line of another year than `?year=`), so an edit typed
 * in 2026 is stored in 2026 even when the page shows 2027 by the time it is sent.
 *
 * Each edit also says where it came from (docs/product.md#history: a paste is sent with
 * `?source=collage`, so the history says « Collage » and its toast can take it back).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { cellKey, cellUpdateToWire, conflictCellsFromWire, type CellUpdate, type Measure } from '@/domain';
import type { CellSource } from '@/domain/history';
import type { CellsAnswer, SessionAnswer } from '@/domain/answers';
import { ApiError, api, withYear } from '@/web/lib/api-client';
import { FAILURE, notifyFailure } from '../../lib/failure-messages';
import { createCellSaveQueue, type CellSaveQueue, type ConflictGroup, type ConflictInfo } from './cell-save-queue';
import { createPendingEdits, indexedDbStore } from './pending-edits';

/**
 * A cell edit, the exercice and client of its line (the client says where a kept edit belongs,
 * ADR 048) and where it came from (typed when not said).
 */
export type YearCellUpdate = CellUpdate & { year: number; clientId?: string; source?: CellSource };

/** What a stored batch made: its exercice, its source and its history entry (null when nothing changed). */
export type SavedBatch = { year: number; source: CellSource; cellCount: number; historyId: number | null };

const savedListeners = new Set<(batch: SavedBatch) => void>();

/**
 * PATCH /api/cells?year=&source=: one batch per year and source, each all or nothing. A batch
 * rarely spans two (an edit, a switch of year or a paste, and another edit within the pause); if
 * one request fails, the queue retries the whole batch, which stores the same values again.
 */
export async function patchCells(cells: readonly YearCellUpdate[]): Promise<void> {
  const batches = new Map<string, { year: number; source: CellSource; cells: CellUpdate[] }>();
  for (const { year, source = 'saisie', clientId: _client, ...cell } of cells) {
    const key = `${year}:${source}`;
    const batch = batches.get(key);
    if (batch) batch.cells.push(cell);
    else batches.set(key, { year, source, cells: [cell] });
  }
  for (const { year, source, cells: batch } of batches.values()) {
    const path = withYear(source === 'saisie' ? '/api/cells' : `/api/cells?source=${source}`, year);
    // docs/product.md#conflict-choice: each cell carries `expected` (what the user saw), so a change
    // someone else stored meanwhile is refused (409 `conflict`) instead of silently overwritten.
    const answer = await api.patch<CellsAnswer | undefined>(path, batch.map(cellUpdateToWire));
    const saved = { year, source, cellCount: batch.length, historyId: answer?.historyId ?? null };
    savedListeners.forEach((listener) => listener(saved));
  }
}

/** Keeps `listener` in `set` while the component is mounted. */
function useListenerIn<T>(set: Set<(value: T) => void>, listener: (value: T) => void): void {
  useEffect(() => {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [set, listener]);
}

/** Calls `listener` after each stored batch (the history is stale then; a paste offers 'Annuler'). */
export const useCellsSaved = (listener: (batch: SavedBatch) => void) => useListenerIn(savedListeners, listener);

let queue: CellSaveQueue<YearCellUpdate> | null = null;

/** Edits not acknowledged yet, kept in IndexedDB across a reload (ADR 048); null without IndexedDB. */
const store = indexedDbStore();
const kept = store && createPendingEdits(store);
let user: Promise<void> | null = null;

/**
 * Re-sends the edits an earlier visit of this user kept for this client and year (a reload, a
 * crash, an outage), each expecting the value the user saw then: once per page life and scope.
 * Never fails: without IndexedDB or the session, nothing is restored.
 */
export async function restorePendingEdits(clientId: string, year: number): Promise<void> {
  if (!kept) return;
  try {
    user ??= api.get<SessionAnswer>('/api/session').then((session) => {
      kept.setUser(session.mode === 'local' ? 'local' : (session.user?.email ?? null));
    });
    await user;
    cellSaveQueue().restore(await kept.restore(clientId, year));
  } catch {
    user = null;
  }
}

const refusedListeners = new Set<(error: unknown) => void>();

/** Calls `listener` when the server refused cells for good (a closed month: the locks reload). */
export const useCellsRefused = (listener: (error: unknown) => void) => useListenerIn(refusedListeners, listener);

/**
 * The cells of a 409 `conflict` answer to PATCH /api/cells (docs/product.md#conflict-choice), by
 * cell key: what each holds now and who stored it; null for any other error.
 */
export function conflictCells(error: unknown): Map<string, ConflictInfo> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'conflict') return null;
  const found = new Map<string, ConflictInfo>();
  for (const { lineId, month, field, ...info } of conflictCellsFromWire(error.cells)) {
    found.set(cellKey(lineId, month, field), info);
  }
  return found.size > 0 ? found : null;
}

/**
 * The server's French reason when it refused cells for good — a 4xx other than 401 (signed out:
 * retried once signed in), 408 and 429 (try later) — or null when a retry may succeed (ADR 024).
 */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { status } = error;
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429 ? error.message : null;
}

/** The page's queue, created on first use (with its leave-page and back-online listeners). */
export function cellSaveQueue(): CellSaveQueue<YearCellUpdate> {
  if (queue) return queue;
  const created = createCellSaveQueue<YearCellUpdate>({
    send: patchCells,
    onFailure: (error) => notifyFailure(FAILURE.saveCells, error, 'save-cells'),
    finalReason: refusalReason,
    onRejected: (_cells, error) => {
      notifyFailure(FAILURE.saveCells, error, 'save-cells-refused');
      refusedListeners.forEach((listener) => listener(error));
    },
    conflictOf: conflictCells,
    persist: (edits) => void kept?.sync(edits),
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('beforeunload', (event) => {
      if (!created.hasPendingEdits()) return;
      created.commitDrafts();
      created.flush();
      // Still asked with IndexedDB: its write is asynchronous and may not finish before the page
      // goes, and a value kept there waits for the next visit to this client and year.
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

/**
 * A cell's save state (re-renders when it changes): '' when stored or waiting, 'unsaved' while its
 * last save failed and is retried, 'conflict' while someone else's change waits for the user's
 * choice, or the server's reason when it refused the value for good.
 */
export function useCellSaveState(lineId: string, month: number, measure: Measure): string {
  const q = cellSaveQueue();
  return useSyncExternalStore(
    q.subscribe,
    () =>
      q.rejection(lineId, month, measure) ??
      (q.conflictAt(lineId, month, measure) ? 'conflict' : q.isUnsaved(lineId, month, measure) ? 'unsaved' : ''),
  );
}

/** The refused batches waiting for the user's choice (docs/product.md#conflict-choice). */
export function useConflicts(): readonly ConflictGroup<YearCellUpdate>[] {
  const q = cellSaveQueue();
  return useSyncExternalStore(q.subscribe, q.conflicts);
}

/** Number of cells the server refused for good (marked, left out). */
export function useRejectedCount(): number {
  const q = cellSaveQueue();
  return useSyncExternalStore(q.subscribe, q.rejectedCount);
}

/** Number of committed cells the server has not acknowledged yet (waiting, in flight, failed, in conflict). */
export function useWaitingCount(): number {
  const q = cellSaveQueue();
  return useSyncExternalStore(q.subscribe, q.waitingCount);
}

/** Number of cells whose save failed and is being retried. */
export function useUnsavedCount(): number {
  const q = cellSaveQueue();
  return useSyncExternalStore(q.subscribe, q.unsavedCount);
}
