/**
 * A real OpenID provider for the tests (oidc-provider, on 127.0.0.1 and a free port): one static
 * client, accounts named by their e-mail, consent already given, and its dev login form. The tests
 * drive the form over HTTP (`signInAt`); Playwright fills it in the browser. The signing key is
 * the test's: it can sign an id_token the provider never issued (a wrong nonce).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'budget-marges';
export const OIDC_CLIENT_SECRET = 'test-client-secret-of-the-agency-provider';

export interface TestProvider {
  issuer: string;
  /** The provider's private signing key (RS256). */
  signingKey: JWK;
  close(): Promise<void>;
}

/** Starts a provider whose client redirects to `${appOrigin}/api/auth/oidc/callback`. */
export async function startOidcProvider(appOrigin: string, port = 0): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${appOrigin}/api/auth/oidc/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-cookie-key-of-the-provider'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail in the id_token, as Google's; the app also reads the userinfo endpoint without it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    // A test's lifetimes, said (the provider logs a notice for each one left to its default).
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true }),
    }),
    // The user consented before: the login form is the only interaction.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email');
      grant.addOIDCClaims(['email', 'email_verified']);
      await grant.save();
      return grant;
    },
  });
  handle = provider.callback();
  return {
    issuer,
    signingKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Signs `email` in at the provider from its authorization URL (the app's redirect), through its
 * dev login form, and returns the URL it sends the browser back to (the app's callback).
 */
export async function signInAt(authorizationUrl: string, email: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    await res.arrayBuffer();
    return new URL(res.headers.get('location') ?? url, url);
  };
  // Authorization → the login interaction → (submit) → back to authorization → the app's callback.
  const interaction = await send(authorizationUrl);
  const resume = await send(interaction.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login: email, password: 'any' }).toString(),
  });
  let next = resume;
  // Up to two more hops (resume, then the redirect to the app); each is the provider's own.
  for (let hop = 0; hop < 3 && next.origin === new URL(authorizationUrl).origin; hop++) next = await send(next.href);
  return next;
}
