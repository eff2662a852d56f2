/**
 * Edits not acknowledged by the server, kept in the browser (ADR 048, docs/product.md#cell-saving):
 * per user ('local' without accounts), client and year, each with the value the user saw
 * (`expected`), so a reload, a crash or an outage loses nothing and a change made meanwhile by
 * someone else comes back as a conflict. The keeping is `PendingStore` (IndexedDB in the browser,
 * a map in unit tests); this module decides what to write and what to read.
 */
import type { Cents, CellUpdate } from '@/domain';
import type { CellSource } from '@/domain/history';

/** A kept edit: the cell, its year, client and source, and the value the user saw. */
export type PendingEdit = CellUpdate & { year: number; clientId?: string; source?: CellSource; expected?: Cents };

/** A kept edit as stored: its id (scope and cell) and its scope (user, client, year). */
export type PendingRecord = PendingEdit & { id: string; scope: string };

/** Where kept edits live. */
export interface PendingStore {
  read(scope: string): Promise<PendingRecord[]>;
  write(put: readonly PendingRecord[], remove: readonly string[]): Promise<void>;
}

export const scopeOf = (user: string, clientId: string, year: number) => `${user}|${clientId}|${year}`;

/**
 * What a page keeps: `sync` writes the edits waiting now (and removes those of this page that are
 * acknowledged since), in order; `restore` reads a scope's edits once per page life.
 */
export function createPendingEdits(store: PendingStore) {
  /** The records this page wrote or restored, by id, as last written. */
  const written = new Map<string, string>();
  const restored = new Set<string>();
  let user: string | null = null;
  let chain: Promise<void> = Promise.resolve();

  return {
    setUser(name: string | null) {
      user = name;
    },
    sync(edits: readonly PendingEdit[]): Promise<void> {
      if (user === null) return chain;
      const records = edits.flatMap((edit) => {
        if (!edit.clientId) return [];
        const scope = scopeOf(user!, edit.clientId, edit.year);
        return [{ ...edit, scope, id: `${scope}|${edit.lineId}:${edit.month}:${edit.field}` }];
      });
      const ids = new Set(records.map((r) => r.id));
      const remove = [...written.keys()].filter((id) => !ids.has(id));
      const put = records.filter((r) => written.get(r.id) !== JSON.stringify(r));
      if (put.length === 0 && remove.length === 0) return chain;
      for (const id of remove) written.delete(id);
      for (const r of put) written.set(r.id, JSON.stringify(r));
      chain = chain.then(() => store.write(put, remove)).catch(() => {});
      return chain;
    },
    async restore(clientId: string, year: number): Promise<PendingEdit[]> {
      if (user === null) return [];
      const scope = scopeOf(user, clientId, year);
      if (restored.has(scope)) return [];
      restored.add(scope);
      await chain;
      const records = await store.read(scope);
      for (const r of records) written.set(r.id, JSON.stringify(r));
      return records.map(({ id: _id, scope: _scope, ...edit }) => edit);
    },
  };
}

/** The browser's IndexedDB as a PendingStore, or null where there is none. */
export function indexedDbStore(name = 'budget-marges'): PendingStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const STORE = 'pending-edits';
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opened ??= new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: 'id' }).createIndex('scope', 'scope');
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    }));
  const done = (tx: IDBTransaction) =>
    new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
    });
  return {
    async read(scope) {
      const tx = (await open()).transaction(STORE, 'readonly');
      const request = tx.objectStore(STORE).index('scope').getAll(scope);
      await done(tx);
      return request.result as PendingRecord[];
    },
    async write(put, remove) {
      const tx = (await open()).transaction(STORE, 'readwrite');
      const store = tx.objectStore(STORE);
      for (const record of put) store.put(record);
      for (const id of remove) store.delete(id);
      await done(tx);
    },
  };
}
