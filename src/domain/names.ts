/**
 * Comparing and searching names as a French reader does: case, accents and extra blanks aside
 * ('Éditions  Dupont' is 'editions dupont'). Two clients cannot share a name by this measure
 * (docs/product.md#client-card), and the budget tab's client picker searches with it.
 */

/** Longest name of a client, pole or line (the API refuses longer; inputs stop there). */
export const MAX_NAME_LENGTH = 200;

/** The name folded: accents removed, lower case, blanks collapsed, trimmed. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('fr')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
}

/** True when two names are the same once folded. */
export function sameName(a: string, b: string): boolean {
  return foldName(a) === foldName(b);
}

/** True when `name` contains the typed search anywhere, folded (an empty search matches all). */
export function nameMatches(name: string, search: string): boolean {
  return foldName(name).includes(foldName(search));
}
