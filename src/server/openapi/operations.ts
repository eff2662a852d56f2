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
import { varianceSettingsBody } from '@/domain/variance-schemas';
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
  eventsQuery,
  presenceBody,
  presenceQuery,
  rollForwardBody,
  importBody,
  setFactureBody,
  updateClientBody,
  updatePoleBody,
  yearParams,
  yearQuery,
  createVersionBody,
  landingBody,
  signoffBody,
  signoffParams,
  versionParams,
  versionQuery,
  clientAnswerSchema,
  lineDriverSchema,
  lineSchema,
  moveLineBody,
  poleSchema,
  renameBody,
} from '@/domain/schemas';
import {
  closeMonthBody,
  createUserBody,
  monthParams,
  reopenMonthBody,
  updateUserBody,
  userIdParams,
} from '@/domain/control-schemas';
import {
  commentParams,
  commentPeopleQuery,
  commentsQuery,
  createCommentBody,
  notificationSettingsBody,
  patchCommentBody,
  readNotificationsBody,
} from '@/domain/comments-schemas';
import * as answers from '@/domain/answers';
import { alertSettingsBody, alertsQuery } from '@/domain/alerts-schemas';
import { settingsBody } from '@/domain/settings-schemas';
import { mappingDocument } from '@/domain/accounting/mapping-schema';
import * as auth from './better-auth';

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
  /** A body that is a file's bytes, not JSON (a FEC): what it holds. */
  fileBody?: string;
  /** `file`: the media type of an answer that is a file's bytes (a PDF), not JSON; 302: a redirect the browser follows (the OIDC sign-in's steps). */
  answer: { status: 200 | 201 | 204 | 302; description: string; schema?: z.ZodType; file?: string };
  /** Errors proper to this route (the shared ones are added). */
  errors?: (404 | 409 | 422 | 429)[];
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
    description:
      'Interroge la base : 503 `{status: "unavailable", database: "unreachable", message}` quand elle est injoignable.',
    answer: { status: 200, description: 'Le serveur et sa base répondent.', schema: answers.healthAnswer },
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
    answer: { status: 201, description: 'Le client créé.', schema: clientAnswerSchema },
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
    answer: { status: 200, description: 'Le client modifié.', schema: clientAnswerSchema },
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
    description:
      'Une transaction : si une ligne est inconnue (404), aucune cellule n’est enregistrée. Une cellule portant ' +
      'expected (la valeur vue avant la saisie) dont la valeur enregistrée diffère refuse tout l’envoi : 409 conflict, ' +
      'error.cells donne la valeur actuelle, l’auteur et l’heure. L’en-tête X-Tab-Id (onglet) est gardé dans ' +
      'l’historique et renvoyé dans les événements (origin). Une valeur changeant une cellule calculée (ligne ' +
      'pilotée) refuse tout l’envoi : 409 driver_line ; les lignes pilotées par les cellules enregistrées sont ' +
      'recalculées dans la même transaction et la même entrée.',
    query: [yearQuery, cellSourceQuery],
    body: patchCellsBody,
    answer: { status: 200, description: 'Enregistrées, en une entrée d’historique.', schema: answers.cellsAnswer },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/events',
    tag: 'Direct',
    summary: 'Flux Server-Sent Events des modifications enregistrées de l’exercice',
    description:
      'text/event-stream. `event: change` (data : historyId, clientId, year, source, by, byName, byInitials, origin, ' +
      'cells? — au plus 500, en euros), `event: resync` (tout relire), `event: presence` (clientId, year, users). ' +
      'Seuls les clients visibles par l’appelant. Reprise : en-tête Last-Event-ID ou ?lastEventId= ; un identifiant ' +
      'mal formé repart de maintenant. Commentaire `: ping` toutes les 20 s (session revérifiée).',
    query: [eventsQuery],
    answer: { status: 200, description: 'Le flux, ouvert jusqu’à la déconnexion.' },
  },
  {
    method: 'put',
    path: '/api/presence',
    tag: 'Direct',
    summary: 'Dire quel client cet onglet montre (à renouveler toutes les 30 s ; expire après 75 s)',
    body: presenceBody,
    answer: { status: 204, description: 'Noté.' },
    errors: [404, 429],
  },
  {
    method: 'get',
    path: '/api/presence',
    tag: 'Direct',
    summary: 'Qui a ce client de cet exercice ouvert',
    query: [presenceQuery],
    answer: { status: 200, description: 'Un élément par onglet.', schema: answers.presenceAnswer },
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
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/api/dashboard/pack.pdf',
    tag: 'Tableaux de bord',
    summary: 'Le dossier de gestion mensuel d’une sélection (PDF A4 paysage)',
    description:
      'Les mêmes paramètres que GET /api/dashboard : indicateurs, marges par projet et par pôle, évolution mensuelle ' +
      '(graphique et tableau), principaux écarts à date ; en-tête (sélection, exercice, arrêté, date) et « Page n / N » sur chaque page.',
    query: [dashboardQuery, yearQuery],
    answer: { status: 200, description: 'Le fichier PDF (pièce jointe).', file: 'application/pdf' },
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/api/dashboard/lines',
    tag: 'Tableaux de bord',
    summary: 'Les lignes de chaque pôle d’une sélection de clients (vue par ligne, centimes)',
    query: [dashboardQuery, yearQuery],
    answer: { status: 200, description: 'Les pôles et leurs lignes.', schema: answers.dashboardLinesAnswer },
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/api/dashboard/landing',
    tag: 'Tableaux de bord',
    summary:
      'L’atterrissage par client, pôle et mois : MB réelle jusqu’au mois d’arrêté, prévisionnelle ensuite, face à une version (la référence par défaut) (centimes)',
    query: [dashboardQuery, yearQuery],
    answer: { status: 200, description: 'Les lignes et leur TOTAL.', schema: answers.landingViewAnswer },
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/api/dashboard/variance',
    tag: 'Tableaux de bord',
    summary: 'Analyse des écarts : l’écart de MB à date contre une version, en effets volume et taux (centimes)',
    description:
      'Sans version : la version de référence de l’exercice (404 sans elle). Une version inconnue → 404, d’un autre ' +
      'exercice → 400 ; un mois d’arrêté hors de 0 à 11 → 400. Écart = volume + taux au centime : le volume est arrondi ' +
      'au centime (demi loin de zéro), le taux est le reste ; avec un CA de référence ≤ 0, tout l’écart est volume.',
    query: [dashboardQuery, yearQuery],
    answer: {
      status: 200,
      description: 'Les écarts par client, par pôle et au total.',
      schema: answers.varianceAnswer,
    },
    errors: [404, 422],
  },
  {
    method: 'get',
    path: '/api/variance/settings',
    tag: 'Tableaux de bord',
    summary: 'Le seuil au-delà duquel un écart demande une justification',
    answer: { status: 200, description: 'Le seuil (euros), ou null.', schema: answers.varianceSettingsAnswer },
  },
  {
    method: 'put',
    path: '/api/variance/settings',
    tag: 'Tableaux de bord',
    summary: 'Fixer le seuil des justifications d’écart (admin) : euros et pourcentage, ou null',
    body: varianceSettingsBody,
    answer: { status: 200, description: 'Le seuil enregistré.', schema: answers.varianceSettingsAnswer },
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
    path: '/api/years/:year/versions',
    tag: 'Versions',
    summary: 'Les versions figées de l’exercice, la plus ancienne d’abord',
    params: yearParams,
    answer: { status: 200, description: 'Les versions.', schema: answers.versionList },
  },
  {
    method: 'post',
    path: '/api/years/:year/versions',
    tag: 'Versions',
    summary: 'Figer le prévisionnel de tous les clients de l’exercice sous un nom (administrateur)',
    description:
      'Une transaction : prévisionnel et achat prévisionnel de chaque ligne et mois, prévision MB annuelle début. ' +
      'La première version de l’exercice en devient la référence. Une entrée d’historique « version ».',
    params: yearParams,
    body: createVersionBody,
    answer: { status: 201, description: 'La version créée.', schema: answers.createdVersionAnswer },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/years/:year/versions/:id',
    tag: 'Versions',
    summary: 'Les pôles et lignes d’un client tels que la version les a figés (prévisionnel seulement)',
    params: versionParams,
    query: [versionQuery],
    answer: { status: 200, description: 'Les pôles figés.', schema: answers.versionPoleList },
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/years/:year/versions/:id/reference',
    tag: 'Versions',
    summary: 'Faire de cette version la référence de l’exercice (administrateur)',
    params: versionParams,
    answer: { status: 200, description: 'Les versions de l’exercice.', schema: answers.versionList },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/years/:year/versions/:id',
    tag: 'Versions',
    summary: 'Supprimer une version qui n’est pas la référence (administrateur)',
    params: versionParams,
    answer: { status: 204, description: 'Supprimée.' },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/years/:year/landing',
    tag: 'Versions',
    summary: 'Atterrissage : réestimer le prévisionnel des mois après la coupure (ou aperçu avec dryRun)',
    description:
      'run-rate : moyenne des 3 derniers mois de réel ; n-1 : même mois de N−1 × (1 + croissance) ; ' +
      'objectif : le reste de la version de référence, réparti au prorata du prévisionnel. ' +
      'Les mois clôturés et ceux jusqu’à la coupure ne sont jamais écrits. Une entrée d’historique « atterrissage », annulable.',
    params: yearParams,
    body: landingBody,
    answer: {
      status: 200,
      description: 'Ce que l’atterrissage a fait (ou ferait) à chaque client.',
      schema: answers.landingAnswer,
    },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/years/:year/signoff',
    tag: 'Validation',
    summary: 'Le statut du budget de chaque client de l’exercice (brouillon, soumis, validé)',
    params: yearParams,
    answer: { status: 200, description: 'Les statuts, par nom de client.', schema: answers.signoffList },
  },
  {
    method: 'post',
    path: '/api/years/:year/signoff/:clientId',
    tag: 'Validation',
    summary: 'Soumettre, valider, renvoyer ou rouvrir le budget d’un client',
    description:
      'brouillon → soumis (un éditeur du client, avec une note) ; soumis → validé (administrateur : fige une version ' +
      'du client, et ses prévisions ne peuvent plus changer : 409 budget_validated) ; soumis → brouillon et validé → ' +
      'brouillon (administrateur, avec un motif). Une autre transition : 409. Une entrée d’historique « validation ».',
    params: signoffParams,
    body: signoffBody,
    answer: { status: 200, description: 'Le nouveau statut.', schema: answers.signoffTransitionAnswer },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/years/:year/signoff/:clientId/changes',
    tag: 'Validation',
    summary: 'Ce qui a changé dans le prévisionnel du client depuis sa dernière validation',
    description:
      'Comparé à la version figée par la dernière validation du client, à défaut à la référence de l’exercice ' +
      '(si elle contient le client) ; sans l’une ni l’autre, since est null et rien n’est listé. Pôles et lignes ' +
      'ajoutés, supprimés, renommés ou déplacés ; chaque cellule prévisionnelle changée (avant, après) ; les totaux.',
    params: signoffParams,
    answer: { status: 200, description: 'Les changements.', schema: answers.forecastChangesAnswer },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/import',
    tag: 'Exercices',
    summary:
      'Importer un classeur ou un CSV lu dans le navigateur : nouvelles lignes et cellules, en une entrée annulable',
    description:
      'Le fichier est lu et rapproché dans le navigateur ; seul ce JSON arrive. Tout ou rien, en une entrée d’historique « import ».',
    query: year,
    body: importBody,
    answer: { status: 200, description: 'Ce que l’import a créé et écrit.', schema: answers.importAnswer },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/accounting/mapping',
    tag: 'Comptabilité',
    summary: 'Les règles qui affectent les lignes du FEC aux clients, pôles et lignes (administrateur)',
    answer: { status: 200, description: 'Le document de correspondance.', schema: mappingDocument },
  },
  {
    method: 'put',
    path: '/api/accounting/mapping',
    tag: 'Comptabilité',
    summary: 'Remplacer les règles (administrateur)',
    description:
      'Refusé (400, la règle nommée) : un client inconnu, des pourcentages dont la somme n’est pas 100, une condition vide. Un client hors de votre périmètre : 404.',
    body: mappingDocument,
    answer: { status: 200, description: 'Le document enregistré.', schema: mappingDocument },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/accounting/fec/preview',
    tag: 'Comptabilité',
    summary: 'Aperçu de l’import d’un FEC : mois, cellules avant → après, reste à affecter (ne change rien)',
    description:
      'Le corps est le fichier lui-même (jusqu’à 200 000 lignes et 64 Mo). Un fichier illisible : 400 `invalid_file`, la ligne et le champ nommés.',
    query: year,
    fileBody: 'Le FEC, tel que le logiciel comptable l’exporte (UTF-8 ou Windows-1252 ; tabulation, |, ; ou ,).',
    answer: { status: 200, description: 'Ce que l’import ferait.', schema: answers.fecPreviewAnswer },
  },
  {
    method: 'post',
    path: '/api/accounting/fec/apply',
    tag: 'Comptabilité',
    summary: 'Importer un FEC : les réels des mois qu’il couvre, en une entrée d’historique annulable',
    description:
      'Un instantané des mois couverts ; les mois clôturés ne sont jamais écrits. Le même fichier deux fois ne change rien (historyId null).',
    query: year,
    fileBody: 'Le FEC, comme pour l’aperçu.',
    answer: { status: 200, description: 'Ce que l’import a écrit.', schema: answers.fecApplyAnswer },
  },
  {
    method: 'get',
    path: '/api/accounting/reconciliation',
    tag: 'Comptabilité',
    summary: 'Rapprochement par mois : le grand livre du dernier import face aux réels de l’outil',
    description: 'Les éditeurs et lecteurs voient leurs clients seulement (les totaux du grand livre sont alors null).',
    query: year,
    answer: { status: 200, description: 'Les 12 mois.', schema: answers.reconciliationAnswer },
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
    body: auth.signInBody,
    answer: { status: 200, description: 'Connecté : cookie de session posé.', schema: auth.okAnswer },
    errors: [429],
    public: true,
  },
  {
    method: 'get',
    path: '/api/auth/oidc/start',
    tag: 'Accès',
    summary: 'Se connecter avec le compte de l’agence (OIDC_ISSUER configuré)',
    description:
      'Redirige vers le fournisseur OpenID (code d’autorisation, PKCE, state et nonce). Sans OIDC_ISSUER : 404.',
    answer: { status: 302, description: 'Vers la page de connexion du fournisseur.' },
    public: true,
  },
  {
    method: 'get',
    path: '/api/auth/oidc/callback',
    tag: 'Accès',
    summary: 'Retour du fournisseur OpenID : ouvre la session d’un utilisateur existant et actif',
    description:
      'Vérifie state, émetteur, nonce et la signature de l’id_token ; trouve l’utilisateur par son e-mail ' +
      '(sans distinction de casse), sans jamais en créer. Redirige vers / (connecté), vers /?connexion=code ' +
      '(code TOTP attendu) ou vers /?connexion=etat|jeton|inconnu|desactive|fournisseur (refusé).',
    answer: { status: 302, description: 'Vers l’application, connecté ou avec le motif du refus.' },
    public: true,
  },
  {
    method: 'get',
    path: '/api/auth/get-session',
    tag: 'Accès',
    summary: 'La session selon better-auth (l’application lit plutôt GET /api/session)',
    answer: { status: 200, description: 'La session, jetons retirés (null sans session).', schema: auth.okAnswer },
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/sign-out',
    tag: 'Accès',
    summary: 'Se déconnecter sur ce poste',
    answer: { status: 200, description: 'Déconnecté.', schema: auth.okAnswer },
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/revoke-sessions',
    tag: 'Accès',
    summary: 'Se déconnecter partout',
    answer: { status: 200, description: 'Toutes les sessions terminées.', schema: auth.okAnswer },
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/change-password',
    tag: 'Accès',
    summary: 'Changer son mot de passe',
    description:
      'Le mot de passe actuel est vérifié comme à la connexion (400 s’il est faux, compté par les limites) ; ' +
      'les autres sessions sont terminées, celle-ci continue. Lève l’obligation d’un mot de passe temporaire.',
    body: auth.changePasswordBody,
    answer: { status: 200, description: 'Changé : nouveau cookie de session posé.', schema: auth.okAnswer },
    errors: [429],
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/two-factor/enable',
    tag: 'Accès',
    summary: 'Commencer l’activation de la double authentification (TOTP)',
    body: auth.passwordBody,
    answer: { status: 200, description: 'La clé TOTP à saisir dans l’application.', schema: auth.okAnswer },
    errors: [429],
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/two-factor/verify-totp',
    tag: 'Accès',
    summary: 'Vérifier un code TOTP (connexion, ou fin de l’activation)',
    body: auth.totpBody,
    answer: { status: 200, description: 'Code accepté.', schema: auth.okAnswer },
    errors: [429],
    public: true,
  },
  {
    method: 'post',
    path: '/api/auth/two-factor/disable',
    tag: 'Accès',
    summary: 'Désactiver la double authentification',
    body: auth.passwordBody,
    answer: { status: 200, description: 'Désactivée.', schema: auth.okAnswer },
    errors: [429],
    public: true,
  },
  {
    method: 'put',
    path: '/api/poles/:id/name',
    tag: 'Budget',
    summary: 'Renommer un pôle',
    description: 'Un nom qu’un autre pôle du client porte dans l’exercice est refusé (409) ; une entrée d’historique.',
    params: idParams,
    query: year,
    body: renameBody,
    answer: { status: 200, description: 'Le pôle renommé, avec ses lignes.', schema: poleSchema },
    errors: [404, 409],
  },
  {
    method: 'put',
    path: '/api/lines/:id/name',
    tag: 'Budget',
    summary: 'Renommer une ligne',
    description: 'Un nom qu’une autre ligne du pôle porte est refusé (409) ; une entrée d’historique.',
    params: idParams,
    query: year,
    body: renameBody,
    answer: { status: 200, description: 'La ligne renommée.', schema: lineSchema },
    errors: [404, 409],
  },
  {
    method: 'put',
    path: '/api/lines/:id/driver',
    tag: 'Budget',
    summary: 'Calculer une ligne : un pourcentage d’autres lignes (ligne pilotée)',
    description:
      'Chaque mois, measure = percent % de la somme de sourceMeasure sur les sources (toutes les lignes du pôle ' +
      'sources.pole, ou les lignes sources.lineIds, du même client et exercice, la ligne elle-même exclue), arrondi au ' +
      'centime, la moitié loin de zéro. Recalculée dans la transaction de tout changement d’une source ; ses cellules ' +
      'sont en lecture seule (409 driver_line). Une boucle est refusée (400). Une entrée d’historique.',
    params: idParams,
    query: year,
    body: lineDriverSchema,
    answer: {
      status: 200,
      description: 'La ligne, avec ses montants calculés et son calcul (driver).',
      schema: lineSchema,
    },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/lines/:id/driver',
    tag: 'Budget',
    summary: 'Saisir de nouveau une ligne calculée (ses montants restent)',
    params: idParams,
    query: year,
    answer: { status: 200, description: 'La ligne, sans calcul.', schema: lineSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/lines/:id/move',
    tag: 'Budget',
    summary: 'Monter ou descendre une ligne dans son pôle',
    description: 'Déjà en tête (ou en fin) : 409 ; une entrée d’historique.',
    params: idParams,
    query: year,
    body: moveLineBody,
    answer: { status: 200, description: 'Le nouvel ordre des lignes du pôle.', schema: answers.lineOrderAnswer },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/years/:year/locks',
    tag: 'Clôture',
    summary: 'Les mois clôturés d’un exercice',
    params: yearParams,
    answer: { status: 200, description: 'Mois, date, auteur et note.', schema: answers.monthLockList },
  },
  {
    method: 'get',
    path: '/api/years/:year/months/:month/checklist',
    tag: 'Clôture',
    summary: 'Ce qui semble inachevé avant de clôturer un mois (administrateur)',
    params: yearParams.extend(monthParams.shape),
    answer: { status: 200, description: 'Les points à vérifier.', schema: answers.checklistAnswer },
  },
  {
    method: 'post',
    path: '/api/years/:year/months/:month/close',
    tag: 'Clôture',
    summary: 'Clôturer un mois pour tous les clients (administrateur)',
    description: 'Les mois se clôturent dans l’ordre (409 sinon) ; une entrée d’historique « clôture ».',
    params: yearParams.extend(monthParams.shape),
    body: closeMonthBody,
    answer: { status: 200, description: 'Les mois clôturés après la clôture.', schema: answers.monthLockList },
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/years/:year/months/:month/reopen',
    tag: 'Clôture',
    summary: 'Rouvrir un mois, avec un motif (administrateur)',
    description: 'Le dernier mois clôturé seulement (409 sinon) ; une entrée d’historique « clôture ».',
    params: yearParams.extend(monthParams.shape),
    body: reopenMonthBody,
    answer: { status: 200, description: 'Les mois clôturés après la réouverture.', schema: answers.monthLockList },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/access',
    tag: 'Accès',
    summary: 'Ce que l’appelant peut faire (rôle, clients visibles, « Voir en tant que… »)',
    answer: { status: 200, description: 'Rôle et périmètre.', schema: answers.accessAnswer },
  },
  {
    method: 'get',
    path: '/api/users',
    tag: 'Accès',
    summary: 'Les utilisateurs (administrateur)',
    answer: { status: 200, description: 'Les utilisateurs.', schema: answers.userList },
  },
  {
    method: 'post',
    path: '/api/users',
    tag: 'Accès',
    summary: 'Créer un utilisateur avec un mot de passe temporaire (administrateur)',
    body: createUserBody,
    answer: {
      status: 201,
      description: 'Créé ; le mot de passe est montré une fois.',
      schema: answers.createdUserAnswer,
    },
    errors: [404, 409],
  },
  {
    method: 'patch',
    path: '/api/users/:id',
    tag: 'Accès',
    summary: 'Changer le rôle, les clients ou désactiver un utilisateur (administrateur)',
    params: userIdParams,
    body: updateUserBody,
    answer: { status: 200, description: 'L’utilisateur après le changement.', schema: answers.userAnswer },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/comments',
    tag: 'Commentaires',
    summary: 'Les commentaires d’un client pour un exercice, le plus ancien d’abord',
    query: [commentsQuery],
    answer: { status: 200, description: 'Les commentaires (fils et réponses).', schema: answers.commentList },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/comments/all',
    tag: 'Commentaires',
    summary: 'Les commentaires d’un exercice de tous les clients visibles, avec leur client, le plus ancien d’abord',
    description:
      'Un éditeur ou un lecteur limité à certains clients ne reçoit que les leurs (la feuille Commentaires de l’export Excel de tous les clients).',
    query: [yearQuery],
    answer: {
      status: 200,
      description: 'Les commentaires (fils et réponses) avec le client.',
      schema: answers.yearCommentList,
    },
    errors: [],
  },
  {
    method: 'post',
    path: '/api/comments',
    tag: 'Commentaires',
    summary: 'Commenter une cellule, une ligne ou le client-exercice, ou répondre à un fil (tout rôle)',
    description:
      'Les mentions (identifiants d’utilisateurs qui voient le client) et, pour une réponse, les autres auteurs du fil ' +
      'reçoivent une notification, selon leur niveau.',
    body: createCommentBody,
    answer: { status: 201, description: 'Le commentaire créé.', schema: answers.commentAnswer },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/comments/people',
    tag: 'Commentaires',
    summary: 'Les utilisateurs actifs qui voient ce client (ceux qu’un commentaire peut mentionner)',
    query: [commentPeopleQuery],
    answer: {
      status: 200,
      description: 'Les personnes, par nom (aucune sans comptes).',
      schema: answers.commentPeople,
    },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/comments/:id',
    tag: 'Commentaires',
    summary: 'Modifier son commentaire, ou résoudre / rouvrir le fil',
    params: commentParams,
    body: patchCommentBody,
    answer: { status: 200, description: 'Le commentaire après le changement.', schema: answers.commentAnswer },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/comments/:id',
    tag: 'Commentaires',
    summary: 'Supprimer son commentaire (le premier d’un fil emporte ses réponses)',
    params: commentParams,
    answer: { status: 204, description: 'Supprimé.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/notifications',
    tag: 'Notifications',
    summary: 'Mes notifications (les 100 plus récentes), le nombre de non lues et mon niveau',
    answer: { status: 200, description: 'Les notifications.', schema: answers.notificationsAnswer },
  },
  {
    method: 'post',
    path: '/api/notifications/read',
    tag: 'Notifications',
    summary: 'Marquer des notifications comme lues (ids), ou toutes (all: true)',
    body: readNotificationsBody,
    answer: { status: 200, description: 'Le nombre de non lues restantes.', schema: answers.notificationsReadAnswer },
  },
  {
    method: 'put',
    path: '/api/notifications/settings',
    tag: 'Notifications',
    summary: 'Mon niveau de notifications : Tout, Réponses et mentions, Rien',
    body: notificationSettingsBody,
    answer: { status: 200, description: 'Le niveau enregistré.', schema: answers.notificationSettingsAnswer },
  },
  {
    method: 'get',
    path: '/api/alerts',
    tag: 'Alertes',
    summary: 'Les alertes actives de l’exercice, dans le périmètre de l’appelant',
    description:
      'Achats au-dessus de la prévision (par client, pôle et mois), taux de marge à date sous la prévision, mois non ' +
      'clôturé ou sans import comptable au jour N du mois suivant (ces deux-là, de l’agence, aux administrateurs).',
    query: [alertsQuery],
    answer: { status: 200, description: 'Les alertes actives.', schema: answers.alertsAnswer },
  },
  {
    method: 'get',
    path: '/api/alerts/settings',
    tag: 'Alertes',
    summary: 'Les seuils des alertes (administrateur)',
    answer: { status: 200, description: 'Les seuils (null : alerte désactivée).', schema: answers.alertSettingsAnswer },
  },
  {
    method: 'put',
    path: '/api/alerts/settings',
    tag: 'Alertes',
    summary: 'Régler les seuils des alertes (administrateur) ; les alertes sont réévaluées aussitôt',
    body: alertSettingsBody,
    answer: { status: 200, description: 'Les seuils enregistrés.', schema: answers.alertSettingsAnswer },
  },
  {
    method: 'get',
    path: '/api/settings',
    tag: 'Réglages',
    summary: "Le premier mois de l'exercice et son nom (tout utilisateur)",
    answer: {
      status: 200,
      description: 'Les réglages (janvier, année de fin : l’année civile, par défaut).',
      schema: answers.settingsAnswer,
    },
  },
  {
    method: 'put',
    path: '/api/settings',
    tag: 'Réglages',
    summary: "Régler l'exercice (administrateur) ; refusé dès qu'un exercice contient des données",
    body: settingsBody,
    answer: { status: 200, description: 'Les réglages enregistrés.', schema: answers.settingsAnswer },
    errors: [409],
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
