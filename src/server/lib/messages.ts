/**
 * The French messages the routes answer with, written once: several resources report the same
 * missing client or pole, and the UI shows these texts as they are.
 */
export const CLIENT_NOT_FOUND = 'Client introuvable.';

/** Pole and line ids belong to one year (ADR 021): an id of another year is not found in this one. */
export const poleNotFound = (year: number) => `Pôle introuvable dans l'exercice ${year}.`;
export const lineNotFound = (year: number) => `Ligne introuvable dans l'exercice ${year}.`;

/** A cell batch named a line that does not exist in its year: the whole batch was rolled back. */
export const cellLineNotFound = (lineId: string, year: number) =>
  `Ligne introuvable dans l'exercice ${year} : ${lineId}. Aucune valeur n'a été enregistrée.`;

/** A custom line's name is already taken in its pole. */
export const lineAlreadyExists = (name: string) => `Une ligne « ${name} » existe déjà dans ce pôle.`;

/** A client's name is already taken, case, accents and blanks aside (docs/product.md#client-card). */
export const clientAlreadyExists = (name: string) => `Un client « ${name} » existe déjà.`;

/** A pole's new name is already another pole's of the same client and year. */
export const poleAlreadyExists = (name: string) => `Un pôle « ${name} » existe déjà pour ce client.`;

/** A line cannot move past the first or last place of its pole. */
/** The pole's lines are not in the order the move was computed from (nothing moved). */
export const linesChanged = 'Les lignes de ce pôle ont changé entre-temps : rien n’a été déplacé. Rechargez la page.';
export const lineCannotMove = (direction: 'up' | 'down') =>
  direction === 'up'
    ? 'Cette ligne est déjà la première de son pôle.'
    : 'Cette ligne est déjà la dernière de son pôle.';

/** Roll forward refusals (docs/product.md#budget-years). */
export const rollForwardOntoItself = (year: number) =>
  `Impossible de préparer l'exercice ${year} à partir de lui-même : choisissez un exercice source antérieur.`;
export const rollForwardBackwards = (from: number, year: number) =>
  `L'exercice source (${from}) doit précéder l'exercice préparé (${year}).`;
export const rollForwardUnknownClient = (id: string) => `Client introuvable : ${id}. Rien n'a été préparé.`;

/** The database's bound on a client's year (migration 0009, docs/product.md#money-bounds). */
export const clientYearTooLarge = (year: number) =>
  `Refusé : les montants de ce client pour ${year} dépasseraient, pour une mesure, 999 999 999 999,99 € au total (somme des montants, en valeur absolue). Rien n'a été enregistré.`;

/** A save whose expected values are stale (docs/product.md#conflicts): nothing was saved. */
export function cellsConflict(count: number, authors: readonly string[]): string {
  const by = authors.length > 0 ? ` par ${authors.join(', ')}` : '';
  return count === 1
    ? `Cette cellule a été modifiée${by} depuis votre saisie : rien n'a été enregistré. Gardez votre valeur ou prenez la sienne.`
    : `${count} cellules ont été modifiées${by} depuis votre saisie : rien n'a été enregistré. Choisissez les valeurs à garder.`;
}

/** Versions (docs/product.md#versions-and-landing). */
export const versionNotFound = (year: number) => `Version introuvable dans l'exercice ${year}.`;
/** GET /api/dashboard/variance without a version, in a year that has no reference (docs/product.md#variance). */
export const noReferenceVersion = (year: number) =>
  `Aucune version de référence dans l'exercice ${year} : figez le prévisionnel (menu Versions) pour analyser les écarts.`;
export const versionOfAnotherYear = (name: string, of: number, year: number) =>
  `La version « ${name} » est de l'exercice ${of}, pas de ${year}.`;
export const versionAlreadyExists = (name: string, year: number) =>
  `Une version « ${name} » existe déjà pour l'exercice ${year}.`;
export const referenceVersionUndeletable = (name: string) =>
  `La version « ${name} » est la référence de l'exercice : marquez-en une autre comme référence avant de la supprimer.`;
export const landingUnknownClient = (id: string) => `Client introuvable : ${id}. Rien n'a été réestimé.`;
export const landingWithoutReference = (year: number) =>
  `L'exercice ${year} n'a pas de version de référence : figez d'abord son budget (menu Versions).`;

/** A write to a computed cell (docs/product.md#driver-lines): 409 `driver_line`. */
export const driverLineWrite = (lineName: string, measureLabel: string) =>
  `La ligne « ${lineName} » est calculée : son « ${measureLabel} » ne se saisit pas. Pour la saisir, choisissez « Saisir cette ligne » dans son menu.`;

/** A driver that would depend on itself, directly or through other computed lines. */
export const driverCycle = (names: readonly string[]) =>
  `Calcul impossible : il formerait une boucle (${[...names, names[0]].map((n) => `« ${n} »`).join(' → ')}). Une ligne calculée ne peut pas dépendre d'elle-même.`;

/** A driver's source outside the line's client and year. */
export const driverSourceNotFound = (what: 'pole' | 'line') =>
  what === 'pole'
    ? "Le pôle source n'existe pas chez ce client pour cet exercice."
    : "Une ligne source n'existe pas chez ce client pour cet exercice.";

/** A driver listing its own line among its sources. */
export const driverSelfSource = 'Une ligne calculée ne peut pas être sa propre source.';
