/**
 * better-auth's endpoints under /api/auth, behind our sign-in rate limit, answering in our error
 * shape and never handing the session token to scripts (answers.ts). Sessions: session.ts.
 */
import { hashPassword } from 'better-auth/crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../db/client';
import { errorBody, tooLarge } from '../lib/errors';
import type { Auth } from './auth';
import { toOurShape } from './answers';
import { clientIp } from './client-ip';
import { createFailureCounter, SIGN_IN_LIMITS } from './rate-limit';
import { isDisabled, normaliseEmail } from './users.repo';

// The web app reads the session's type from here (import type only).
export type { SessionInfo } from './session';

const AUTH_BODY_BYTES = 16 * 1024;

export function authRoutes(db: Db, auth: Auth) {
  const perIp = createFailureCounter(SIGN_IN_LIMITS.perIp);
  const perAccount = createFailureCounter(SIGN_IN_LIMITS.perAccount);

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
      const isSignIn = c.req.method === 'POST' && path === '/sign-in/email';
      const isLimited = isSignIn || path.startsWith('/two-factor/verify-');
      const ip = clientIp(c);
      const account = isSignIn ? await emailOf(c.req.raw) : undefined;

      if (isLimited) {
        const wait = Math.max(perIp.retryAfter(ip), account ? perAccount.retryAfter(`a:${account}`) : 0);
        if (wait > 0) {
          c.header('Retry-After', String(wait));
          return c.json(
            errorBody('rate_limited', `Trop de tentatives de connexion. Réessayez dans ${Math.ceil(wait / 60)} min.`),
            429,
          );
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
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const password = (body as { password?: unknown } | undefined)?.password;
  await hashPassword(typeof password === 'string' ? password : '');
  return Response.json({ code: 'INVALID_EMAIL_OR_PASSWORD' }, { status: 401 });
}

async function emailOf(request: Request): Promise<string | undefined> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? normaliseEmail(email) : undefined;
}
