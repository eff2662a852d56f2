/**
 * Accounts mode (AUTH=on) over HTTP, on the project's database: every protected route needs a
 * session, sign-in failures all look alike, the rate limit trips, cross-site mutations are
 * refused, sessions end on sign-out (here or everywhere), expire when idle and slide while in use.
 */
import { getMigrations } from 'better-auth/db/migration';
import { createApp } from '../app';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createAccountsTestApp, PASSWORD, sessionCookie, TEST_SECRET, type Call } from '../test/test-accounts';
import { totpCode, totpSecretOf } from '../test/totp';
import { TEST_DB } from '../test/test-db';
import { authOptions, SESSION_IDLE_SECONDS } from './auth';
import { BACKOFF_MAX_SECONDS, SIGN_IN_LIMITS } from './rate-limit';
import { setDisabled } from './users.repo';

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let cookie: string;
const ORIGIN = 'http://localhost';
beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.addUser('anne@agence.fr');
  cookie = await t.signIn('anne@agence.fr');
});
afterAll(() => t.db.close());

const unknownId = '00000000-0000-4000-8000-000000000000';

/** A body or query field holding something the server checks: a password, a code, a token. */
const SECRET_FIELD = /password|code|token|otp|secret/i;
/** Never right: not a password of any test account, not a TOTP or backup code. */
const WRONG_SECRET = 'not-the-secret-at-all';

interface EndpointShape {
  path?: string;
  options: { method: string | string[]; body?: unknown; query?: unknown; metadata?: { SERVER_ONLY?: boolean } };
}

const fieldsOf = (schema: unknown) => Object.keys((schema as { shape?: object } | undefined)?.shape ?? {});

/**
 * better-auth's endpoints reachable over HTTP (they have a path; server-only ones have none) that
 * take a password, a code or a token in their body, query or path — read from the auth instance,
 * so an upgrade that adds one is walked by the test too.
 */
function secretCheckingEndpoints(auth: typeof t.auth) {
  return Object.values(auth.api as Record<string, EndpointShape>).flatMap(({ path, options }) => {
    if (path === undefined || options.metadata?.SERVER_ONLY) return [];
    const bodyFields = fieldsOf(options.body);
    const queryFields = fieldsOf(options.query);
    const pathParams = path.match(/:\w+/g) ?? [];
    const checked = [...bodyFields, ...queryFields, ...pathParams].filter((f) => SECRET_FIELD.test(f));
    if (checked.length === 0) return [];
    const method = [options.method].flat()[0]!;
    const values = (fields: string[], email: string) =>
      Object.fromEntries(
        fields
          .filter((f) => SECRET_FIELD.test(f) || f === 'email')
          .map((f) => [f, f === 'email' ? email : WRONG_SECRET]),
      );
    return [
      {
        path,
        method,
        url: (email: string) => {
          const query = new URLSearchParams(values(queryFields, email)).toString();
          return `/api/auth${path.replace(/:\w+/g, WRONG_SECRET)}${query ? `?${query}` : ''}`;
        },
        body: (email: string) => (method === 'GET' ? undefined : values(bodyFields, email)),
      },
    ];
  });
}

/** A new account with TOTP two-factor on (so every code check has a code to compare), signed in from `ip`. */
async function signedInWithTotp(email: string, ip: string): Promise<string> {
  await t.addUser(email);
  const own = await t.signIn(email, PASSWORD, ip);
  const enabled = await t.call('POST', '/api/auth/two-factor/enable', {
    cookie: own,
    body: { password: PASSWORD },
    ip,
  });
  const { totpURI } = enabled.json as { totpURI: string };
  const verified = await t.call('POST', '/api/auth/two-factor/verify-totp', {
    cookie: own,
    body: { code: totpCode(totpSecretOf(totpURI)) },
    ip,
  });
  if (verified.status !== 200) throw new Error(`two-factor not turned on: ${verified.status} ${verified.text}`);
  return sessionCookie(verified.headers);
}

describe(`accounts mode on ${TEST_DB}`, () => {
  it('has in our migrations exactly the tables and columns better-auth expects', async () => {
    const { toBeCreated, toBeAdded } = await getMigrations(authOptions(t.db, { secret: TEST_SECRET }));
    expect(toBeCreated.map((x) => x.table)).toEqual([]);
    expect(toBeAdded.map((x) => `${x.table}: ${Object.keys(x.fields).join(', ')}`)).toEqual([]);
  });

  it('answers 401 without a session on every /api route but health, session and auth', async () => {
    const routes = t.app.routes.filter(
      (r) =>
        r.method !== 'ALL' &&
        r.path.startsWith('/api/') &&
        !['/api/health', '/api/session'].includes(r.path) &&
        !r.path.startsWith('/api/auth'),
    );
    // The routes of docs/product.md#api-routes at least; routes added later are covered the same way.
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const route of routes) {
      const path = route.path.replace(':month', '0').replace(/:[a-zA-Z]+/g, unknownId);
      const res = await t.call(route.method, path, { body: route.method === 'GET' ? undefined : {} });
      expect({ route: `${route.method} ${route.path}`, status: res.status, json: res.json }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        json: { error: { code: 'unauthorized', message: 'Connexion requise : connectez-vous pour continuer.' } },
      });
    }
    expect((await t.call('GET', '/api/clients', { cookie: 'better-auth.session_token=forged.value' })).status).toBe(
      401,
    );
    expect((await t.call('GET', '/api/health')).status).toBe(200);
    expect((await t.call('GET', '/api/session')).json).toEqual({
      mode: 'accounts',
      user: null,
      signIn: { password: true, oidc: false },
    });
  });

  it('answers every protected route with a session, and nothing changed while signed out', async () => {
    const as = (method: string, path: string, body?: unknown) => t.call(method, path, { body, cookie });
    expect((await t.call('POST', '/api/clients', { body: { name: 'Intrus' } })).status).toBe(401);

    const client = (await as('POST', '/api/clients', { name: 'Acme' })).json as Client;
    const pole = (await as('POST', `/api/clients/${client.id}/poles`, { name: 'Paid', lines: ['A', 'B'] }))
      .json as Pole;
    const backup = (await as('GET', '/api/backup')).json;
    const statuses = [
      (await as('GET', '/api/clients')).status,
      (await as('PATCH', `/api/clients/${client.id}`, { prevision_mb_annuelle_debut: 1000 })).status,
      (await as('GET', `/api/clients/${client.id}/budget`)).status,
      (await as('PATCH', `/api/poles/${pole.id}`, { isExpanded: false })).status,
      (await as('PUT', `/api/poles/${pole.id}/facture/3`, { value: true })).status,
      (await as('POST', `/api/poles/${pole.id}/lines`, { name: 'C' })).status,
      (await as('PATCH', '/api/cells', [{ lineId: pole.lines[0]!.id, month: 0, field: 'reel', value: 12.5 }])).status,
      (await as('DELETE', `/api/lines/${pole.lines[1]!.id}`)).status,
      (await as('GET', '/api/budget')).status,
      (await as('POST', '/api/backup', backup)).status,
      (await as('DELETE', `/api/clients/${client.id}`)).status,
    ];
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201, 200, 204, 200, 200, 204]);
    expect((await as('GET', '/api/clients')).json).toEqual([]);
    expect((await t.call('GET', '/api/session', { cookie })).json).toEqual({
      mode: 'accounts',
      user: { email: 'anne@agence.fr', twoFactorEnabled: false, mustChangePassword: false },
      signIn: { password: true, oidc: false },
    });
  });

  it('gives a wrong password, an unknown email and a disabled user the same answer', async () => {
    await t.addUser('disabled@agence.fr');
    await setDisabled(t.db, 'disabled@agence.fr', true);
    const attempt = async (email: string, password: string) => {
      const res = await t.call('POST', '/api/auth/sign-in/email', { body: { email, password }, ip: '198.51.100.1' });
      return { status: res.status, body: res.text, cookies: res.headers.getSetCookie() };
    };
    const wrongPassword = await attempt('anne@agence.fr', 'not the password at all');
    const expected = {
      status: 401,
      body: JSON.stringify({ error: { code: 'unauthorized', message: 'Email ou mot de passe incorrect.' } }),
      cookies: [],
    };
    expect(wrongPassword).toEqual(expected);
    expect(await attempt('nobody@agence.fr', 'not the password at all')).toEqual(expected);
    expect(await attempt('disabled@agence.fr', PASSWORD)).toEqual(expected);
  });

  it('never hands the session token to scripts: only the HTTP-only SameSite cookie carries it', async () => {
    const res = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'anne@agence.fr', password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('token');
    const set = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Lax/);
    expect(set).not.toMatch(/; Secure/);
    expect(set).toContain(`Max-Age=${SESSION_IDLE_SECONDS}`);
    const sessions = await t.call('GET', '/api/auth/list-sessions', { cookie });
    expect(sessions.status).toBe(200);
    expect(sessions.text).not.toContain('token');
  });

  it('locks an account after repeated failures, even for the right password, and not the others', async () => {
    await t.addUser('locked@agence.fr');
    const body = (password: string) => ({ body: { email: 'Locked@Agence.fr', password }, ip: '203.0.113.5' });
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndIp.max; i += 1) {
      expect((await t.call('POST', '/api/auth/sign-in/email', body('wrong password number ' + i))).status).toBe(401);
    }
    const refused = await t.call('POST', '/api/auth/sign-in/email', body(PASSWORD));
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.getSetCookie()).toEqual([]);
    await t.signIn('anne@agence.fr');
    // Per account *and* address: the attacker's failures do not lock the owner out elsewhere.
    await t.signIn('locked@agence.fr', PASSWORD, '203.0.113.99');
  });

  it('slows, never locks, an account guessed from many addresses; its own address is not slowed', async () => {
    await t.addUser('spread@agence.fr');
    await t.signIn('spread@agence.fr', PASSWORD, '192.0.2.200');
    const attempt = (ip: string, password = 'wrong password here') =>
      t.call('POST', '/api/auth/sign-in/email', { body: { email: 'spread@agence.fr', password }, ip });
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.max; i += 1)
      expect((await attempt(`198.18.0.${i}`)).status).toBe(401);
    const slowed = await attempt('198.18.1.1', PASSWORD);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(BACKOFF_MAX_SECONDS);
    expect((await attempt('192.0.2.200', PASSWORD)).status).toBe(200);
  });

  it('limits the password checks behind a session like sign-in (change-password, two-factor)', async () => {
    await t.addUser('guess@agence.fr');
    const ip = '203.0.113.40';
    const own = await t.signIn('guess@agence.fr', PASSWORD, ip);
    const tries: [string, Record<string, string>][] = [
      [
        '/api/auth/change-password',
        { currentPassword: 'wrong password here', newPassword: 'Correct-Horse-Battery-43' },
      ],
      ['/api/auth/two-factor/enable', { password: 'wrong password here' }],
      ['/api/auth/two-factor/disable', { password: 'wrong password here' }],
    ];
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndIp.max; i += 1) {
      const [route, body] = tries[i % tries.length]!;
      statuses.push((await t.call('POST', route, { cookie: own, body, ip })).status);
    }
    expect(statuses.every((s) => s === 400 || s === 401)).toBe(true);
    const right = await t.call('POST', '/api/auth/change-password', {
      cookie: own,
      body: { currentPassword: PASSWORD, newPassword: 'Correct-Horse-Battery-43' },
      ip,
    });
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('limits, or does not serve, every better-auth endpoint that takes a password, a code or a token', async () => {
    const endpoints = secretCheckingEndpoints(t.auth);
    // The derivation finds the ones we know of; an endpoint better-auth adds later is walked too.
    expect(endpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining(['/sign-in/email', '/verify-password', '/change-password', '/two-factor/verify-totp']),
    );
    const verdicts: Record<string, string> = {};
    for (const [i, endpoint] of endpoints.entries()) {
      // Each endpoint on its own address, and a served one on its own account (with TOTP on, so
      // every code check has a code to compare): one's failures cannot trip another's limit.
      const ip = `203.0.113.${100 + i}`;
      const email = `walk${i}@agence.fr`;
      const isRefused =
        (await t.call(endpoint.method, endpoint.url(email), { body: endpoint.body(email), ip })).status === 404;
      const own = isRefused ? cookie : await signedInWithTotp(email, ip);
      const statuses: number[] = [];
      for (let n = 0; n <= SIGN_IN_LIMITS.perAccountAndIp.max; n += 1) {
        const res = await t.call(endpoint.method, endpoint.url(email), { cookie: own, body: endpoint.body(email), ip });
        statuses.push(res.status);
        if (res.status === 404) expect(res.json).toMatchObject({ error: { code: 'not_found' } });
      }
      const last = statuses.pop();
      verdicts[endpoint.path] =
        statuses.every((s) => s === 404) && last === 404
          ? 'absent'
          : !statuses.includes(429) && last === 429
            ? 'limited'
            : `open: ${[...statuses, last].join(' ')}`;
    }
    expect(Object.entries(verdicts).filter(([, v]) => v.startsWith('open'))).toEqual([]);
    expect(verdicts).toMatchObject({
      '/sign-in/email': 'limited',
      '/change-password': 'limited',
      '/two-factor/enable': 'limited',
      '/two-factor/disable': 'limited',
      '/two-factor/get-totp-uri': 'limited',
      '/two-factor/generate-backup-codes': 'limited',
      '/two-factor/verify-totp': 'limited',
      '/two-factor/verify-backup-code': 'limited',
      '/verify-password': 'absent',
      '/reset-password': 'absent',
      '/delete-user': 'absent',
      '/two-factor/verify-otp': 'absent',
    });
  }, 120_000); // 8 accounts, each a few password hashes: slow on a busy machine, not a speed test

  it('believes X-Forwarded-For only from a proxy named in TRUST_PROXY', async () => {
    const guess = (app: typeof t, i: number, socket: string) =>
      app.call('POST', '/api/auth/sign-in/email', {
        body: { email: `nobody${i}@agence.fr`, password: 'whatever-password' },
        ip: socket,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    // No proxy configured: a rotating header from a loopback socket is the same address.
    const statuses: number[] = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perIp.max; i += 1) statuses.push((await guess(t, i, '127.0.0.1')).status);
    expect(statuses.at(-1)).toBe(429);
    // A proxy on this machine: each forwarded client is counted on its own.
    const proxied = await createAccountsTestApp({ trustProxy: ['loopback'] });
    try {
      const forwarded: number[] = [];
      for (let i = 0; i <= SIGN_IN_LIMITS.perIp.max; i += 1)
        forwarded.push((await guess(proxied, i, '127.0.0.1')).status);
      expect(new Set(forwarded)).toEqual(new Set([401]));
    } finally {
      await proxied.db.close();
    }
  }, 120_000); // 42 sign-ins, each a password hash: slow on a busy machine, not a speed test

  it('limits failures per IP address across accounts', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.max; i += 1) {
      const res = await t.call('POST', '/api/auth/sign-in/email', {
        body: { email: `nobody${i}@agence.fr`, password: 'whatever-password' },
        ip,
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'anne@agence.fr', password: PASSWORD },
      ip,
    });
    expect(blocked.status).toBe(429);
    await t.signIn('anne@agence.fr', PASSWORD, '198.51.100.78');
  });

  it('refuses a cross-origin mutation, with or without a session, and changes nothing', async () => {
    const attempts: Call[] = [
      { cookie, origin: 'https://evil.example' },
      { cookie, origin: 'null' },
      { cookie, headers: { 'sec-fetch-site': 'cross-site' } },
      { origin: 'https://evil.example' },
    ];
    for (const a of attempts) {
      const res = await t.call('POST', '/api/clients', { ...a, body: { name: 'Piège' } });
      expect(res.status).toBe(403);
      expect(res.json).toMatchObject({ error: { code: 'forbidden' } });
    }
    const signIn = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'anne@agence.fr', password: PASSWORD },
      origin: 'https://evil.example',
    });
    expect(signIn.status).toBe(403);
    expect((await t.call('GET', '/api/clients', { cookie })).json).toEqual([]);
    expect((await t.call('POST', '/api/clients', { cookie, origin: ORIGIN, body: { name: 'Maison' } })).status).toBe(
      201,
    );
  });

  it('signs out here only, or everywhere', async () => {
    const [a, b, c] = [
      await t.signIn('anne@agence.fr'),
      await t.signIn('anne@agence.fr'),
      await t.signIn('anne@agence.fr'),
    ];
    expect((await t.call('POST', '/api/auth/sign-out', { cookie: a, origin: ORIGIN, body: {} })).status).toBe(200);
    expect((await t.call('GET', '/api/clients', { cookie: a })).status).toBe(401);
    expect((await t.call('GET', '/api/clients', { cookie: b })).status).toBe(200);

    expect((await t.call('POST', '/api/auth/revoke-sessions', { cookie: b, origin: ORIGIN, body: {} })).status).toBe(
      200,
    );
    expect((await t.call('GET', '/api/clients', { cookie: b })).status).toBe(401);
    expect((await t.call('GET', '/api/clients', { cookie: c })).status).toBe(401);
    cookie = await t.signIn('anne@agence.fr');
  });

  it('ends an idle session, and pushes back the expiry of one in use', async () => {
    const idle = await t.signIn('anne@agence.fr');
    const token = (c: string) => decodeURIComponent(c.split('=')[1]!).split('.')[0]!;
    await t.db.query(`update auth_session set "expiresAt" = now() - interval '1 second' where token = $1`, [
      token(idle),
    ]);
    expect((await t.call('GET', '/api/clients', { cookie: idle })).status).toBe(401);

    const used = await t.signIn('anne@agence.fr');
    // As if signed in 11 h ago: an hour left, and refreshed on the next request.
    await t.db.query(
      `update auth_session set "expiresAt" = now() + interval '1 hour', "updatedAt" = now() - interval '11 hours' where token = $1`,
      [token(used)],
    );
    const res = await t.call('GET', '/api/clients', { cookie: used });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes(`Max-Age=${SESSION_IDLE_SECONDS}`))).toBe(true);
    const { rows } = await t.db.query<{ hours: number }>(
      `select extract(epoch from "expiresAt" - now()) / 3600 as hours from auth_session where token = $1`,
      [token(used)],
    );
    expect(Number(rows[0]!.hours)).toBeGreaterThan(11);

    // The web app's first call (GET /api/session) slides the cookie the same way.
    await t.db.query(`update auth_session set "expiresAt" = now() + interval '1 hour' where token = $1`, [token(used)]);
    const session = await t.call('GET', '/api/session', { cookie: used });
    expect(session.json).toMatchObject({ user: { email: 'anne@agence.fr' } });
    expect(session.headers.getSetCookie().some((c) => c.includes(`Max-Age=${SESSION_IDLE_SECONDS}`))).toBe(true);
  });

  it('ends the sessions of a user who is disabled', async () => {
    await t.addUser('leaving@agence.fr');
    const theirs = await t.signIn('leaving@agence.fr');
    expect((await t.call('GET', '/api/clients', { cookie: theirs })).status).toBe(200);
    await setDisabled(t.db, 'leaving@agence.fr', true);
    expect((await t.call('GET', '/api/clients', { cookie: theirs })).status).toBe(401);
  });

  it('refuses an oversized sign-in body', async () => {
    const res = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'anne@agence.fr', password: 'x'.repeat(20_000) },
    });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ error: { code: 'too_large' } });
  });

  it('never logs a password or a session token', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    const secretPassword = 'a-password-that-must-never-be-logged';
    await t.call('POST', '/api/auth/sign-in/email', { body: { email: 'anne@agence.fr', password: secretPassword } });
    await t.call('POST', '/api/auth/sign-in/email', { body: { email: 'nobody@agence.fr', password: secretPassword } });
    await t.call('POST', '/api/auth/sign-in/email', { body: { email: 'not an email', password: secretPassword } });
    const fresh = await t.signIn('anne@agence.fr');
    await t.call('GET', '/api/clients', { cookie: fresh });
    await t.call('POST', '/api/auth/sign-out', { cookie: fresh, body: {} });
    await t.call('GET', '/api/clients', { cookie: fresh });
    const logged = spies.flatMap((s) => s.mock.calls.map((args) => args.map(String).join(' '))).join('\n');
    spies.forEach((s) => s.mockRestore());
    expect(logged).not.toContain(secretPassword);
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toContain(decodeURIComponent(fresh.split('=')[1]!).split('.')[0]!);
  });
});

describe(`sign-in of a disabled account, with better-auth's Origin checks on ${TEST_DB}`, () => {
  it('answers like a wrong password whatever the Origin and Sec-Fetch headers, and opens no session', async () => {
    // better-auth checks the Origin first when a Sec-Fetch header is present (403 without one): a
    // disabled account must meet that check too, not be refused before it (report row 7d).
    const own = await createAccountsTestApp({ originChecks: true });
    try {
      await own.addUser('active@agence.fr');
      await own.addUser('dormant@agence.fr');
      await setDisabled(own.db, 'dormant@agence.fr', true);
      const logged: string[] = [];
      vi.mocked(console.error).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
      const headerSets: { name: string; call: Call }[] = [
        { name: 'with Origin', call: { origin: ORIGIN } },
        { name: 'no Origin, Sec-Fetch-Mode: cors', call: { headers: { 'sec-fetch-mode': 'cors' } } },
        { name: 'no Origin, no Sec-Fetch headers', call: {} },
      ];
      const cases = [
        { name: 'wrong password', email: 'active@agence.fr', password: 'not the password at all' },
        { name: 'unknown email', email: 'nobody.here@agence.fr', password: PASSWORD },
        { name: 'disabled, right password', email: 'dormant@agence.fr', password: PASSWORD },
        { name: 'disabled, wrong password', email: 'dormant@agence.fr', password: 'not the password at all' },
      ];
      const statuses: number[] = [];
      let ip = 0;
      for (const { name, call } of headerSets) {
        const answers = [];
        for (const c of cases) {
          ip += 1;
          const res = await own.call('POST', '/api/auth/sign-in/email', {
            ...call,
            body: { email: c.email, password: c.password },
            ip: `198.51.100.${ip}`,
          });
          answers.push({ status: res.status, body: res.text, cookies: res.headers.getSetCookie() });
        }
        const [wrongPassword] = answers;
        expect(wrongPassword!.body, name).toBe(
          JSON.stringify({ error: { code: 'unauthorized', message: 'Email ou mot de passe incorrect.' } }),
        );
        expect(wrongPassword!.cookies, name).toEqual([]);
        answers.forEach((a, i) => expect(a, `${name}: ${cases[i]!.name}`).toEqual(wrongPassword));
        statuses.push(wrongPassword!.status);
      }
      // The script's headers do meet better-auth's check (else this test would prove nothing).
      expect(statuses).toEqual([401, 403, 401]);
      expect(logged.every((line) => line.includes('Origin'))).toBe(true);
      const { rows } = await own.db.query<{ n: number }>(
        `select count(*)::int as n from auth_session s join auth_user u on u.id = s."userId" where u.email = $1`,
        ['dormant@agence.fr'],
      );
      expect(rows[0]!.n).toBe(0);

      // better-auth also reads form bodies, which our checks (the account's limits, the disabled
      // flag, TOTP replays) do not read: refused for every account, before any of them is looked up.
      for (const email of ['active@agence.fr', 'dormant@agence.fr', 'nobody.here@agence.fr']) {
        const form = await own.app.request(
          '/api/auth/sign-in/email',
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
            body: new URLSearchParams({ email, password: PASSWORD }).toString(),
          },
          { incoming: { socket: { remoteAddress: '198.51.100.50' } } },
        );
        expect(form.status, email).toBe(400);
        expect(await form.json(), email).toMatchObject({ error: { code: 'validation' } });
        expect(form.headers.getSetCookie(), email).toEqual([]);
      }
      expect((await own.db.query('select 1 from auth_session')).rows).toEqual([]);

      // Malformed JSON, or JSON that is no object, is ours to refuse in French: better-auth would
      // answer it itself and write an error line to the log (the console guard fails the test if so).
      for (const body of ['{', '', '"x"', '[]', 'null', "{'email':1}"]) {
        const bad = await own.app.request(
          '/api/auth/sign-in/email',
          { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body },
          { incoming: { socket: { remoteAddress: '198.51.100.51' } } },
        );
        expect(bad.status, body).toBe(400);
        expect(await bad.json(), body).toEqual({
          error: { code: 'validation', message: "Le corps de la requête n'est pas un JSON valide." },
        });
      }
    } finally {
      await own.db.close();
    }
  });
});

describe(`accounts mode behind HTTPS on ${TEST_DB}`, () => {
  it('marks the session cookie Secure and accepts the public origin', async () => {
    const https = await createAccountsTestApp({ publicOrigin: 'https://budget.agence.example' });
    try {
      await https.addUser('anne@agence.fr');
      const res = await https.call('POST', '/api/auth/sign-in/email', {
        body: { email: 'anne@agence.fr', password: PASSWORD },
        origin: 'https://budget.agence.example',
      });
      expect(res.status).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
      expect(set).toMatch(/; Secure/);
      expect(set).toMatch(/; HttpOnly/);
    } finally {
      await https.db.close();
    }
  });
});

describe(`TOTP two-factor on ${TEST_DB}`, () => {
  it('is turned on by a first valid code, then asked for at sign-in', async () => {
    await t.addUser('totp@agence.fr');
    const own = await t.signIn('totp@agence.fr');
    expect(
      (await t.call('POST', '/api/auth/two-factor/enable', { cookie: own, body: { password: 'wrong password here' } }))
        .json,
    ).toMatchObject({
      error: { code: 'validation', message: 'Mot de passe incorrect.' },
    });
    const enabled = await t.call('POST', '/api/auth/two-factor/enable', { cookie: own, body: { password: PASSWORD } });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = enabled.json as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Budget%20%26%20Marges:totp%40agence\.fr\?secret=[A-Z2-7]+/);
    expect(backupCodes.length).toBeGreaterThan(0);
    const secret = totpSecretOf(totpURI);
    // Not on until a code proves the authenticator app has the key.
    expect((await t.call('GET', '/api/session', { cookie: own })).json).toMatchObject({
      user: { twoFactorEnabled: false },
    });
    const verified = await t.call('POST', '/api/auth/two-factor/verify-totp', {
      cookie: own,
      body: { code: totpCode(secret) },
    });
    expect(verified.status).toBe(200);
    // better-auth replaces the session when two-factor turns on.
    expect((await t.call('GET', '/api/session', { cookie: sessionCookie(verified.headers) })).json).toMatchObject({
      user: { twoFactorEnabled: true },
    });

    // Password alone: no session, a short-lived two-factor cookie instead.
    const first = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'totp@agence.fr', password: PASSWORD },
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ twoFactorRedirect: true });
    const pending = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='));
    expect(pending.some((c) => c.includes('session_token='))).toBe(false);
    const pendingCookie = pending.join('; ');
    expect((await t.call('GET', '/api/clients', { cookie: pendingCookie })).status).toBe(401);

    const wrong = await t.call('POST', '/api/auth/two-factor/verify-totp', {
      cookie: pendingCookie,
      body: { code: totpCode(secret, 1) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: { code: 'unauthorized', message: 'Code de vérification incorrect.' } });
    // The next period's code, taken once: `right`, the replay and the replay elsewhere must send the
    // same code (recomputed after a 30 s boundary it would be a new, valid code, not a replay).
    const nextCode = totpCode(secret, Math.floor(Date.now() / 30_000) + 1);
    const right = await t.call('POST', '/api/auth/two-factor/verify-totp', {
      cookie: pendingCookie,
      body: { code: nextCode },
    });
    expect(right.status).toBe(200);
    expect(right.text).not.toContain('token');
    expect((await t.call('GET', '/api/clients', { cookie: sessionCookie(right.headers) })).status).toBe(200);

    // The same code again, for a second sign-in within its 30 s: refused (RFC 6238 §5.2), no session.
    const again = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'totp@agence.fr', password: PASSWORD },
    });
    const againCookie = again.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='))
      .join('; ');
    const replay = await t.call('POST', '/api/auth/two-factor/verify-totp', {
      cookie: againCookie,
      body: { code: nextCode },
    });
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({
      error: { code: 'unauthorized', message: 'Ce code a déjà servi : attendez le suivant dans votre application.' },
    });
    expect(
      replay.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('session_token=;')),
    ).toBe(false);

    // Through a second instance on the same database (no sticky sessions): refused too (ADR 035).
    const other = createApp({ db: t.db, auth: t.auth });
    const viaOther = async (path: string, body: unknown, cookie?: string) =>
      other.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const third = await viaOther('/api/auth/sign-in/email', { email: 'totp@agence.fr', password: PASSWORD });
    const thirdCookie = third.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('='))
      .join('; ');
    const replayElsewhere = await viaOther('/api/auth/two-factor/verify-totp', { code: nextCode }, thirdCookie);
    expect(replayElsewhere.status).toBe(401);
    expect(await replayElsewhere.text()).toContain('Ce code a déjà servi');
  });
});

describe(`accounts mode faults on ${TEST_DB}`, () => {
  it('answers a database fault during sign-in with the generic message, no detail', async () => {
    const broken = await createAccountsTestApp();
    await broken.addUser('anne@agence.fr');
    await broken.db.close();
    const original = console.error;
    console.error = () => undefined;
    try {
      const res = await broken.call('POST', '/api/auth/sign-in/email', {
        body: { email: 'anne@agence.fr', password: PASSWORD },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.text).toBe(
        JSON.stringify({ error: { code: 'internal', message: 'Erreur interne du serveur. Réessayez plus tard.' } }),
      );
    } finally {
      console.error = original;
    }
  });
});
