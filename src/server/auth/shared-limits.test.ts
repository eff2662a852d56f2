/**
 * Sign-in limits shared by every instance (issue 34, ADR 051): two app instances on one database
 * (as two server processes on one PostgreSQL) count the same failures, so N instances give an
 * attacker the limits of one. Here two apps on one pool, each with its own auth and limiter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createAuth } from './auth';
import { createAccountsTestApp, PASSWORD, TEST_SECRET } from '../test/test-accounts';
import { TEST_DB } from '../test/test-db';
import { SIGN_IN_LIMITS } from './rate-limit';

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let second: ReturnType<typeof createApp>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  // A second instance: its own better-auth and its own limiter, on the same database.
  second = createApp({ db: t.db, auth: createAuth(t.db, { secret: TEST_SECRET }) });
});
afterAll(() => t.db.close());

const signInOn = async (app: typeof second, email: string, password: string, ip: string) => {
  const res = await app.request(
    '/api/auth/sign-in/email',
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  return res.status;
};

describe(`sign-in limits across two instances on one database (${TEST_DB})`, () => {
  it('counts the failures made on either instance: the limit of one, not twice it', async () => {
    await t.addUser('partage@agence.fr');
    const ip = '198.51.100.90';
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.perAccountAndIp.max; i += 1) {
      statuses.push(await signInOn(i % 2 === 0 ? t.app : second, 'partage@agence.fr', 'pas le bon mot de passe', ip));
    }
    expect(statuses).toEqual(Array.from({ length: SIGN_IN_LIMITS.perAccountAndIp.max }, () => 401));
    // The right password now waits on both instances.
    expect(await signInOn(t.app, 'partage@agence.fr', PASSWORD, ip)).toBe(429);
    expect(await signInOn(second, 'partage@agence.fr', PASSWORD, ip)).toBe(429);
    // Another address of that account is not blocked by this pair's count.
    expect(await signInOn(second, 'partage@agence.fr', PASSWORD, '198.51.100.91')).toBe(200);
  });

  it('shares the per-address count across accounts too', async () => {
    const ip = '198.51.100.92';
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.max; i += 1)
      expect(await signInOn(i % 2 === 0 ? t.app : second, `inconnu${i}@agence.fr`, 'un mot de passe faux', ip)).toBe(
        401,
      );
    expect(await signInOn(t.app, 'encore@agence.fr', 'un mot de passe faux', ip)).toBe(429);
    expect(await signInOn(second, 'encore@agence.fr', 'un mot de passe faux', ip)).toBe(429);
  }, 120_000); // 20 password hashes: slow on a busy machine, not a speed test
});
