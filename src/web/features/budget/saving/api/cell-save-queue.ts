/**
 * Saving of grid cells (docs/product.md#cell-saving: an edit is never lost). Only committed values leave the
 * browser (ADR 048): a value being typed is a *draft*, shown but kept here until the user commits it
 * (Enter, Tab, an arrow, blur, a paste, a fill) or pauses 600 ms after the last key; Escape drops it.
 * Committed edits go in one `PATCH /api/cells`; at most one request is in flight, so two fast edits of one cell reach
 * the server in order and the last one is stored. A failed batch goes back to the queue (behind
 * any newer edit of the same cell), its cells are marked unsaved, and it is retried with a
 * growing delay — unless the server refused it for good (a 4xx: `finalReason` says so): then
 * the batch is split in halves and re-sent until the refused cells are alone; those are marked
 * with the server's reason and left out, every other cell is stored (issue 13: one amount the
 * database cannot hold no longer holds back every later edit of the page). Framework-free so it can be tested without a browser; the page keeps one
 * (save-cells.ts). It holds the cents model; the sender encodes to the wire. An update may carry
 * more than the cell (the page's queue adds the year of its line), handed to the sender as is.
 *
 * Conflicts (docs/product.md#conflict-choice): an edit may say what the cell held before it
 * (`expected`: what the user saw). The queue keeps that base per cell until the cell is stored,
 * so a cell typed in several keystrokes is sent with the value from before the first one, and
 * the next edit after a save with the value saved. When the server answers that someone else
 * changed a cell meanwhile (`conflictOf`), the batch waits, shown and never lost, until the user
 * keeps their value (sent again, expecting the other one) or takes the other person's.
 */
import { applyCellUpdates, cellKey, type CellUpdate, type Cents, type Pole } from '@/domain';

/** A cell someone else changed since the user saw it: what it holds now and who stored it. */
export type ConflictInfo = { current: Cents; byName: string | null; at: string | null };

/** A refused batch waiting for the user's choice: every cell of it, and those in conflict. */
export type ConflictGroup<T extends CellUpdate = CellUpdate> = {
  id: number;
  /** Every cell of the batch, as the user wrote them (the batch is sent again as one). */
  cells: ReadonlyMap<string, T>;
  /** The cells someone else changed, by cell key. */
  conflicts: ReadonlyMap<string, ConflictInfo>;
};

/** What an edit may say beside the cell: the value the user saw before it. */
type Based = { expected?: Cents };

export type CellSaveQueueOptions<T extends CellUpdate> = {
  /** Sends a batch; each cell carries `expected` when its base is known. */
  send: (cells: (T & Based)[]) => Promise<void>;
  /** Called on each failed attempt (1, 2…): the toast. */
  onFailure: (error: unknown, attempt: number) => void;
  /**
   * The French reason when a failure is final (the server refused the cells: retrying would only
   * be refused again), or null when it is worth retrying (network, server error). Never final by default.
   */
  finalReason?: (error: unknown) => string | null;
  /** Called when cells are refused for good, each alone in its request: they are left out. */
  onRejected?: (cells: readonly T[], error: unknown) => void;
  /** The conflicting cells (by key) when the error is a conflict, else null. Never a conflict by default. */
  conflictOf?: (error: unknown) => Map<string, ConflictInfo> | null;
  /** Pause after the last keystroke before a draft is committed and saved, in ms. */
  debounceMs?: number;
  /**
   * Called (in a microtask, once per burst of changes) with every committed edit not acknowledged
   * by the server yet, each with its base: the caller keeps them across a reload (ADR 048).
   */
  persist?: (edits: (T & Based)[]) => void;
  /** Delays before successive retries, in ms; the last one repeats. */
  retryDelaysMs?: readonly number[];
};

export type CellSaveQueue<T extends CellUpdate = CellUpdate> = ReturnType<typeof createCellSaveQueue<T>>;

const keyOf = (u: CellUpdate) => cellKey(u.lineId, u.month, u.field);

export function createCellSaveQueue<T extends CellUpdate = CellUpdate>({
  send,
  onFailure,
  finalReason = () => null,
  onRejected = () => {},
  conflictOf = () => null,
  debounceMs = 600,
  persist = () => {},
  retryDelaysMs = [1000, 2000, 4000],
}: CellSaveQueueOptions<T>) {
  let pending = new Map<string, T>();
  /** Values being typed, not committed: shown (overlay), never sent until committed or paused on. */
  const drafts = new Map<string, T>();
  /**
   * Cells whose draft a pause committed, with the value it committed: Escape must write the value
   * from before back, and the commit that ends the typing (Tab, Enter, blur) sends nothing new when
   * the text is still what the pause sent.
   */
  const pausedOn = new Map<string, T>();
  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  let changeScheduled = false;
  let inFlight: Map<string, T> | null = null;
  /** Halves of a refused batch, sent one by one before anything newer, until the refused cells are alone. */
  let isolating: Map<string, T>[] = [];
  const failed = new Set<string>();
  /** Cells the server refused for good, with its reason; a new edit of the cell clears it. */
  const rejected = new Map<string, string>();
  const listeners = new Set<() => void>();
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let idle: Array<() => void> = [];
  const droppedLines = new Set<string>();
  /** Per cell not stored yet: the value the server held when the user started editing it. */
  const bases = new Map<string, Cents>();
  /** Refused batches waiting for the user's choice (a new array on each change: a snapshot). */
  let conflicts: ConflictGroup<T>[] = [];
  let nextConflictId = 1;

  const notify = () => listeners.forEach((l) => l());

  /** Every committed edit the server has not acknowledged, with its base (later states win per cell). */
  function unacknowledged(): (T & Based)[] {
    const cells = new Map<string, T>();
    for (const group of conflicts) for (const [key, u] of group.cells) cells.set(key, u);
    for (const half of isolating) for (const [key, u] of half) cells.set(key, u);
    for (const [key, u] of inFlight ?? []) cells.set(key, u);
    for (const [key, u] of pending) cells.set(key, u);
    return [...cells].map(([key, u]) => {
      const expected = bases.get(key);
      return expected === undefined ? u : { ...u, expected };
    });
  }

  /** The set of unacknowledged edits changed: persisted and told to listeners, once per burst. */
  function changed() {
    if (changeScheduled) return;
    changeScheduled = true;
    queueMicrotask(() => {
      changeScheduled = false;
      persist(unacknowledged());
      notify();
    });
  }

  function clearTimers() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  /** True while the cell has a committed value not acknowledged yet (its base is still needed). */
  function outstanding(key: string): boolean {
    return (
      pending.has(key) ||
      drafts.has(key) ||
      (inFlight?.has(key) ?? false) ||
      isolating.some((half) => half.has(key)) ||
      conflicts.some((group) => group.cells.has(key))
    );
  }

  /** Committed values into the queue (a conflict group's cell replaces the user's waiting value). */
  function commit(updates: readonly (T & Based)[]): boolean {
    let cleared = false;
    for (const { expected, ...rest } of updates) {
      const u = rest as unknown as T;
      const key = keyOf(u);
      drafts.delete(key);
      cleared = rejected.delete(key) || cleared;
      const group = conflicts.find((g) => g.conflicts.has(key));
      if (group) {
        // Still the user's choice to make: the new value replaces theirs in the waiting batch.
        updateGroup(group, new Map(group.cells).set(key, u), new Map(group.conflicts));
        cleared = true;
        continue;
      }
      if (!bases.has(key) && expected !== undefined) bases.set(key, expected);
      pending.set(key, u);
    }
    changed();
    return cleared;
  }

  /** The pause after the last key: every draft is committed and sent. */
  function commitDrafts() {
    clearTimeout(draftTimer);
    draftTimer = undefined;
    if (drafts.size === 0) return;
    for (const [key, u] of drafts) pausedOn.set(key, u);
    if (commit([...drafts.values()])) notify();
    flush();
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
    send(
      [...batch].map(([key, update]) => {
        const expected = bases.get(key);
        return expected === undefined ? update : { ...update, expected };
      }),
    ).then(
      () => {
        inFlight = null;
        attempt = 0;
        let cleared = false;
        for (const [key, update] of batch) {
          // Stored: the server now holds this value, the base of a newer edit (or draft) of the cell.
          if (pending.has(key) || drafts.has(key)) bases.set(key, update.value);
          else bases.delete(key);
          if (!pending.has(key)) cleared = failed.delete(key) || cleared;
        }
        if (cleared) notify();
        changed();
        if (pending.size > 0 || isolating.length > 0) flush();
        else settleIdle();
      },
      (error: unknown) => {
        inFlight = null;
        const conflicting = conflictOf(error);
        if (conflicting) {
          conflicted(batch, conflicting);
          return;
        }
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
        changed();
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
    changed();
    flush();
  }

  /**
   * A batch someone else's change refused (nothing of it stored): the cells whose current value is
   * the user's own are no conflict (sent again expecting it); the others wait for a choice. Cells
   * edited again meanwhile stay with their newer edit.
   */
  function conflicted(batch: Map<string, T>, conflicting: Map<string, ConflictInfo>) {
    const cells = new Map([...batch].filter(([key, u]) => !droppedLines.has(u.lineId) && !pending.has(key)));
    const open = new Map<string, ConflictInfo>();
    // Answered: no longer a failed save being retried, but a choice waiting (or sent again).
    for (const key of cells.keys()) failed.delete(key);
    for (const [key, info] of conflicting) {
      const mine = cells.get(key);
      if (!mine) continue;
      bases.set(key, info.current);
      if (mine.value !== info.current) open.set(key, info);
    }
    if (open.size === 0) requeue(cells);
    else conflicts = [...conflicts, { id: nextConflictId++, cells, conflicts: open }];
    notify();
    changed();
    flush();
  }

  /** Cells back in the queue, sent at once (a resolved conflict). */
  function requeue(cells: ReadonlyMap<string, T>) {
    for (const [key, update] of cells) if (!pending.has(key)) pending.set(key, update);
  }

  /** Replaces a conflict group (or removes it when nothing is left to choose), re-sending a settled one. */
  function updateGroup(group: ConflictGroup<T>, cells: Map<string, T>, open: Map<string, ConflictInfo>) {
    conflicts = conflicts.filter((g) => g !== group);
    if (open.size > 0) conflicts = [...conflicts, { ...group, cells, conflicts: open }].sort((a, b) => a.id - b.id);
    else requeue(cells);
  }

  return {
    /**
     * A cell value: committed (`immediate`: Enter, Tab, an arrow, blur, a paste, a fill) it is sent
     * at once; otherwise it is a draft (a keystroke), kept here until committed, or committed by
     * itself after a pause of `debounceMs` after the last draft. An update's `expected` (the value
     * the user saw) is kept as the cell's base until it is stored. A new edit of a cell in conflict
     * replaces the user's value in the waiting batch: the choice is still theirs to make (nobody
     * overwrites silently).
     */
    edit(updates: readonly (T & Based)[], immediate = false): void {
      if (immediate) {
        // One typed entry, one write (docs/product.md#cell-saving): a pause already sent this very
        // value (a slow move to the next cell), so the commit sends nothing — not a second history
        // step, nor a second try of a value the server refused.
        const fresh = updates.filter((u) => {
          const key = keyOf(u);
          const paused = pausedOn.get(key);
          pausedOn.delete(key);
          if (paused?.value !== u.value) return true;
          drafts.delete(key);
          return false;
        });
        if (fresh.length === 0) return;
        if (commit(fresh)) notify();
        flush();
        return;
      }
      for (const { expected, ...rest } of updates) {
        const u = rest as unknown as T;
        const key = keyOf(u);
        if (!bases.has(key) && expected !== undefined) bases.set(key, expected);
        drafts.set(key, u);
      }
      clearTimeout(draftTimer);
      draftTimer = setTimeout(commitDrafts, debounceMs);
    },
    /**
     * Escape (or an entry refused on commit): the cells' drafts are dropped and nothing is written
     * — unless a pause already sent part of the typing, then `updates` (the values from before
     * the typing) are committed back.
     */
    cancel(updates: readonly (T & Based)[]): void {
      const back: (T & Based)[] = [];
      for (const u of updates) {
        const key = keyOf(u);
        drafts.delete(key);
        if (pausedOn.delete(key)) back.push(u);
        else if (!outstanding(key)) bases.delete(key);
      }
      if (back.length === 0) return;
      if (commit(back)) notify();
      flush();
    },
    /** Commits every draft now (leaving the page). */
    commitDrafts,
    /**
     * Edits kept from an earlier visit (a reload, a crash): committed again with the base the user
     * saw then, so a change made meanwhile by someone else comes back as a conflict. A cell already
     * edited here keeps its newer value.
     */
    restore(edits: readonly (T & Based)[]): void {
      const fresh = edits.filter((u) => !outstanding(keyOf(u)));
      if (fresh.length === 0) return;
      if (commit(fresh)) notify();
      flush();
    },
    flush,
    /**
     * The user's choice for cells of a conflict group: 'mine' sends their value again, expecting
     * the other one; 'theirs' drops their edit. `keys` defaults to every cell in conflict. Once no
     * conflict is left, the group's cells are sent again as one batch. Answers the cells taken
     * from the other person (the caller shows their values).
     */
    resolve(groupId: number, choice: 'mine' | 'theirs', keys?: readonly string[]): CellUpdate[] {
      const group = conflicts.find((g) => g.id === groupId);
      if (!group) return [];
      const cells = new Map(group.cells);
      const open = new Map(group.conflicts);
      const taken: CellUpdate[] = [];
      for (const key of keys ?? [...group.conflicts.keys()]) {
        const info = open.get(key);
        const mine = cells.get(key);
        if (!info || !mine) continue;
        open.delete(key);
        bases.set(key, info.current);
        if (choice === 'theirs') {
          cells.delete(key);
          bases.delete(key);
          failed.delete(key);
          taken.push({ lineId: mine.lineId, month: mine.month, field: mine.field, value: info.current });
        }
      }
      updateGroup(group, cells, open);
      notify();
      changed();
      flush();
      return taken;
    },
    /** The refused batches waiting for the user's choice (the same array until one changes). */
    conflicts: (): readonly ConflictGroup<T>[] => conflicts,
    /** The cell's conflict when it waits for the user's choice. */
    conflictAt: (lineId: string, month: number, field: string): ConflictInfo | undefined => {
      const key = cellKey(lineId, month, field);
      for (const group of conflicts) {
        const info = group.conflicts.get(key);
        if (info) return info;
      }
      return undefined;
    },
    /** True when this cell's last save attempt failed and it is not stored yet. */
    isUnsaved: (lineId: string, month: number, field: string) => failed.has(cellKey(lineId, month, field)),
    /** The server's reason when it refused this cell's value for good (left out), else undefined. */
    rejection: (lineId: string, month: number, field: string) => rejected.get(cellKey(lineId, month, field)),
    /** Number of cells whose save failed and is being retried. */
    unsavedCount: () => failed.size,
    /** Number of cells the server refused for good. */
    rejectedCount: () => rejected.size,
    /** Number of committed cells the server has not acknowledged yet (waiting, in flight, failed, in conflict). */
    waitingCount: () => unacknowledged().length,
    /** True while a value is being typed and not committed: leaving would lose it. */
    hasDrafts: () => drafts.size > 0,
    /** True while any edit is not stored yet (typed, waiting, in flight or failed): leaving would lose it. */
    hasPendingEdits: () =>
      drafts.size > 0 ||
      pending.size > 0 ||
      inFlight !== null ||
      failed.size > 0 ||
      isolating.length > 0 ||
      conflicts.length > 0,
    /** Server data with the edits not stored yet on top, so a reload never shows an older value. */
    overlay(poles: readonly Pole[]): Pole[] {
      const unsaved = [
        ...conflicts.flatMap((group) => [...group.cells.values()]),
        ...isolating.flatMap((half) => [...half.values()]),
        ...(inFlight?.values() ?? []),
        ...pending.values(),
        ...drafts.values(),
      ];
      return applyCellUpdates(poles, unsaved);
    },
    /** Forgets the edits of a deleted line (they could never be stored). */
    dropLine(lineId: string): void {
      droppedLines.add(lineId);
      for (const key of [...pending.keys()]) if (key.startsWith(`${lineId}:`)) pending.delete(key);
      for (const key of [...drafts.keys()]) if (key.startsWith(`${lineId}:`)) drafts.delete(key);
      for (const key of [...failed]) if (key.startsWith(`${lineId}:`)) failed.delete(key);
      for (const key of [...rejected.keys()]) if (key.startsWith(`${lineId}:`)) rejected.delete(key);
      for (const key of [...bases.keys()]) if (key.startsWith(`${lineId}:`)) bases.delete(key);
      for (const group of conflicts) {
        const cells = new Map([...group.cells].filter(([, u]) => u.lineId !== lineId));
        const open = new Map([...group.conflicts].filter(([key]) => !key.startsWith(`${lineId}:`)));
        if (cells.size !== group.cells.size) updateGroup(group, cells, open);
      }
      notify();
      changed();
      if (pending.size > 0) flush();
      else settleIdle();
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
