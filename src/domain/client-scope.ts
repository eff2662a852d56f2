/**
 * A user's clients in words (docs/product.md#user-scope): the users page's summary of a scope,
 * « 2 clients : Alpha, Bêta », readable at 300 clients (the first few names, then how many more).
 */

/** How many names the summary spells out before « et N autres ». */
export const SCOPE_NAMES_SHOWN = 3;

/**
 * null: every client; []: none yet; else the count and the names, in the clients' order (by
 * name), of the assigned clients that exist.
 */
export function scopeSummary(clientIds: readonly string[] | null, clients: readonly { id: string; name: string }[]) {
  if (clientIds === null) return 'Tous les clients';
  const assigned = new Set(clientIds);
  const names = clients.filter((c) => assigned.has(c.id)).map((c) => c.name);
  if (names.length === 0) return 'Aucun client (à assigner)';
  const shown = names.slice(0, SCOPE_NAMES_SHOWN).join(', ');
  const more = names.length - SCOPE_NAMES_SHOWN;
  const tail = more > 0 ? ` et ${more} autre${more > 1 ? 's' : ''}` : '';
  return `${names.length} client${names.length > 1 ? 's' : ''} : ${shown}${tail}`;
}

/** The scope after ticking or unticking one client (the clients' order kept for the answer). */
export function toggleScopeClient(clientIds: readonly string[], id: string): string[] {
  return clientIds.includes(id) ? clientIds.filter((x) => x !== id) : [...clientIds, id];
}
