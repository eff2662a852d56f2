/**
 * Sign-in with the agency's account (docs/product.md#sign-in-oidc, ADR 058): OpenID Connect's
 * authorization code flow with PKCE, by openid-client. GET /api/auth/oidc/start sends the browser to
 * the provider; GET /api/auth/oidc/callback checks state, issuer, nonce and the id_token's signature
 * (against the provider's JWKS), finds an enabled user by the e-mail it names, and opens the same
 * better-auth session as a password sign-in — or, for an account with TOTP, the same second step.
 * Nobody is created here. Refusals go back to the sign-in page as `/?connexion=<code>` and are
 * logged by reason, never with a code or a token.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import * as client from 'openid-client';
import { OIDC_RESULT_PARAM, OIDC_TOTP_STEP, type OidcRefusal } from '@/domain/sign-in';
import type { Db } from '../db/client';
import type { Logger } from '../lib/log';
import type { Auth } from './auth';
import { clientIp } from './client-ip';
import { normaliseEmail } from './users.repo';

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** PUBLIC_URL's origin: the redirect URI is `${publicOrigin}/api/auth/oidc/callback`. */
  publicOrigin: string;
  /** Tests only: the fetch openid-client uses (to tamper with the provider's answers). */
  fetch?: client.CustomFetch;
}

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
/** The flow's state, nonce and PKCE verifier, signed, for the 10 minutes a sign-in may take. */
const FLOW_COOKIE = 'bm_oidc';
const FLOW_SECONDS = 10 * 60;
/** better-auth's two-factor step (its plugin's cookie and verification rows), 10 minutes as its own. */
const TWO_FACTOR_SECONDS = 10 * 60;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

/** An http issuer is accepted on this machine only (a test's provider); anywhere else, https. */
const isLoopbackHttp = (url: URL) =>
  url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

export interface OidcOptions {
  /** Where refusals are logged; console.warn without one (API tests). */
  log?: Pick<Logger, 'warn'> | undefined;
  trustProxy?: readonly string[] | undefined;
  /**
   * PASSWORD_SIGNIN: off, a temporary password handed out by an admin is no password anyone will
   * use, and the OIDC sign-in lifts its change (ADR 058).
   */
  passwordSignIn: boolean;
}

export function oidcRoutes(
  db: Db,
  auth: Auth,
  config: OidcConfig,
  { log, trustProxy = [], passwordSignIn }: OidcOptions,
) {
  const warn = (message: string) => (log ? log.warn(message) : console.warn(message));
  const redirectUri = `${config.publicOrigin}${OIDC_CALLBACK_PATH}`;
  const secure = config.publicOrigin.startsWith('https://');
  // Discovered at the first sign-in, not at boot (a provider down does not stop the server); a
  // failed discovery is tried again at the next one.
  let discovered: Promise<client.Configuration> | undefined;
  const provider = () => {
    discovered ??= discover(config).catch((err: unknown) => {
      discovered = undefined;
      throw err;
    });
    return discovered;
  };

  const refuse = (c: Context, reason: OidcRefusal, detail: string) => {
    warn(`Connexion OIDC refusée (${reason}) : ${detail}`);
    deleteCookie(c, FLOW_COOKIE, { path: '/api/auth/oidc' });
    return c.redirect(`/?${OIDC_RESULT_PARAM}=${reason}`, 302);
  };

  return new Hono()
    .get('/start', async (c) => {
      let oidc: client.Configuration;
      try {
        oidc = await provider();
      } catch (err) {
        return refuse(c, 'fournisseur', `découverte de ${config.issuer} impossible (${errorName(err)})`);
      }
      const flow: Flow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
      };
      const { secret } = await auth.$context;
      await setSignedCookie(c, FLOW_COOKIE, JSON.stringify(flow), secret, {
        path: '/api/auth/oidc',
        httpOnly: true,
        sameSite: 'Lax',
        secure,
        maxAge: FLOW_SECONDS,
      });
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      return c.redirect(url.href, 302);
    })
    .get('/callback', async (c) => {
      const { secret } = await auth.$context;
      const flow = parseFlow(await getSignedCookie(c, secret, FLOW_COOKIE));
      const query = new URL(c.req.url).search;
      const params = new URLSearchParams(query);
      if (!flow || params.get('state') !== flow.state)
        return refuse(
          c,
          'etat',
          flow ? 'state différent de celui envoyé' : 'aucune connexion en cours (cookie absent ou altéré)',
        );
      if (params.has('error'))
        return refuse(c, 'fournisseur', `le fournisseur a répondu ${safeCode(params.get('error'))}`);

      let claims: Record<string, unknown>;
      try {
        const oidc = await provider();
        const tokens = await client.authorizationCodeGrant(oidc, new URL(`${redirectUri}${query}`), {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        // A provider may keep the e-mail out of the id_token (scope claims at the userinfo endpoint).
        if (typeof claims.email !== 'string' && tokens.access_token)
          claims = { ...claims, ...(await client.fetchUserInfo(oidc, tokens.access_token, String(claims.sub))) };
      } catch (err) {
        // The library's code and message name the failed check (state, iss, nonce, signature), not the token.
        return refuse(c, 'jeton', `${errorName(err)} : ${errorMessage(err)}`);
      }

      const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : undefined;
      if (!email || claims.email_verified === false)
        return refuse(c, 'inconnu', email ? 'e-mail non vérifié par le fournisseur' : 'aucun e-mail dans l’identité');
      const { rows } = await db.query<{ id: string; disabled: boolean; twoFactorEnabled: boolean | null }>(
        'select id, disabled, "twoFactorEnabled" from auth_user where email = $1',
        [email],
      );
      const user = rows[0];
      if (!user) return refuse(c, 'inconnu', `aucun compte pour ${email}`);
      if (user.disabled) return refuse(c, 'desactive', `compte ${email} désactivé`);

      deleteCookie(c, FLOW_COOKIE, { path: '/api/auth/oidc' });
      if (!passwordSignIn) await db.query('update auth_user set must_change_password = false where id = $1', [user.id]);
      const ctx = await auth.$context;
      if (user.twoFactorEnabled) {
        // The second step of a password sign-in, as better-auth's two-factor plugin opens it: its
        // signed cookie names a verification row holding the user; /two-factor/verify-totp ends it.
        const identifier = `2fa-${randomBytes(15).toString('base64url')}`;
        const expiresAt = new Date(Date.now() + TWO_FACTOR_SECONDS * 1000);
        await ctx.internalAdapter.createVerificationValue({ value: user.id, identifier, expiresAt });
        await ctx.internalAdapter.createVerificationValue({
          value: '0',
          identifier: `2fa-attempts-${identifier}`,
          expiresAt,
        });
        const cookie = ctx.createAuthCookie('two_factor', { maxAge: TWO_FACTOR_SECONDS });
        await setSignedCookie(c, cookie.name, identifier, secret, cookieOptions(cookie.attributes));
        return c.redirect(`/?${OIDC_RESULT_PARAM}=${OIDC_TOTP_STEP}`, 302);
      }
      const session = await ctx.internalAdapter.createSession(user.id, false, {
        ipAddress: clientIp(c, trustProxy),
        userAgent: c.req.header('user-agent') ?? '',
      });
      const cookie = ctx.authCookies.sessionToken;
      await setSignedCookie(c, cookie.name, session.token, secret, {
        ...cookieOptions(cookie.attributes),
        maxAge: ctx.sessionConfig.expiresIn,
      });
      return c.redirect('/', 302);
    });
}

async function discover(config: OidcConfig): Promise<client.Configuration> {
  const issuer = new URL(config.issuer);
  const execute = isLoopbackHttp(issuer) ? [client.allowInsecureRequests] : [];
  const oidc = await client.discovery(issuer, config.clientId, config.clientSecret, undefined, {
    execute,
    ...(config.fetch ? { [client.customFetch]: config.fetch } : {}),
  });
  // The id_token's signature checked against the provider's JWKS, not only its claims.
  client.enableNonRepudiationChecks(oidc);
  return oidc;
}

function parseFlow(value: string | false | undefined): Flow | null {
  if (!value) return null;
  try {
    const flow = JSON.parse(value) as Partial<Flow>;
    return typeof flow.state === 'string' && typeof flow.nonce === 'string' && typeof flow.verifier === 'string'
      ? (flow as Flow)
      : null;
  } catch {
    return null;
  }
}

/** better-auth's cookie attributes as Hono's setCookie takes them. */
function cookieOptions(attributes: { path?: string; httpOnly?: boolean; secure?: boolean; sameSite?: string }) {
  const sameSite = attributes.sameSite?.toLowerCase();
  return {
    path: attributes.path ?? '/',
    httpOnly: attributes.httpOnly ?? true,
    secure: attributes.secure ?? false,
    sameSite: sameSite === 'strict' ? ('Strict' as const) : sameSite === 'none' ? ('None' as const) : ('Lax' as const),
  };
}

const errorName = (err: unknown) =>
  err instanceof Error ? ('code' in err && typeof err.code === 'string' && err.code) || err.name : 'erreur';
/**
 * The first line of the innermost error's message, cut, and the claim it names: what failed, not
 * the data it failed on (openid-client wraps oauth4webapi's error, whose `cause` holds the claims:
 * only the claim's name is kept).
 */
function errorMessage(err: unknown): string {
  let inner = err;
  for (let depth = 0; depth < 3 && inner instanceof Error && inner.cause instanceof Error; depth++) inner = inner.cause;
  if (!(inner instanceof Error)) return '';
  const cause: unknown = inner.cause;
  const claim =
    typeof cause === 'object' && cause !== null && 'claim' in cause && typeof cause.claim === 'string'
      ? ` (${safeCode(cause.claim)})`
      : '';
  return `${inner.message.split('\n')[0]!.slice(0, 200)}${claim}`;
}
/** An OAuth error code as the provider sent it, kept to its safe characters. */
const safeCode = (code: string | null) => (code ?? '').replace(/[^\w.-]/g, '').slice(0, 60);
