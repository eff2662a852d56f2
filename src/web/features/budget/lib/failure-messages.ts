/** The toasts of docs/product.md#error-toasts: every data failure logs to the console and shows a destructive 'Erreur' toast. */
import { ApiError } from '@/web/lib/api-client';
import { notifyError } from '@/web/lib/notify';

export { notifySuccess } from '@/web/lib/notify';

/** The failure descriptions of docs/product.md#error-toasts, used on the budget tab, exactly as written there. */
export const FAILURE = {
  loadClients: 'Impossible de charger les clients',
  addClient: "Impossible d'ajouter le client",
  updateClient: 'Impossible de mettre à jour le client',
  deleteClient: 'Impossible de supprimer le client',
  loadBudget: 'Impossible de charger les données budgétaires',
  addPole: "Impossible d'ajouter le pôle",
  addLine: "Impossible d'ajouter la ligne",
  togglePole: "Impossible de modifier l'état du pôle",
  deleteLine: 'Impossible de supprimer la ligne',
  renameLine: 'Impossible de renommer la ligne',
  renamePole: 'Impossible de renommer le pôle',
  moveLine: 'Impossible de déplacer la ligne',
  saveCells: 'Impossible de sauvegarder les données',
  facture: 'Impossible de mettre à jour le statut de facturation',
  setDriver: 'Impossible de modifier le calcul de la ligne',
  loadVersion: 'Impossible de charger la version comparée',
} as const;

export type FailureDescription = (typeof FAILURE)[keyof typeof FAILURE];

/**
 * Logs the failure and shows the 'Erreur' toast (one toast per `id` while it repeats), followed
 * by the server's French reason when there is one (issue 13: « Montant hors limites. » and « Le nom
 * ne peut pas dépasser 200 caractères. » were only in the console).
 */
export function notifyFailure(description: FailureDescription, error: unknown, id?: string): void {
  const reason = error instanceof ApiError && error.message !== '' ? error.message : null;
  notifyError('Erreur', reason ? `${description}\u00a0: ${reason}` : description, error, id);
}
