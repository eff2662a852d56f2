/**
 * Month closing and roles (docs/product.md#month-closing, docs/product.md#roles): the wire shapes,
 * the rules both processes apply (months close in order, reopen from the last), the role ladder and
 * the French texts. Pure: the server enforces, the web app shows (ADR 032, ADR 033).
 */
import type { AccessAnswer, ChecklistAnswer, MonthLocksAnswer, UserAnswer } from './answers';
import { CALENDAR_YEAR, monthAndYear, type FiscalSettings } from './fiscal-year';
import { MONTH_COUNT } from './months';
import type { Role } from './roles';

// ---- closing -----------------------------------------------------------------------------

/** A closed month of a year, as `GET /api/years/:year/locks` answers it (schema: answers.ts). */
export type MonthLock = MonthLocksAnswer[number];

/**
 * « janvier 2026 »: how a message names month position `month` of `year` (« septembre 2025 » for
 * the first month of a September year named 2026: docs/product.md#fiscal-years).
 */
export const monthLabel = (year: number, month: number, fiscal: FiscalSettings = CALENDAR_YEAR) =>
  monthAndYear(fiscal, year, month).toLowerCase();

/** « de janvier 2026 », « d'avril 2026 »: a month after « de », elided before a vowel (avril, août, octobre). */
export function monthOfYear(year: number, month: number, fiscal: FiscalSettings = CALENDAR_YEAR): string {
  const label = monthLabel(year, month, fiscal);
  return /^[aeiouéèê]/.test(label) ? `d'${label}` : `de ${label}`;
}

/**
 * Why no month of `year` can close now, across years (m14), or null: the years close in order, so
 * an earlier year whose closing has begun must be finished first (its 12 months closed). A year
 * with no closed month has not begun its closing (a year typed in without ever being closed).
 * `closed`: the closed months of every year.
 */
export function crossYearCloseRefusal(
  closed: ReadonlyMap<number, readonly number[]>,
  year: number,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): string | null {
  const unfinished = [...closed]
    .filter(([y, months]) => y < year && months.length > 0 && months.length < MONTH_COUNT)
    .sort(([a], [b]) => a - b)[0];
  if (!unfinished) return null;
  const [y, months] = unfinished;
  return `Les exercices se clôturent dans l'ordre : terminez d'abord ${y} (prochain mois : ${monthLabel(y, nextMonthToClose(months)!, fiscal)}).`;
}

/** Why no month of `year` can reopen now, across years (m14), or null: a later year's closed months reopen first. */
export function crossYearReopenRefusal(
  closed: ReadonlyMap<number, readonly number[]>,
  year: number,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): string | null {
  const later = [...closed].filter(([y, months]) => y > year && months.length > 0).sort(([a], [b]) => b - a)[0];
  if (!later) return null;
  const [y, months] = later;
  return `Rouvrez d'abord les mois clôturés de ${y} (dernier : ${monthLabel(y, Math.max(...months), fiscal)}).`;
}

/** The 409 `period_locked` text: names the month, says what to do. */
export const periodLockedMessage = (year: number, month: number, fiscal: FiscalSettings = CALENDAR_YEAR) =>
  `${monthAndYear(fiscal, year, month)} est clôturé : ses chiffres et ses mois facturés ne peuvent plus changer. Rien n'a été enregistré (un administrateur peut rouvrir le mois).`;

/**
 * Why a month cannot close now, or null: months close in order within a year (January first), so
 * the month must follow the last closed one.
 */
export function closeRefusal(
  closed: readonly number[],
  year: number,
  month: number,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): string | null {
  if (closed.includes(month)) return `${monthAndYear(fiscal, year, month)} est déjà clôturé.`;
  const next = nextMonthToClose(closed);
  if (next === null) return `Tous les mois de ${year} sont déjà clôturés.`;
  if (month !== next) {
    return `Les mois se clôturent dans l'ordre : clôturez d'abord ${monthLabel(year, next, fiscal)}.`;
  }
  return null;
}

/** Why a month cannot reopen now, or null: only the last closed month reopens (in reverse order). */
export function reopenRefusal(
  closed: readonly number[],
  year: number,
  month: number,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): string | null {
  if (!closed.includes(month)) return `${monthAndYear(fiscal, year, month)} n'est pas clôturé.`;
  const last = Math.max(...closed);
  if (month !== last) {
    return `Les mois se rouvrent dans l'ordre inverse : rouvrez d'abord ${monthLabel(year, last, fiscal)}.`;
  }
  return null;
}

/** The month the closing dialog offers: the one after the last closed month, or null when all are. */
export function nextMonthToClose(closed: readonly number[]): number | null {
  const next = closed.length === 0 ? 0 : Math.max(...closed) + 1;
  return next < MONTH_COUNT ? next : null;
}

/** One finding of the pre-close checklist (docs/product.md#month-closing; schema: answers.ts). */
export type ChecklistItem = ChecklistAnswer['items'][number];

/** The French sentence of a finding. */
export function checklistText(item: ChecklistItem): string {
  switch (item.kind) {
    case 'reel_not_invoiced':
      return `${item.clientName} · ${item.poleName} : du réel saisi, mais le mois n'est pas marqué facturé.`;
    case 'invoiced_without_reel':
      return `${item.clientName} · ${item.poleName} : marqué facturé, mais aucun réel saisi.`;
    case 'achat_missing':
      return `${item.clientName} · ${item.poleName} · ${item.lineName ?? ''} : achat réel à 0 alors qu'un achat est prévu.`;
  }
}

export const CLOSING_SUMMARIES = {
  closed: (year: number, month: number, note: string | null, fiscal: FiscalSettings = CALENDAR_YEAR) =>
    `Clôture de ${monthLabel(year, month, fiscal)}${note ? ` : ${note}` : ''}`,
  reopened: (year: number, month: number, reason: string, fiscal: FiscalSettings = CALENDAR_YEAR) =>
    `Réouverture de ${monthLabel(year, month, fiscal)} : ${reason}`,
};

// ---- roles and scope ---------------------------------------------------------------------

export { ROLES, type Role } from './roles';

/** The French name of each role, as the 'Utilisateurs' page shows it. */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrateur',
  editor: 'Éditeur',
  viewer: 'Lecteur',
};

/**
 * What the caller may do, as `GET /api/access` tells the web app: the role, and the clients in
 * scope (null: every client). `viewAs` is the user an admin is looking through (read-only).
 */
export type AccessWire = AccessAnswer;

/** A user as the 'Utilisateurs' page lists it (schema: answers.ts). */
export type UserWire = UserAnswer;

/** The header with which an admin looks through another user's eyes ('Voir en tant que…'). */
export const VIEW_AS_HEADER = 'x-view-as';
