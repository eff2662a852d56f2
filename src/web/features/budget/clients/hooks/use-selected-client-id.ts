/**
 * The client chosen in the budget tab, and the clients chosen lately: one value for the page,
 * remembered in this browser, so a reload (or the next morning) reopens the client being worked
 * on, and the picker lists the recent ones first (docs/product.md#client-card). Another tab sets
 * it with `selectBudgetClient` (the dashboards' "open in the budget tab"); an id that no longer
 * exists reads as none.
 */
import { useSyncExternalStore } from 'react';

const STORAGE_KEY = 'budget-marges.selected-client';
const RECENT_KEY = 'budget-marges.recent-clients';
/** How many recent clients the picker lists first. */
export const RECENT_COUNT = 5;

const listeners = new Set<() => void>();
/** The choice when the browser refuses storage (private mode): kept for this page only. */
let unstored: { id: string | null; recent: string[] } | null = null;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function readSelected(): string | null {
  return unstored ? unstored.id : read(STORAGE_KEY);
}

let recentText: string | null = null;
let recentIds: readonly string[] = [];
/** The recent ids, most recent first; the same array while the stored text is the same. */
function readRecent(): readonly string[] {
  if (unstored) return unstored.recent;
  const text = read(RECENT_KEY);
  if (text !== recentText) {
    recentText = text;
    try {
      const parsed: unknown = JSON.parse(text ?? '[]');
      recentIds = Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      recentIds = [];
    }
  }
  return recentIds;
}

/** Selects a client in the budget tab (null: none) and puts it first among the recent ones. */
export function selectBudgetClient(id: string | null): void {
  const recent = id === null ? [...readRecent()] : [id, ...readRecent().filter((x) => x !== id)].slice(0, RECENT_COUNT);
  try {
    if (id === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, id);
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(recent));
  } catch {
    unstored = { id, recent };
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The selected client's id and its setter. */
export function useSelectedClientId(): [string | null, (id: string | null) => void] {
  return [useSyncExternalStore(subscribe, readSelected), selectBudgetClient];
}

/** The recently selected client ids, most recent first. */
export function useRecentClientIds(): readonly string[] {
  return useSyncExternalStore(subscribe, readRecent);
}
