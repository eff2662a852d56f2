/**
 * Sessions: GET /api/session for the web app, and the middleware that requires a live session of
 * an enabled user on every /api route but the public ones (accounts mode).
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { SessionAnswer } from '@/domain/answers';
import '../lib/actor';
import { errorBody } from '../lib/errors';
import type { Auth } from './auth';

/** What the web app needs to know to show the sign-in page or the app. */
export type SessionInfo = SessionAnswer;

export const SIGN_IN_REQUIRED = 'Connexion requise : connectez-vous pour continuer.';

/** The code and message of every request refused until a temporary password is changed (ADR 051). */
export const PASSWORD_CHANGE_REQUIRED = {
  code: 'password_change_required',
  message: 'Mot de passe temporaire : choisissez votre propre mot de passe (menu du compte) avant de continuer.',
} as const;

/** A session user whose password an admin handed out (users page, user:reset): ADR 051. */
export const mustChangePassword = (user: object) => 'mustChangePassword' in user && user.mustChangePassword === true;

/** Paths of /api that answer without a session. */
const isPublic = (path: string) => path === '/api/health' || path === '/api/session' || path.startsWith('/api/auth/');

/**
 * The live session of an enabled user, or null. Reading it may slide its expiry: better-auth's
 * refreshed cookie is passed on to this response, so the browser's cookie slides too.
 */
async function currentSession(auth: Auth, c: Context) {
  const { headers, response } = await auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
  return response && !response.user.disabled ? response : null;
}

/**
 * The email of the live session these request headers carry, or null (ended, revoked, user
 * disabled): a long-lived stream re-checks its session with it (live/live.routes.ts).
 */
export async function sessionEmail(auth: Auth, headers: Headers): Promise<string | null> {
  const session = await auth.api.getSession({ headers });
  return session && !session.user.disabled ? session.user.email : null;
}

/** GET /api/session, public in both modes. */
export function sessionRoute(auth: Auth | undefined, signIn = { password: true, oidc: false }) {
  return async (c: Context) => {
    if (!auth) return c.json({ mode: 'local' } satisfies SessionInfo);
    const user = (await currentSession(auth, c))?.user;
    const info: SessionInfo = {
      mode: 'accounts',
      user: user
        ? {
            email: user.email,
            twoFactorEnabled: 'twoFactorEnabled' in user && user.twoFactorEnabled === true,
            mustChangePassword: mustChangePassword(user),
          }
        : null,
      signIn,
    };
    return c.json(info);
  };
}

/** Accounts mode: every /api route but the public ones needs a live session of an enabled user. */
export function requireSession(auth: Auth): MiddlewareHandler {
  return async (c, next) => {
    if (isPublic(c.req.path)) return next();
    const session = await currentSession(auth, c);
    if (!session) return c.json(errorBody('unauthorized', SIGN_IN_REQUIRED), 401);
    // A temporary password: nothing but its change (under /api/auth, public here) until then.
    if (mustChangePassword(session.user))
      return c.json(errorBody(PASSWORD_CHANGE_REQUIRED.code, PASSWORD_CHANGE_REQUIRED.message), 403);
    // The history's actor (lib/actor.ts).
    c.set('actor', session.user.email);
    return next();
  };
}
