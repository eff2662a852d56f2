/**
 * Sign-off (docs/product.md#sign-off, ADR 052): each client-year's budget is `brouillon`, `soumis`
 * or `validé`. An editor of the client (or an admin) submits a draft; an admin validates a
 * submitted budget, sends it back with a reason, or reopens a validated one with a reason. Pure:
 * the table of transitions and who may make them; the server stores them and the database
 * refuses every forecast write on a validated budget.
 */
import { excerpt } from './comments';
import type { Role } from './roles';

export const SIGNOFF_STATUSES = ['brouillon', 'soumis', 'validé'] as const;
export type SignoffStatus = (typeof SIGNOFF_STATUSES)[number];

/**
 * A client-year's status as the version 2 backup holds it (docs/product.md#file-json-backup); a
 * client-year without one is a draft. `versionId`: the version its validation froze.
 */
export interface BackupSignoff {
  clientId: string;
  year: number;
  status: SignoffStatus;
  /** ISO instant. */
  at: string;
  by: string;
  note: string | null;
  versionId: number | null;
}

/** The statuses as the screens show them. */
export const SIGNOFF_LABELS: Record<SignoffStatus, string> = {
  brouillon: 'Brouillon',
  soumis: 'Soumis',
  validé: 'Validé',
};

/** The reason a send-back or a reopening needs, and a note's, at most this many characters. */
export const MAX_SIGNOFF_TEXT = 2000;

/** One allowed transition: who may make it, and whether it needs a reason. */
interface Transition {
  from: SignoffStatus;
  to: SignoffStatus;
  /** The roles allowed (an editor only within their scope: the route checks the client). */
  roles: readonly Role[];
  needsReason: boolean;
  /** The verb of the history's summary. */
  verb: string;
}

export const SIGNOFF_TRANSITIONS: readonly Transition[] = [
  { from: 'brouillon', to: 'soumis', roles: ['admin', 'editor'], needsReason: false, verb: 'soumis' },
  { from: 'soumis', to: 'validé', roles: ['admin'], needsReason: false, verb: 'validé' },
  { from: 'soumis', to: 'brouillon', roles: ['admin'], needsReason: true, verb: 'renvoyé en brouillon' },
  { from: 'validé', to: 'brouillon', roles: ['admin'], needsReason: true, verb: 'rouvert' },
];

/** Why a transition is refused: its HTTP status and French message. */
export type SignoffRefusal = { status: 400 | 403 | 409; message: string };

/**
 * Whether `role` may move a budget from `from` to `to` (with `reason` given or not): the
 * transition, or why not — a transition not in the table is 409, a role not allowed 403, a
 * missing reason 400.
 */
export function checkTransition(
  from: SignoffStatus,
  to: SignoffStatus,
  role: Role,
  hasReason: boolean,
): Transition | SignoffRefusal {
  const transition = SIGNOFF_TRANSITIONS.find((t) => t.from === from && t.to === to);
  if (!transition) {
    return {
      status: 409,
      message: `Un budget « ${SIGNOFF_LABELS[from]} » ne peut pas passer à « ${SIGNOFF_LABELS[to]} ».`,
    };
  }
  if (!transition.roles.includes(role)) {
    return {
      status: 403,
      message:
        to === 'soumis'
          ? 'Seul un éditeur du client ou un administrateur peut soumettre ce budget.'
          : 'Seul un administrateur peut valider, renvoyer ou rouvrir un budget.',
    };
  }
  if (transition.needsReason && !hasReason) {
    return {
      status: 400,
      message:
        to === 'brouillon' && from === 'validé'
          ? 'Indiquez le motif de la réouverture.'
          : 'Indiquez le motif du renvoi.',
    };
  }
  return transition;
}

/** True when `checkTransition` refused. */
export function isRefusal(t: Transition | SignoffRefusal): t is SignoffRefusal {
  return 'status' in t;
}

/** The name of the version a validation freezes: « Validé le 27/11/2026 · Client » (one client's). */
export function validatedVersionName(at: Date, clientName: string, timeZone = 'Europe/Paris'): string {
  return `Validé le ${at.toLocaleDateString('fr-FR', { timeZone })} · ${clientName}`;
}

/** What a sign-off notification tells (docs/product.md#sign-off): a submission, a validation, a send-back. */
export type SignoffNews = 'soumis' | 'validé' | 'renvoyé';

/**
 * The French text of a sign-off notification: « camille@agence.fr a soumis le budget 2027 de « Acme »
 * à validation : « note » », « … a validé le budget … », « … a renvoyé en brouillon le budget … : « motif » ».
 */
export function signoffNotificationText(
  news: SignoffNews,
  n: { by: string; clientName: string; year: number; text: string | null },
): string {
  const what = { soumis: 'a soumis', validé: 'a validé', renvoyé: 'a renvoyé en brouillon' }[news];
  const budget = `${n.by} ${what} le budget ${n.year} de « ${n.clientName} »${news === 'soumis' ? ' à validation' : ''}`;
  return n.text === null ? budget : `${budget} : « ${excerpt(n.text)} »`;
}

/** A validation's version (one client) made the year's reference: refused (409 on the route, 400 in a backup). */
export const ONE_CLIENT_REFERENCE = (name: string) =>
  `La version « ${name} » ne tient qu'un client (figée par une validation) : elle ne peut pas être la référence de l'exercice.`;

/** The refusal of a forecast write on a validated budget (409 `budget_validated`). */
export function budgetValidatedMessage(year: number, clientName: string): string {
  return `Le budget ${year} de « ${clientName} » est validé : ses prévisions ne peuvent plus changer. Un administrateur peut le rouvrir (avec un motif).`;
}
