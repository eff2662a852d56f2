/**
 * Comments and notifications in accounts mode (docs/product.md#comments, #notifications): a viewer
 * comments; a client outside the scope is 404; one's own text only (403); anyone in scope resolves;
 * a mention of a user who cannot see the client is refused; a mention notifies, a reply notifies the
 * thread's other authors, each level permitting; read / unread; the notified user's streams hear it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentAnswer, CommentPeopleAnswer, CommentsAnswer, NotificationsAnswer } from '@/domain/answers';
import { VIEW_AS_HEADER } from '@/domain/control';
import { addRoleUsers, clientWithLine, createAccountsTestApp, type RoleUser } from '@/server/test/test-accounts';
import { sseReader } from '@/server/test/sse';

const Y = 2033;

let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const users: RoleUser[] = [];
const byEmail = (email: string) => users.find((u) => u.email === email)!;
const admin = () => byEmail('admin@agence.fr');
const editor = () => byEmail('editeur@agence.fr');
const assigned = () => byEmail('editeur.a@agence.fr');
const viewer = () => byEmail('lecteur@agence.fr');

beforeAll(async () => {
  t = await createAccountsTestApp({ live: { heartbeatMs: 300, stallMs: 600_000 } });
  users.push(...(await addRoleUsers(t, 40)));
  await t.db.query(`update auth_user set name = 'Camille Martin' where email = 'admin@agence.fr'`);
});
afterAll(async () => {
  await t.live.close();
  await t.db.close();
});

const as = (user: RoleUser, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  t.call(method, path, { cookie: user.cookie, body, headers });
const message = (res: { json: unknown }) => (res.json as { error: { message: string } }).error.message;

const fixture = () => clientWithLine(t, admin().cookie, Y);
const comment = async (user: RoleUser, body: Record<string, unknown>) => {
  const res = await as(user, 'POST', '/api/comments', { year: Y, ...body });
  return { status: res.status, json: res.json as CommentAnswer, res };
};
const notifications = async (user: RoleUser) =>
  (await as(user, 'GET', '/api/notifications')).json as NotificationsAnswer;
const comments = async (clientId: string) =>
  (await as(admin(), 'GET', `/api/comments?clientId=${clientId}&year=${Y}`)).json as CommentsAnswer;

describe('roles and scope', () => {
  it('lets a viewer comment, keeps a client outside the scope out, and one’s text one’s own', async () => {
    const f = await fixture();
    const byViewer = await comment(viewer(), {
      clientId: f.client.id,
      lineId: f.lineId,
      month: 3,
      field: 'reel',
      text: 'Vu',
    });
    expect(byViewer.status).toBe(201);
    expect(byViewer.json).toMatchObject({ author: 'lecteur@agence.fr', mine: true });
    expect((await comments(f.client.id))[0]!.mine).toBe(false);

    // The assigned editor has no client: 404 everywhere, as for data.
    for (const [method, path, body] of [
      ['GET', `/api/comments?clientId=${f.client.id}&year=${Y}`],
      ['GET', `/api/comments/people?clientId=${f.client.id}`],
      ['POST', '/api/comments', { clientId: f.client.id, year: Y, text: 'Intrus' }],
      ['PATCH', `/api/comments/${byViewer.json.id}`, { resolved: true }],
      ['DELETE', `/api/comments/${byViewer.json.id}`],
    ] as const) {
      const res = await as(assigned(), method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.text).not.toContain(f.client.name);
    }

    const edit = await as(editor(), 'PATCH', `/api/comments/${byViewer.json.id}`, { text: 'Réécrit' });
    expect(edit.status).toBe(403);
    expect(message(edit)).toBe('Vous ne pouvez modifier que vos propres commentaires.');
    const del = await as(admin(), 'DELETE', `/api/comments/${byViewer.json.id}`);
    expect(del.status).toBe(403);
    expect(message(del)).toBe('Vous ne pouvez supprimer que vos propres commentaires.');
    expect((await comments(f.client.id))[0]).toMatchObject({ text: 'Vu', resolved: false });
    // Anyone who sees the thread resolves it.
    expect((await as(editor(), 'PATCH', `/api/comments/${byViewer.json.id}`, { resolved: true })).status).toBe(200);
    expect((await comments(f.client.id))[0]!.resolved).toBe(true);
    // Looking through another user's eyes is read-only, comments included.
    const look = await as(
      admin(),
      'POST',
      '/api/comments',
      { clientId: f.client.id, year: Y, text: 'x' },
      {
        [VIEW_AS_HEADER]: viewer().id,
      },
    );
    expect(look.status).toBe(403);
    expect(await comments(f.client.id)).toHaveLength(1);
  });

  it('offers and accepts only the active users who can see the client', async () => {
    const f = await fixture();
    const people = (await as(viewer(), 'GET', `/api/comments/people?clientId=${f.client.id}`))
      .json as CommentPeopleAnswer;
    expect(people.map((p) => p.email)).toEqual(['admin@agence.fr', 'editeur@agence.fr', 'lecteur@agence.fr']);
    expect(people[0]).toEqual({ id: admin().id, name: 'Camille Martin', email: 'admin@agence.fr' });
    const refused = await comment(editor(), {
      clientId: f.client.id,
      text: '@assigné regarde',
      mentions: [assigned().id],
    });
    expect(refused.status).toBe(400);
    expect(message(refused.res)).toContain('Mention impossible');
    expect(await comments(f.client.id)).toEqual([]);
    expect((await notifications(assigned())).items).toEqual([]);

    // Assigned the client, the editor can be mentioned.
    await t.db.query(`insert into user_clients (user_id, client_id) values ($1, $2)`, [assigned().id, f.client.id]);
    expect((await comment(editor(), { clientId: f.client.id, text: 'ok', mentions: [assigned().id] })).status).toBe(
      201,
    );
    await t.db.query(`delete from user_clients where user_id = $1`, [assigned().id]);
  });
});

describe('notifications', () => {
  it('notifies a mention, a reply to the thread’s authors, never oneself; read and unread', async () => {
    const f = await fixture();
    const before = {
      editor: (await notifications(editor())).unread,
      viewer: (await notifications(viewer())).unread,
      admin: (await notifications(admin())).unread,
    };
    const root = await comment(admin(), {
      clientId: f.client.id,
      lineId: f.lineId,
      month: 2,
      field: 'reel',
      text: '@editeur peux-tu vérifier mars ?',
      mentions: [editor().id, admin().id],
    });
    expect(root.status).toBe(201);
    const ed = await notifications(editor());
    expect(ed.unread).toBe(before.editor + 1);
    expect(ed.items[0]).toEqual({
      id: expect.any(Number),
      kind: 'mention',
      at: expect.any(String),
      read: false,
      text: `Camille Martin vous a mentionné — ${f.client.name}, Paid › Meta, Mars (Réel) : « @editeur peux-tu vérifier mars ? »`,
      clientId: f.client.id,
      year: Y,
      lineId: f.lineId,
      month: 2,
      field: 'reel',
      commentId: root.json.id,
    });
    // Mentioning oneself tells nobody.
    expect((await notifications(admin())).unread).toBe(before.admin);

    // The editor replies, mentioning the viewer: the admin (an author) gets a reply, the viewer a mention.
    const reply = await comment(editor(), {
      clientId: f.client.id,
      parentId: root.json.id,
      text: 'Vérifié, @lecteur pour info',
      mentions: [viewer().id],
    });
    expect(reply.status).toBe(201);
    const adm = await notifications(admin());
    expect(adm.unread).toBe(before.admin + 1);
    expect(adm.items[0]).toMatchObject({ kind: 'reply', text: expect.stringContaining('Meta, Mars (Réel)') });
    expect(adm.items[0]!.text).toMatch(/^editeur@agence\.fr a répondu — /);
    const vw = await notifications(viewer());
    expect(vw.items[0]).toMatchObject({ kind: 'mention', commentId: reply.json.id });
    expect(vw.unread).toBe(before.viewer + 1);
    // A third comment by the viewer: the admin and the editor, authors, both get a reply.
    await comment(viewer(), { clientId: f.client.id, parentId: root.json.id, text: 'Merci' });
    expect((await notifications(editor())).items[0]).toMatchObject({ kind: 'reply' });
    expect((await notifications(admin())).items[0]).toMatchObject({
      kind: 'reply',
      text: expect.stringContaining('Merci'),
    });

    // Read one, then all; another user's ids change nothing of theirs.
    const first = (await notifications(admin())).items[0]!;
    expect((await as(editor(), 'POST', '/api/notifications/read', { ids: [first.id] })).status).toBe(200);
    expect((await notifications(admin())).items[0]!.read).toBe(false);
    const unreadBefore = (await notifications(admin())).unread;
    expect((await as(admin(), 'POST', '/api/notifications/read', { ids: [first.id] })).json).toEqual({
      unread: unreadBefore - 1,
    });
    expect((await as(admin(), 'POST', '/api/notifications/read', { all: true })).json).toEqual({ unread: 0 });
    expect((await notifications(admin())).items.every((n) => n.read)).toBe(true);
  });

  it('follows each user’s level: none tells nothing, mentions still tells mentions and replies', async () => {
    const f = await fixture();
    expect((await as(viewer(), 'PUT', '/api/notifications/settings', { level: 'none' })).json).toEqual({
      level: 'none',
    });
    expect((await as(editor(), 'PUT', '/api/notifications/settings', { level: 'mentions' })).status).toBe(200);
    const before = {
      viewer: (await notifications(viewer())).items.length,
      editor: (await notifications(editor())).unread,
    };
    const root = await comment(admin(), {
      clientId: f.client.id,
      text: 'Budget ?',
      mentions: [viewer().id, editor().id],
    });
    expect((await notifications(viewer())).items.length).toBe(before.viewer);
    expect((await notifications(viewer())).level).toBe('none');
    expect((await notifications(editor())).unread).toBe(before.editor + 1);
    await comment(editor(), { clientId: f.client.id, parentId: root.json.id, text: 'Oui' });
    await comment(admin(), { clientId: f.client.id, parentId: root.json.id, text: 'Merci' });
    expect((await notifications(editor())).unread).toBe(before.editor + 2);
    await as(viewer(), 'PUT', '/api/notifications/settings', { level: 'all' });
    await as(editor(), 'PUT', '/api/notifications/settings', { level: 'all' });
  });

  it('hides the notifications of a client that left the user’s scope', async () => {
    const f = await fixture();
    await t.db.query(`insert into user_clients (user_id, client_id) values ($1, $2)`, [assigned().id, f.client.id]);
    await comment(admin(), { clientId: f.client.id, text: 'Pour toi', mentions: [assigned().id] });
    expect((await notifications(assigned())).items.map((n) => n.clientId)).toContain(f.client.id);
    await t.db.query(`delete from user_clients where user_id = $1`, [assigned().id]);
    const after = await notifications(assigned());
    expect(after.items.map((n) => n.clientId)).not.toContain(f.client.id);
    expect(after.unread).toBe(0);
  });

  it('tells the mentioned user’s streams, whatever their year, and theirs only', async () => {
    const f = await fixture();
    const open = async (user: RoleUser, year: number) => {
      const res = await t.app.request(`/api/events?year=${year}`, { headers: { cookie: user.cookie } });
      const s = sseReader(res.body!);
      await s.next();
      return s;
    };
    const mine = await open(editor(), Y + 5);
    const theirs = await open(viewer(), Y);
    await comment(admin(), { clientId: f.client.id, text: '@editeur', mentions: [editor().id] });
    const { message: m } = await mine.until((x) => x.event === 'notification');
    expect(m.data).toBe('{}');
    // The viewer's stream hears the comment (its year, its scope), not the notification.
    const { before } = await theirs.until((x) => x.event === 'comments');
    expect(before.some((x) => x.event === 'notification')).toBe(false);
    // Marking read tells the user's own streams (their other tabs).
    await as(editor(), 'POST', '/api/notifications/read', { all: true });
    await mine.until((x) => x.event === 'notification');
    await mine.cancel();
    await theirs.cancel();
  });
});
