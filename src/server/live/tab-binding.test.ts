/**
 * B7 (docs/product.md#live-updates): a tab id belongs to the person whose tab announced it. Another
 * person's write naming it — read from presence — keeps no origin, so that tab does not drop the
 * change as its own echo; its owner's writes keep it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientWithLine, createAccountsTestApp, errorMessage } from '../test/test-accounts';
import { MAX_TABS_PER_PERSON } from './events.repo';
import { TEST_DB } from '../test/test-db';

const Y = 2026;
const ANNE_TAB = 'onglet-de-anne';
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let anne: string;
let paul: string;
let fixture: Awaited<ReturnType<typeof clientWithLine>>;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await t.addUser('anne@agence.fr');
  await t.addUser('paul@agence.fr');
  anne = await t.signIn('anne@agence.fr', undefined, '192.0.2.1');
  paul = await t.signIn('paul@agence.fr', undefined, '192.0.2.2');
  fixture = await clientWithLine(t, anne, Y);
});
afterAll(() => t.db.close());

/** Types a cell as `cookie`'s user, naming `tab`; the history entry's origin. */
async function originOfWrite(cookie: string, tab: string, value: number) {
  const res = await t.call('PATCH', `/api/cells?year=${Y}`, {
    cookie,
    body: [{ lineId: fixture.lineId, month: 1, field: 'reel', value }],
    headers: { 'X-Tab-Id': tab },
  });
  expect(res.status).toBe(200);
  const { historyId } = res.json as { historyId: number };
  const { rows } = await t.db.query<{ origin: string | null }>('select origin from history_entries where id = $1', [
    historyId,
  ]);
  return rows[0]!.origin;
}

describe(`a tab id bound to its announcer on ${TEST_DB}`, () => {
  it("ignores another person's use of a tab id that presence shows, and keeps its owner's", async () => {
    const placed = await t.call('PUT', '/api/presence', {
      cookie: anne,
      body: { year: Y, clientId: fixture.client.id, tab: ANNE_TAB },
    });
    expect(placed.status).toBe(204);
    const seen = await t.call('GET', `/api/presence?year=${Y}&clientId=${fixture.client.id}`, { cookie: paul });
    expect(JSON.stringify(seen.json)).toContain(ANNE_TAB);

    expect(await originOfWrite(paul, ANNE_TAB, 10)).toBeNull();
    expect(await originOfWrite(anne, ANNE_TAB, 11)).toBe(ANNE_TAB);
    // Paul's own tab, never announced by anyone else, is his.
    expect(await originOfWrite(paul, 'onglet-de-paul', 12)).toBe('onglet-de-paul');
  });
});

describe(`one person's tabs bounded on ${TEST_DB} (B5)`, () => {
  it(`places at most ${MAX_TABS_PER_PERSON} live tabs of one person; a further one is refused in French, a known one renews`, async () => {
    const place = (tab: string) =>
      t.call('PUT', '/api/presence', { cookie: paul, body: { year: Y, clientId: fixture.client.id, tab } });
    for (let i = 0; i < MAX_TABS_PER_PERSON; i++) expect((await place(`paul-${i}`)).status).toBe(204);
    const refused = await place('paul-de-trop');
    expect(refused.status).toBe(429);
    expect(errorMessage(refused)).toBe(
      `Trop d'onglets ouverts (${MAX_TABS_PER_PERSON} au plus) : fermez-en quelques-uns.`,
    );
    expect((await place('paul-0')).status).toBe(204);
    const seen = (await t.call('GET', `/api/presence?year=${Y}&clientId=${fixture.client.id}`, { cookie: anne }))
      .json as { users: { tab: string }[] };
    expect(seen.users.filter((u) => u.tab.startsWith('paul-'))).toHaveLength(MAX_TABS_PER_PERSON);
    // Leaving (no client) is always allowed, and frees a place.
    const left = await t.call('PUT', '/api/presence', {
      cookie: paul,
      body: { year: Y, clientId: null, tab: 'paul-1' },
    });
    expect(left.status).toBe(204);
    expect((await place('paul-de-trop')).status).toBe(204);
  });
});
