/**
 * Who may do what with the accounting (docs/product.md#actuals-from-the-accounting, ADR 047), in
 * accounts mode: only an admin of every client maps and imports; every role reads the
 * reconciliation of its own clients, without the ledger's totals when it does not see every client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationAnswer } from '@/domain/answers';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { createAccountsTestApp } from '@/server/test/test-accounts';
import { fecFile, sale } from '@/server/test/fec-file';

const Y = 2033;
const FILE = fecFile([
  ...sale('V1', `${Y}0310`, 'ACME', '706100', '100,00'),
  ...sale('V2', `${Y}0310`, 'ZEN', '706100', '50,00'),
  ...sale('V3', `${Y}0310`, 'NOBODY', '706100', '7,00'),
]);

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let admin: string;
let acme: Client;
let zenith: Client;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.addUser('admin@agence.fr');
  admin = await t.signIn('admin@agence.fr', undefined, '192.0.2.1');
  const post = async <T>(path: string, body: unknown) =>
    (await t.call('POST', path, { cookie: admin, body })).json as T;
  acme = await post<Client>('/api/clients', { name: 'Rôles Acme' });
  zenith = await post<Client>('/api/clients', { name: 'Rôles Zénith' });
  for (const client of [acme, zenith]) {
    await post<Pole>(`/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['Google Ads – Search'] });
  }
  const users = [
    ['scoped-admin@agence.fr', { role: 'admin', clientIds: [acme.id] }],
    ['editor@agence.fr', { role: 'editor', clientIds: null }],
    ['viewer-acme@agence.fr', { role: 'viewer', clientIds: [acme.id] }],
  ] as const;
  let ip = 10;
  for (const [email, access] of users) {
    await t.addUser(email, undefined, {
      role: access.role,
      clientIds: access.clientIds ? [...access.clientIds] : null,
    });
    cookies[email] = await t.signIn(email, undefined, `192.0.2.${ip++}`);
  }
  const mapping = {
    clients: [
      { thirdParty: 'ACME', clientId: acme.id },
      { thirdParty: 'ZEN', clientId: zenith.id },
    ],
    rules: [{ when: { account: '706' }, then: { pole: 'Paid', line: 'Google Ads – Search' } }],
  };
  const put = await t.call('PUT', '/api/accounting/mapping', { cookie: admin, body: mapping });
  expect(put.status, put.text).toBe(200);
  const applied = await t.call('POST', `/api/accounting/fec/apply?year=${Y}`, { cookie: admin, body: FILE });
  expect(applied.status, applied.text).toBe(200);
});
afterAll(() => t.db.close());

describe('accounting roles', () => {
  it.each([
    ['an editor', 'editor@agence.fr', 403],
    ['a viewer', 'viewer-acme@agence.fr', 403],
    ['an admin of some clients only', 'scoped-admin@agence.fr', 403],
  ])('%s may neither preview nor apply a FEC', async (_, email, status) => {
    for (const route of ['preview', 'apply']) {
      const res = await t.call('POST', `/api/accounting/fec/${route}?year=${Y}`, {
        cookie: cookies[email],
        body: FILE,
      });
      expect(res.status).toBe(status);
    }
  });

  it('an editor may not change the rules; a scoped admin may not name a client outside its scope (404)', async () => {
    const doc = { rules: [{ when: { account: '7' }, then: { ignore: true } }] };
    expect(
      (await t.call('PUT', '/api/accounting/mapping', { cookie: cookies['editor@agence.fr'], body: doc })).status,
    ).toBe(403);
    const outside = { clients: [{ thirdParty: 'ZEN', clientId: zenith.id }] };
    const res = await t.call('PUT', '/api/accounting/mapping', {
      cookie: cookies['scoped-admin@agence.fr'],
      body: outside,
    });
    expect(res.status).toBe(404);
  });

  it('every reader sees the reconciliation of its own clients; the ledger totals only with every client', async () => {
    const read = async (cookie: string) =>
      (await t.call('GET', `/api/accounting/reconciliation?year=${Y}`, { cookie })).json as ReconciliationAnswer;
    const all = (await read(admin)).months[2]!;
    expect(all).toMatchObject({ ledgerSales: 157, mappedSales: 150, unmapped: 7, toolSales: 150, reconciled: false });
    expect((await read(cookies['editor@agence.fr']!)).months[2]).toEqual(all);
    const mine = (await read(cookies['viewer-acme@agence.fr']!)).months[2]!;
    expect(mine).toMatchObject({ ledgerSales: null, unmapped: null, ignored: null, mappedSales: 100, toolSales: 100 });
    expect(mine.reconciled).toBe(true);
  });
});
