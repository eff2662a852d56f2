/**
 * The server's configuration, parsed and validated once at boot. The only module that reads
 * process.env (docs/style.md#environment).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './lib/log';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL doit être une URL postgres:// ou postgresql://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  NODE_ENV: z.string().optional(),
  AUTH: z.enum(['on', 'off'], { error: 'AUTH doit valoir « on » ou « off »' }).default('off'),
  AUTH_SECRET: z
    .string()
    .min(32, { error: 'AUTH_SECRET doit faire au moins 32 caractères (par exemple : openssl rand -base64 32)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: 'LOG_LEVEL doit valoir error, warn, info ou debug' }).default('info'),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const list = text
        .split(',')
        .map((p) => p.trim().toLowerCase())
        .filter((p) => p !== '' && p !== 'off');
      const bad = list.find((p) => p !== 'loopback' && !isIP(p));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY : « ${bad} » n'est pas une adresse IP (ni « loopback », ni « off »)`,
        });
        return z.NEVER;
      }
      return list;
    }),
  LIVE_POLL_MS: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: 'LIVE_POLL_MS doit être un nombre de millisecondes' })
      .int({ error: 'LIVE_POLL_MS doit être un nombre entier de millisecondes' })
      .min(200, { error: 'LIVE_POLL_MS doit valoir au moins 200 (millisecondes)' })
      .max(3_600_000, { error: 'LIVE_POLL_MS doit valoir au plus 3600000 (une heure)' })
      .optional(),
  ),
  SMTP_URL: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return undefined;
      const problem = smtpUrlProblem(text.trim());
      if (problem !== null) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return text.trim();
    }),
  MAIL_FROM: z
    .string()
    .regex(/^[^\r\n]*<?[^\s@<>]+@[^\s@<>]+>?$/, {
      error: 'MAIL_FROM doit être une adresse e-mail (par exemple « Budget & Marges <budget@agence.fr> »)',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL doit être une URL http:// ou https://' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // docs/product.md#sign-in-oidc: the agency's OpenID provider (checked together in oidcConfig).
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'OIDC_ISSUER doit être une URL https:// (celle du fournisseur OpenID)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  PASSWORD_SIGNIN: z.enum(['on', 'off'], { error: 'PASSWORD_SIGNIN doit valoir « on » ou « off »' }).default('on'),
});

export interface Env {
  port: number;
  host: string;
  /** Absolute path of the embedded database directory (used when databaseUrl is not set). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Accounts mode (AUTH=on): sign-in required on every /api route but health and auth. */
  auth: boolean;
  /** AUTH_SECRET; when unset in accounts mode, one is generated once in DATA_DIR (auth/secret.ts). */
  authSecret: string | undefined;
  /** Origin users type in their browser (behind a reverse proxy); https here makes cookies Secure. */
  publicOrigin: string | undefined;
  /** How much the server logs (docs/product.md#logs). */
  logLevel: LogLevel;
  /**
   * TRUST_PROXY: addresses of the reverse proxies whose X-Forwarded-For names the client (`loopback`
   * for one on this machine); empty (the default, or `off`): the header is ignored (auth/client-ip.ts).
   */
  trustProxy: string[];
  /**
   * LIVE_POLL_MS: how often the live hub re-reads the change record without being woken (a lost
   * NOTIFY, PgBouncer in transaction mode); unset: the hub's default per engine (live/hub.ts).
   */
  livePollMs: number | undefined;
  /**
   * SMTP_URL (smtp:// or smtps://, credentials in it): e-mail on (docs/product.md#e-mail); unset,
   * nothing is ever sent. MAIL_FROM: the sender (default budget-marges@ the SMTP host's domain).
   */
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (docs/product.md#sign-in-oidc); unset: no such sign-in. */
  oidc: { issuer: string; clientId: string; clientSecret: string; publicOrigin: string } | undefined;
  /** PASSWORD_SIGNIN=off: the sign-in by password is off (OIDC only). */
  passwordSignIn: boolean;
}

/**
 * What is wrong with an SMTP_URL, in French, or null: an smtp:// or smtps:// URL with a host, an
 * optional port, and nothing after the host but an optional query (nodemailer's options).
 */
export function smtpUrlProblem(text: string): string | null {
  const example = '(par exemple smtp://utilisateur:motdepasse@smtp.agence.fr:587 ou smtps://smtp.agence.fr)';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `SMTP_URL n'est pas une URL valide ${example}`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return `SMTP_URL doit commencer par smtp:// ou smtps:// ${example}`;
  }
  if (url.hostname === '') return `SMTP_URL ne nomme pas de serveur ${example}`;
  if (url.pathname !== '' && url.pathname !== '/')
    return `SMTP_URL ne doit pas avoir de chemin après le serveur ${example}`;
  return null;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Parses the environment; throws an Error with a French, readable message when it is invalid. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const e = parseSource(source);
  if (e.AUTH !== 'on' && !isLoopbackHost(e.HOST)) {
    // Anyone who reaches the port could read and change every client's figures (docs/product.md#access-modes).
    throw new Error(
      `HOST=${e.HOST} rend le serveur accessible depuis le réseau : les comptes utilisateurs sont alors obligatoires.\n` +
        '  Activez-les avec AUTH=on, créez le premier compte avec « npm run user:create -- prenom.nom@agence.fr »,\n' +
        '  puis relancez (voir « Two modes » dans le README). Pour un usage sur ce seul poste, gardez HOST=127.0.0.1.',
    );
  }
  return toEnv(e);
}

/**
 * The command line's configuration (npm run user:*): the same database settings, without the
 * listening rule, since the first account is created before the server is opened to the network.
 */
export function parseCliEnv(source: Record<string, string | undefined> = process.env): Env {
  return toEnv(parseSource(source));
}

function parseSource(source: Record<string, string | undefined>) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')} : ${i.message}`);
    throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The OIDC settings, all or none, with accounts on and PUBLIC_URL (the redirect URI's origin). */
function oidcConfig(e: z.output<typeof envSchema>): Env['oidc'] {
  const id = e.OIDC_CLIENT_ID?.trim() || undefined;
  const secret = e.OIDC_CLIENT_SECRET?.trim() || undefined;
  if (e.PASSWORD_SIGNIN === 'off' && !e.OIDC_ISSUER)
    throw new Error(
      'Configuration invalide :\n  PASSWORD_SIGNIN=off demande OIDC_ISSUER : sinon personne ne peut se connecter',
    );
  if (!e.OIDC_ISSUER && !id && !secret) return undefined;
  const missing = [
    ['OIDC_ISSUER', e.OIDC_ISSUER],
    ['OIDC_CLIENT_ID', id],
    ['OIDC_CLIENT_SECRET', secret],
    ['PUBLIC_URL', e.PUBLIC_URL],
  ].flatMap(([name, value]) => (value ? [] : [name]));
  if (missing.length > 0)
    throw new Error(`Configuration invalide :\n  la connexion OIDC demande aussi ${missing.join(', ')}`);
  if (e.AUTH !== 'on') throw new Error('Configuration invalide :\n  la connexion OIDC demande AUTH=on (mode comptes)');
  return { issuer: e.OIDC_ISSUER!, clientId: id!, clientSecret: secret!, publicOrigin: new URL(e.PUBLIC_URL!).origin };
}

function toEnv(e: z.output<typeof envSchema>): Env {
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    auth: e.AUTH === 'on',
    authSecret: e.AUTH_SECRET,
    publicOrigin: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    livePollMs: e.LIVE_POLL_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    oidc: oidcConfig(e),
    passwordSignIn: e.PASSWORD_SIGNIN === 'on',
  };
}
