import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assertCents as cents, cellKey, type CellUpdate } from '@/domain';
import { makeLine, makePole } from '@/domain/testing/builders';
import { createCellSaveQueue, type ConflictInfo } from './cell-save-queue';

/** A fake server: records each request and answers it when the test says so. */
function fakeServer() {
  const requests: { cells: CellUpdate[]; resolve: () => void; reject: (e: Error) => void }[] = [];
  const stored = new Map<string, number>();
  const send = (cells: CellUpdate[]) =>
    new Promise<void>((resolve, reject) => {
      requests.push({
        cells,
        resolve: () => {
          for (const c of cells) stored.set(`${c.lineId}:${c.month}:${c.field}`, c.value);
          resolve();
        },
        reject,
      });
    });
  return { requests, stored, send };
}

const cell = (value: number, month = 0): CellUpdate => ({ lineId: 'l1', month, field: 'reel', value: cents(value) });

describe('cell save queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for a pause in typing, then saves the edits in one request', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, debounceMs: 500 });

    queue.edit([cell(1)]);
    queue.edit([cell(12)]);
    queue.edit([cell(5, 1)]);
    await vi.advanceTimersByTimeAsync(499);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);

    expect(server.requests.map((r) => r.cells)).toEqual([[cell(12), cell(5, 1)]]);
  });

  it('stores the last of two fast edits of one cell, even while the first is in flight', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {} });

    queue.edit([cell(1)], true);
    queue.edit([cell(2)], true); // the first request has not answered yet: this one waits
    expect(server.requests).toHaveLength(1);
    server.requests[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(2);
    server.requests[1]!.resolve();
    await queue.whenIdle();

    expect(server.stored.get('l1:0:reel')).toBe(2);
    expect(queue.hasPendingEdits()).toBe(false);
  });

  it('marks the cells of a failed save unsaved, retries, and clears the mark once stored', async () => {
    const server = fakeServer();
    const failures: number[] = [];
    const queue = createCellSaveQueue({
      send: server.send,
      onFailure: (_e, n) => failures.push(n),
      retryDelaysMs: [1000, 3000],
    });

    queue.edit([cell(7)], true);
    server.requests[0]!.reject(new Error('réseau'));
    await vi.advanceTimersByTimeAsync(0);
    expect(failures).toEqual([1]);
    expect(queue.isUnsaved('l1', 0, 'reel')).toBe(true);
    expect(queue.unsavedCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(1000);
    server.requests[1]!.reject(new Error('réseau'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(server.requests).toHaveLength(2); // the second delay is longer
    await vi.advanceTimersByTimeAsync(1);
    server.requests[2]!.resolve();
    await queue.whenIdle();

    expect(server.stored.get('l1:0:reel')).toBe(7);
    expect(queue.isUnsaved('l1', 0, 'reel')).toBe(false);
    expect(queue.hasPendingEdits()).toBe(false);
  });

  it('keeps a newer edit committed while a failing save was in flight', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, retryDelaysMs: [100] });

    queue.edit([cell(1)], true);
    queue.edit([cell(2)], true);
    server.requests[0]!.reject(new Error('réseau'));
    await vi.advanceTimersByTimeAsync(100);
    server.requests[1]!.resolve();
    await queue.whenIdle();

    expect(server.requests[1]!.cells).toEqual([cell(2)]);
    expect(server.stored.get('l1:0:reel')).toBe(2);
  });

  it('lays edits not stored yet over data reloaded from the server', () => {
    const queue = createCellSaveQueue({ send: () => new Promise(() => {}), onFailure: () => {} });
    const line = makeLine('A', { reel: [100] });
    queue.edit([{ lineId: line.id, month: 0, field: 'reel', value: cents(25000) }]);

    const [pole] = queue.overlay([makePole('Paid', [line])]);

    expect(pole!.lines[0]!.reel[0]).toBe(25000);
    expect(queue.hasPendingEdits()).toBe(true);
  });

  it('forgets the edits of a deleted line', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {} });
    queue.edit([cell(3)]);

    queue.dropLine('l1');
    await vi.advanceTimersByTimeAsync(5000);

    expect(server.requests).toHaveLength(0);
    expect(queue.hasPendingEdits()).toBe(false);
  });

  it('never retries a refused batch: isolates the refused cell, stores every other, marks it with the reason', async () => {
    // A server that refuses, all or nothing, any batch holding a value of 1 000 or more.
    const requests: number[][] = [];
    const stored = new Map<string, number>();
    const refusal = new Error('Montant hors limites.');
    const send = (cells: CellUpdate[]) => {
      requests.push(cells.map((c) => c.value));
      if (cells.some((c) => c.value >= 1000)) return Promise.reject(refusal);
      for (const c of cells) stored.set(`${c.lineId}:${c.month}:${c.field}`, c.value);
      return Promise.resolve();
    };
    const rejected: CellUpdate[] = [];
    const failures: unknown[] = [];
    const queue = createCellSaveQueue({
      send,
      onFailure: (e) => failures.push(e),
      finalReason: (e) => (e === refusal ? 'Montant hors limites.' : null),
      onRejected: (cells) => rejected.push(...cells),
    });

    queue.edit([cell(1, 0), cell(2, 1), cell(5000, 2), cell(4, 3), cell(5, 4)], true);
    await queue.whenIdle();

    expect([...stored.values()].sort()).toEqual([1, 2, 4, 5]);
    expect(rejected).toEqual([cell(5000, 2)]);
    expect(queue.rejection('l1', 2, 'reel')).toBe('Montant hors limites.');
    expect(queue.rejectedCount()).toBe(1);
    expect(queue.unsavedCount()).toBe(0);
    expect(failures).toEqual([]); // a refusal is not a failure to retry
    expect(queue.hasPendingEdits()).toBe(false);
    // Halving finds one refused cell among five in a few requests, not one per cell.
    expect(requests.length).toBeLessThanOrEqual(6);
    const sent = requests.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(requests).toHaveLength(sent); // and it is never sent again

    // A valid edit of the refused cell clears the mark and is stored.
    queue.edit([cell(50, 2)], true);
    expect(queue.rejection('l1', 2, 'reel')).toBeUndefined();
    await queue.whenIdle();
    expect(stored.get('l1:2:reel')).toBe(50);
  });
});

/**
 * A server that compares each cell's `expected` with what it holds (docs/product.md#conflict-choice):
 * any difference refuses the whole batch with the cells in conflict; `otherWrites` is someone else.
 */
function comparingServer() {
  const stored = new Map<string, number>();
  const requests: (CellUpdate & { expected?: number })[][] = [];
  const conflict = (cells: Map<string, ConflictInfo>) => Object.assign(new Error('conflit'), { cells });
  const send = (cells: (CellUpdate & { expected?: number })[]) => {
    requests.push(cells);
    const at = (c: CellUpdate) => stored.get(cellKey(c.lineId, c.month, c.field)) ?? 0;
    const changed = cells.filter((c) => c.expected !== undefined && at(c) !== c.expected);
    if (changed.length > 0) {
      const infos = changed.map(
        (c) =>
          [cellKey(c.lineId, c.month, c.field), { current: cents(at(c)), byName: 'Camille Martin', at: null }] as const,
      );
      return Promise.reject(conflict(new Map(infos)));
    }
    for (const c of cells) stored.set(cellKey(c.lineId, c.month, c.field), c.value);
    return Promise.resolve();
  };
  const conflictOf = (e: unknown) =>
    e instanceof Error && 'cells' in e ? (e.cells as Map<string, ConflictInfo>) : null;
  return { stored, requests, send, conflictOf, otherWrites: (key: string, value: number) => stored.set(key, value) };
}

const seen = (value: number, expected: number, month = 0) => ({ ...cell(value, month), expected: cents(expected) });

describe('cell save queue: only committed values leave (ADR 048)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('never sends a draft when a save returns: the value typed meanwhile waits for its commit', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {} });

    queue.edit([cell(500, 1)], true); // Tab from the previous cell: in flight
    queue.edit([cell(1)]);
    queue.edit([cell(13)]);
    server.requests[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.requests).toHaveLength(1); // 13 is not sent
    queue.edit([cell(130)]);
    queue.edit([cell(13000)], true); // Enter
    await vi.advanceTimersByTimeAsync(0);
    server.requests[1]!.resolve();
    await queue.whenIdle();

    expect(server.requests.map((r) => r.cells)).toEqual([[cell(500, 1)], [cell(13000)]]);
  });

  it('commits drafts after a pause of 600 ms after the last key', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {} });

    queue.edit([cell(1)]);
    await vi.advanceTimersByTimeAsync(500);
    queue.edit([cell(12)]);
    await vi.advanceTimersByTimeAsync(599);
    expect(server.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.requests.map((r) => r.cells)).toEqual([[cell(12)]]);
  });

  it('a value a pause sent is not sent again by the commit that ends its typing; a changed one is', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {} });

    queue.edit([cell(77)]);
    await vi.advanceTimersByTimeAsync(600); // the pause sends 77
    server.requests[0]!.resolve();
    queue.edit([cell(77)], true); // then the click on the next cell commits the same text
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.requests).toHaveLength(1);
    expect(queue.hasPendingEdits()).toBe(false);

    queue.edit([cell(8)]);
    await vi.advanceTimersByTimeAsync(600); // the pause sends 8
    queue.edit([cell(88)]);
    queue.edit([cell(88)], true); // typed on after the pause: Enter sends the full value
    server.requests[1]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    server.requests[2]!.resolve();
    await queue.whenIdle();
    expect(server.requests.map((r) => r.cells)).toEqual([[cell(77)], [cell(8)], [{ ...cell(88), expected: 8 }]]);
  });

  it('cancel drops the draft and writes nothing; after a pause sent part of it, it writes the value back', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {} });

    queue.edit([cell(7)]);
    queue.edit([cell(77)]);
    queue.cancel([cell(0)]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.requests).toHaveLength(0);
    expect(queue.hasPendingEdits()).toBe(false);

    queue.edit([cell(7)]);
    await vi.advanceTimersByTimeAsync(600); // the pause sends 7
    server.requests[0]!.resolve();
    queue.edit([cell(77)]);
    queue.cancel([cell(0)]);
    await vi.advanceTimersByTimeAsync(0);
    server.requests[1]!.resolve();
    await queue.whenIdle();
    // Sent expecting the value the pause stored.
    expect(server.requests.map((r) => r.cells)).toEqual([[cell(7)], [{ ...cell(0), expected: 7 }]]);
  });

  it('persists every committed edit not acknowledged, with its base, and restores kept ones', async () => {
    const server = fakeServer();
    const kept: unknown[][] = [];
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, persist: (e) => kept.push(e) });

    queue.edit([{ ...cell(5), expected: cents(1) }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(kept).toEqual([]); // a draft is not kept
    queue.edit([{ ...cell(50), expected: cents(5) }], true);
    await vi.advanceTimersByTimeAsync(0);
    expect(kept.at(-1)).toEqual([{ ...cell(50), expected: 1 }]);
    server.requests[0]!.resolve();
    await queue.whenIdle();
    await vi.advanceTimersByTimeAsync(0);
    expect(kept.at(-1)).toEqual([]);

    queue.restore([{ ...cell(9, 2), expected: cents(3) }]);
    expect(server.requests[1]!.cells).toEqual([{ ...cell(9, 2), expected: 3 }]);
  });
});

describe('cell save queue: conflicts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the value seen before the first keystroke, then the value saved as the next base', async () => {
    const server = comparingServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, conflictOf: server.conflictOf });

    queue.edit([seen(1, 0)]);
    queue.edit([seen(12, 1)]); // the cache held the first keystroke's value: not what the server has
    await vi.advanceTimersByTimeAsync(600);
    await queue.whenIdle();
    queue.edit([seen(123, 12)], true);
    await queue.whenIdle();

    expect(server.requests.map((r) => r.map((c) => [c.value, c.expected]))).toEqual([[[12, 0]], [[123, 12]]]);
    expect(server.stored.get('l1:0:reel')).toBe(123);
  });

  it('keeps a refused edit shown and pending until the user keeps it: then sent expecting the other value', async () => {
    const server = comparingServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, conflictOf: server.conflictOf });
    server.otherWrites('l1:0:reel', 1500);

    queue.edit([seen(1200, 0)], true);
    await vi.advanceTimersByTimeAsync(0);

    expect(server.stored.get('l1:0:reel')).toBe(1500); // nothing of the batch stored
    const [group] = queue.conflicts();
    expect(group?.conflicts.get('l1:0:reel')).toEqual({ current: 1500, byName: 'Camille Martin', at: null });
    expect(queue.conflictAt('l1', 0, 'reel')?.current).toBe(1500);
    expect(queue.hasPendingEdits()).toBe(true);
    const line = { ...makeLine('Google Ads'), id: 'l1' };
    expect(queue.overlay([makePole('Paid', [line])])[0]!.lines[0]!.reel[0]).toBe(1200);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.requests).toHaveLength(1); // never retried on its own

    expect(queue.resolve(group!.id, 'mine')).toEqual([]);
    await queue.whenIdle();
    expect(server.requests[1]).toEqual([seen(1200, 1500)]);
    expect(server.stored.get('l1:0:reel')).toBe(1200);
    expect(queue.conflicts()).toEqual([]);
    expect(queue.hasPendingEdits()).toBe(false);
  });

  it("takes the other person's value: the edit is dropped, nothing sent, the value answered", async () => {
    const server = comparingServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, conflictOf: server.conflictOf });
    server.otherWrites('l1:0:reel', 1500);
    queue.edit([seen(1200, 0)], true);
    await vi.advanceTimersByTimeAsync(0);

    const taken = queue.resolve(queue.conflicts()[0]!.id, 'theirs');

    expect(taken).toEqual([cell(1500)]);
    await queue.whenIdle();
    expect(server.requests).toHaveLength(1);
    expect(queue.hasPendingEdits()).toBe(false);
    // The next edit of the cell expects the value now shown.
    queue.edit([seen(1600, 1500)], true);
    await queue.whenIdle();
    expect(server.stored.get('l1:0:reel')).toBe(1600);
  });

  it.each([
    ['mine', [2000, 1100, 1200], [2000, 1100, 1200]],
    ['theirs', [1100, 1200], [1500, 1100, 1200]],
  ] as const)(
    'a refused paste: %s for every changed cell sends the rest again as one request',
    async (choice, sent, after) => {
      const server = comparingServer();
      const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, conflictOf: server.conflictOf });
      server.otherWrites('l1:0:reel', 1500);
      queue.edit([seen(2000, 0, 0), seen(1100, 0, 1), seen(1200, 0, 2)], true);
      await vi.advanceTimersByTimeAsync(0);
      const [group] = queue.conflicts();
      expect([...group!.conflicts.keys()]).toEqual(['l1:0:reel']);
      expect(group!.cells.size).toBe(3);

      queue.resolve(group!.id, choice);
      await queue.whenIdle();

      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]!.map((c) => c.value)).toEqual(sent);
      expect([0, 1, 2].map((m) => server.stored.get(`l1:${m}:reel`))).toEqual(after);
    },
  );

  it('no conflict when the other person stored the same value: sent again at once', async () => {
    const server = comparingServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, conflictOf: server.conflictOf });
    server.otherWrites('l1:0:reel', 1200);
    queue.edit([seen(1200, 0), seen(7, 0, 1)], true);
    await queue.whenIdle();

    expect(queue.conflicts()).toEqual([]);
    expect(server.requests).toHaveLength(2);
    expect(server.stored.get('l1:1:reel')).toBe(7);
  });

  it('a new edit of a cell in conflict replaces the value waiting; the choice is still to make', async () => {
    const server = comparingServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, conflictOf: server.conflictOf });
    server.otherWrites('l1:0:reel', 1500);
    queue.edit([seen(1200, 0)], true);
    await vi.advanceTimersByTimeAsync(0);

    queue.edit([seen(1300, 1200)], true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.requests).toHaveLength(1);
    const [group] = queue.conflicts();
    expect(group!.cells.get('l1:0:reel')?.value).toBe(1300);

    queue.resolve(group!.id, 'mine');
    await queue.whenIdle();
    expect(server.requests.at(-1)).toEqual([seen(1300, 1500)]);
    expect(server.stored.get('l1:0:reel')).toBe(1300);
  });
});
