/**
 * Accounts mode (AUTH=on): better-auth 1.7.7 with email + password, database sessions in an
 * HTTP-only SameSite=Lax cookie, and optional TOTP two-factor. Mounted under /api/auth by
 * auth.routes.ts; its tables come from our migrations (0002_auth), not from its generator.
 */
import { betterAuth } from 'better-auth';
import { twoFactor } from 'better-auth/plugins';
import { PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Db } from '../db/client';

/** A session unused for this long ends (idle expiry), seconds. */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** While a session is used, its expiry is pushed back at most this often, seconds. */
export const SESSION_REFRESH_SECONDS = 15 * 60;

export interface AuthConfig {
  secret: string;
  /** The origin users type (PUBLIC_URL); https makes cookies Secure. */
  publicOrigin?: string | undefined;
  /**
   * Tests only: better-auth skips its Origin and Fetch-Metadata checks when NODE_ENV=test (as under
   * Vitest); true keeps them, as a production server has them.
   */
  originChecksInTests?: boolean | undefined;
}

/** The better-auth options, shared by the server and the schema check of auth.test.ts. */
export function authOptions(db: Db, { secret, publicOrigin, originChecksInTests }: AuthConfig) {
  const dialect =
    db.native.kind === 'pglite' ? new PGliteDialect(db.native.lite) : new PostgresDialect({ pool: db.native.pool });
  return {
    appName: 'Budget & Marges',
    basePath: '/api/auth',
    secret,
    baseURL: publicOrigin,
    database: { dialect, type: 'postgres' as const },
    // Same-origin only: the app's own origin (this request's, or PUBLIC_URL's). Our Origin
    // middleware (lib/security.ts) already refused any other before better-auth sees the request.
    trustedOrigins: (request?: Request) => [publicOrigin, request ? new URL(request.url).origin : undefined],
    emailAndPassword: {
      enabled: true,
      // Accounts come from the command line only (npm run user:create).
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      revokeSessionsOnPasswordReset: true,
    },
    user: {
      modelName: 'auth_user',
      additionalFields: {
        disabled: { type: 'boolean' as const, defaultValue: false, input: false },
        // A password an admin handed out (ADR 051): its owner changes it before anything else.
        mustChangePassword: {
          type: 'boolean' as const,
          defaultValue: false,
          input: false,
          fieldName: 'must_change_password',
        },
      },
    },
    session: {
      modelName: 'auth_session',
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // No cookie cache: a revoked session (sign-out everywhere, a disabled user) ends at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    // Our limiter (auth/rate-limit.ts) counts per socket IP and per account; better-auth's keys on
    // forwarded headers only, which a client can forge when no proxy is in front.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      disableOriginCheck: originChecksInTests ? false : undefined,
      useSecureCookies: publicOrigin?.startsWith('https://') ?? false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' as const },
      ipAddress: { disableIpTracking: false },
    },
    // Messages only, never the arguments: they may hold request data (LOGS rule of issue 7).
    logger: {
      level: 'error' as const,
      log: (level: string, message: string) => console.error(`[auth] ${level}: ${message}`),
    },
    plugins: [
      twoFactor({
        issuer: 'Budget & Marges',
        schema: { twoFactor: { modelName: 'auth_two_factor' } },
      }),
    ],
  };
}

export function createAuth(db: Db, config: AuthConfig) {
  return betterAuth(authOptions(db, config));
}

export type Auth = ReturnType<typeof createAuth>;
