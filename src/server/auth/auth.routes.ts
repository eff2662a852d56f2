/**
 * better-auth's endpoints under /api/auth, behind our rate limits on every password and code check
 * (ADR 029), TOTP codes single-use, answering in our error
 * shape and never handing the session token to scripts (answers.ts). Sessions: session.ts.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { hasLoneSurrogate } from '@/domain/json-walk';
import { OIDC_BUTTON } from '@/domain/sign-in';
import type { Db } from '../db/client';
import { errorBody, INVALID_JSON, isJsonContentType, NOT_JSON, tooLarge } from '../lib/errors';
import type { Auth } from './auth';
import { toOurShape } from './answers';
import { clientIp } from './client-ip';
import { createExpiringSet, createFailureCounter } from './rate-limit';
import { mustChangePassword, PASSWORD_CHANGE_REQUIRED } from './session';
import { claimUsedCode, isDisabled, normaliseEmail } from './users.repo';

// The web app reads the session's type from here (import type only).
export type { SessionInfo } from './session';

const AUTH_BODY_BYTES = 16 * 1024;

/**
 * The routes that check a password or a code: each failure counts, and past the limits the check
 * is not even made (429). Sign-in's second step (`/two-factor/verify-*`) included.
 */
const CHECKS_SECRET = new Set([
  '/sign-in/email',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
]);

/**
 * The better-auth endpoints we serve (ADR 029): those the web app, the OpenAPI document and the
 * tests use. Any other — present in better-auth 1.7 or added by an upgrade — answers 404 before
 * better-auth sees it: `verify-password` (a password oracle behind a session), `reset-password`,
 * `delete-user`, `verify-email`, `revoke-session`, the e-mail OTP and the social sign-ins check a
 * password, a code or a token that this app never hands out.
 */
const SERVED = new Set([...CHECKS_SECRET, '/get-session', '/sign-out', '/revoke-sessions', '/list-sessions']);

/** A TOTP code is valid 30 s, and better-auth accepts the neighbouring periods: 90 s, plus margin. */
const USED_CODE_MS = 2 * 60_000;
/** How long an address an account signed in from is remembered as its own (back-off exemption). */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** PASSWORD_SIGNIN=off (docs/product.md#sign-in-oidc): the sign-in by password answers this 403. */
export const PASSWORD_SIGNIN_OFF = `La connexion par mot de passe est désactivée : utilisez « ${OIDC_BUTTON} ».`;

export function authRoutes(db: Db, auth: Auth, trustProxy: readonly string[] = [], passwordSignIn = true) {
  const perIp = createFailureCounter(db, 'perIp');
  const perAccountAndIp = createFailureCounter(db, 'perAccountAndIp');
  const perAccount = createFailureCounter(db, 'perAccount');
  const knownAddresses = createExpiringSet(db, KNOWN_ADDRESS_MS);

  return new Hono()
    .use(
      '*',
      bodyLimit({
        maxSize: AUTH_BODY_BYTES,
        onError: tooLarge,
      }),
    )
    .on(['GET', 'POST'], '/*', async (c) => {
      const path = c.req.path.replace(/^\/api\/auth/, '');
      if (!SERVED.has(path))
        return c.json(errorBody('not_found', `Route inconnue : ${c.req.method} ${c.req.path}`), 404);
      if (!passwordSignIn && path === '/sign-in/email') return c.json(errorBody('forbidden', PASSWORD_SIGNIN_OFF), 403);
      // better-auth also reads form bodies, which the checks below (an account's limits, the
      // disabled flag, TOTP replays) don't: JSON only, refused before any account is looked up.
      const type = c.req.header('content-type');
      if (c.req.method === 'POST' && type !== undefined && !isJsonContentType(type))
        return c.json(errorBody('validation', NOT_JSON), 400);
      // Malformed JSON is ours to refuse too: better-auth would answer it and write an error line
      // to the log for it, which anyone could do without signing in. Read once, from a copy:
      // better-auth reads the original next.
      const body = c.req.method === 'POST' ? await jsonObjectOrEmpty(c.req.raw) : {};
      if (body === null) return c.json(errorBody('validation', INVALID_JSON), 400);
      const isSignIn = c.req.method === 'POST' && path === '/sign-in/email';
      const isLimited = CHECKS_SECRET.has(path);
      const ip = clientIp(c, trustProxy);
      // Whose secret is checked: the email typed at sign-in, else the session's user (a password
      // change, two-factor settings). The second step of a sign-in has neither: per address only,
      // and better-auth's own lockout of the account's codes.
      const session = isSignIn || !isLimited ? undefined : await sessionUser(auth, c.req.raw);
      const account = isSignIn ? emailOf(body) : session?.email;
      // A temporary password (ADR 051): its change is the only secret this session may check.
      if (session?.mustChangePassword && path !== '/change-password')
        return c.json(errorBody(PASSWORD_CHANGE_REQUIRED.code, PASSWORD_CHANGE_REQUIRED.message), 403);
      if (path === '/change-password') {
        const refusal = changePasswordRefusal(body, session?.mustChangePassword === true);
        if (refusal) return c.json(errorBody('validation', refusal), 400);
      }
      // NUL and half a surrogate pair are no text PostgreSQL can compare: a 400, not a failed query (a 500).
      if (account !== undefined && (account.includes('\u0000') || hasLoneSurrogate(account)))
        return c.json(errorBody('validation', 'Adresse e-mail invalide.'), 400);
      const pair = `${account}|${ip}`;
      const code = path === '/two-factor/verify-totp' ? fieldOf(body, 'code') : undefined;

      if (isLimited) {
        const wait = Math.max(
          await perIp.retryAfter(ip),
          account ? await perAccountAndIp.retryAfter(pair) : 0,
          account && !(await knownAddresses.has(pair)) ? await perAccount.backoff(account) : 0,
        );
        if (wait > 0) {
          c.header('Retry-After', String(wait));
          const when = wait < 60 ? `${wait} s` : `${Math.ceil(wait / 60)} min`;
          return c.json(errorBody('rate_limited', `Trop de tentatives. Réessayez dans ${when}.`), 429);
        }
      }
      // A disabled user's sign-in goes through better-auth too, with a password that cannot match:
      // its Origin check, then its wrong-password path answer it, as for any other email (ADR 029).
      const disabled = isSignIn && account !== undefined && (await isDisabled(db, account));
      const request = disabled
        ? withUnmatchablePassword(c.req.raw, body)
        : // A changed password ends every other session (docs/product.md#passwords); this one continues.
          path === '/change-password'
          ? withBody(c.req.raw, { ...body, revokeOtherSessions: true })
          : c.req.raw;
      let response = await auth.handler(request);
      if (path === '/change-password' && response.ok && session)
        await db.query('update auth_user set must_change_password = false where id = $1', [session.id]);
      if (code !== undefined && response.ok) response = await refuseReplay(code, response);

      if (isLimited && isWrongSecret(response.status, await betterAuthCode(response))) {
        await perIp.fail(ip);
        if (account) {
          await perAccountAndIp.fail(pair);
          await perAccount.fail(account);
        }
      } else if (isSignIn && response.ok && account) {
        await perAccountAndIp.reset(pair);
        await knownAddresses.add(pair);
      }
      return toOurShape(response, path);
    });

  /**
   * RFC 6238 §5.2: a code that let someone in cannot let anyone in again while it is valid. The
   * check comes after better-auth's (which knows the user); a replay's new session is deleted at
   * once and the answer carries no cookie.
   */
  async function refuseReplay(code: string, response: Response): Promise<Response> {
    const body = (await response
      .clone()
      .json()
      .catch(() => undefined)) as { token?: unknown; user?: { id?: unknown } } | undefined;
    const userId = body?.user?.id;
    if (typeof userId !== 'string') return response;
    if (await claimUsedCode(db, `${userId}|${code}`, USED_CODE_MS)) return response;
    if (typeof body?.token === 'string') await db.query('delete from auth_session where token = $1', [body.token]);
    return Response.json({ code: 'CODE_REUSED' }, { status: 401 });
  }
}

/** A wrong password or code, as better-auth answers it (not a malformed body, not a limit). */
function isWrongSecret(status: number, code: string | undefined): boolean {
  return (
    status === 401 || (status === 400 && code !== undefined && /^INVALID_(PASSWORD|CODE|BACKUP_CODE|OTP)/.test(code))
  );
}

async function betterAuthCode(response: Response): Promise<string | undefined> {
  if (response.ok) return undefined;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** The session's user: whose secret a check behind a session checks, and whether it is temporary. */
async function sessionUser(auth: Auth, request: Request) {
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null);
  if (!session) return undefined;
  return {
    id: session.user.id,
    email: normaliseEmail(session.user.email),
    mustChangePassword: mustChangePassword(session.user),
  };
}

/**
 * What better-auth's change-password does not check (ADR 051): both passwords are texts, and a
 * temporary password is replaced by another (one kept is no password chosen). Refused before the
 * check, whatever the current password: no oracle, and not counted by the limits. Null:
 * better-auth checks the rest (lengths, the current password).
 */
function changePasswordRefusal(body: JsonObject, isTemporary: boolean): string | null {
  const current = fieldOf(body, 'currentPassword');
  const next = fieldOf(body, 'newPassword');
  if (current === undefined || next === undefined)
    return 'Mot de passe actuel et nouveau mot de passe (textes) requis.';
  if (isTemporary && current === next) return 'Choisissez un mot de passe différent du mot de passe temporaire.';
  return null;
}

/**
 * The sign-in request with its password replaced by as many random characters (one chance in 2^72
 * of matching for the shortest password allowed, 12): better-auth then answers a disabled user
 * exactly as a wrong password — same checks first, same password hash, same length limit — and
 * opens no session (session.ts would refuse one anyway). A body without a string password goes
 * unchanged: better-auth refuses it as it does for anyone.
 */
function withUnmatchablePassword(request: Request, body: JsonObject): Request {
  const password = body.password;
  if (typeof password !== 'string') return request;
  const random = randomBytes(Math.ceil((password.length * 3) / 4) + 3)
    .toString('base64url')
    .slice(0, password.length);
  return withBody(request, { ...body, password: random });
}

/** The request with another JSON body (better-auth reads the body we give it). */
function withBody(request: Request, body: JsonObject): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}

type JsonObject = Record<string, unknown>;

/**
 * The body as better-auth reads it: a JSON object, or `{}` when empty without a content type; null
 * for anything else (read from a copy: better-auth reads the request next).
 */
async function jsonObjectOrEmpty(request: Request): Promise<JsonObject | null> {
  const text = await request.clone().text();
  if (text.trim() === '') return request.headers.has('content-type') ? null : {};
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as JsonObject) : null;
  } catch {
    return null;
  }
}

/** A string field of the JSON body, or undefined. */
function fieldOf(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}

function emailOf(body: JsonObject): string | undefined {
  const email = fieldOf(body, 'email');
  return email === undefined ? undefined : normaliseEmail(email);
}
