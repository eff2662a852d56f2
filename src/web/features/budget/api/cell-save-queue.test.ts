import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assertCents as cents, type CellUpdate } from '@/domain';
import { makeLine, makePole } from '@/domain/testing/builders';
import { createCellSaveQueue } from './cell-save-queue';

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

  it('keeps a newer edit typed while a failing save was in flight', async () => {
    const server = fakeServer();
    const queue = createCellSaveQueue({ send: server.send, onFailure: () => {}, retryDelaysMs: [100] });

    queue.edit([cell(1)], true);
    queue.edit([cell(2)]);
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
