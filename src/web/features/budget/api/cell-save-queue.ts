/**
 * Saving of grid cells (docs/product.md#cell-saving: an edit is never lost). Edits wait a short pause, then go in
 * one `PATCH /api/cells`; at most one request is in flight, so two fast edits of one cell reach
 * the server in order and the last one is stored. A failed batch goes back to the queue (behind
 * any newer edit of the same cell), its cells are marked unsaved, and it is retried with a
 * growing delay. Framework-free so it can be tested without a browser; the page keeps one
 * (save-cells.ts). It holds the cents model; the sender encodes to the wire. An update may carry
 * more than the cell (the page's queue adds the year of its line), handed to the sender as is.
 */
import { applyCellUpdates, type CellUpdate, type Pole } from '@/domain';

export type CellSaveQueueOptions<T extends CellUpdate> = {
  send: (cells: T[]) => Promise<void>;
  /** Called on each failed attempt (1, 2…): the toast. */
  onFailure: (error: unknown, attempt: number) => void;
  /** Pause after the last keystroke before saving, in ms. */
  debounceMs?: number;
  /** Delays before successive retries, in ms; the last one repeats. */
  retryDelaysMs?: readonly number[];
};

export type CellSaveQueue<T extends CellUpdate = CellUpdate> = ReturnType<typeof createCellSaveQueue<T>>;

/** The key of one cell: line, month and measure. */
export function cellKey(lineId: string, month: number, field: string): string {
  return `${lineId}:${month}:${field}`;
}

const keyOf = (u: CellUpdate) => cellKey(u.lineId, u.month, u.field);

export function createCellSaveQueue<T extends CellUpdate = CellUpdate>({
  send,
  onFailure,
  debounceMs = 600,
  retryDelaysMs = [1000, 2000, 4000],
}: CellSaveQueueOptions<T>) {
  let pending = new Map<string, T>();
  let inFlight: Map<string, T> | null = null;
  const failed = new Set<string>();
  const listeners = new Set<() => void>();
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let idle: Array<() => void> = [];
  const droppedLines = new Set<string>();

  const notify = () => listeners.forEach((l) => l());

  function clearTimers() {
    clearTimeout(debounceTimer);
    clearTimeout(retryTimer);
    debounceTimer = undefined;
    retryTimer = undefined;
  }

  function settleIdle() {
    if (pending.size > 0 || inFlight) return;
    const waiting = idle;
    idle = [];
    waiting.forEach((resolve) => resolve());
  }

  /** Sends what is pending now, unless a request is already in flight (it chains on completion). */
  function flush(): void {
    clearTimers();
    if (inFlight || pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    inFlight = batch;
    send([...batch.values()]).then(
      () => {
        inFlight = null;
        attempt = 0;
        let changed = false;
        for (const key of batch.keys()) {
          if (!pending.has(key)) changed = failed.delete(key) || changed;
        }
        if (changed) notify();
        if (pending.size > 0) flush();
        else settleIdle();
      },
      (error: unknown) => {
        inFlight = null;
        for (const [key, update] of batch) {
          if (droppedLines.has(update.lineId)) continue;
          // A newer edit of the same cell typed meanwhile wins over the failed value.
          if (!pending.has(key)) pending.set(key, update);
          failed.add(key);
        }
        attempt += 1;
        onFailure(error, attempt);
        notify();
        const delay = retryDelaysMs[Math.min(attempt, retryDelaysMs.length) - 1] ?? 1000;
        retryTimer = setTimeout(flush, delay);
      },
    );
  }

  return {
    /** Queues a cell value; `immediate` (blur, Enter, paste) sends without waiting for the pause. */
    edit(updates: readonly T[], immediate = false): void {
      for (const u of updates) pending.set(keyOf(u), u);
      if (immediate) flush();
      else if (!inFlight && !retryTimer) {
        clearTimeout(debounceTimer);
        debounceTimer = setTimeout(flush, debounceMs);
      }
    },
    flush,
    /** True when this cell's last save attempt failed and it is not stored yet. */
    isUnsaved: (lineId: string, month: number, field: string) => failed.has(cellKey(lineId, month, field)),
    /** Number of cells whose save failed and is being retried. */
    unsavedCount: () => failed.size,
    /** True while any edit is not stored yet (waiting, in flight or failed): leaving would lose it. */
    hasPendingEdits: () => pending.size > 0 || inFlight !== null || failed.size > 0,
    /** Server data with the edits not stored yet on top, so a reload never shows an older value. */
    overlay(poles: readonly Pole[]): Pole[] {
      const unsaved = [...(inFlight?.values() ?? []), ...pending.values()];
      return applyCellUpdates(poles, unsaved);
    },
    /** Forgets the edits of a deleted line (they could never be stored). */
    dropLine(lineId: string): void {
      droppedLines.add(lineId);
      for (const key of [...pending.keys()]) if (key.startsWith(`${lineId}:`)) pending.delete(key);
      for (const key of [...failed]) if (key.startsWith(`${lineId}:`)) failed.delete(key);
      notify();
      settleIdle();
    },
    /** Resolves once nothing waits or is in flight (tests, leaving the page). */
    whenIdle(): Promise<void> {
      if (pending.size === 0 && !inFlight) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
