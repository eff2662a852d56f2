/**
 * Every route of /api, described once for the OpenAPI document (docs/product.md#documented-api):
 * French summary, the zod schemas the route validates with (the same objects, imported from the
 * domain), its answer and the errors only it gives. The errors every route shares (400 on bad
 * input, 413 on a body, 401/403 of access, 500) are added by document.ts. The route-coverage test
 * fails until a new route is described here: add one entry to OPERATIONS (and name a new answer
 * schema in components.ts).
 */
import type { z } from 'zod';
import { dashboardQuery } from '@/domain/dashboard-query';
import {
  addLineBody,
  addPoleBody,
  anyBackupSchema,
  cellSourceQuery,
  createClientBody,
  factureParams,
  historyIdParams,
  historyQuery,
  historyStackQuery,
  idParams,
  patchCellsBody,
  rollForwardBody,
  setFactureBody,
  updateClientBody,
  updatePoleBody,
  yearParams,
  yearQuery,
  clientSchema,
  lineSchema,
  poleSchema,
} from '@/domain/schemas';
import * as answers from './answers';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Operation {
  method: Method;
  /** Hono's form: `/api/clients/:id`. */
  path: string;
  tag: string;
  /** French, one line. */
  summary: string;
  description?: string;
  /** The path parameters' schema the route validates `c.req.param()` with. */
  params?: z.ZodObject;
  /** The query schemas the route validates `c.req.query()` with (merged). */
  query?: z.ZodObject[];
  /** The body schema the route validates; named in components.ts. */
  body?: z.ZodType;
  answer: { status: 200 | 201 | 204; description: string; schema?: z.ZodType };
  /** Errors proper to this route (the shared ones are added). */
  errors?: (404 | 409 | 429)[];
  /** Answers without a session in accounts mode. */
  public?: boolean;
}

const year = [yearQuery];

export const OPERATIONS: Operation[] = [
  {
    method: 'get',
    path: '/api/health',
    tag: 'Serveur',
    summary: 'État du serveur',
    answer: { status: 200, description: 'Le serveur répond.', schema: answers.healthAnswer },
    public: true,
  },
  {
    method: 'get',
    path: '/api/session',
    tag: 'Accès',
    summary: 'Mode d’accès et utilisateur connecté',
    answer: {
      status: 200,
      description: 'Sans connexion (local) ou comptes utilisateurs.',
      schema: answers.sessionAnswer,
    },
    public: true,
  },
  {
    method: 'get',
    path: '/api/clients',
    tag: 'Clients',
    summary: 'Lister les clients (par nom) avec leurs prévisions de l’exercice',
    query: year,
    answer: { status: 200, description: 'Les clients.', schema: answers.clientList },
  },
  {
    method: 'post',
    path: '/api/clients',
    tag: 'Clients',
    summary: 'Créer un client',
    query: year,
    body: createClientBody,
    answer: { status: 201, description: 'Le client créé.', schema: clientSchema },
    errors: [409],
  },
  {
    method: 'patch',
    path: '/api/clients/:id',
    tag: 'Clients',
    summary: 'Renommer un client ou fixer sa prévision de marge initiale',
    params: idParams,
    query: year,
    body: updateClientBody,
    answer: { status: 200, description: 'Le client modifié.', schema: clientSchema },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/clients/:id',
    tag: 'Clients',
    summary: 'Supprimer un client, ses pôles, lignes et mois de tous les exercices',
    params: idParams,
    answer: { status: 204, description: 'Supprimé (annulable dans l’historique).' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/clients/:id/budget',
    tag: 'Budget',
    summary: 'Budget d’un client : ses pôles de l’exercice, par création',
    params: idParams,
    query: year,
    answer: { status: 200, description: 'Les pôles et leurs lignes.', schema: answers.poleList },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/clients/:id/poles',
    tag: 'Budget',
    summary: 'Ajouter un pôle et ses lignes (un pôle du même nom est réutilisé)',
    params: idParams,
    query: year,
    body: addPoleBody,
    answer: { status: 201, description: 'Le pôle.', schema: poleSchema },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/poles/:id',
    tag: 'Budget',
    summary: 'Déplier ou replier un pôle',
    params: idParams,
    query: year,
    body: updatePoleBody,
    answer: { status: 200, description: 'Le pôle.', schema: poleSchema },
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/poles/:id/facture/:month',
    tag: 'Budget',
    summary: 'Marquer un mois d’un pôle comme facturé ou non',
    params: factureParams,
    query: year,
    body: setFactureBody,
    answer: { status: 200, description: 'Le pôle.', schema: poleSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/poles/:id/lines',
    tag: 'Budget',
    summary: 'Ajouter une ligne à un pôle (12 mois à zéro)',
    params: idParams,
    query: year,
    body: addLineBody,
    answer: { status: 201, description: 'La ligne.', schema: lineSchema },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/lines/:id',
    tag: 'Budget',
    summary: 'Supprimer une ligne et ses 12 mois',
    params: idParams,
    query: year,
    answer: { status: 204, description: 'Supprimée (annulable dans l’historique).' },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/cells',
    tag: 'Budget',
    summary: 'Enregistrer de 1 à 5 000 cellules, tout ou rien',
    description: 'Une transaction : si une ligne est inconnue (404), aucune cellule n’est enregistrée.',
    query: [yearQuery, cellSourceQuery],
    body: patchCellsBody,
    answer: { status: 200, description: 'Enregistrées, en une entrée d’historique.', schema: answers.cellsAnswer },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/budget',
    tag: 'Budget',
    summary: 'Tous les clients et leurs budgets de l’exercice',
    query: year,
    answer: { status: 200, description: 'Clients et budgets.', schema: answers.allBudgetsAnswer },
  },
  {
    method: 'get',
    path: '/api/dashboard',
    tag: 'Tableaux de bord',
    summary: 'Sommes d’une sélection de clients pour les tableaux de bord (centimes)',
    query: [dashboardQuery, yearQuery],
    answer: { status: 200, description: 'La sélection réduite.', schema: answers.dashboardAnswer },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/years',
    tag: 'Exercices',
    summary: 'Les exercices qui contiennent des données',
    answer: { status: 200, description: 'Exercices et nombre de clients.', schema: answers.yearList },
  },
  {
    method: 'post',
    path: '/api/years/:year/rollforward',
    tag: 'Exercices',
    summary: 'Préparer un exercice à partir d’un autre (report, ou aperçu avec dryRun)',
    params: yearParams,
    body: rollForwardBody,
    answer: { status: 200, description: 'Ce que le report a fait à chaque client.', schema: answers.rollForwardAnswer },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/backup',
    tag: 'Sauvegarde',
    summary: 'Sauvegarde JSON : tous les exercices, ou un seul avec ?year=',
    query: year,
    answer: { status: 200, description: 'Le document de sauvegarde.', schema: anyBackupSchema },
  },
  {
    method: 'post',
    path: '/api/backup',
    tag: 'Sauvegarde',
    summary: 'Restaurer une sauvegarde : remplace tout, ou ne change rien',
    description: 'Une sauvegarde d’un seul exercice devient celui de ?year= ; les autres exercices sont vidés.',
    query: year,
    body: anyBackupSchema,
    answer: { status: 200, description: 'Restaurée (annulable dans l’historique).', schema: answers.restoreAnswer },
  },
  {
    method: 'get',
    path: '/api/history',
    tag: 'Historique',
    summary: 'Les modifications, les plus récentes d’abord (par client, exercice, cellule ; paginées)',
    query: [historyQuery],
    answer: { status: 200, description: 'Une page d’entrées.', schema: answers.historyPage },
  },
  {
    method: 'get',
    path: '/api/history/stack',
    tag: 'Historique',
    summary: 'Ce que Annuler et Rétablir feraient pour ce client et cet exercice',
    query: [historyStackQuery],
    answer: { status: 200, description: 'Les entrées visées.', schema: answers.historyStack },
  },
  {
    method: 'post',
    path: '/api/history/:id/undo',
    tag: 'Historique',
    summary: 'Annuler une modification (annuler une annulation la rétablit)',
    params: historyIdParams,
    answer: { status: 200, description: 'L’entrée qui annule.', schema: answers.undoAnswer },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/auth/sign-in/email',
    tag: 'Accès',
    summary: 'Se connecter (mode comptes)',
    body: answers.signInBody,
    answer: { status: 200, description: 'Connecté : cookie de session posé.', schema: answers.okAnswer },
    errors: [429],
    public: true,
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    tag: 'Accès',
    summary: 'La session selon better-auth (l’application lit plutôt GET /api/session)',
    answer: { status: 200, description: 'La session, jetons retirés (null sans session).', schema: answers.okAnswer },
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    tag: 'Accès',
    summary: 'Se déconnecter sur ce poste',
    answer: { status: 200, description: 'Déconnecté.', schema: answers.okAnswer },
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/revoke-sessions',
    tag: 'Accès',
    summary: 'Se déconnecter partout',
    answer: { status: 200, description: 'Toutes les sessions terminées.', schema: answers.okAnswer },
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/two-factor/enable',
    tag: 'Accès',
    summary: 'Commencer l’activation de la double authentification (TOTP)',
    body: answers.passwordBody,
    answer: { status: 200, description: 'La clé TOTP à saisir dans l’application.', schema: answers.okAnswer },
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/two-factor/verify-totp',
    tag: 'Accès',
    summary: 'Vérifier un code TOTP (connexion, ou fin de l’activation)',
    body: answers.totpBody,
    answer: { status: 200, description: 'Code accepté.', schema: answers.okAnswer },
    errors: [429],
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/two-factor/disable',
    tag: 'Accès',
    summary: 'Désactiver la double authentification',
    body: answers.passwordBody,
    answer: { status: 200, description: 'Désactivée.', schema: answers.okAnswer },
    public: true,
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Serveur',
    summary: 'Ce document (OpenAPI 3.1)',
    answer: { status: 200, description: 'Le document.' },
  },
  {
    method: 'get',
    path: '/api/docs',
    tag: 'Serveur',
    summary: 'Ce document, lisible dans un navigateur',
    answer: { status: 200, description: 'Une page HTML.' },
  },
];
