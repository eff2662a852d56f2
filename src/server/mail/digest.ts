/**
 * The daily digest (docs/product.md#e-mail, ADR 053), queued by the daily run in its transaction:
 * to each active user whose level is not « Rien », their unread notifications not mailed yet
 * (mentions have had their own message) within their scope, and the active alerts they see
 * (level « Tout ») that are due for their weekly repetition. What went in is marked.
 */
import { digestMail, isRepeatDue } from '@/domain/mail';
import type { Queryable } from '@/server/db/client';
import { alertRecipients, markRepeated, storedAlerts } from '@/server/alerts/alerts.repo';
import { alertTexts } from '@/server/alerts/evaluate';
import { enqueueMails, type QueuedMail } from './outbox.repo';

/** Most unread notifications one digest lists (the newest). */
const DIGEST_ITEMS = 100;

/** Queues the day's digests; returns how many. */
export async function queueDigests(q: Queryable, now: Date, link: string): Promise<number> {
  const { rows: users } = await q.query<{ email: string; sees_all: boolean }>(
    `select u.email, (u.role = 'admin' or u.all_clients) as sees_all
       from auth_user u left join notification_settings s on s.actor = u.email
      where not u.disabled and coalesce(s.level, 'all') <> 'none' order by u.email`,
  );
  const due = (await storedAlerts(q, null, null, true)).filter((a) => isRepeatDue(a.since, a.repeatedAt, now));
  const texts = await alertTexts(q, due);
  const repeatsOf = new Map<string, string[]>();
  for (const { key, email } of await alertRecipients(q, due)) {
    repeatsOf.set(email, [...(repeatsOf.get(email) ?? []), texts.get(key)!]);
  }

  const mails: QueuedMail[] = [];
  const mailed: number[] = [];
  for (const user of users) {
    const { rows: unread } = await q.query<{ id: string; text: string }>(
      `select n.id::text, n.text from notifications n
        where n.recipient = $1 and not n.read and n.mailed_at is null and n.kind <> 'mention'
          and ($2 or exists (select 1 from user_clients uc join auth_user u on u.id = uc.user_id
                              where u.email = $1 and uc.client_id = n.client_id))
        order by n.id desc limit $3`,
      [user.email, user.sees_all, DIGEST_ITEMS],
    );
    const mail = digestMail({ unread: unread.map((n) => n.text), alerts: repeatsOf.get(user.email) ?? [], link });
    if (mail === null) continue;
    mails.push({ recipient: user.email, ...mail });
    mailed.push(...unread.map((n) => Number(n.id)));
  }
  await enqueueMails(q, mails);
  if (mailed.length > 0) {
    await q.query(`update notifications set mailed_at = $2 where id = any($1::bigint[])`, [mailed, now]);
  }
  await markRepeated(
    q,
    due.map((a) => a.key),
    now,
  );
  return mails.length;
}
