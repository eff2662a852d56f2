/**
 * The grid's marks of others' changes (docs/product.md#live-browser): a cell another person just
 * changed shows their initials for a few seconds. Framework-free (timers injectable) so the
 * expiry is tested without a browser; the page keeps one store (use-live-budget.ts).
 *
 * It also knows which cells this tab is typing in: a change of such a cell is never written over
 * what the user types — the cell keeps the text, the mark carries the incoming value beside it.
 */
import { cellKey, type Cents, type CellUpdate } from '@/domain';

export type RemoteMark = {
  /** Who changed it: their name and initials. */
  name: string;
  initials: string;
  /** The value they stored (cents). */
  value: Cents;
  /** Increases with each mark: a newer mark of the cell outlives an older one's timer. */
  seq: number;
};

/** How long a mark stays, in ms: long enough to be noticed, short enough not to clutter. */
export const MARK_MS = 4000;

export function createRemoteMarks({ durationMs = MARK_MS } = {}) {
  const marks = new Map<string, RemoteMark>();
  const typing = new Set<string>();
  const listeners = new Set<() => void>();
  let seq = 0;
  const notify = () => listeners.forEach((l) => l());

  return {
    /** Marks these cells as changed by `name` (`initials`); each mark goes after `durationMs`. */
    mark(cells: readonly CellUpdate[], name: string, initials: string): void {
      if (cells.length === 0) return;
      seq += 1;
      const mark = { name, initials, seq };
      const keys = cells.map((c) => {
        const key = cellKey(c.lineId, c.month, c.field);
        marks.set(key, { ...mark, value: c.value });
        return key;
      });
      notify();
      const markSeq = seq;
      setTimeout(() => {
        let changed = false;
        for (const key of keys) {
          if (marks.get(key)?.seq !== markSeq) continue;
          marks.delete(key);
          changed = true;
        }
        if (changed) notify();
      }, durationMs);
    },
    get: (lineId: string, month: number, field: string): RemoteMark | undefined =>
      marks.get(cellKey(lineId, month, field)),
    /** The cell is being typed in (its text is the user's) until `stopTyping`. */
    startTyping: (lineId: string, month: number, field: string) => void typing.add(cellKey(lineId, month, field)),
    stopTyping: (lineId: string, month: number, field: string) => void typing.delete(cellKey(lineId, month, field)),
    isTyping: (cell: { lineId: string; month: number; field: string }) =>
      typing.has(cellKey(cell.lineId, cell.month, cell.field)),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type RemoteMarks = ReturnType<typeof createRemoteMarks>;
