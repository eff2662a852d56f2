/**
 * The dashboards' client selection (docs/product.md#dashboard-filter), as a pure state machine.
 *
 * Representation, kept as docs/product.md#dashboard-filter writes it so it serialises as is: either exactly `['all']`
 * (every client) or a non-empty list of distinct client ids in the order they were chosen (the
 * badges' order). It is never empty: removing the last client returns to `['all']`. Client ids are
 * UUIDs, so the `'all'` marker cannot collide with one.
 */

/** The 'every client' marker. */
export const ALL = 'all';

/**
 * `['all']`, or a non-empty list of distinct client ids (selection order). A plain readonly
 * string list (a `readonly ['all'] | readonly string[]` union would say no more to the compiler);
 * build and read it only through the functions below.
 */
export type ClientFilter = readonly string[];

/** The default filter: every client. */
export const ALL_CLIENTS: ClientFilter = Object.freeze([ALL]);

/** True when the filter means every client (an empty list, which the functions never produce, too). */
export function isAll(filter: ClientFilter): boolean {
  return filter.length === 0 || (filter.length === 1 && filter[0] === ALL);
}

/** True when this client id is explicitly selected (false for every id under 'all'). */
export function isClientSelected(filter: ClientFilter, id: string): boolean {
  return !isAll(filter) && filter.includes(id);
}

/**
 * The filter after choosing an item of the multi-select: 'all' resets to every client; a client
 * while 'all' is active becomes the only one; a selected client is removed (back to 'all' when
 * none remain); another client is added at the end.
 */
export function toggleClient(filter: ClientFilter, id: string): ClientFilter {
  if (id === ALL) return ALL_CLIENTS;
  if (isAll(filter)) return [id];
  if (filter.includes(id)) return removeClient(filter, id);
  return [...filter, id];
}

/** The filter after removing a client's badge: like toggling it off; unchanged if not selected. */
export function removeClient(filter: ClientFilter, id: string): ClientFilter {
  if (isAll(filter) || !filter.includes(id)) return filter;
  const rest = filter.filter((x) => x !== id);
  return rest.length === 0 ? ALL_CLIENTS : rest;
}

/**
 * Drops ids that no longer exist (a deleted client); back to 'all' if none remain. Returns the
 * same filter when nothing changes.
 */
export function pruneClientFilter(filter: ClientFilter, existingIds: readonly string[]): ClientFilter {
  if (isAll(filter)) return filter;
  const existing = new Set(existingIds);
  const kept = filter.filter((id) => existing.has(id));
  if (kept.length === filter.length) return filter;
  return kept.length === 0 ? ALL_CLIENTS : kept;
}

/**
 * The ids the dashboards cover: every id of `allIds` under 'all', else the selected ids that
 * exist in `allIds` (selection order).
 */
export function selectedClientIds(filter: ClientFilter, allIds: readonly string[]): string[] {
  if (isAll(filter)) return [...allIds];
  const existing = new Set(allIds);
  return filter.filter((id) => existing.has(id));
}

/** The multi-select button label (docs/product.md#dashboard-filter): 'Tous les clients' or 'N client(s) sélectionné(s)'. */
export function filterLabel(filter: ClientFilter): string {
  return isAll(filter) ? 'Tous les clients' : `${filter.length} client(s) sélectionné(s)`;
}
