/**
 * SQL of notifications (docs/product.md#notifications, ADR 050): a user's (an actor's) list and
 * unread count within their scope, marking read, their level, and the rows a comment adds.
 */
import type { NotificationItem, NotificationsAnswer } from '@/domain/answers';
import {
  DEFAULT_NOTIFICATION_LEVEL,
  type CommentPlace,
  type NotificationKind,
  type NotificationLevel,
} from '@/domain/comments';
import { MEASURES } from '@/domain/measures';
import type { Queryable } from '@/server/db/client';
import { measureIndex } from '../comments/comments.repo';

/** Notifications a list shows at most (the newest). */
export const NOTIFICATIONS_SHOWN = 100;

// The scope: null (every client) or the ids in scope.
const IN_SCOPE = `($2::uuid[] is null or client_id = any($2::uuid[]))`;

export async function readNotifications(
  q: Queryable,
  actor: string,
  scope: readonly string[] | null,
): Promise<NotificationsAnswer> {
  const { rows } = await q.query<{
    id: string;
    kind: NotificationKind;
    at: Date | string;
    read: boolean;
    text: string;
    client_id: string;
    year: number;
    line_id: string | null;
    month: number | null;
    measure: number | null;
    comment_id: string | null;
  }>(
    `select id::text, kind, at, read, text, client_id::text, year, line_id::text, month, measure, comment_id::text
       from notifications where recipient = $1 and ${IN_SCOPE} order by id desc limit $3`,
    [actor, scope, NOTIFICATIONS_SHOWN],
  );
  const items: NotificationItem[] = rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    at: new Date(r.at).toISOString(),
    read: r.read,
    text: r.text,
    clientId: r.client_id,
    year: Number(r.year),
    lineId: r.line_id,
    month: r.month === null ? null : Number(r.month),
    field: r.measure === null ? null : MEASURES[Number(r.measure)]!,
    commentId: r.comment_id === null ? null : Number(r.comment_id),
  }));
  return { unread: await unreadCount(q, actor, scope), level: await levelOf(q, actor), items };
}

export async function unreadCount(q: Queryable, actor: string, scope: readonly string[] | null): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `select count(*)::int as n from notifications where recipient = $1 and ${IN_SCOPE} and not read`,
    [actor, scope],
  );
  return Number(rows[0]!.n);
}

/** Marks the actor's notifications read: these ids (others' ids are ignored), or all. */
export async function markRead(q: Queryable, actor: string, ids: readonly number[] | 'all'): Promise<void> {
  if (ids === 'all') await q.query(`update notifications set read = true where recipient = $1 and not read`, [actor]);
  else {
    await q.query(`update notifications set read = true where recipient = $1 and id = any($2::bigint[])`, [actor, ids]);
  }
}

export async function levelOf(q: Queryable, actor: string): Promise<NotificationLevel> {
  return (await levelsOf(q, [actor])).get(actor) ?? DEFAULT_NOTIFICATION_LEVEL;
}

/** The active admins' emails (none without accounts): who is told of a submitted budget. */
export async function activeAdmins(q: Queryable): Promise<string[]> {
  const { rows } = await q.query<{ email: string }>(
    `select email from auth_user where role = 'admin' and not disabled order by email`,
  );
  return rows.map((r) => r.email);
}

/** The levels of these actors (those who never chose are absent: the default). */
export async function levelsOf(q: Queryable, actors: readonly string[]): Promise<Map<string, NotificationLevel>> {
  const { rows } = await q.query<{ actor: string; level: NotificationLevel }>(
    `select actor, level from notification_settings where actor = any($1::text[])`,
    [actors],
  );
  return new Map(rows.map((r) => [r.actor, r.level]));
}

export async function setLevel(q: Queryable, actor: string, level: NotificationLevel): Promise<void> {
  await q.query(
    `insert into notification_settings (actor, level) values ($1, $2)
     on conflict (actor) do update set level = excluded.level`,
    [actor, level],
  );
}

export interface NewNotification extends CommentPlace {
  recipient: string;
  kind: NotificationKind;
  text: string;
  clientId: string;
  year: number;
  /** The comment that caused it; null for a sign-off's (ADR 055). */
  commentId: number | null;
}

export async function insertNotifications(q: Queryable, list: readonly NewNotification[]): Promise<void> {
  if (list.length === 0) return;
  await q.query(
    `insert into notifications (recipient, kind, text, client_id, year, line_id, month, measure, comment_id)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::smallint[], $6::uuid[], $7::smallint[],
                          $8::smallint[], $9::bigint[])`,
    [
      list.map((n) => n.recipient),
      list.map((n) => n.kind),
      list.map((n) => n.text),
      list.map((n) => n.clientId),
      list.map((n) => n.year),
      list.map((n) => n.lineId),
      list.map((n) => n.month),
      list.map((n) => measureIndex(n.field)),
      list.map((n) => n.commentId),
    ],
  );
}
