/**
 * Client attributes (docs/product.md#client-attributes, ADR 055): an account manager, a sector and
 * a status. The manager is, with accounts, a user named by their email (the actor of the history);
 * without accounts, a free name. The dashboards and the client pickers filter by them. Pure and
 * zod-free: the browser's first bundle imports it.
 */
import { foldName } from './names';

export const CLIENT_STATUSES = ['prospect', 'actif', 'terminé'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** A client without a status (created before attributes, or by an older backup) is active. */
export const DEFAULT_CLIENT_STATUS: ClientStatus = 'actif';

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  prospect: 'Prospect',
  actif: 'Actif',
  terminé: 'Terminé',
};

/** Longest account manager (an email is at most 320 characters). */
export const MAX_MANAGER_LENGTH = 320;

/** The three attributes of a client; null: not given. */
export interface ClientAttributes {
  manager: string | null;
  sector: string | null;
  status: ClientStatus;
}

export const NO_ATTRIBUTES: ClientAttributes = Object.freeze({
  manager: null,
  sector: null,
  status: DEFAULT_CLIENT_STATUS,
});

/** The attributes of a client whose fields may be absent (an older backup, a client built in a test). */
export function attributesOf(c: Partial<ClientAttributes>): ClientAttributes {
  return { manager: c.manager ?? null, sector: c.sector ?? null, status: c.status ?? DEFAULT_CLIENT_STATUS };
}

export const CLIENT_ATTRIBUTE_TEXTS = {
  status: 'Le statut doit valoir prospect, actif ou terminé.',
  managerNotUser: (manager: string) =>
    `Responsable de compte inconnu : « ${manager} » n'est pas un utilisateur actif qui voit ce client.`,
  managerText: 'Le responsable de compte doit être un texte.',
} as const;

/** A filter on the attributes: each given one must match (null: any). */
export interface ClientAttributeFilter {
  /** An exact manager (with accounts, an email: compared lower-cased). */
  manager: string | null;
  /** A sector, case, accents and blanks aside. */
  sector: string | null;
  status: ClientStatus | null;
}

export const NO_ATTRIBUTE_FILTER: ClientAttributeFilter = Object.freeze({ manager: null, sector: null, status: null });

/** True when no attribute is filtered on. */
export function isNoAttributeFilter(f: ClientAttributeFilter): boolean {
  return f.manager === null && f.sector === null && f.status === null;
}

/** Two managers are one when equal case and blanks aside (an email's case means nothing). */
export const sameManager = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** True when a client's attributes pass the filter. */
export function matchesAttributes(c: Partial<ClientAttributes>, f: ClientAttributeFilter): boolean {
  const a = attributesOf(c);
  if (f.status !== null && a.status !== f.status) return false;
  if (f.manager !== null && (a.manager === null || !sameManager(a.manager, f.manager))) return false;
  if (f.sector !== null && (a.sector === null || foldName(a.sector) !== foldName(f.sector))) return false;
  return true;
}

/** The distinct values of one attribute among clients (first spelling kept), in French order. */
export function distinctValues(values: readonly (string | null)[], fold: (v: string) => string = foldName): string[] {
  const byKey = new Map<string, string>();
  for (const v of values) if (v !== null && !byKey.has(fold(v))) byKey.set(fold(v), v);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'fr'));
}

/** The query string part of an attribute filter (`&manager=…&sector=…&status=…`), empty without one. */
export function attributeParams(f: ClientAttributeFilter): string {
  return (['manager', 'sector', 'status'] as const)
    .flatMap((k) => (f[k] === null ? [] : [`&${k}=${encodeURIComponent(f[k])}`]))
    .join('');
}
