/**
 * A year's comments of every client in scope (GET /api/comments/all, ADR 063): what the sheet
 * `Commentaires` of the all-clients workbook holds (docs/product.md#excel-export). Each comment
 * with its client's id and name, oldest first; an editor gets only their clients' comments, an
 * admin and a viewer of every client all of them; another year's stay out; a bad year is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { YearCommentsAnswer } from '@/domain/answers';
import type { ClientWire } from '@/domain/schemas';
import { alphaAndBeta, createAccountsTestApp, errorMessage, threePeople } from '@/server/test/test-accounts';

const Y = 2047;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const { call, join } = threePeople(() => t);
let alpha: ClientWire;
beforeAll(async () => {
  t = await createAccountsTestApp();
  await join('admin');
  const made = await alphaAndBeta(call, Y);
  alpha = made.alpha;
  await join('editor', [alpha.id]);
  await join('viewer');
  const post = async (who: 'admin' | 'editor' | 'viewer', body: Record<string, unknown>) => {
    const res = await call(who, 'POST', '/api/comments', body);
    expect(res.status, res.text).toBe(201);
  };
  await post('admin', { clientId: made.beta.id, year: Y, text: 'Bêta : devis v2' });
  await post('editor', {
    clientId: alpha.id,
    year: Y,
    lineId: made.searchLineId,
    month: 2,
    field: 'reel',
    text: 'Avoir Meta attendu',
  });
  await post('viewer', { clientId: alpha.id, year: Y, text: 'Vu' });
  await post('admin', { clientId: alpha.id, year: Y + 1, text: 'L’an prochain' });
});
afterAll(async () => {
  await t.live.close();
  await t.db.close();
});

const yearComments = async (who: 'admin' | 'editor' | 'viewer', year = Y) => {
  const res = await call(who, 'GET', `/api/comments/all?year=${year}`);
  expect(res.status, res.text).toBe(200);
  return res.json as YearCommentsAnswer;
};

describe('GET /api/comments/all', () => {
  it('gives every comment of the year with its client, oldest first, to an admin and a viewer of every client', async () => {
    for (const who of ['admin', 'viewer'] as const) {
      const comments = await yearComments(who);
      expect(comments.map((c) => [c.clientName, c.text])).toEqual([
        ['Bêta', 'Bêta : devis v2'],
        ['Alpha', 'Avoir Meta attendu'],
        ['Alpha', 'Vu'],
      ]);
      expect(comments[1]).toMatchObject({
        clientId: alpha.id,
        lineName: 'Search',
        poleName: 'Paid',
        month: 2,
        field: 'reel',
        authorName: 'editor@agence.fr',
        resolved: false,
        mine: false,
      });
    }
    expect((await yearComments('admin', Y + 1)).map((c) => c.text)).toEqual(['L’an prochain']);
  });

  it('gives an editor only the comments of their clients', async () => {
    const comments = await yearComments('editor');
    expect(comments.map((c) => [c.clientId, c.text, c.mine])).toEqual([
      [alpha.id, 'Avoir Meta attendu', true],
      [alpha.id, 'Vu', false],
    ]);
  });

  it('refuses a malformed year in French', async () => {
    const res = await call('admin', 'GET', '/api/comments/all?year=deux');
    expect(res.status).toBe(400);
    expect(errorMessage(res)).toContain('deux');
  });
});
