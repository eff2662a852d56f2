/**
 * The scope picker's API (docs/product.md#user-scope): a new editor or viewer has no client until
 * assigned (an admin, every client); assigning clients by id, an unknown id refused with nothing
 * changed; the assigned user then sees exactly those clients.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserWire } from '@/domain/control';
import type { ClientWire } from '@/domain/schemas';
import { createAccountsTestApp, errorMessage } from '../../test/test-accounts';
import { TEST_DB } from '../../test/test-db';

const Y = 2026;
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let admin: string;
let alpha: ClientWire;
let beta: ClientWire;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.addUser('admin@agence.fr');
  admin = await t.signIn('admin@agence.fr', undefined, '192.0.2.1');
  const client = async (name: string) =>
    (await t.call('POST', `/api/clients?year=${Y}`, { cookie: admin, body: { name } })).json as ClientWire;
  alpha = await client('Alpha');
  beta = await client('Bêta');
  await client('Gamma');
});
afterAll(() => t.db.close());

const create = async (email: string, body: object = {}) => {
  const res = await t.call('POST', '/api/users', { cookie: admin, body: { email, ...body } });
  expect(res.status).toBe(201);
  return (res.json as { user: UserWire; temporaryPassword: string }).user;
};

describe(`a user's clients on ${TEST_DB}`, () => {
  it('gives a new editor or viewer no client until assigned, an admin every client', async () => {
    expect((await create('editeur@agence.fr')).clientIds).toEqual([]);
    expect((await create('lecteur@agence.fr', { role: 'viewer' })).clientIds).toEqual([]);
    expect((await create('chef@agence.fr', { role: 'admin' })).clientIds).toBeNull();
    // Said explicitly, every client is still possible.
    expect((await create('tous@agence.fr', { role: 'editor', clientIds: null })).clientIds).toBeNull();
  });

  it('assigns the chosen clients, and refuses an unknown one without changing anything', async () => {
    const user = await create('assigne@agence.fr', { role: 'editor' });
    const assigned = await t.call('PATCH', `/api/users/${user.id}`, {
      cookie: admin,
      body: { clientIds: [beta.id, alpha.id] },
    });
    expect(assigned.status).toBe(200);
    expect([...(assigned.json as UserWire).clientIds!].sort()).toEqual([alpha.id, beta.id].sort());

    const unknown = await t.call('PATCH', `/api/users/${user.id}`, {
      cookie: admin,
      body: { clientIds: [alpha.id, '00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.status).toBe(404);
    expect(errorMessage(unknown)).toMatch(/Client introuvable .* Rien n'a été enregistré\./);
    const listed = ((await t.call('GET', '/api/users', { cookie: admin })).json as UserWire[]).find(
      (u) => u.id === user.id,
    );
    expect([...listed!.clientIds!].sort()).toEqual([alpha.id, beta.id].sort());

    const bad = await t.call('PATCH', `/api/users/${user.id}`, { cookie: admin, body: { clientIds: ['alpha'] } });
    expect(bad.status).toBe(400);
    expect(errorMessage(bad)).toContain('Identifiant de client invalide');
  });
});
