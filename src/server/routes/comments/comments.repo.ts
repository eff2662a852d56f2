/**
 * SQL of comments (docs/product.md#comments, ADR 050): a client-year's comments with the name of
 * their line and pole (null once the line is gone), one comment's owner and place, the thread's
 * authors, and the users who can see a client (those a comment may mention).
 */
import type { CommentAnswer, CommentPeopleAnswer, YearCommentAnswer } from '@/domain/answers';
import type { BackupComment, BackupNotification, CommentNotificationKind, CommentPlace } from '@/domain/comments';
import { MEASURES, type Measure } from '@/domain/measures';
import type { Queryable } from '@/server/db/client';

interface RawComment {
  id: string;
  parent_id: string | null;
  line_id: string | null;
  month: number | null;
  measure: number | null;
  text: string;
  author: string;
  author_name: string;
  at: Date | string;
  edited_at: Date | string | null;
  resolved: boolean;
  mentions: string[];
  line_name: string | null;
  pole_name: string | null;
  gap_month: number | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const measureOf = (n: number | null): Measure | null => (n === null ? null : MEASURES[Number(n)]!);
export const measureIndex = (field: Measure | null | undefined) => (field ? MEASURES.indexOf(field) : null);

const toComment = (r: RawComment, actor: string): CommentAnswer => ({
  id: Number(r.id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  lineId: r.line_id,
  month: r.month === null ? null : Number(r.month),
  field: measureOf(r.measure),
  text: r.text,
  author: r.author,
  authorName: r.author_name,
  at: iso(r.at),
  editedAt: r.edited_at === null ? null : iso(r.edited_at),
  resolved: r.resolved,
  mentions: r.mentions,
  lineName: r.line_name,
  poleName: r.pole_name,
  lineDeleted: r.line_id !== null && r.line_name === null,
  mine: r.author === actor,
  gapMonth: r.gap_month === null ? null : Number(r.gap_month),
});

// A reply shows its thread's resolution (kept on the first comment).
const COMMENT_SELECT = /* sql */ `
  select c.id::text, c.parent_id::text, c.line_id::text, c.month, c.measure, c.text, c.author,
         coalesce(nullif(u.name, ''), c.author) as author_name, c.at, c.edited_at,
         coalesce(root.resolved, c.resolved) as resolved, c.mentions, l.name as line_name, p.name as pole_name,
         j.month as gap_month
    from comments c
    left join comments root on root.id = c.parent_id
    left join variance_justifications j on j.comment_id = c.id
    left join auth_user u on u.email = c.author
    left join budget_line_items l on l.id = c.line_id
    left join expertise_poles p on p.id = l.expertise_pole_id`;

/** Every comment of a client-year, oldest first, as `actor` reads them (`mine`). */
export async function readComments(
  q: Queryable,
  clientId: string,
  year: number,
  actor: string,
): Promise<CommentAnswer[]> {
  const { rows } = await q.query<RawComment>(`${COMMENT_SELECT} where c.client_id = $1 and c.year = $2 order by c.id`, [
    clientId,
    year,
  ]);
  return rows.map((r) => toComment(r, actor));
}

/**
 * Every comment of a year of these clients (null: every client), with its client's id and name,
 * oldest first: the sheet `Commentaires` of the all-clients workbook (ADR 063).
 */
export async function readYearComments(
  q: Queryable,
  year: number,
  clientIds: readonly string[] | null,
  actor: string,
): Promise<YearCommentAnswer[]> {
  const { rows } = await q.query<RawComment & { client_id: string; client_name: string }>(
    `select x.*, c.client_id::text, k.name as client_name
       from (${COMMENT_SELECT}) x join comments c on c.id = x.id::bigint join clients k on k.id = c.client_id
      where c.year = $1 and ${clientIds === null ? 'true' : 'c.client_id = any($2::uuid[])'}
      order by c.id`,
    clientIds === null ? [year] : [year, clientIds],
  );
  return rows.map((r) => ({ ...toComment(r, actor), clientId: r.client_id, clientName: r.client_name }));
}

export async function readComment(q: Queryable, id: number, actor: string): Promise<CommentAnswer | undefined> {
  const { rows } = await q.query<RawComment>(`${COMMENT_SELECT} where c.id = $1`, [id]);
  return rows[0] && toComment(rows[0], actor);
}

/** Who wrote a comment, where, and its thread's first comment. */
export interface CommentOwner extends CommentPlace {
  id: number;
  clientId: string;
  year: number;
  author: string;
  rootId: number;
}

export async function commentOwner(q: Queryable, id: number): Promise<CommentOwner | undefined> {
  const { rows } = await q.query<{
    id: string;
    client_id: string;
    year: number;
    author: string;
    root_id: string;
    line_id: string | null;
    month: number | null;
    measure: number | null;
  }>(
    `select id::text, client_id::text, year, author, coalesce(parent_id, id)::text as root_id, line_id::text, month, measure
       from comments where id = $1`,
    [id],
  );
  const r = rows[0];
  return (
    r && {
      id: Number(r.id),
      clientId: r.client_id,
      year: Number(r.year),
      author: r.author,
      rootId: Number(r.root_id),
      lineId: r.line_id,
      month: r.month === null ? null : Number(r.month),
      field: measureOf(r.measure),
    }
  );
}

export async function insertComment(
  q: Queryable,
  c: CommentPlace & {
    clientId: string;
    year: number;
    parentId: number | null;
    author: string;
    text: string;
    mentions: string[];
  },
): Promise<number> {
  const { rows } = await q.query<{ id: string }>(
    `insert into comments (client_id, year, line_id, month, measure, parent_id, author, text, mentions)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[]) returning id::text`,
    [c.clientId, c.year, c.lineId, c.month, measureIndex(c.field), c.parentId, c.author, c.text, c.mentions],
  );
  return Number(rows[0]!.id);
}

export async function updateCommentText(q: Queryable, id: number, text: string): Promise<void> {
  await q.query(`update comments set text = $2, edited_at = now() where id = $1`, [id, text]);
}

/** Resolves or reopens a thread (its first comment). */
export async function setThreadResolved(q: Queryable, rootId: number, resolved: boolean): Promise<void> {
  await q.query(`update comments set resolved = $2 where id = $1`, [rootId, resolved]);
}

/** Deletes a comment; a thread's first comment takes its replies with it. */
export async function deleteComment(q: Queryable, id: number): Promise<void> {
  await q.query(`delete from comments where id = $1`, [id]);
}

/** The distinct authors of a thread. */
export async function threadAuthors(q: Queryable, rootId: number): Promise<string[]> {
  const { rows } = await q.query<{ author: string }>(
    `select distinct author from comments where id = $1 or parent_id = $1`,
    [rootId],
  );
  return rows.map((r) => r.author);
}

/** A line's client, year and names; undefined when it does not exist. */
export async function lineWithNames(
  q: Queryable,
  lineId: string,
): Promise<{ clientId: string; year: number; lineName: string; poleName: string } | undefined> {
  const { rows } = await q.query<{ client_id: string; year: number; line_name: string; pole_name: string }>(
    `select p.client_id::text, l.year, l.name as line_name, p.name as pole_name
       from budget_line_items l join expertise_poles p on p.id = l.expertise_pole_id where l.id = $1`,
    [lineId],
  );
  const r = rows[0];
  return r && { clientId: r.client_id, year: Number(r.year), lineName: r.line_name, poleName: r.pole_name };
}

/** A client's name, or undefined when it does not exist. */
export async function clientName(q: Queryable, clientId: string): Promise<string | undefined> {
  const { rows } = await q.query<{ name: string }>(`select name from clients where id = $1`, [clientId]);
  return rows[0]?.name;
}

/** The active users who can see the client (every client, or assigned it), by name; none without accounts. */
export async function peopleOf(q: Queryable, clientId: string): Promise<CommentPeopleAnswer> {
  const { rows } = await q.query<{ id: string; name: string; email: string }>(
    `select u.id, coalesce(nullif(u.name, ''), u.email) as name, u.email from auth_user u
      where not u.disabled
        and (u.all_clients or exists (select 1 from user_clients uc where uc.user_id = u.id and uc.client_id = $1))
      order by lower(coalesce(nullif(u.name, ''), u.email)), u.email`,
    [clientId],
  );
  return rows;
}

// ---- the backup (docs/product.md#file-json-backup) --------------------------------------------------

interface RawBackupPlace {
  client_id: string;
  year: number;
  line_id: string | null;
  month: number | null;
  measure: number | null;
}
const placeOf = (r: RawBackupPlace) => ({
  clientId: r.client_id,
  year: Number(r.year),
  lineId: r.line_id,
  month: r.month === null ? null : Number(r.month),
  field: measureOf(r.measure),
});

/**
 * Every comment and notification of the clients of `scope` (null: every client), ids ascending —
 * what the version 2 backup holds beside the budgets.
 */
export async function readConversation(
  q: Queryable,
  scope: readonly string[] | null,
): Promise<{ comments: BackupComment[]; notifications: BackupNotification[] }> {
  const inScope = `($1::uuid[] is null or client_id = any($1::uuid[]))`;
  const { rows: comments } = await q.query<
    RawBackupPlace & {
      id: string;
      parent_id: string | null;
      author: string;
      text: string;
      at: Date | string;
      edited_at: Date | string | null;
      resolved: boolean;
      mentions: string[];
      gap_month: number | null;
    }
  >(
    `select c.id::text, c.client_id::text, c.year, c.line_id::text, c.month, c.measure, c.parent_id::text, c.author,
            c.text, c.at, c.edited_at, c.resolved, c.mentions, j.month as gap_month
       from comments c left join variance_justifications j on j.comment_id = c.id
      where ($1::uuid[] is null or c.client_id = any($1::uuid[])) order by c.id`,
    [scope],
  );
  const { rows: notifications } = await q.query<
    RawBackupPlace & {
      id: string;
      recipient: string;
      kind: CommentNotificationKind;
      at: Date | string;
      read: boolean;
      text: string;
      comment_id: string | null;
    }
  >(
    `select id::text, recipient, kind, at, read, text, client_id::text, year, line_id::text, month, measure, comment_id::text
       from notifications where ${inScope} and kind <> 'alert' order by id`,
    [scope],
  );
  return {
    comments: comments.map((r) => ({
      id: Number(r.id),
      ...placeOf(r),
      parentId: r.parent_id === null ? null : Number(r.parent_id),
      author: r.author,
      text: r.text,
      at: iso(r.at),
      editedAt: r.edited_at === null ? null : iso(r.edited_at),
      resolved: r.resolved,
      mentions: r.mentions,
      ...(r.gap_month === null ? {} : { gapMonth: Number(r.gap_month) }),
    })),
    notifications: notifications.map((r) => ({
      id: Number(r.id),
      recipient: r.recipient,
      kind: r.kind,
      at: iso(r.at),
      read: r.read,
      text: r.text,
      ...placeOf(r),
      commentId: r.comment_id === null ? null : Number(r.comment_id),
    })),
  };
}

/** Replaces every comment and notification with these (a restore), keeping their ids; new ones follow them. */
export async function replaceConversation(
  q: Queryable,
  { comments, notifications }: { comments: readonly BackupComment[]; notifications: readonly BackupNotification[] },
): Promise<void> {
  await q.query('delete from notifications');
  await q.query('delete from comments');
  // One statement: a reply may come before its thread in a hand-made file (the key is checked at its end).
  await q.query(
    `insert into comments (id, client_id, year, line_id, month, measure, parent_id, author, text, at, edited_at, resolved, mentions)
     overriding system value
     select id, client_id, year, line_id, month, measure, parent_id, author, text, at, edited_at, resolved,
            coalesce((select array_agg(m) from jsonb_array_elements_text(mentions) m), '{}')
       from unnest($1::bigint[], $2::uuid[], $3::smallint[], $4::uuid[], $5::smallint[], $6::smallint[], $7::bigint[],
                   $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::boolean[], $13::jsonb[])
         as c(id, client_id, year, line_id, month, measure, parent_id, author, text, at, edited_at, resolved, mentions)`,
    [
      comments.map((c) => c.id),
      comments.map((c) => c.clientId),
      comments.map((c) => c.year),
      comments.map((c) => c.lineId),
      comments.map((c) => c.month),
      comments.map((c) => measureIndex(c.field)),
      comments.map((c) => c.parentId),
      comments.map((c) => c.author),
      comments.map((c) => c.text),
      comments.map((c) => c.at),
      comments.map((c) => c.editedAt),
      comments.map((c) => c.resolved),
      comments.map((c) => JSON.stringify(c.mentions)),
    ],
  );
  // The justifications of gaps (docs/product.md#variance): their links went with the comments' deletion.
  const justified = comments.filter((c) => c.gapMonth !== undefined);
  await q.query(
    `insert into variance_justifications (comment_id, client_id, year, month)
     select * from unnest($1::bigint[], $2::uuid[], $3::smallint[], $4::smallint[])`,
    [
      justified.map((c) => c.id),
      justified.map((c) => c.clientId),
      justified.map((c) => c.year),
      justified.map((c) => c.gapMonth),
    ],
  );
  await q.query(
    `insert into notifications (id, recipient, kind, at, read, text, client_id, year, line_id, month, measure, comment_id)
     overriding system value
     select * from unnest($1::bigint[], $2::text[], $3::text[], $4::timestamptz[], $5::boolean[], $6::text[], $7::uuid[],
                          $8::smallint[], $9::uuid[], $10::smallint[], $11::smallint[], $12::bigint[])`,
    [
      notifications.map((n) => n.id),
      notifications.map((n) => n.recipient),
      notifications.map((n) => n.kind),
      notifications.map((n) => n.at),
      notifications.map((n) => n.read),
      notifications.map((n) => n.text),
      notifications.map((n) => n.clientId),
      notifications.map((n) => n.year),
      notifications.map((n) => n.lineId),
      notifications.map((n) => n.month),
      notifications.map((n) => measureIndex(n.field)),
      notifications.map((n) => n.commentId),
    ],
  );
  // The identities go on after the largest id restored.
  for (const table of ['comments', 'notifications']) {
    await q.query(
      `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    );
  }
}
