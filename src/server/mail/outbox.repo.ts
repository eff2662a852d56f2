/**
 * SQL of the mail outbox (docs/product.md#e-mail, ADR 053): mails queued in the transaction of the
 * write that caused them, claimed by a sender for a while (another instance skips them), then
 * marked sent, or failed with their next try.
 */
import type { MailText } from '@/domain/mail';
import type { Queryable } from '@/server/db/client';

export interface QueuedMail extends MailText {
  recipient: string;
}

export interface ClaimedMail extends QueuedMail {
  id: number;
  /** Tries so far, this one included. */
  attempts: number;
}

export async function enqueueMails(q: Queryable, mails: readonly QueuedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await q.query(
    `insert into mail_outbox (recipient, subject, body)
     select * from unnest($1::text[], $2::text[], $3::text[])`,
    [mails.map((m) => m.recipient), mails.map((m) => m.subject), mails.map((m) => m.body)],
  );
}

/**
 * Claims up to `limit` mails due at `now`: their next try moves to `leaseUntil`, so a sender that
 * died mid-way leaves them to be tried again then; rows another sender is claiming are skipped.
 */
export async function claimDue(q: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
  const { rows } = await q.query<{ id: string; recipient: string; subject: string; body: string; attempts: number }>(
    `update mail_outbox set attempts = attempts + 1, next_try = $2
      where id in (select id from mail_outbox where next_try <= $1 order by id limit $3 for update skip locked)
      returning id::text, recipient, subject, body, attempts`,
    [now, leaseUntil, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) })).sort((a, b) => a.id - b.id);
}

export async function markSent(q: Queryable, id: number, at: Date): Promise<void> {
  await q.query(`update mail_outbox set sent_at = $2, next_try = null, last_error = null where id = $1`, [id, at]);
}

/** A failed try: tried again at `nextTry`, or never (null: given up). */
export async function markFailed(q: Queryable, id: number, error: string, nextTry: Date | null): Promise<void> {
  await q.query(`update mail_outbox set next_try = $2, last_error = $3 where id = $1`, [
    id,
    nextTry,
    error.slice(0, 500),
  ]);
}

/**
 * How long a mail sent, or given up after its tries, stays in the outbox (docs/product.md#e-mail,
 * ADR 063): long enough to answer « did it leave? » about last month, not forever.
 */
export const OUTBOX_KEEP_DAYS = 30;

/**
 * Deletes the mails sent, or given up, more than OUTBOX_KEEP_DAYS days before `now` (a given-up
 * mail by its creation: it gave up within hours of it); mails still to be tried stay, however old.
 * Returns how many went. Part of the daily run.
 */
export async function purgeOutbox(q: Queryable, now: Date): Promise<number> {
  const { rowCount } = await q.query(
    `delete from mail_outbox
      where next_try is null and coalesce(sent_at, created_at) < $1::timestamptz - make_interval(days => $2)`,
    [now, OUTBOX_KEEP_DAYS],
  );
  return rowCount;
}
