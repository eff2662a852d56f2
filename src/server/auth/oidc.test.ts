/**
 * Sign-in with the agency's account (docs/product.md#sign-in-oidc, ADR 058) against a real OpenID
 * provider on 127.0.0.1: an existing user signs in by e-mail (any case), TOTP still asked; an
 * unknown e-mail, a disabled user, a wrong state, a wrong issuer, a wrong nonce and a tampered or
 * foreign-signed id_token are refused with a French message, logged without the code or the token.
 * PASSWORD_SIGNIN=off turns the password sign-in off.
 */
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import type { CustomFetch } from 'openid-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_REFUSALS } from '@/domain/sign-in';
import { createAccountsTestApp, errorMessage, PASSWORD, sessionCookie } from '../test/test-accounts';
import { TEST_DB } from '../test/test-db';
import { totpCode, totpSecretOf } from '../test/totp';
import { PASSWORD_SIGNIN_OFF } from './auth.routes';
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  signInAt,
  startOidcProvider,
  type TestProvider,
} from './testing/oidc-provider';
import { setDisabled } from './users.repo';

const APP_ORIGIN = 'http://localhost:4599';
/** What the next token answer becomes (a test's tampering); none: the provider's own. */
let tamper: ((idToken: string) => Promise<string>) | undefined;
const tamperingFetch: CustomFetch = async (url, options) => {
  const res = await fetch(url, options as RequestInit);
  if (!tamper || !url.endsWith('/token') || !res.ok) return res;
  const body = (await res.json()) as { id_token: string };
  return Response.json({ ...body, id_token: await tamper(body.id_token) });
};

let provider: TestProvider;
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
beforeAll(async () => {
  provider = await startOidcProvider(APP_ORIGIN);
  const oidc = {
    issuer: provider.issuer,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    publicOrigin: APP_ORIGIN,
    fetch: tamperingFetch,
  };
  t = await createAccountsTestApp({ publicOrigin: APP_ORIGIN, oidc, passwordSignIn: false });
  await t.addUser('anne.martin@agence.fr');
  await t.addUser('paul@agence.fr');
  await t.addUser('ines@agence.fr');
  await setDisabled(t.db, 'ines@agence.fr', true);
});
afterAll(async () => {
  await t.db.close();
  await provider.close();
});

let warnings: string[];
beforeEach(() => {
  tamper = undefined;
  warnings = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
});

/** The whole round trip for `email` at the provider; the callback's answer, and the code it carried. */
async function signInThroughProvider(email: string, edit: (callback: URL) => void = () => undefined) {
  const start = await t.call('GET', '/api/auth/oidc/start');
  expect(start.status).toBe(302);
  const flowCookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('bm_oidc='))!
    .split(';')[0]!;
  const callback = await signInAt(start.headers.get('location')!, email);
  expect(`${callback.origin}${callback.pathname}`).toBe(`${APP_ORIGIN}/api/auth/oidc/callback`);
  edit(callback);
  const res = await t.call('GET', `${callback.pathname}${callback.search}`, { cookie: flowCookie });
  return { res, code: callback.searchParams.get('code')! };
}

/** A refusal: back to the sign-in page with its code, no session, one log line without secrets. */
function expectRefused(res: Awaited<ReturnType<typeof t.call>>, reason: keyof typeof OIDC_REFUSALS, code: string) {
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe(`/?connexion=${reason}`);
  expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toContain(`Connexion OIDC refusée (${reason})`);
  expect(warnings[0]).not.toContain(code);
  expect(warnings[0]).not.toMatch(/eyJ/); // no JWT
}

/** The id_token's payload changed, header and signature kept. */
const withPayload = (idToken: string, change: Record<string, unknown>) => {
  const [header, , signature] = idToken.split('.');
  const payload = Buffer.from(JSON.stringify({ ...decodeJwt(idToken), ...change })).toString('base64url');
  return `${header}.${payload}.${signature}`;
};
const signedWith = async (key: JWK, claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid }).sign(await importJWK(key, 'RS256'));

describe(`sign-in with the agency's account on ${TEST_DB}`, () => {
  it('signs an existing user in by e-mail, whatever its case, into the session a password gives', async () => {
    const { res } = await signInThroughProvider('Anne.Martin@AGENCE.fr');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const session = await t.call('GET', '/api/session', { cookie: sessionCookie(res.headers) });
    expect(session.json).toMatchObject({
      mode: 'accounts',
      user: { email: 'anne.martin@agence.fr' },
      signIn: { password: false, oidc: true },
    });
    expect(warnings).toEqual([]);
    // Nobody was created, no account row linked: accounts still come from an admin.
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from auth_user');
    expect(rows[0]!.n).toBe(3);
  });

  it('refuses an unknown e-mail, and creates nobody', async () => {
    const { res, code } = await signInThroughProvider('inconnu@agence.fr');
    expectRefused(res, 'inconnu', code);
    const { rows } = await t.db.query('select 1 from auth_user where email = $1', ['inconnu@agence.fr']);
    expect(rows).toEqual([]);
  });

  it('refuses a disabled user', async () => {
    const { res, code } = await signInThroughProvider('ines@agence.fr');
    expectRefused(res, 'desactive', code);
  });

  it('refuses a wrong state, and a callback without the flow started here', async () => {
    const wrong = await signInThroughProvider('paul@agence.fr', (url) => url.searchParams.set('state', 'autre'));
    expectRefused(wrong.res, 'etat', wrong.code);
    warnings = [];
    const start = await t.call('GET', '/api/auth/oidc/start');
    const callback = await signInAt(start.headers.get('location')!, 'paul@agence.fr');
    const noCookie = await t.call('GET', `${callback.pathname}${callback.search}`);
    expectRefused(noCookie, 'etat', callback.searchParams.get('code')!);
  });

  it('refuses a wrong issuer in the answer', async () => {
    const { res, code } = await signInThroughProvider('paul@agence.fr', (url) =>
      url.searchParams.set('iss', 'https://pirate.example'),
    );
    expectRefused(res, 'jeton', code);
  });

  it('refuses a tampered id_token (another e-mail, signature kept)', async () => {
    tamper = async (idToken) => withPayload(idToken, { email: 'anne.martin@agence.fr' });
    const { res, code } = await signInThroughProvider('paul@agence.fr');
    expectRefused(res, 'jeton', code);
  });

  it("refuses an id_token signed with another key, and one of the provider's key with a wrong nonce", async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const otherKey = { ...(await exportJWK(privateKey)), kid: provider.signingKey.kid };
    tamper = async (idToken) => signedWith(otherKey, decodeJwt(idToken));
    const foreign = await signInThroughProvider('paul@agence.fr');
    expectRefused(foreign.res, 'jeton', foreign.code);

    warnings = [];
    tamper = async (idToken) => signedWith(provider.signingKey, { ...decodeJwt(idToken), nonce: 'autre' });
    const nonce = await signInThroughProvider('paul@agence.fr');
    expectRefused(nonce.res, 'jeton', nonce.code);
    expect(warnings[0]).toMatch(/nonce/);
  });

  it('asks for the TOTP code of an account that has one, as a password sign-in does', async () => {
    await t.addUser('totp@agence.fr');
    await t.db.query('update auth_user set must_change_password = false where email = $1', ['totp@agence.fr']);
    const first = await signInThroughProvider('totp@agence.fr');
    const cookie = sessionCookie(first.res.headers);
    const { totpURI } = (await t.call('POST', '/api/auth/two-factor/enable', { cookie, body: { password: PASSWORD } }))
      .json as { totpURI: string };
    const secret = totpSecretOf(totpURI);
    const step = Math.floor(Date.now() / 30_000);
    expect(
      (await t.call('POST', '/api/auth/two-factor/verify-totp', { cookie, body: { code: totpCode(secret, step) } }))
        .status,
    ).toBe(200);

    const { res } = await signInThroughProvider('totp@agence.fr');
    expect(res.headers.get('location')).toBe('/?connexion=code');
    expect(res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);
    const pending = res.headers
      .getSetCookie()
      .find((c) => c.includes('two_factor='))!
      .split(';')[0]!;
    const verified = await t.call('POST', '/api/auth/two-factor/verify-totp', {
      cookie: pending,
      body: { code: totpCode(secret, step + 1) },
    });
    expect(verified.status).toBe(200);
    const session = await t.call('GET', '/api/session', { cookie: sessionCookie(verified.headers) });
    expect(session.json).toMatchObject({ user: { email: 'totp@agence.fr', twoFactorEnabled: true } });
  });

  it('PASSWORD_SIGNIN=off: the password sign-in answers a French 403', async () => {
    const res = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'paul@agence.fr', password: PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(errorMessage(res)).toBe(PASSWORD_SIGNIN_OFF);
  });
});
