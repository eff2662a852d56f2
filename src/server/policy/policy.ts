/**
 * The one access policy (docs/product.md#roles, ADR 033): who the caller is allowed to be — a role
 * (admin, editor, viewer) and a scope (every client, or the assigned ones) — and the checks every
 * route, export, history read and (later) event calls. A write without the right → 403 `forbidden`;
 * a client outside the scope → 404, the very answer of a client that does not exist; lists hold
 * only the clients in scope. Without accounts the one user is admin: local mode behaves as before.
 *
 * Two layers: `accessMiddleware` settles the caller's access once per request and refuses every
 * write of a viewer (or of an admin looking through another user's eyes) whatever the route, so a
 * route added later cannot forget it; the guards below add the scope and the admin-only checks a
 * route needs, one call each.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ROLE_LABELS, VIEW_AS_HEADER, type AccessWire, type Role } from '@/domain/control';
import type { Db, Queryable } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, errorBody, notFound } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, lineNotFound, poleNotFound } from '@/server/lib/messages';
import { entryOwner, linesClients, poleClient, userAccessByEmail, userAccessById } from './access.repo';

export interface Access {
  mode: 'local' | 'accounts';
  role: Role;
  /** The clients in scope; null: every client. */
  clientIds: ReadonlySet<string> | null;
  /** The user an admin is looking through ('Voir en tant que…'): everything is then read-only. */
  viewAs: { id: string; email: string } | null;
}

declare module 'hono' {
  interface ContextVariableMap {
    access: Access;
  }
}

/** The one user of the no-login mode: admin of everything. */
export const LOCAL_ACCESS: Access = { mode: 'local', role: 'admin', clientIds: null, viewAs: null };

/** Before sign-in (the public routes): nothing in scope, nothing writable. */
const NO_ACCESS: Access = { mode: 'accounts', role: 'viewer', clientIds: new Set(), viewAs: null };

export type Action = 'read' | 'write' | 'create' | 'admin';

export const accessOf = (c: Context): Access => c.get('access') ?? LOCAL_ACCESS;

export const inScope = (access: Access, clientId: string) =>
  access.clientIds === null || access.clientIds.has(clientId.toLowerCase());

/**
 * The rule: `read` a client in scope; `write` one as editor or admin; `create` a client (editor or
 * admin of every client: a client created outside one's scope would vanish at once); `admin`
 * (users, restore, closing). Looking through another user's eyes, nothing but `read`.
 */
export function can(access: Access, action: Action, clientId?: string): boolean {
  if (clientId !== undefined && !inScope(access, clientId)) return false;
  if (action === 'read') return true;
  if (access.viewAs) return false;
  switch (action) {
    case 'write':
      return access.role !== 'viewer';
    case 'create':
      return access.role !== 'viewer' && access.clientIds === null;
    case 'admin':
      return access.role === 'admin';
  }
}

export const forbidden = (message: string) => new ApiError(403, 'forbidden', message);

const READ_ONLY_VIEW_AS = (email: string) =>
  `Vous voyez l'application en tant que ${email} : lecture seule. Quittez « Voir en tant que… » pour modifier.`;
const ROLE_TOO_LOW = (role: Role) =>
  `Votre rôle (${ROLE_LABELS[role].toLowerCase()}) ne permet pas cette action. Demandez-la à un administrateur.`;

function refusal(access: Access): ApiError {
  return forbidden(access.viewAs ? READ_ONLY_VIEW_AS(access.viewAs.email) : ROLE_TOO_LOW(access.role));
}

/** The wire form of an access, for `GET /api/access`. */
export function accessToWire(access: Access, actor: string): AccessWire {
  return {
    mode: access.mode,
    role: access.role,
    clientIds: access.clientIds === null ? null : [...access.clientIds].sort(),
    viewAs: access.viewAs,
    me: access.mode === 'local' ? null : (access.viewAs?.email ?? actor),
  };
}

const toAccess = (
  mode: Access['mode'],
  row: { role: Role; clientIds: string[] | null },
  viewAs: Access['viewAs'],
): Access => ({
  mode,
  role: row.role,
  clientIds: row.clientIds === null ? null : new Set(row.clientIds.map((id) => id.toLowerCase())),
  viewAs,
});

const isRead = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';

/**
 * Writes that change no data, open to every signed-in user: sign-in, sign-out and two-factor
 * (/api/auth/*), and saying which client one's tab shows (presence, docs/product.md#presence).
 */
const ownWrite = (path: string) =>
  path.startsWith('/api/auth/') || path === '/api/presence' || path.startsWith('/api/notifications/');

/**
 * Writes every role may make on the clients in its scope, but not while looking through another
 * user's eyes: comments (docs/product.md#comments: a viewer may comment). The routes check the scope.
 */
const conversationWrite = (path: string) => path === '/api/comments' || path.startsWith('/api/comments/');

/**
 * The access of a stream's user re-read at a heartbeat (docs/product.md#live-updates): the scope
 * may have changed since the stream opened; null when the user is gone. Looking through another
 * user's eyes, that user's scope.
 */
export async function reReadAccess(db: Db, email: string, access: Access): Promise<Access | null> {
  const row = await userAccessByEmail(db, email);
  if (!row || row.disabled) return null;
  if (!access.viewAs) return toAccess('accounts', row, null);
  const viewed = await userAccessById(db, access.viewAs.id);
  return viewed ? toAccess('accounts', viewed, access.viewAs) : null;
}

/**
 * Settles the caller's access (after the session middleware, which set the actor's email), then
 * refuses every write of a viewer or of a 'Voir en tant que…' look, whatever the route but the
 * user's own (`ownWrite`) and, for a viewer, comments (`conversationWrite`).
 */
export function accessMiddleware(db: Db, accounts: boolean): MiddlewareHandler {
  return async (c, next) => {
    let access = LOCAL_ACCESS;
    if (accounts) {
      const email = c.get('actor');
      const row = email === undefined ? undefined : await userAccessByEmail(db, email);
      access = row ? toAccess('accounts', row, null) : NO_ACCESS;
    }
    const viewAsId = c.req.header(VIEW_AS_HEADER);
    if (viewAsId) {
      if (access.role !== 'admin') {
        return c.json(
          errorBody('forbidden', "Seul un administrateur peut voir l'application en tant qu'un autre utilisateur."),
          403,
        );
      }
      const viewed = await userAccessById(db, viewAsId);
      if (!viewed) return c.json(errorBody('not_found', 'Utilisateur introuvable.'), 404);
      access = toAccess(access.mode, viewed, { id: viewed.id, email: viewed.email });
    }
    c.set('access', access);
    const allowed = ownWrite(c.req.path) || (conversationWrite(c.req.path) && !access.viewAs);
    if (!isRead(c.req.method) && !allowed && !can(access, 'write')) {
      const { error } = errorBody('forbidden', refusal(access).message);
      return c.json({ error }, 403);
    }
    return next();
  };
}

// ---- guards: one call in a route ---------------------------------------------------------------

/** Throws 403 unless the caller may do `action` (no client: creating clients, admin work). */
export function requireCan(c: Context, action: Exclude<Action, 'read'>): void {
  const access = accessOf(c);
  if (!can(access, action)) throw refusal(access);
}

/** A client by id: 404 outside the scope (as if it did not exist), 403 without the right. */
export function guardClient(c: Context, clientId: string, action: Action = 'write'): void {
  const access = accessOf(c);
  if (!inScope(access, clientId)) throw notFound(CLIENT_NOT_FOUND);
  if (!can(access, action, clientId)) throw refusal(access);
}

/** A pole by id (any year): 404 when its client is outside the scope. No query for a full scope. */
export async function guardPole(c: Context, q: Queryable, poleId: string, year: number): Promise<void> {
  const access = accessOf(c);
  if (access.clientIds !== null) {
    const clientId = await poleClient(q, poleId);
    if (clientId && !inScope(access, clientId)) throw notFound(poleNotFound(year));
  }
}

/** Lines by id (any year): 404 when one's client is outside the scope. No query for a full scope. */
export async function guardLines(c: Context, q: Queryable, lineIds: readonly string[], year: number): Promise<void> {
  const access = accessOf(c);
  if (access.clientIds === null || lineIds.length === 0) return;
  const clients = await linesClients(q, [...new Set(lineIds)]);
  if (clients.some((id) => !inScope(access, id))) throw notFound(lineNotFound(year));
}

/**
 * An entry to undo: its client in scope (404 otherwise); an entry of no client (a restore, a roll
 * forward of several clients) is the admin's; a closing is undone by reopening, not here.
 */
export async function guardEntry(c: Context, q: Queryable, entryId: number): Promise<void> {
  const owner = await entryOwner(q, entryId);
  if (!owner) return;
  if (owner.source === 'clôture') {
    throw new ApiError(409, 'conflict', "Une clôture ne s'annule pas : rouvrez le mois (avec un motif).");
  }
  if (owner.source === 'version') {
    // Versions are immutable (docs/product.md#versions-and-landing): one is deleted, never unfrozen.
    throw new ApiError(409, 'conflict', "Une version ne s'annule pas : supprimez-la ou changez la référence.");
  }
  if (owner.source === 'validation') {
    // A status moves by its transitions (docs/product.md#sign-off), each with its rights and reason.
    throw new ApiError(409, 'conflict', "Une étape de validation ne s'annule pas : rouvrez ou renvoyez le budget.");
  }
  const access = accessOf(c);
  // A4 (docs/product.md#roles): what a scoped editor may not undo says why, rather than 403 or 404
  // with a generic message — a change over several clients (a roll forward, a landing, a paste
  // across clients), and their own deletion of a client (it has left their scope with its rows).
  const writer = can(access, 'write');
  if (owner.clientId === null) {
    if (writer && !can(access, 'admin')) throw forbidden(MULTI_CLIENT_UNDO);
    requireCan(c, 'admin');
  } else if (writer && !owner.clientExists && owner.actor === actorOf(c) && !inScope(access, owner.clientId)) {
    throw forbidden(DELETED_CLIENT_UNDO);
  } else guardClient(c, owner.clientId);
}

const MULTI_CLIENT_UNDO =
  "Cette modification porte sur plusieurs clients : seul un administrateur peut l'annuler (l'historique de chaque client garde ses cellules).";
const DELETED_CLIENT_UNDO =
  "Ce client a été supprimé et n'est plus dans votre liste : seul un administrateur peut annuler sa suppression.";

/** The clients of a list the caller may see. */
export function visible<T extends { id: string }>(c: Context, items: readonly T[]): T[] {
  const access = accessOf(c);
  return access.clientIds === null ? [...items] : items.filter((item) => inScope(access, item.id));
}

/** The caller's scope for a query: null (every client) or the ids. */
export function scopeIds(c: Context): string[] | null {
  const { clientIds } = accessOf(c);
  return clientIds === null ? null : [...clientIds];
}

/**
 * A selection of clients (`all` or ids) narrowed to the scope: `all` becomes the clients in scope
 * (null: every client); an id outside it → 404 with the message of an unknown id.
 */
export function scopeSelection(
  c: Context,
  selection: 'all' | readonly string[],
  unknown: (id: string) => string = () => CLIENT_NOT_FOUND,
): string[] | null {
  const access = accessOf(c);
  if (selection === 'all') return scopeIds(c);
  const outside = selection.find((id) => !inScope(access, id));
  if (outside) throw notFound(unknown(outside));
  return [...selection];
}
