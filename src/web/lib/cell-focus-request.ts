/**
 * « Open the cell » from elsewhere (a notification, docs/product.md#notifications): the app
 * selects the client and the year, then asks here; the budget editor of that client-year puts the
 * cursor on the cell and the comments panel opens on its thread. A store outside React, shared so
 * that features never import each other.
 */
import { useEffect } from 'react';
import type { Measure } from '@/domain';

export type CellFocusRequest = {
  id: number;
  clientId: string;
  year: number;
  lineId: string | null;
  month: number | null;
  field: Measure | null;
  /** The comment to show, when the request comes from one. */
  commentId: number | null;
};

let current: (CellFocusRequest & { takenBy: Set<string> }) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

export function requestCellFocus(request: Omit<CellFocusRequest, 'id'>): void {
  current = { ...request, id: nextId++, takenBy: new Set() };
  listeners.forEach((l) => l());
}

/**
 * Hands the latest request to `accept` (now, and on each new one) until it accepts it (returns
 * true: the request was for it); each `reader` takes a request once, so a screen mounted later
 * (the editor of the client a notification selected) still gets it, and never twice.
 */
export function useCellFocusRequests(reader: string, accept: (request: CellFocusRequest) => boolean): void {
  useEffect(() => {
    const offer = () => {
      if (current && !current.takenBy.has(reader) && accept(current)) current.takenBy.add(reader);
    };
    offer();
    listeners.add(offer);
    return () => {
      listeners.delete(offer);
    };
  }, [reader, accept]);
}
