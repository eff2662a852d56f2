import { useCallback, useState } from 'react';

const STORAGE_KEY = 'budget-marges.selected-client';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the selection just does not survive a reload
  }
}

/**
 * The client chosen in 'Gestion des Clients'. Remembered in this browser so a reload (or the
 * next morning) reopens the client being worked on; an id that no longer exists reads as none.
 */
export function useSelectedClientId(): [string | null, (id: string | null) => void] {
  const [id, setId] = useState<string | null>(readStored);
  const select = useCallback((next: string | null) => {
    setId(next);
    try {
      if (next === null) window.localStorage.removeItem(STORAGE_KEY);
      else window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // see readStored
    }
  }, []);
  return [id, select];
}
