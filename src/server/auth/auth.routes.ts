/**
 * The HTTP side of access: better-auth's endpoints under /api/auth (behind our sign-in rate limit,
 * answering in our error shape, never handing the session token to scripts), GET /api/session
 * for the web app, and the middleware that requires a session on every other /api route.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { hashPassword } from 'better-auth/crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiErrorBody } from '../../domain/api-error';
import type { Db } from '../db/client';
import { ApiError, errorBody } from '../lib/errors';
import type { Auth } from './auth';
import { createFailureCounter, SIGN_IN_LIMITS } from './rate-limit';
import { isDisabled, normaliseEmail } from './users.repo';

/** What the web app needs to know to show the sign-in page or the app. */
export type SessionInfo =
  | { mode: 'local' }
  | { mode: 'accounts'; user: { email: string; twoFactorEnabled: boolean } | null };

export const WRONG_CREDENTIALS = 'Email ou mot de passe incorrect.';
export const SIGN_IN_REQUIRED = 'Connexion requise : connectez-vous pour continuer.';
const AUTH_BODY_BYTES = 16 * 1024;

/** Paths of /api that answer without a session. */
const isPublic = (path: string) => path === '/api/health' || path === '/api/session' || path.startsWith('/api/auth/');

/** The client's address: the socket's, or the last X-Forwarded-For hop when a proxy on this machine relays. */
export function clientIp(c: Context): string {
  const env: unknown = c.env;
  const socket = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  const address = socket?.remoteAddress ?? 'unknown';
  const forwarded = c.req.header('x-forwarded-for');
  if (forwarded && /^(127\.|::1$|::ffff:127\.)/.test(address)) return forwarded.split(',').at(-1)!.trim();
  return address;
}

export function authRoutes(db: Db, auth: Auth) {
  const perIp = createFailureCounter(SIGN_IN_LIMITS.perIp);
  const perAccount = createFailureCounter(SIGN_IN_LIMITS.perAccount);

  return new Hono()
    .use('*', bodyLimit({ maxSize: AUTH_BODY_BYTES, onError: () => { throw new ApiError(413, 'too_large', 'La requête est trop volumineuse.'); } }))
    .on(['GET', 'POST'], '/*', async (c) => {
      const path = c.req.path.replace(/^\/api\/auth/, '');
      const isSignIn = c.req.method === 'POST' && path === '/sign-in/email';
      const isLimited = isSignIn || path.startsWith('/two-factor/verify-');
      const ip = clientIp(c);
      const account = isSignIn ? await emailOf(c.req.raw) : undefined;

      if (isLimited) {
        const wait = Math.max(perIp.retryAfter(ip), account ? perAccount.retryAfter(`a:${account}`) : 0);
        if (wait > 0) {
          c.header('Retry-After', String(wait));
          return c.json(errorBody('rate_limited', `Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} min.`), 429);
        }
      }
      const response =
        account && (await isDisabled(db, account)) ? await refuseDisabled(c.req.raw) : await auth.handler(c.req.raw);

      if (isLimited && response.status === 401) {
        perIp.fail(ip);
        if (account) perAccount.fail(`a:${account}`);
      } else if (isSignIn && response.ok && account) {
        perAccount.reset(`a:${account}`);
      }
      return toOurShape(response, path);
    });
}

/**
 * A disabled user gets exactly the answer of a wrong password, after the same work (a password
 * hash), so neither the answer nor its delay tells that the account exists.
 */
async function refuseDisabled(request: Request): Promise<Response> {
  const body: unknown = await request.clone().json().catch(() => undefined);
  const password = (body as { password?: unknown } | undefined)?.password;
  await hashPassword(typeof password === 'string' ? password : '');
  return Response.json({ code: 'INVALID_EMAIL_OR_PASSWORD' }, { status: 401 });
}

async function emailOf(request: Request): Promise<string | undefined> {
  const body: unknown = await request.clone().json().catch(() => undefined);
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normaliseEmail(email) : undefined;
}

/** better-auth's codes that carry a message worth showing, in French. */
const MESSAGES: Record<string, string> = {
  INVALID_PASSWORD: 'Mot de passe incorrect.',
  INVALID_CODE: 'Code de vérification incorrect.',
  INVALID_TWO_FACTOR_COOKIE: 'La vérification a expiré : reconnectez-vous.',
  TOTP_NOT_ENABLED: "La double authentification n'est pas configurée.",
};

/**
 * Rewrites better-auth's answers: errors into `{error:{code,message}}` in French (sign-in failures
 * all alike), and JSON without any session `token` (the cookie is HTTP-only; scripts don't need it).
 * Headers (Set-Cookie) are kept.
 */
async function toOurShape(response: Response, path: string): Promise<Response> {
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  // A fault answered in any shape becomes our generic 500: no library detail reaches the client.
  if (response.status >= 500) return Response.json(errorFor(response.status, path, ''), { status: response.status });
  if (!isJson) return response;
  const body: unknown = await response.json().catch(() => undefined);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (response.ok) return Response.json(withoutTokens(body), { status: response.status, headers });
  const code = (body as { code?: unknown } | undefined)?.code;
  return Response.json(errorFor(response.status, path, typeof code === 'string' ? code : ''), { status: response.status, headers });
}

function errorFor(status: number, path: string, code: string): ApiErrorBody {
  if (path === '/sign-in/email' && (status === 401 || status === 400 || status === 403)) {
    return errorBody('unauthorized', WRONG_CREDENTIALS);
  }
  const message = MESSAGES[code];
  if (status === 401) return errorBody('unauthorized', message ?? SIGN_IN_REQUIRED);
  if (status === 403) return errorBody('forbidden', message ?? 'Action refusée.');
  if (status === 429) return errorBody('rate_limited', 'Trop de tentatives. Réessayez dans quelques minutes.');
  if (status === 404) return errorBody('not_found', 'Route inconnue.');
  if (status < 500) return errorBody('validation', message ?? 'Requête invalide.');
  return errorBody('internal', 'Erreur interne du serveur. Réessayez plus tard.');
}

function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => key !== 'token').map(([key, v]) => [key, withoutTokens(v)]),
  );
}

/**
 * The live session of an enabled user, or null. Reading it may slide its expiry: better-auth's
 * refreshed cookie is passed on to this response, so the browser's cookie slides too.
 */
async function currentSession(auth: Auth, c: Context) {
  const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
  return response && !response.user.disabled ? response : null;
}

/** GET /api/session, public in both modes. */
export function sessionRoute(auth: Auth | undefined) {
  return async (c: Context) => {
    if (!auth) return c.json({ mode: 'local' } satisfies SessionInfo);
    const user = (await currentSession(auth, c))?.user;
    const info: SessionInfo = {
      mode: 'accounts',
      user: user ? { email: user.email, twoFactorEnabled: 'twoFactorEnabled' in user && user.twoFactorEnabled === true } : null,
    };
    return c.json(info);
  };
}

/** Accounts mode: every /api route but the public ones needs a live session of an enabled user. */
export function requireSession(auth: Auth): MiddlewareHandler {
  return async (c, next) => {
    if (isPublic(c.req.path)) return next();
    if (!(await currentSession(auth, c))) return c.json(errorBody('unauthorized', SIGN_IN_REQUIRED), 401);
    return next();
  };
}
