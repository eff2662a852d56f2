/**
 * The app in accounts mode (AUTH=on) on a fresh database, with users created the way the command
 * line creates them, and a request helper that carries a session cookie, an Origin and a client IP.
 */
import type { Role } from '@/domain/control';
import type { ClientWire, PoleWire } from '@/domain/schemas';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import type { OidcConfig } from '../auth/oidc';
import { createUser, type UserAccess } from '../auth/users.repo';
import { createLive, type LiveOptions } from '../live/hub';
import { createAlerts } from '../alerts/alerts-service';
import { createMailer, noMailer } from '../mail/mailer';
import { createTestDb } from './test-db';

export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-characters';
export const PASSWORD = 'correct horse battery staple';
/** The tool's address in the tests' e-mails. */
export const TEST_LINK = 'https://budget.agence.fr';

export interface Call {
  body?: unknown;
  cookie?: string;
  /** Sent as the Origin header; omitted by default (a script). */
  origin?: string;
  /** The socket address the server sees. */
  ip?: string;
  headers?: Record<string, string>;
}

export async function createAccountsTestApp(
  options: {
    publicOrigin?: string;
    trustProxy?: string[];
    live?: LiveOptions;
    /**
     * better-auth's own Origin and Fetch-Metadata checks, which it skips when NODE_ENV=test (as
     * under Vitest) and a production server runs: on, for the tests of what a script's headers see.
     */
    originChecks?: boolean;
    /** E-mail through this SMTP server (a test's smtp-server); the mailer sends when a test drains it. */
    smtpUrl?: string;
    /** The alerts' clock (the daily run takes its own `now`). */
    now?: () => Date;
    /** Sign-in with an OpenID provider (a test's oidc-provider), and PASSWORD_SIGNIN. */
    oidc?: OidcConfig;
    passwordSignIn?: boolean;
  } = {},
) {
  const db = await createTestDb();
  const auth = createAuth(db, {
    secret: TEST_SECRET,
    publicOrigin: options.publicOrigin,
    originChecksInTests: options.originChecks,
  });
  const live = createLive(db, options.live);
  const mail = options.smtpUrl
    ? createMailer({
        db,
        smtpUrl: options.smtpUrl,
        link: TEST_LINK,
        pollMs: 0,
        from: 'Budget & Marges <budget@agence.fr>',
      })
    : noMailer(TEST_LINK);
  const alerts = createAlerts({ db, live, mail, now: options.now });
  const app = createApp({
    db,
    auth,
    publicOrigin: options.publicOrigin,
    trustProxy: options.trustProxy,
    oidc: options.oidc,
    passwordSignIn: options.passwordSignIn,
    live,
    mail,
    alerts,
  });

  async function call(
    method: string,
    path: string,
    { body, cookie, origin, ip = '192.0.2.10', headers = {} }: Call = {},
  ) {
    const h: Record<string, string> = { ...headers };
    // A file's bytes (a FEC) go as they are; anything else as JSON.
    const bytes = body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]) : undefined;
    if (body !== undefined) h['content-type'] = bytes ? 'application/octet-stream' : 'application/json';
    if (cookie) h.cookie = cookie;
    if (origin) h.origin = origin;
    const res = await app.request(
      path,
      { method, headers: h, body: bytes ?? (body === undefined ? undefined : JSON.stringify(body)) },
      { incoming: { socket: { remoteAddress: ip } } },
    );
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: (text ? JSON.parse(text) : undefined) as unknown };
  }

  /** Signs in and returns the `name=value` of the session cookie. */
  async function signIn(email: string, password = PASSWORD, ip?: string): Promise<string> {
    const res = await call('POST', '/api/auth/sign-in/email', { body: { email, password }, ip });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
    return sessionCookie(res.headers);
  }

  return {
    db,
    auth,
    app,
    live,
    mail,
    alerts,
    call,
    signIn,
    // Admins by default: these tests exercise every route; the role tests pass their own access.
    addUser: (email: string, password = PASSWORD, access: UserAccess = { role: 'admin', clientIds: null }) =>
      createUser(db, email, password, access),
  };
}

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookie(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error('no session cookie set');
  return cookie.split(';')[0]!;
}

/** One user of each role and scope (assigned: only the clients given them), signed in. */
export interface RoleUser {
  name: string;
  email: string;
  role: Role;
  assigned: boolean;
  cookie: string;
  id: string;
}
export const ROLE_USERS: Omit<RoleUser, 'cookie' | 'id'>[] = [
  { name: 'admin', email: 'admin@agence.fr', role: 'admin', assigned: false },
  { name: 'éditeur (tous)', email: 'editeur@agence.fr', role: 'editor', assigned: false },
  { name: 'éditeur (assignés)', email: 'editeur.a@agence.fr', role: 'editor', assigned: true },
  { name: 'lecteur (tous)', email: 'lecteur@agence.fr', role: 'viewer', assigned: false },
  { name: 'lecteur (assignés)', email: 'lecteur.a@agence.fr', role: 'viewer', assigned: true },
];

/** Creates and signs in ROLE_USERS (each from its own address, from `firstIp` on); assigned ones start with no client. */
export async function addRoleUsers(
  t: Awaited<ReturnType<typeof createAccountsTestApp>>,
  firstIp: number,
): Promise<RoleUser[]> {
  const users: RoleUser[] = [];
  let ip = firstIp;
  for (const u of ROLE_USERS) {
    await t.addUser(u.email, undefined, { role: u.role, clientIds: u.assigned ? [] : null });
    const cookie = await t.signIn(u.email, undefined, `192.0.2.${ip++}`);
    const { rows } = await t.db.query<{ id: string }>('select id from auth_user where email = $1', [u.email]);
    users.push({ ...u, cookie, id: rows[0]!.id });
  }
  return users;
}

/** A new client (a unique name) in `year` with a pole 'Paid' of one line 'Meta', made by `cookie`'s user. */
export async function clientWithLine(
  t: Awaited<ReturnType<typeof createAccountsTestApp>>,
  cookie: string,
  year: number,
) {
  const q = `?year=${year}`;
  const client = (await t.call('POST', `/api/clients${q}`, { cookie, body: { name: `Client ${crypto.randomUUID()}` } }))
    .json as ClientWire;
  const pole = (
    await t.call('POST', `/api/clients/${client.id}/poles${q}`, { cookie, body: { name: 'Paid', lines: ['Meta'] } })
  ).json as PoleWire;
  return { client, lineId: pole.lines[0]!.id };
}
/** The three people of a role test: an admin, an editor and a viewer. */
export type Who = 'admin' | 'editor' | 'viewer';

/**
 * A role test's people: their session cookies (filled by the test's beforeAll, once signed in) and a
 * call as one of them; `app` gives the test's app once created.
 */
export function threePeople(app: () => Awaited<ReturnType<typeof createAccountsTestApp>>) {
  const cookie: Record<Who, string> = { admin: '', editor: '', viewer: '' };
  const call = (who: Who, method: string, path: string, body?: unknown) =>
    app().call(method, path, { cookie: cookie[who], body });
  /**
   * Creates `<who>@agence.fr` with that role (an editor scoped to `clientIds`, a viewer to every
   * client) and signs them in, each from an address of their own (the sign-in limits are per IP).
   */
  const join = async (who: Who, clientIds: string[] | null = null) => {
    const email = `${who}@agence.fr`;
    await app().addUser(email, undefined, who === 'admin' ? undefined : { role: who, clientIds });
    cookie[who] = await app().signIn(email, undefined, `192.0.2.${WHO_IPS[who]}`);
  };
  return { cookie, call, join };
}
const WHO_IPS: Record<Who, number> = { admin: 1, editor: 2, viewer: 3 };

/**
 * Two clients of `year` made by the admin of a role test: 'Alpha' (pole 'Paid', line 'Search') and
 * 'Bêta' (pole 'SEO', line 'Audit'); with Search's line id.
 */
export async function alphaAndBeta(call: ReturnType<typeof threePeople>['call'], year: number) {
  const q = `?year=${year}`;
  const alpha = (await call('admin', 'POST', `/api/clients${q}`, { name: 'Alpha' })).json as ClientWire;
  const beta = (await call('admin', 'POST', `/api/clients${q}`, { name: 'Bêta' })).json as ClientWire;
  const paid = (await call('admin', 'POST', `/api/clients/${alpha.id}/poles${q}`, { name: 'Paid', lines: ['Search'] }))
    .json as PoleWire;
  await call('admin', 'POST', `/api/clients/${beta.id}/poles${q}`, { name: 'SEO', lines: ['Audit'] });
  return { alpha, beta, searchLineId: paid.lines[0]!.id };
}

/** The French message of an error answer. */
export const errorMessage = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;
