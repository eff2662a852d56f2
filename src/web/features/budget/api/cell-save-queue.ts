/**
 * Saving of grid cells (docs/product.md#cell-saving: an edit is never lost). Edits wait a short pause, then go in
 * one `PATCH /api/cells`; at most one request is in flight, so two fast edits of one cell reach
 * the server in order and the last one is stored. A failed batch goes back to the queue (behind
 * any newer edit of the same cell), its cells are marked unsaved, and it is retried with a
 * growing delay — unless the server refused it for good (a 4xx: `finalReason` says so): then
 * the batch is split in halves and re-sent until the refused cells are alone; those are marked
 * with the server's reason and left out, every other cell is stored (issue 13: one amount the
 * database cannot hold no longer holds back every later edit of the page). Framework-free so it can be tested without a browser; the page keeps one
 * (save-cells.ts). It holds the cents model; the sender encodes to the wire. An update may carry
 * more than the cell (the page's queue adds the year of its line), handed to the sender as is.
 */
import { applyCellUpdates, type CellUpdate, type Pole } from '@/domain';

export type CellSaveQueueOptions<T extends CellUpdate> = {
  send: (cells: T[]) => Promise<void>;
  /** Called on each failed attempt (1, 2…): the toast. */
  onFailure: (error: unknown, attempt: number) => void;
  /**
   * The French reason when a failure is final (the server refused the cells: retrying would only
   * be refused again), or null when it is worth retrying (network, server error). Never final by default.
   */
  finalReason?: (error: unknown) => string | null;
  /** Called when cells are refused for good, each alone in its request: they are left out. */
  onRejected?: (cells: readonly T[], error: unknown) => void;
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
  finalReason = () => null,
  onRejected = () => {},
  debounceMs = 600,
  retryDelaysMs = [1000, 2000, 4000],
}: CellSaveQueueOptions<T>) {
  let pending = new Map<string, T>();
  let inFlight: Map<string, T> | null = null;
  /** Halves of a refused batch, sent one by one before anything newer, until the refused cells are alone. */
  let isolating: Map<string, T>[] = [];
  const failed = new Set<string>();
  /** Cells the server refused for good, with its reason; a new edit of the cell clears it. */
  const rejected = new Map<string, string>();
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
    if (pending.size > 0 || inFlight || isolating.length > 0) return;
    const waiting = idle;
    idle = [];
    waiting.forEach((resolve) => resolve());
  }

  /** Sends what is pending now, unless a request is already in flight (it chains on completion). */
  /** The next batch to send: a half being isolated (without the cells edited since), else what is pending. */
  function nextBatch(): Map<string, T> | null {
    while (isolating.length > 0) {
      const half = isolating.shift()!;
      for (const key of [...half.keys()]) if (pending.has(key)) half.delete(key);
      if (half.size > 0) return half;
    }
    if (pending.size === 0) return null;
    const batch = pending;
    pending = new Map();
    return batch;
  }

  function flush(): void {
    clearTimers();
    if (inFlight) return;
    const batch = nextBatch();
    if (!batch) return settleIdle();
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
        if (pending.size > 0 || isolating.length > 0) flush();
        else settleIdle();
      },
      (error: unknown) => {
        inFlight = null;
        const reason = finalReason(error);
        if (reason !== null) {
          refused(batch, error, reason);
          return;
        }
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

  /** A batch the server refused for good: halves re-sent at once, or the lone cell left out. */
  function refused(batch: Map<string, T>, error: unknown, reason: string) {
    const entries = [...batch].filter(([key, u]) => !droppedLines.has(u.lineId) && !pending.has(key));
    if (entries.length > 1) {
      const middle = Math.ceil(entries.length / 2);
      isolating = [new Map(entries.slice(0, middle)), new Map(entries.slice(middle)), ...isolating];
    } else if (entries.length === 1) {
      const [key, update] = entries[0]!;
      failed.delete(key);
      rejected.set(key, reason);
      onRejected([update], error);
    }
    notify();
    flush();
  }

  return {
    /** Queues a cell value; `immediate` (blur, Enter, paste) sends without waiting for the pause. */
    edit(updates: readonly T[], immediate = false): void {
      let cleared = false;
      for (const u of updates) {
        const key = keyOf(u);
        pending.set(key, u);
        cleared = rejected.delete(key) || cleared;
      }
      if (cleared) notify();
      if (immediate) flush();
      else if (!inFlight && !retryTimer) {
        clearTimeout(debounceTimer);
        debounceTimer = setTimeout(flush, debounceMs);
      }
    },
    flush,
    /** True when this cell's last save attempt failed and it is not stored yet. */
    isUnsaved: (lineId: string, month: number, field: string) => failed.has(cellKey(lineId, month, field)),
    /** The server's reason when it refused this cell's value for good (left out), else undefined. */
    rejection: (lineId: string, month: number, field: string) => rejected.get(cellKey(lineId, month, field)),
    /** Number of cells whose save failed and is being retried. */
    unsavedCount: () => failed.size,
    /** Number of cells the server refused for good. */
    rejectedCount: () => rejected.size,
    /** True while any edit is not stored yet (waiting, in flight or failed): leaving would lose it. */
    hasPendingEdits: () => pending.size > 0 || inFlight !== null || failed.size > 0 || isolating.length > 0,
    /** Server data with the edits not stored yet on top, so a reload never shows an older value. */
    overlay(poles: readonly Pole[]): Pole[] {
      const unsaved = [
        ...isolating.flatMap((half) => [...half.values()]),
        ...(inFlight?.values() ?? []),
        ...pending.values(),
      ];
      return applyCellUpdates(poles, unsaved);
    },
    /** Forgets the edits of a deleted line (they could never be stored). */
    dropLine(lineId: string): void {
      droppedLines.add(lineId);
      for (const key of [...pending.keys()]) if (key.startsWith(`${lineId}:`)) pending.delete(key);
      for (const key of [...failed]) if (key.startsWith(`${lineId}:`)) failed.delete(key);
      for (const key of [...rejected.keys()]) if (key.startsWith(`${lineId}:`)) rejected.delete(key);
      notify();
      settleIdle();
    },
    /** Resolves once nothing waits or is in flight (tests, leaving the page). */
    whenIdle(): Promise<void> {
      if (pending.size === 0 && !inFlight && isolating.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
