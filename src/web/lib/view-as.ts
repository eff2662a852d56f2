/**
 * 'Voir en tant que…' (docs/product.md#roles): the user an admin is looking through, kept for the
 * tab's life (sessionStorage: a reload keeps it, another tab does not). Every API request then
 * carries it (api-client.ts), and the server answers as that user would be answered, read-only.
 */
import { useSyncExternalStore } from 'react';

export interface ViewAsUser {
  id: string;
  email: string;
}

const KEY = 'budget-marges:voir-en-tant-que';
const listeners = new Set<() => void>();
let cached: { raw: string | null; user: ViewAsUser | null } = { raw: null, user: null };

function parse(raw: string | null): ViewAsUser | null {
  try {
    return raw ? (JSON.parse(raw) as ViewAsUser) : null;
  } catch {
    return null;
  }
}

export function viewAsUser(): ViewAsUser | null {
  const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
  if (raw !== cached.raw) {
    cached = { raw, user: parse(raw) };
  }
  return cached.user;
}

/** Starts (a user) or ends (null) looking through someone's eyes; the caller reloads the data. */
export function setViewAs(user: ViewAsUser | null): void {
  if (user) sessionStorage.setItem(KEY, JSON.stringify(user));
  else sessionStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

export function useViewAs(): ViewAsUser | null {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, viewAsUser);
}
