/**
 * The security baseline of both modes (issue 7): response headers with a CSP the built app
 * passes, a Host check against DNS rebinding in the no-login mode, and the Origin check that
 * refuses cross-site mutations. Why each rule is what it is: ADR 015.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { isLoopbackHost } from '../env';
import { errorBody } from './errors';

/**
 * 'unsafe-inline' for styles only: charts (recharts) and Radix popovers position themselves with
 * inline `style` attributes. Scripts are our own bundled files: no inline script, no eval.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  // Our import worker, and the workers fflate starts from blob: URLs to zip a large .xlsx
  // (write-excel-file): scripts our own bundle created, nothing from elsewhere (ADR 037).
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    xFrameOptions: 'DENY',
    referrerPolicy: 'same-origin',
    xContentTypeOptions: 'nosniff',
    // HTTPS is the reverse proxy's business; on plain http the header is ignored anyway.
    strictTransportSecurity: false,
  });

/**
 * Every /api answer is private (figures, accounts, the API document behind the session): never
 * stored by the browser or a proxy, so nothing of it outlives a sign-out on a shared computer (the
 * probe's F2). The event stream's `no-cache` becomes `no-store` too.
 */
export const privateAnswers = (): MiddlewareHandler => async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * No-login mode only: a page on another site whose name an attacker re-points to 127.0.0.1 (DNS
 * rebinding) would be "same origin" with us; it still sends its own name as Host, so we refuse
 * any Host that is not a loopback name.
 */
export const loopbackHostOnly = (): MiddlewareHandler => async (c, next) => {
  if (!isLoopbackHost(new URL(c.req.url).hostname)) {
    return c.json(
      errorBody('forbidden', "Accès refusé : sans comptes, l'outil ne répond qu'à l'adresse 127.0.0.1 ou localhost."),
      403,
    );
  }
  return next();
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mutations from another site are refused. Browsers always send Origin on a cross-site POST (and
 * Sec-Fetch-Site); a request with neither comes from a script or curl, not from a web page, and
 * is let through (it still needs a session in accounts mode).
 */
export const sameOriginMutations =
  (publicOrigin: string | undefined): MiddlewareHandler =>
  async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (!isSameOrigin(c, publicOrigin)) {
      return c.json(errorBody('forbidden', 'Requête refusée : elle ne vient pas de cette application.'), 403);
    }
    return next();
  };

function isSameOrigin(c: Context, publicOrigin: string | undefined): boolean {
  const origin = c.req.header('origin');
  if (origin !== undefined) return origin === new URL(c.req.url).origin || origin === publicOrigin;
  const site = c.req.header('sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}
