/**
 * E-mail (docs/product.md#e-mail, ADR 053) through a real SMTP server started here on 127.0.0.1:
 * one message per mention, the daily digest of the other unread notifications, a refused message
 * kept in the outbox and sent on a later try while the write that queued it was not held; each
 * user's level respected; the outbox purged of old sent and given-up mails by the daily run; and
 * without SMTP_URL nothing is ever queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommentAnswer } from '@/domain/answers';
import type { ClientWire as Client } from '@/domain/schemas';
import { addRoleUsers, createAccountsTestApp, TEST_LINK, type RoleUser } from '@/server/test/test-accounts';
import { startSmtp } from '@/server/test/smtp';
import { retryDelayMs } from './mailer';

const Y = 2034;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof createAccountsTestApp>>;
let users: RoleUser[] = [];
const user = (email: string) => users.find((u) => u.email === email)!;
const as = (u: RoleUser, method: string, path: string, body?: unknown) =>
  t.call(method, path, { cookie: u.cookie, body });

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createAccountsTestApp({ smtpUrl: smtp.url });
  users = await addRoleUsers(t, 60);
  await t.db.query(`update auth_user set name = 'Camille Martin' where email = 'admin@agence.fr'`);
});
afterAll(async () => {
  await t.mail.close();
  await t.live.close();
  await t.db.close();
  await smtp.close();
});

async function newClient() {
  return (
    await as(user('admin@agence.fr'), 'POST', `/api/clients?year=${Y}`, { name: `Client ${crypto.randomUUID()}` })
  ).json as Client;
}
const comment = async (u: RoleUser, body: Record<string, unknown>) => {
  const res = await as(u, 'POST', '/api/comments', { year: Y, ...body });
  expect(res.status).toBe(201);
  return res.json as CommentAnswer;
};
const outbox = async () =>
  (
    await t.db.query<{ recipient: string; attempts: number; sent: boolean; next_try: Date | null; last_error: string }>(
      `select recipient, attempts, sent_at is not null as sent, next_try, last_error from mail_outbox order by id`,
    )
  ).rows;

describe('e-mail through SMTP_URL', () => {
  it('sends one message per mention, in French, with the link to the tool', async () => {
    const client = await newClient();
    const before = smtp.inbox.length;
    await comment(user('admin@agence.fr'), {
      clientId: client.id,
      text: '@editeur peux-tu vérifier mars ?\nMerci',
      mentions: [user('editeur@agence.fr').id, user('lecteur@agence.fr').id],
    });
    const inbox = await smtp.waitFor(before + 2);
    const mails = inbox.slice(before).sort((a, b) => a.to[0]!.localeCompare(b.to[0]!));
    expect(mails.map((m) => m.to)).toEqual([['editeur@agence.fr'], ['lecteur@agence.fr']]);
    expect(mails[0]!.from).toBe('budget@agence.fr');
    expect(mails[0]!.subject).toBe(`Camille Martin vous a mentionné — ${client.name}`);
    expect(mails[0]!.text).toContain(
      `Camille Martin vous a mentionné dans un commentaire — ${client.name}, Exercice ${Y} :`,
    );
    expect(mails[0]!.text).toContain('> @editeur peux-tu vérifier mars ?\n> Merci');
    expect(mails[0]!.text).toContain(`Ouvrir Budget & Marges : ${TEST_LINK}`);
    await t.mail.drain();
    expect((await outbox()).every((m) => m.sent && m.next_try === null)).toBe(true);
  });

  it('sends no mention e-mail to a user whose level is « Rien »', async () => {
    const client = await newClient();
    await as(user('lecteur@agence.fr'), 'PUT', '/api/notifications/settings', { level: 'none' });
    const rows = (await outbox()).length;
    await comment(user('admin@agence.fr'), {
      clientId: client.id,
      text: 'Pour info',
      mentions: [user('lecteur@agence.fr').id, user('editeur@agence.fr').id],
    });
    expect((await outbox()).slice(rows).map((m) => m.recipient)).toEqual(['editeur@agence.fr']);
    await t.mail.drain();
    await as(user('lecteur@agence.fr'), 'PUT', '/api/notifications/settings', { level: 'all' });
  });

  it('sends the daily digest of the other unread notifications, once', async () => {
    const client = await newClient();
    const root = await comment(user('admin@agence.fr'), { clientId: client.id, text: 'Budget Meta validé ?' });
    await comment(user('editeur@agence.fr'), { clientId: client.id, parentId: root.id, text: 'Oui, devis v2' });
    await comment(user('lecteur@agence.fr'), { clientId: client.id, parentId: root.id, text: 'Vu' });
    await t.mail.drain();
    const before = smtp.inbox.length;

    expect(await t.alerts.runDaily(new Date(2040, 2, 3, 7, 30))).toBe('ran');
    await t.mail.drain();
    const digests = smtp.inbox.slice(before);
    // The admin has two unread replies; the editor one (the viewer's); mentions had their own message.
    const admin = digests.find((m) => m.to[0] === 'admin@agence.fr')!;
    expect(admin.subject).toBe('Budget & Marges : 2 notifications non lues');
    expect(admin.text).toContain('Non lues :');
    expect(admin.text).toContain(`- lecteur@agence.fr a répondu — ${client.name}, Exercice ${Y} : « Vu »`);
    expect(admin.text).toContain(`- editeur@agence.fr a répondu — ${client.name}, Exercice ${Y} : « Oui, devis v2 »`);
    expect(admin.text).toContain(`Ouvrir Budget & Marges : ${TEST_LINK}`);
    const editor = digests.find((m) => m.to[0] === 'editeur@agence.fr')!;
    expect(editor.subject).toBe('Budget & Marges : 1 notification non lue');
    expect(editor.text).not.toContain('vous a mentionné');

    // The same day again: nothing; the next day: those notifications were already sent.
    expect(await t.alerts.runDaily(new Date(2040, 2, 3, 9))).toBe('done');
    expect(await t.alerts.runDaily(new Date(2040, 2, 4, 7, 30))).toBe('ran');
    await t.mail.drain();
    expect(smtp.inbox.length).toBe(before + digests.length);
  });

  it('keeps a refused message and sends it on a later try; the write was not held', async () => {
    const client = await newClient();
    smtp.setFailing(true);
    const rows = (await outbox()).length;
    const before = smtp.inbox.length;
    await comment(user('admin@agence.fr'), {
      clientId: client.id,
      text: 'Relance',
      mentions: [user('editeur@agence.fr').id],
    });
    await t.mail.drain();
    const failed = (await outbox())[rows]!;
    expect(failed).toMatchObject({ recipient: 'editeur@agence.fr', attempts: 1, sent: false });
    expect(failed.last_error).toContain('451');
    expect(failed.next_try).not.toBeNull();
    expect(smtp.inbox.length).toBe(before);

    // Not due yet: left alone.
    await t.mail.drain();
    expect((await outbox())[rows]!.attempts).toBe(1);

    smtp.setFailing(false);
    await t.mail.drain(new Date(new Date(failed.next_try!).getTime() + 1));
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail).toMatchObject({
      to: ['editeur@agence.fr'],
      subject: `Camille Martin vous a mentionné — ${client.name}`,
    });
    expect((await outbox())[rows]).toMatchObject({ attempts: 2, sent: true, next_try: null });
  });

  it('purges, in the daily run, what was sent or given up more than 30 days ago; keeps the rest', async () => {
    const now = new Date(2041, 5, 1, 8);
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const rows: [recipient: string, created: Date, sent: Date | null, nextTry: Date | null][] = [
      ['envoye-ancien@purge.test', daysAgo(32), daysAgo(31), null],
      ['envoye-recent@purge.test', daysAgo(30), daysAgo(29), null],
      ['abandonne-ancien@purge.test', daysAgo(40), null, null],
      ['abandonne-recent@purge.test', daysAgo(10), null, null],
      // Still being tried, however old: it stays (its next try is after `now`, out of the sender's reach here).
      ['en-attente@purge.test', daysAgo(60), null, new Date(now.getTime() + 3_600_000)],
    ];
    for (const [recipient, created, sent, nextTry] of rows) {
      await t.db.query(
        `insert into mail_outbox (recipient, subject, body, created_at, sent_at, next_try, attempts)
         values ($1, 'Sujet', 'Texte', $2, $3, $4, 1)`,
        [recipient, created, sent, nextTry],
      );
    }
    const left = async () =>
      (
        await t.db.query<{ recipient: string }>(
          `select recipient from mail_outbox where recipient like '%@purge.test' order by recipient`,
        )
      ).rows.map((r) => r.recipient);

    expect(await t.alerts.runDaily(now)).toBe('ran');
    expect(await left()).toEqual(['abandonne-recent@purge.test', 'en-attente@purge.test', 'envoye-recent@purge.test']);
    await t.db.query(`delete from mail_outbox where recipient like '%@purge.test'`);
  });

  it('waits longer after each failure, at most six hours', () => {
    expect([1, 2, 3, 10, 20].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 6 * 3_600_000, 6 * 3_600_000]);
  });
});

describe('without SMTP_URL', () => {
  it('queues nothing, for a mention or a digest', async () => {
    const local = await createAccountsTestApp();
    try {
      await local.addUser('admin@agence.fr');
      await local.addUser('editeur@agence.fr');
      const editor = (
        await local.db.query<{ id: string }>(`select id from auth_user where email = 'editeur@agence.fr'`)
      ).rows[0]!;
      const cookie = await local.signIn('admin@agence.fr');
      const client = (await local.call('POST', `/api/clients?year=${Y}`, { cookie, body: { name: 'Sans SMTP' } }))
        .json as Client;
      const res = await local.call('POST', '/api/comments', {
        cookie,
        body: { clientId: client.id, year: Y, text: 'Hello', mentions: [editor.id] },
      });
      expect(res.status).toBe(201);
      expect(await local.alerts.runDaily(new Date(2040, 5, 1, 8))).toBe('ran');
      const { rows } = await local.db.query<{ n: number }>(`select count(*)::int as n from mail_outbox`);
      expect(rows[0]!.n).toBe(0);
    } finally {
      await local.live.close();
      await local.db.close();
    }
  });
});
