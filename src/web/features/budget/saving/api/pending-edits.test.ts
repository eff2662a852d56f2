import { describe, expect, it } from 'vitest';
import { assertCents as cents } from '@/domain';
import { createPendingEdits, type PendingEdit, type PendingRecord, type PendingStore } from './pending-edits';

/** The store in memory (the browser's is IndexedDB, exercised by e2e/saving.spec.ts). */
function memoryStore() {
  const records = new Map<string, PendingRecord>();
  const store: PendingStore = {
    read: async (scope) => [...records.values()].filter((r) => r.scope === scope),
    write: async (put, remove) => {
      for (const r of put) records.set(r.id, r);
      for (const id of remove) records.delete(id);
    },
  };
  return { records, store };
}

const edit = (value: number, month = 0, clientId = 'c1', year = 2026): PendingEdit => ({
  lineId: 'l1',
  month,
  field: 'previsionnel',
  value: cents(value),
  expected: cents(0),
  year,
  clientId,
});

describe('pending edits kept across a reload', () => {
  it('keeps the waiting edits per user, client and year, and removes them once acknowledged', async () => {
    const { records, store } = memoryStore();
    const kept = createPendingEdits(store);
    kept.setUser('local');
    await kept.sync([edit(777), edit(5, 1, 'c2'), edit(9, 0, 'c1', 2027)]);
    expect([...records.keys()].sort()).toEqual([
      'local|c1|2026|l1:0:previsionnel',
      'local|c1|2027|l1:0:previsionnel',
      'local|c2|2026|l1:1:previsionnel',
    ]);
    await kept.sync([edit(777)]);
    expect([...records.keys()]).toEqual(['local|c1|2026|l1:0:previsionnel']);

    // A new page of the same user reads its scope once, with the value the user saw.
    const next = createPendingEdits(store);
    next.setUser('local');
    expect(await next.restore('c1', 2026)).toEqual([edit(777)]);
    expect(await next.restore('c1', 2026)).toEqual([]);
    // Acknowledged there: removed, although this page never wrote it.
    await next.sync([]);
    expect(records.size).toBe(0);
  });

  it("keeps nothing without a user, and reads no other user's edits", async () => {
    const { records, store } = memoryStore();
    const kept = createPendingEdits(store);
    await kept.sync([edit(1)]);
    expect(records.size).toBe(0);
    kept.setUser('ana@agence.fr');
    await kept.sync([edit(1)]);
    const other = createPendingEdits(store);
    other.setUser('bob@agence.fr');
    expect(await other.restore('c1', 2026)).toEqual([]);
  });
});
