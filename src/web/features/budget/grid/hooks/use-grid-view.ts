/**
 * The grid's view, remembered per user in this browser (docs/product.md#grid-views, ADR 061):
 * localStorage keyed by the signed-in email (`me` of GET /api/access; one key in local mode,
 * which has one user). A browser that refuses storage keeps the choice for the page only.
 */
import { useSyncExternalStore } from 'react';
import { gridViewStorageKey, parseGridView, type GridView } from '@/domain';
import { useAccess } from '@/web/lib/access';

const listeners = new Set<() => void>();
/** The view last read per key, by its stored text: the same object while the text is the same. */
const cache = new Map<string, { text: string | null; view: GridView }>();
/** Choices the browser would not store (private mode), per key. */
const unstored = new Map<string, GridView>();

function readView(key: string): GridView {
  let text: string | null;
  try {
    text = window.localStorage.getItem(key);
  } catch {
    text = null;
  }
  const kept = unstored.get(key);
  if (text === null && kept) return kept;
  const cached = cache.get(key);
  if (cached && cached.text === text) return cached.view;
  const view = parseGridView(text);
  cache.set(key, { text, view });
  return view;
}

function storeView(key: string, view: GridView) {
  try {
    window.localStorage.setItem(key, JSON.stringify(view));
  } catch {
    unstored.set(key, view);
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's view of the grid, and the function that changes (and remembers) it. */
export function useGridView(): [GridView, (view: GridView) => void] {
  const key = gridViewStorageKey(useAccess()?.me ?? null);
  const view = useSyncExternalStore(
    subscribe,
    () => readView(key),
    () => readView(key),
  );
  return [view, (next) => storeView(key, next)];
}
