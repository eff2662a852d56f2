/**
 * The French messages the routes answer with, written once: several resources report the same
 * missing client or pole, and the UI shows these texts as they are.
 */
export const CLIENT_NOT_FOUND = 'Client introuvable.';
export const POLE_NOT_FOUND = 'Pôle introuvable.';
export const LINE_NOT_FOUND = 'Ligne introuvable.';

/** A cell batch named a line that does not exist: the whole batch was rolled back. */
export const cellLineNotFound = (lineId: string) => `Ligne introuvable : ${lineId}. Aucune valeur n'a été enregistrée.`;

/** A custom line's name is already taken in its pole. */
export const lineAlreadyExists = (name: string) => `Une ligne « ${name} » existe déjà dans ce pôle.`;
