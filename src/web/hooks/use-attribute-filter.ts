/**
 * The dashboards' attribute filter (docs/product.md#client-attributes): a manager, a sector, a
 * status — or 'Mes clients', the caller's own as manager. One value for the page, shared by the two
 * dashboard tabs as the client filter is; forgotten on reload.
 */
import { useSyncExternalStore } from 'react';
import { NO_ATTRIBUTE_FILTER, type ClientAttributeFilter } from '@/domain/client-attributes';

const listeners = new Set<() => void>();
let current: ClientAttributeFilter = NO_ATTRIBUTE_FILTER;

/** Sets the filter everywhere on the page. */
export function setAttributeFilter(next: ClientAttributeFilter): void {
  current = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The attribute filter, re-rendering when it changes, and the function that changes it. */
export function useAttributeFilter(): [ClientAttributeFilter, (next: ClientAttributeFilter) => void] {
  const filter = useSyncExternalStore(
    subscribe,
    () => current,
    () => NO_ATTRIBUTE_FILTER,
  );
  return [filter, setAttributeFilter];
}
