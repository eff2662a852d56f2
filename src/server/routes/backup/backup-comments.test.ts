/**
 * Comments and notifications in the version 2 backup (docs/product.md#file-json-backup, ADR 050):
 * written beside the budgets, narrowed to the reader's scope, restored with their ids (the next
 * comment after them), kept as they are by a file from before comments, refused in French when a
 * reply or a notification names a comment the file lacks (nothing changed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentAnswer, CommentsAnswer, NotificationsAnswer } from '@/domain/answers';
import type { AllYearsBackupDocument } from '@/domain/files/backup-json';
import type { ClientWire as Client, PoleWire as Pole } from '@/domain/schemas';
import { addRoleUsers, createAccountsTestApp, type RoleUser } from '@/server/test/test-accounts';

const Y = 2034;
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
const users: RoleUser[] = [];
const admin = () => users[0]!;
const editor = () => users[1]!;
const assigned = () => users[2]!;

beforeAll(async () => {
  t = await createAccountsTestApp();
  users.push(...(await addRoleUsers(t, 60)));
});
afterAll(() => t.db.close());

const as = (user: RoleUser, method: string, path: string, body?: unknown) =>
  t.call(method, path, { cookie: user.cookie, body });
const backup = async (user = admin()) => (await as(user, 'GET', '/api/backup')).json as AllYearsBackupDocument;
const comments = async (clientId: string) =>
  (await as(admin(), 'GET', `/api/comments?clientId=${clientId}&year=${Y}`)).json as CommentsAnswer;

describe('the backup', () => {
  let client: Client;
  let root: CommentAnswer;
  beforeAll(async () => {
    client = (await as(admin(), 'POST', `/api/clients?year=${Y}`, { name: 'Sauvé' })).json as Client;
    const pole = (
      await as(admin(), 'POST', `/api/clients/${client.id}/poles?year=${Y}`, { name: 'Paid', lines: ['Meta'] })
    ).json as Pole;
    root = (
      await as(admin(), 'POST', '/api/comments', {
        clientId: client.id,
        year: Y,
        lineId: pole.lines[0]!.id,
        month: 1,
        field: 'achat',
        text: 'Devis v2 ?',
        mentions: [editor().id],
      })
    ).json as CommentAnswer;
    await as(editor(), 'POST', '/api/comments', { clientId: client.id, year: Y, parentId: root.id, text: 'Oui' });
  });

  it('holds the comments and notifications of the clients in scope', async () => {
    const doc = await backup();
    expect(doc.comments).toEqual([
      expect.objectContaining({ id: root.id, clientId: client.id, year: Y, month: 1, field: 'achat', parentId: null }),
      expect.objectContaining({ parentId: root.id, author: editor().email, text: 'Oui', resolved: false }),
    ]);
    expect(doc.notifications?.map((n) => [n.recipient, n.kind])).toEqual([
      [editor().email, 'mention'],
      [admin().email, 'reply'],
    ]);
    expect(Object.keys(doc)).toEqual([
      'version',
      'clients',
      'years',
      'versions',
      'comments',
      'notifications',
      'signoffs',
      'exportDate',
    ]);
    const outside = await backup(assigned());
    expect([outside.comments, outside.notifications]).toEqual([[], []]);
  });

  it('restores them with their ids; the next comment comes after them', async () => {
    const doc = await backup();
    await as(admin(), 'DELETE', `/api/comments/${root.id}`);
    await as(admin(), 'POST', '/api/comments', { clientId: client.id, year: Y, text: 'Après la sauvegarde' });
    expect((await as(admin(), 'POST', '/api/backup', doc)).status).toBe(200);
    const { exportDate: _a, ...now } = await backup();
    const { exportDate: _b, ...before } = doc;
    expect(now).toEqual(before);
    const unread = (await as(editor(), 'GET', '/api/notifications')).json as NotificationsAnswer;
    expect(unread.items.map((n) => n.commentId)).toContain(root.id);
    const next = (await as(admin(), 'POST', '/api/comments', { clientId: client.id, year: Y, text: 'Suivant' }))
      .json as CommentAnswer;
    expect(next.id).toBeGreaterThan(Math.max(...doc.comments!.map((c) => c.id)));
  });

  it('carries a gap’s justification (its month) and links it again on restore', async () => {
    const why = (
      await as(admin(), 'POST', '/api/comments', {
        clientId: client.id,
        year: Y,
        gapMonth: 2,
        text: 'Avoir Meta attendu',
      })
    ).json as CommentAnswer;
    const doc = await backup();
    expect(doc.comments!.find((c) => c.id === why.id)).toMatchObject({ gapMonth: 2, lineId: null, parentId: null });
    expect(doc.comments!.find((c) => c.id === root.id)).not.toHaveProperty('gapMonth');
    await as(admin(), 'DELETE', `/api/comments/${why.id}`);
    expect((await as(admin(), 'POST', '/api/backup', doc)).status).toBe(200);
    expect((await comments(client.id)).find((c) => c.id === why.id)).toMatchObject({ gapMonth: 2 });
  });

  it('keeps the comments as they are when the file has none (a file from before them)', async () => {
    const { comments: _c, notifications: _n, ...older } = await backup();
    const kept = await comments(client.id);
    expect(kept.length).toBeGreaterThan(0);
    expect((await as(admin(), 'POST', '/api/backup', older)).status).toBe(200);
    expect(await comments(client.id)).toEqual(kept);
  });

  it.each([
    ['a reply to a thread the file lacks', () => ({ parentId: 999 }), 'Fil introuvable : 999.'],
    ['an empty text', () => ({ text: '' }), 'Le commentaire ne peut pas être vide.'],
    ['a comment id twice', (second: number) => ({ id: second }), 'Commentaire en double'],
    [
      'a justification on a reply',
      (second: number) => ({ parentId: second, gapMonth: 1 }),
      'Une justification d’écart (gapMonth) ouvre un fil du client-exercice',
    ],
  ])('refuses %s in French, changing nothing', async (_name, change, message) => {
    const doc = await backup();
    const [first, ...rest] = doc.comments!;
    const bad = { ...first!, ...change(rest[0]!.id) };
    const res = await as(admin(), 'POST', '/api/backup', { ...doc, comments: [bad, ...rest] });
    expect(res.status).toBe(400);
    expect(res.text).toContain(message);
    const { exportDate: _a, ...now } = await backup();
    const { exportDate: _b, ...before } = doc;
    expect(now).toEqual(before);
  });
});
