/**
 * Passwords people change (docs/product.md#passwords, ADR 051): the current one required and
 * counted by the sign-in limits, the new one of 12 characters at least, every other session ended;
 * a temporary password (handed out by an admin) changed before any other request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, PASSWORD, sessionCookie } from '../test/test-accounts';
import { TEST_DB } from '../test/test-db';
import { SIGN_IN_LIMITS } from './rate-limit';
import { resetPassword } from './users.repo';

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let admin: string;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.addUser('admin@agence.fr');
  admin = await t.signIn('admin@agence.fr', PASSWORD, '192.0.2.1');
});
afterAll(() => t.db.close());

const NEW_PASSWORD = 'un tout nouveau mot de passe';
const change = (cookie: string, body: unknown, ip = '192.0.2.50') =>
  t.call('POST', '/api/auth/change-password', { cookie, body, ip });

describe(`changing a password on ${TEST_DB}`, () => {
  it('keeps this session, ends the others, and signs in with the new password only', async () => {
    await t.addUser('camille@agence.fr');
    const here = await t.signIn('camille@agence.fr', PASSWORD, '192.0.2.50');
    const elsewhere = await t.signIn('camille@agence.fr', PASSWORD, '192.0.2.51');
    // revokeOtherSessions: false is overridden: a change always ends the other sessions.
    const res = await change(here, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: false,
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('token');
    const kept = sessionCookie(res.headers);
    expect((await t.call('GET', '/api/clients', { cookie: kept })).status).toBe(200);
    expect((await t.call('GET', '/api/clients', { cookie: elsewhere })).status).toBe(401);
    const old = await t.call('POST', '/api/auth/sign-in/email', {
      body: { email: 'camille@agence.fr', password: PASSWORD },
      ip: '192.0.2.52',
    });
    expect(old.status).toBe(401);
    await t.signIn('camille@agence.fr', NEW_PASSWORD, '192.0.2.52');
  });

  it.each([
    [
      { currentPassword: PASSWORD, newPassword: 'court' },
      'Le nouveau mot de passe doit compter au moins 12 caractères.',
    ],
    [{ currentPassword: PASSWORD }, 'Mot de passe actuel et nouveau mot de passe (textes) requis.'],
    [
      { currentPassword: PASSWORD, newPassword: 12345678901234 },
      'Mot de passe actuel et nouveau mot de passe (textes) requis.',
    ],
  ])('refuses %j in French and changes nothing', async (body, message) => {
    const res = await change(admin, body, '192.0.2.1');
    expect({ status: res.status, json: res.json }).toEqual({
      status: 400,
      json: { error: { code: 'validation', message } },
    });
    await t.signIn('admin@agence.fr', PASSWORD, '192.0.2.1');
  });

  it('answers a wrong current password 400, counted by the sign-in limits', async () => {
    await t.addUser('dominique@agence.fr');
    const ip = '192.0.2.60';
    const own = await t.signIn('dominique@agence.fr', PASSWORD, ip);
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndIp.max; i += 1) {
      const wrong = await change(own, { currentPassword: 'pas le bon mot de passe', newPassword: NEW_PASSWORD }, ip);
      expect({ status: wrong.status, json: wrong.json }).toEqual({
        status: 400,
        json: { error: { code: 'validation', message: 'Mot de passe incorrect.' } },
      });
    }
    const right = await change(own, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, ip);
    expect(right.status).toBe(429);
    expect(right.json).toMatchObject({ error: { code: 'rate_limited' } });
  });
});

describe(`a temporary password on ${TEST_DB}`, () => {
  it("is the users page's: every other request is refused until its owner chooses their own", async () => {
    const created = await t.call('POST', '/api/users', {
      cookie: admin,
      body: { email: 'nouveau.chef@agence.fr', role: 'viewer', clientIds: null },
    });
    expect(created.status).toBe(201);
    const { temporaryPassword } = created.json as { temporaryPassword: string };
    const ip = '192.0.2.70';
    const own = await t.signIn('nouveau.chef@agence.fr', temporaryPassword, ip);
    const session = await t.call('GET', '/api/session', { cookie: own });
    expect(session.json).toEqual({
      mode: 'accounts',
      user: { email: 'nouveau.chef@agence.fr', twoFactorEnabled: false, mustChangePassword: true },
      signIn: { password: true, oidc: false },
    });
    const refusal = {
      status: 403,
      json: {
        error: {
          code: 'password_change_required',
          message:
            'Mot de passe temporaire : choisissez votre propre mot de passe (menu du compte) avant de continuer.',
        },
      },
    };
    for (const [method, path, body] of [
      ['GET', '/api/clients', undefined],
      ['GET', '/api/access', undefined],
      ['GET', '/api/history', undefined],
      ['GET', '/api/openapi.json', undefined],
      ['POST', '/api/auth/two-factor/enable', { password: temporaryPassword }],
    ] as const) {
      const res = await t.call(method, path, { cookie: own, body, ip });
      expect({ path, status: res.status, json: res.json }).toEqual({ path, ...refusal });
    }
    const kept = await change(own, { currentPassword: temporaryPassword, newPassword: temporaryPassword }, ip);
    expect({ status: kept.status, json: kept.json }).toEqual({
      status: 400,
      json: {
        error: {
          code: 'validation',
          message: 'Choisissez un mot de passe différent du mot de passe temporaire.',
        },
      },
    });
    const changed = await change(own, { currentPassword: temporaryPassword, newPassword: NEW_PASSWORD }, ip);
    expect(changed.status).toBe(200);
    const next = sessionCookie(changed.headers);
    expect((await t.call('GET', '/api/clients', { cookie: next })).status).toBe(200);
    expect((await t.call('GET', '/api/session', { cookie: next })).json).toMatchObject({
      user: { mustChangePassword: false },
    });
  });

  it('is what user:reset sets; user:create sets a permanent one unless told', async () => {
    await t.addUser('eva@agence.fr');
    const before = await t.signIn('eva@agence.fr', PASSWORD, '192.0.2.80');
    expect((await t.call('GET', '/api/clients', { cookie: before })).status).toBe(200);
    await resetPassword(t.db, 'eva@agence.fr', 'remis par un administrateur');
    const after = await t.signIn('eva@agence.fr', 'remis par un administrateur', '192.0.2.80');
    expect((await t.call('GET', '/api/clients', { cookie: after })).status).toBe(403);
  });
});
