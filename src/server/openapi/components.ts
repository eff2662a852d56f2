/**
 * The named schemas of the OpenAPI document (`components.schemas`): the very zod objects the
 * routes validate with (src/domain/schemas.ts) and answer with (src/domain/answers.ts, ADR 045),
 * each given a name and a French description here, in a registry of our own — so the domain's
 * schemas stay free of documentation and `$ref`s name the same object everywhere (ADR 030).
 */
import { z } from 'zod';
import { dashboardQuery } from '@/domain/dashboard-query';
import { varianceSettingsBody } from '@/domain/variance-schemas';
import {
  addLineBody,
  cellSourceQuery,
  historyQuery,
  addPoleBody,
  allYearsBackupSchema,
  anyBackupSchema,
  backupSchema,
  cellUpdateSchema,
  clientIdentitySchema,
  clientAnswerSchema,
  createClientBody,
  lineDriverSchema,
  lineSchema,
  patchCellsBody,
  poleSchema,
  rollForwardBody,
  importBody,
  createVersionBody,
  landingBody,
  signoffBody,
  setFactureBody,
  updateClientBody,
  updatePoleBody,
  yearBudgetSchema,
  yearClientSchema,
  yearSchema,
  yearText,
} from '@/domain/schemas';
import { closeMonthBody, createUserBody, reopenMonthBody, updateUserBody } from '@/domain/control-schemas';
import { moveLineBody, presenceBody, renameBody } from '@/domain/schemas';
import {
  createCommentBody,
  notificationSettingsBody,
  patchCommentBody,
  readNotificationsBody,
} from '@/domain/comments-schemas';
import * as answers from '@/domain/answers';
import { alertSettingsBody } from '@/domain/alerts-schemas';
import { settingsBody } from '@/domain/settings-schemas';
import {
  MAX_MAPPING_RULES,
  mappingDocument,
  mappingRuleSchema,
  mappingRulesSchema,
} from '@/domain/accounting/mapping-schema';
import * as auth from './better-auth';

export interface SchemaMeta {
  /** The component's name; schemas without one are written inline. */
  id?: string;
  description?: string;
}

export const registry = z.registry<SchemaMeta>();

/** Every named schema: zod object, component name, French description. */
export const NAMED: [z.ZodType, string, string][] = [
  [clientAnswerSchema, 'Client', 'Un client et ses prévisions de marge brute de l’exercice (euros).'],
  [poleSchema, 'Pole', 'Un pôle d’expertise d’un client et ses lignes.'],
  [lineSchema, 'Line', 'Une ligne budgétaire : quatre séries de 12 montants mensuels (euros).'],
  [lineDriverSchema, 'LineDriver', 'Le calcul d’une ligne pilotée : un pourcentage d’autres lignes du client.'],
  [createClientBody, 'NewClient', 'Le client à créer.'],
  [updateClientBody, 'ClientChanges', 'Au moins un des deux champs.'],
  [addPoleBody, 'NewPole', 'Le pôle et les lignes à créer (les noms existants sont ignorés).'],
  [updatePoleBody, 'PoleChanges', 'Pôle déplié ou replié.'],
  [setFactureBody, 'FactureValue', 'Mois facturé ou non.'],
  [addLineBody, 'NewLine', 'La ligne à créer.'],
  [cellUpdateSchema, 'CellUpdate', 'Une cellule : ligne, mois 0–11, mesure, montant en euros.'],
  [patchCellsBody, 'CellUpdates', 'De 1 à 5 000 cellules, enregistrées ensemble ou pas du tout.'],
  [rollForwardBody, 'RollForward', 'Le report d’un exercice vers un autre.'],
  [createVersionBody, 'NewVersion', 'Le nom de la version à figer.'],
  [landingBody, 'Landing', 'L’atterrissage : clients, méthode, croissance, mode, aperçu.'],
  [signoffBody, 'SignoffMove', 'Le statut visé, avec une note (soumission) ou un motif (renvoi, réouverture).'],
  [importBody, 'Import', 'Les nouvelles lignes et les cellules d’un fichier importé.'],
  [backupSchema, 'OneYearBackup', 'Sauvegarde d’un exercice, au format de l’outil d’origine (version 1 ou absente).'],
  [
    clientIdentitySchema,
    'ClientIdentity',
    'Un client dans une sauvegarde version 2 : ce qui ne dépend pas de l’exercice.',
  ],
  [yearClientSchema, 'YearClient', 'Les prévisions d’un client pour un exercice.'],
  [yearBudgetSchema, 'YearBudget', 'Un exercice d’une sauvegarde version 2.'],
  [allYearsBackupSchema, 'AllYearsBackup', 'Sauvegarde de tous les exercices (version 2).'],
  [anyBackupSchema, 'Backup', 'Une sauvegarde : version 2 (tous les exercices) ou un exercice.'],
  [answers.errorAnswer, 'Error', 'La forme unique des erreurs, message en français.'],
  [answers.healthAnswer, 'Health', 'Le serveur répond.'],
  [answers.sessionAnswer, 'Session', 'Mode d’accès et utilisateur connecté.'],
  [answers.clientList, 'ClientList', 'Les clients, par nom.'],
  [answers.poleList, 'PoleList', 'Les pôles d’un client, par création.'],
  [answers.allBudgetsAnswer, 'AllBudgets', 'Tous les clients et leurs pôles pour un exercice.'],
  [answers.cellsAnswer, 'CellsSaved', 'Cellules enregistrées.'],
  [answers.presenceAnswer, 'PresenceList', 'Qui a ce client ouvert, un élément par onglet.'],
  [presenceBody, 'Presence', 'Le client que cet onglet montre (null : aucun).'],
  [answers.restoreAnswer, 'Restored', 'Sauvegarde restaurée.'],
  [answers.yearList, 'YearList', 'Les exercices qui contiennent des données.'],
  [answers.rollForwardAnswer, 'RollForwardResult', 'Ce que le report a fait (ou ferait) à chaque client.'],
  [answers.landingAnswer, 'LandingResult', 'Ce que l’atterrissage a fait (ou ferait) à chaque client.'],
  [answers.versionList, 'VersionList', 'Les versions figées d’un exercice.'],
  [answers.signoffList, 'SignoffList', 'Le statut du budget de chaque client d’un exercice.'],
  [answers.signoffTransitionAnswer, 'SignoffTransition', 'Le statut après une transition, son entrée d’historique.'],
  [answers.forecastChangesAnswer, 'ForecastChanges', 'Le prévisionnel d’un client comparé à sa dernière validation.'],
  [answers.createdVersionAnswer, 'CreatedVersion', 'La version figée, ses clients et son entrée d’historique.'],
  [answers.versionPoleList, 'VersionPoleList', 'Les pôles d’un client tels qu’une version les a figés (prévisionnel).'],
  [mappingRuleSchema, 'MappingRule', 'Une règle : ses conditions (toutes vraies) et ce qu’elle fait de la ligne.'],
  [mappingDocument, 'AccountingMapping', 'Les règles d’affectation des lignes du FEC (un seul document).'],
  [answers.fecPreviewAnswer, 'FecPreview', 'Ce que l’import d’un FEC ferait (euros).'],
  [answers.fecApplyAnswer, 'FecApplied', 'Ce que l’import d’un FEC a écrit, et son entrée d’historique.'],
  [answers.reconciliationAnswer, 'Reconciliation', 'Le rapprochement du grand livre et de l’outil, par mois (euros).'],
  [answers.importAnswer, 'ImportResult', 'Ce que l’import a créé et écrit, et son entrée d’historique.'],
  [
    createCommentBody,
    'NewComment',
    'Un commentaire : où (cellule, ligne ou client-exercice), ou à quel fil il répond.',
  ],
  [patchCommentBody, 'CommentChanges', 'Le texte (le sien) ou le fil résolu / rouvert.'],
  [readNotificationsBody, 'NotificationsRead', 'Les notifications à marquer comme lues, ou toutes.'],
  [notificationSettingsBody, 'NotificationSettings', 'Le niveau de notifications.'],
  [answers.commentAnswer, 'Comment', 'Un commentaire, sa place et son fil.'],
  [answers.commentList, 'CommentList', 'Les commentaires d’un client-exercice.'],
  [answers.yearCommentAnswer, 'YearComment', 'Un commentaire avec son client.'],
  [answers.yearCommentList, 'YearCommentList', 'Les commentaires d’un exercice de tous les clients visibles.'],
  [answers.commentPeople, 'CommentPeople', 'Les utilisateurs qu’un commentaire peut mentionner.'],
  [answers.notificationsAnswer, 'Notifications', 'Mes notifications, le nombre de non lues, mon niveau.'],
  [answers.notificationsReadAnswer, 'NotificationsUnread', 'Le nombre de notifications non lues.'],
  [answers.notificationSettingsAnswer, 'NotificationLevel', 'Le niveau de notifications.'],
  [alertSettingsBody, 'AlertSettings', 'Les seuils des alertes (euros, points, jour du mois) ; null : désactivée.'],
  [
    settingsBody,
    'Settings',
    'Le premier mois de l’exercice (1 à 12) et son nom : année de fin (end) ou de début (start).',
  ],
  [answers.alertsAnswer, 'Alerts', 'Les alertes actives.'],
  [answers.historyEntry, 'HistoryEntry', 'Une modification enregistrée (montants en euros).'],
  [answers.historyPage, 'HistoryPage', 'Une page d’historique.'],
  [answers.historyStack, 'UndoStack', 'Les entrées qu’Annuler et Rétablir viseraient (null : rien).'],
  [answers.undoAnswer, 'UndoResult', 'L’entrée créée par l’annulation.'],
  [answers.dashboardAnswer, 'DashboardData', 'La sélection réduite à ce que montrent les tableaux de bord (centimes).'],
  [answers.dashboardLinesAnswer, 'DashboardLines', 'Les lignes de chaque pôle de la sélection (centimes).'],
  [
    answers.landingViewAnswer,
    'LandingView',
    'L’atterrissage par client et pôle : MB réelle jusqu’au mois d’arrêté, prévisionnelle ensuite, face à une version (centimes).',
  ],
  [
    answers.varianceAnswer,
    'Variance',
    'Les écarts de MB à date contre une version, en effets volume et taux (centimes).',
  ],
  [answers.varianceSettingsAnswer, 'VarianceSettings', 'Le seuil des justifications d’écart (euros et pourcentage).'],
  [varianceSettingsBody, 'VarianceThreshold', 'Le seuil : euros et pourcentage (les deux dépassés), ou null.'],
  [auth.signInBody, 'SignIn', 'Adresse et mot de passe.'],
  [auth.passwordBody, 'PasswordConfirmation', 'Le mot de passe, pour confirmer.'],
  [auth.changePasswordBody, 'PasswordChange', 'Le mot de passe actuel et le nouveau.'],
  [auth.totpBody, 'TotpCode', 'Un code TOTP.'],
  [auth.okAnswer, 'AuthAnswer', 'Réponse de better-auth (jetons de session retirés).'],
  [answers.monthLockList, 'MonthLocks', 'Les mois clôturés d’un exercice, dans l’ordre.'],
  [answers.lineOrderAnswer, 'LineOrder', 'Les lignes d’un pôle dans leur nouvel ordre.'],
  [renameBody, 'Rename', 'Le nouveau nom.'],
  [moveLineBody, 'MoveLine', 'Vers le haut (up) ou vers le bas (down).'],
  [answers.checklistAnswer, 'ClosingChecklist', 'Ce qui semble inachevé avant de clôturer un mois.'],
  [answers.accessAnswer, 'Access', 'Ce que l’appelant peut faire : rôle et clients visibles.'],
  [answers.userAnswer, 'User', 'Un utilisateur de la page Utilisateurs.'],
  [answers.userList, 'UserList', 'Les utilisateurs.'],
  [answers.createdUserAnswer, 'CreatedUser', 'L’utilisateur créé et son mot de passe temporaire.'],
  [closeMonthBody, 'CloseMonth', 'Clôture d’un mois : une note facultative.'],
  [reopenMonthBody, 'ReopenMonth', 'Réouverture d’un mois : le motif est obligatoire.'],
  [createUserBody, 'NewUser', 'Adresse, rôle (editor par défaut) et clients (null : tous).'],
  [updateUserBody, 'UserChange', 'Rôle, clients ou désactivation.'],
];
for (const [schema, id, description] of NAMED) registry.add(schema, { id, description });

// Inline schemas that JSON Schema cannot express by itself (a refinement, a transform).
registry.add(yearText, { description: 'Exercice : 2000 à 2100 (par défaut, l’exercice en cours).' });
registry.add(dashboardQuery.shape.clients, {
  description: 'all (par défaut) ou les identifiants des clients séparés par des virgules (300 au plus).',
});
registry.add(cellSourceQuery.shape.source, { description: 'Origine des cellules, pour l’historique.' });
registry.add(historyQuery.shape.before, { description: 'Entrées plus anciennes que cet identifiant (page suivante).' });
registry.add(historyQuery.shape.lineId, { description: 'Avec month et field : l’historique d’une cellule.' });

/**
 * JSON Schema for what zod cannot translate: custom checks and the backup's dispatching
 * transform. Keyed by the zod object, as the registry is.
 */
export const overrides = new Map<z.ZodType, Record<string, unknown>>([
  [yearSchema, { type: 'integer', minimum: 2000, maximum: 2100 }],
  [yearText, { type: 'string', pattern: '^\\d{4}$' }],
  // Each rule is parsed on its own so its messages name it (mapping-schema.ts): a list of rules.
  [
    mappingRulesSchema,
    { type: 'array', maxItems: MAX_MAPPING_RULES, items: { $ref: '#/components/schemas/MappingRule' } },
  ],
  [
    anyBackupSchema,
    {
      oneOf: [{ $ref: '#/components/schemas/AllYearsBackup' }, { $ref: '#/components/schemas/OneYearBackup' }],
    },
  ],
]);
