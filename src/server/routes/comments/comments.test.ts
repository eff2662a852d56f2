/**
 * Comments (docs/product.md#comments): threads on a cell, a line or a client-year; replies; one's
 * own text; resolve / reopen; the line renamed, moved, deleted; bad input in French with nothing
 * stored; the live `comments` event; local mode (no one to mention, no notification).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentAnswer, CommentPeopleAnswer, CommentsAnswer, NotificationsAnswer } from '@/domain/answers';
import { MAX_COMMENT_LENGTH } from '@/domain/comments';
import type { CommentsEvent } from '@/domain/live';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { dataOf, sseReader } from '@/server/test/sse';
import { UNKNOWN_ID, createTestApp } from '@/server/test/test-db';
import { createLive } from '@/server/live/hub';

const Y = 2031;

let t: Awaited<ReturnType<typeof createTestApp>>;
const live = { hub: undefined as ReturnType<typeof createLive> | undefined };
beforeAll(async () => {
  const base = await createTestApp();
  // Pings often, no stalled-reader cut: the stream is read in memory (live.test.ts).
  live.hub = createLive(base.db, { heartbeatMs: 300, stallMs: 600_000 });
  t = await createTestApp(base.db, { live: live.hub });
});
afterAll(async () => {
  await live.hub?.close();
  await t.db.close();
});

const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;

async function fixture(name = `Client ${crypto.randomUUID()}`) {
  const client = (await t.request<Client>('POST', `/api/clients?year=${Y}`, { name })).json;
  const pole = (
    await t.request<Pole>('POST', `/api/clients/${client.id}/poles?year=${Y}`, {
      name: 'Paid',
      lines: ['Meta', 'Google'],
    })
  ).json;
  return { client, lineId: pole.lines[0]!.id, otherLineId: pole.lines[1]!.id };
}
const post = (body: Record<string, unknown>) => t.request<CommentAnswer>('POST', '/api/comments', body);
const list = async (clientId: string, year = Y) =>
  (await t.request<CommentsAnswer>('GET', `/api/comments?clientId=${clientId}&year=${year}`)).json;

describe('threads', () => {
  it('comments a cell, answers in place, replies join the thread, the thread resolves and reopens', async () => {
    const f = await fixture();
    const root = await post({
      clientId: f.client.id,
      year: Y,
      lineId: f.lineId,
      month: 2,
      field: 'reel',
      text: 'Avoir Meta attendu',
    });
    expect(root.status).toBe(201);
    expect(root.json).toEqual({
      id: expect.any(Number),
      parentId: null,
      lineId: f.lineId,
      month: 2,
      field: 'reel',
      text: 'Avoir Meta attendu',
      author: 'local',
      authorName: 'local',
      at: expect.any(String),
      editedAt: null,
      resolved: false,
      mentions: [],
      lineName: 'Meta',
      poleName: 'Paid',
      lineDeleted: false,
      mine: true,
      gapMonth: null,
    });
    const reply = await post({ clientId: f.client.id, year: Y, parentId: root.json.id, text: 'Reçu.' });
    expect(reply.status).toBe(201);
    // A reply sits where its thread sits.
    expect(reply.json).toMatchObject({ parentId: root.json.id, lineId: f.lineId, month: 2, field: 'reel' });
    const replyToReply = await post({ clientId: f.client.id, year: Y, parentId: reply.json.id, text: 'Merci' });
    expect(replyToReply.json.parentId).toBe(root.json.id);
    const line = await post({ clientId: f.client.id, year: Y, lineId: f.otherLineId, text: 'Ligne à revoir' });
    expect(line.json).toMatchObject({ lineId: f.otherLineId, month: null, field: null, lineName: 'Google' });
    const clientYear = await post({ clientId: f.client.id, year: Y, text: 'Budget validé en comité' });
    expect(clientYear.json).toMatchObject({
      lineId: null,
      month: null,
      field: null,
      lineName: null,
      lineDeleted: false,
    });
    expect((await list(f.client.id)).map((c) => c.id)).toEqual([
      root.json.id,
      reply.json.id,
      replyToReply.json.id,
      line.json.id,
      clientYear.json.id,
    ]);
    // Another year holds none of them.
    expect(await list(f.client.id, Y + 1)).toEqual([]);

    // Resolving from a reply resolves the thread; every comment of it says so.
    const resolved = await t.request<CommentAnswer>('PATCH', `/api/comments/${reply.json.id}`, { resolved: true });
    expect(resolved.status).toBe(200);
    const after = await list(f.client.id);
    expect(after.filter((c) => c.resolved).map((c) => c.id)).toEqual([
      root.json.id,
      reply.json.id,
      replyToReply.json.id,
    ]);
    await t.request('PATCH', `/api/comments/${root.json.id}`, { resolved: false });
    expect((await list(f.client.id)).some((c) => c.resolved)).toBe(false);

    const edited = await t.request<CommentAnswer>('PATCH', `/api/comments/${root.json.id}`, {
      text: 'Avoir Meta reçu',
    });
    expect(edited.json).toMatchObject({ text: 'Avoir Meta reçu', editedAt: expect.any(String) });

    // Deleting a thread's first comment deletes the thread; a reply goes alone.
    expect((await t.request('DELETE', `/api/comments/${line.json.id}`)).status).toBe(204);
    expect((await t.request('DELETE', `/api/comments/${root.json.id}`)).status).toBe(204);
    expect((await list(f.client.id)).map((c) => c.id)).toEqual([clientYear.json.id]);
    expect((await t.request('DELETE', `/api/comments/${root.json.id}`)).status).toBe(404);
  });

  it('follows its line through a rename and a move, and is kept when the line is deleted', async () => {
    const f = await fixture();
    const c = await post({
      clientId: f.client.id,
      year: Y,
      lineId: f.otherLineId,
      month: 0,
      field: 'achat',
      text: 'Devis v2',
    });
    expect((await t.request('PUT', `/api/lines/${f.otherLineId}/name?year=${Y}`, { name: 'Google Ads' })).status).toBe(
      200,
    );
    expect((await t.request('POST', `/api/lines/${f.otherLineId}/move?year=${Y}`, { direction: 'up' })).status).toBe(
      200,
    );
    expect((await list(f.client.id))[0]).toMatchObject({ id: c.json.id, lineName: 'Google Ads', lineDeleted: false });
    expect((await t.request('DELETE', `/api/lines/${f.otherLineId}?year=${Y}`)).status).toBe(204);
    expect((await list(f.client.id))[0]).toMatchObject({
      id: c.json.id,
      lineId: f.otherLineId,
      lineName: null,
      poleName: null,
      lineDeleted: true,
      text: 'Devis v2',
    });
    // A reply to it still works.
    expect((await post({ clientId: f.client.id, year: Y, parentId: c.json.id, text: 'Ligne fusionnée' })).status).toBe(
      201,
    );
  });
});

describe('bad input: French, nothing stored', () => {
  it.each([
    ['an empty text', { text: '' }, 'Le commentaire ne peut pas être vide.'],
    ['a blank text', { text: '  \n ' }, 'Le commentaire ne peut pas être vide.'],
    ['a 10,001-character text', { text: 'x'.repeat(MAX_COMMENT_LENGTH + 1) }, 'ne peut pas dépasser 10 000 caractères'],
    ['a month without its measure', { month: 1 }, 'month et field'],
    ['a cell without its line', { month: 1, field: 'reel' }, 'sa ligne'],
    ['an unknown field', { field: 'marge' }, 'Le champ doit être'],
    ['an unknown key', { colour: 'red' }, 'colour'],
    ['a mention without accounts', { mentions: [UNKNOWN_ID] }, 'Mention impossible'],
  ])('%s → 400', async (_name, extra, text) => {
    const f = await fixture();
    const res = await post({ clientId: f.client.id, year: Y, text: 'ok', ...extra });
    expect(res.status).toBe(400);
    expect(message(res)).toContain(text);
    expect(await list(f.client.id)).toEqual([]);
  });

  it('takes 10,000 characters', async () => {
    const f = await fixture();
    expect((await post({ clientId: f.client.id, year: Y, text: 'é'.repeat(MAX_COMMENT_LENGTH) })).status).toBe(201);
  });

  it('refuses a reply to a thread of another client or year, a line of another client, unknown ids', async () => {
    const a = await fixture();
    const b = await fixture();
    const thread = await post({ clientId: a.client.id, year: Y, text: 'Fil de A' });
    const other = await post({ clientId: b.client.id, year: Y, parentId: thread.json.id, text: 'Intrus' });
    expect(other.status).toBe(400);
    expect(message(other)).toContain('autre client');
    const otherYear = await post({ clientId: a.client.id, year: Y + 1, parentId: thread.json.id, text: 'Intrus' });
    expect(otherYear.status).toBe(400);
    const line = await post({ clientId: b.client.id, year: Y, lineId: a.lineId, text: 'Mauvaise ligne' });
    expect(line.status).toBe(404);
    expect(message(line)).toBe(`Ligne introuvable dans l'exercice ${Y}.`);
    expect((await post({ clientId: UNKNOWN_ID, year: Y, text: 'x' })).status).toBe(404);
    expect((await post({ clientId: a.client.id, year: Y, parentId: 999_999_999, text: 'x' })).status).toBe(404);
    expect((await t.request('GET', `/api/comments?clientId=${UNKNOWN_ID}&year=${Y}`)).status).toBe(404);
    const malformed = await t.request('PATCH', '/api/comments/abc', { resolved: true });
    expect([malformed.status, message(malformed)]).toEqual([
      400,
      'Données invalides : « id » — Commentaire introuvable.',
    ]);
    expect(message(await t.request('PATCH', `/api/comments/${thread.json.id}`, {}))).toContain('Rien à modifier');
    expect((await list(b.client.id)).length).toBe(0);
    expect((await list(a.client.id)).length).toBe(1);
  });
});

describe('local mode', () => {
  it('has nobody to mention and no notification, and keeps the level', async () => {
    const f = await fixture();
    expect((await t.request<CommentPeopleAnswer>('GET', `/api/comments/people?clientId=${f.client.id}`)).json).toEqual(
      [],
    );
    const root = await post({ clientId: f.client.id, year: Y, text: 'Seul' });
    await post({ clientId: f.client.id, year: Y, parentId: root.json.id, text: 'Toujours seul' });
    expect((await t.request<NotificationsAnswer>('GET', '/api/notifications')).json).toEqual({
      unread: 0,
      level: 'all',
      items: [],
    });
    expect((await t.request('PUT', '/api/notifications/settings', { level: 'none' })).json).toEqual({ level: 'none' });
    expect((await t.request<NotificationsAnswer>('GET', '/api/notifications')).json.level).toBe('none');
    expect((await t.request('POST', '/api/notifications/read', { all: true })).json).toEqual({ unread: 0 });
    expect((await t.request('PUT', '/api/notifications/settings', { level: 'parfois' })).status).toBe(400);
    expect((await t.request('POST', '/api/notifications/read', { ids: [] })).status).toBe(400);
  });
});

describe('live', () => {
  it('sends `comments` to the streams of that year once committed', async () => {
    const f = await fixture();
    const res = await t.app.request(`/api/events?year=${Y}`);
    const other = await t.app.request(`/api/events?year=${Y + 1}`);
    const s = sseReader(res.body!);
    const o = sseReader(other.body!);
    await s.next();
    await o.next();
    await post({ clientId: f.client.id, year: Y, text: 'En direct' });
    const { message } = await s.until((m) => m.event === 'comments');
    expect(dataOf<CommentsEvent>(message)).toEqual({ clientId: f.client.id, year: Y });
    // The other year's stream gets its own year's event first: it never got the first one.
    await post({ clientId: f.client.id, year: Y + 1, text: 'Autre exercice' });
    const theirs = await o.until((m) => m.event === 'comments');
    expect(dataOf<CommentsEvent>(theirs.message)).toEqual({ clientId: f.client.id, year: Y + 1 });
    await s.cancel();
    await o.cancel();
  });
});
