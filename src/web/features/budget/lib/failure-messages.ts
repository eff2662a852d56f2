/** The toasts of docs/product.md#error-toasts: every data failure logs to the console and shows a destructive 'Erreur' toast. */
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
  saveCells: 'Impossible de sauvegarder les données',
  facture: 'Impossible de mettre à jour le statut de facturation',
} as const;

export type FailureDescription = (typeof FAILURE)[keyof typeof FAILURE];

/** Logs the failure and shows the 'Erreur' toast (one toast per `id` while it repeats). */
export function notifyFailure(description: FailureDescription, error: unknown, id?: string): void {
  notifyError('Erreur', description, error, id);
}
