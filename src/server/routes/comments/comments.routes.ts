/**
 * Comments (docs/product.md#comments, ADR 050): POST/GET/PATCH/DELETE /api/comments, a year's
 * comments of every client in scope (GET /api/comments/all, ADR 063) and the people a comment may
 * mention (GET /api/comments/people). Scope and roles as data, but a viewer may comment
 * (policy.ts `conversationWrite`); a client outside the scope → 404. One's own text only: editing or
 * deleting someone else's comment → 403; anyone who may see the thread resolves or reopens it. A new
 * comment notifies the users it mentions and, for a reply, the thread's other authors (their level
 * permitting); once committed, the client-year's readers and the notified users are told live. With
 * SMTP_URL set, each mention also queues an e-mail in the same transaction (ADR 053).
 */
import type { CommentAnswer, CommentPeopleAnswer, CommentsAnswer, YearCommentsAnswer } from '@/domain/answers';
import { Hono, type Context } from 'hono';
import { COMMENT_TEXTS, notificationText, placeLabel, type CommentPlace } from '@/domain/comments';
import {
  commentParams,
  commentPeopleQuery,
  commentsQuery,
  createCommentBody,
  patchCommentBody,
} from '@/domain/comments-schemas';
import type { Db, Queryable } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { ApiError, notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, lineNotFound } from '@/server/lib/messages';
import type { Live } from '@/server/live/hub';
import { accessOf, forbidden, guardClient, inScope, scopeIds } from '@/server/policy/policy';
import { mentionMail } from '@/domain/mail';
import { noMailer, type Mailer } from '@/server/mail/mailer';
import { enqueueMails } from '@/server/mail/outbox.repo';
import { insertNotifications, levelsOf, type NewNotification } from '../notifications/notifications.repo';
import {
  clientName,
  commentOwner,
  deleteComment,
  insertComment,
  lineWithNames,
  peopleOf,
  readComment,
  readComments,
  readYearComments,
  setThreadResolved,
  threadAuthors,
  updateCommentText,
} from './comments.repo';
import { linkJustification } from '../variance/variance.repo';
import { readFiscalSettings } from '../settings/settings.repo';

const invalid = (message: string, path: string) => new ApiError(400, 'validation', message, [{ path, message }]);

/** A comment by id whose client the caller may see, or 404. */
async function ownerInScope(c: Context, q: Queryable, id: number) {
  const owner = await commentOwner(q, id);
  if (!owner || !inScope(accessOf(c), owner.clientId)) throw notFound(COMMENT_TEXTS.notFound);
  return owner;
}

/** The client's name, or 404. */
async function existingClient(q: Queryable, clientId: string): Promise<string> {
  const name = await clientName(q, clientId);
  if (name === undefined) throw notFound(CLIENT_NOT_FOUND);
  return name;
}

export function commentsRoutes(db: Db, live: Live, mail: Mailer = noMailer()) {
  return (
    new Hono()
      .get('/comments', async (c) => {
        const { clientId, year } = validate(commentsQuery, c.req.query());
        guardClient(c, clientId, 'read');
        const comments = await db.transaction(async (tx) => {
          await existingClient(tx, clientId);
          return readComments(tx, clientId, year, actorOf(c));
        });
        return c.json(comments satisfies CommentsAnswer);
      })
      // Every client's comments of a year, in the caller's scope: the all-clients workbook (ADR 063).
      .get('/comments/all', async (c) => {
        const year = await yearOf(c);
        const comments = await readYearComments(db, year, scopeIds(c), actorOf(c));
        return c.json(comments satisfies YearCommentsAnswer);
      })
      .get('/comments/people', async (c) => {
        const { clientId } = validate(commentPeopleQuery, c.req.query());
        guardClient(c, clientId, 'read');
        const people = await db.transaction(async (tx) => {
          await existingClient(tx, clientId);
          return peopleOf(tx, clientId);
        });
        return c.json(people satisfies CommentPeopleAnswer);
      })
      .post('/comments', async (c) => {
        const body = validate(createCommentBody, await readJson(c));
        const { clientId, year } = body;
        guardClient(c, clientId, 'read');
        const author = actorOf(c);
        const { comment, notified, mailed } = await db.transaction(async (tx) => {
          const name = await existingClient(tx, clientId);
          let place: CommentPlace = {
            lineId: body.lineId ?? null,
            month: body.month ?? null,
            field: body.field ?? null,
          };
          let rootId: number | null = null;
          if (body.parentId !== undefined && body.parentId !== null) {
            const parent = await commentOwner(tx, body.parentId);
            if (!parent || !inScope(accessOf(c), parent.clientId)) throw notFound(COMMENT_TEXTS.notFound);
            if (parent.clientId !== clientId || parent.year !== year)
              throw invalid(COMMENT_TEXTS.otherThread, 'parentId');
            // A reply to a reply joins the thread; it sits where the thread sits.
            rootId = parent.rootId;
            place = { lineId: parent.lineId, month: parent.month, field: parent.field };
          } else if (place.lineId !== null) {
            const line = await lineWithNames(tx, place.lineId);
            if (!line || line.clientId !== clientId || line.year !== year) throw notFound(lineNotFound(year));
          }
          const people = await peopleOf(tx, clientId);
          const mentions = [...new Set(body.mentions ?? [])];
          const unknown = mentions.find((id) => !people.some((p) => p.id === id));
          if (unknown !== undefined) throw invalid(COMMENT_TEXTS.mentionUnknown(unknown), 'mentions');
          const id = await insertComment(tx, {
            ...place,
            clientId,
            year,
            parentId: rootId,
            author,
            text: body.text,
            mentions,
          });
          // docs/product.md#variance: the thread justifies the gap at that cut-off month.
          const gapMonth = body.gapMonth ?? null;
          if (gapMonth !== null) await linkJustification(tx, id, clientId, year, gapMonth);
          const comment = (await readComment(tx, id, actorOf(c)))!;

          // Who is told: the mentioned, then (a reply) the thread's other authors who still see the client.
          const mentioned = people.filter((p) => mentions.includes(p.id)).map((p) => p.email);
          const repliedTo =
            rootId === null
              ? []
              : (await threadAuthors(tx, rootId)).filter(
                  (a) => !mentioned.includes(a) && people.some((p) => p.email === a),
                );
          const recipients = [
            ...mentioned.map((r) => ({ r, kind: 'mention' as const })),
            ...repliedTo.map((r) => ({ r, kind: 'reply' as const })),
          ].filter(({ r }) => r !== author);
          const levels = await levelsOf(
            tx,
            recipients.map(({ r }) => r),
          );
          const where = placeLabel(
            { ...place, lineName: comment.lineName, poleName: comment.poleName },
            year,
            await readFiscalSettings(tx),
          );
          const list: NewNotification[] = recipients
            .filter(({ r }) => levels.get(r) !== 'none')
            .map(({ r, kind }) => ({
              ...place,
              recipient: r,
              kind,
              text: notificationText(kind, { by: comment.authorName, clientName: name, place: where, text: body.text }),
              clientId,
              year,
              commentId: id,
            }));
          await insertNotifications(tx, list);
          // One e-mail per mention (docs/product.md#e-mail), queued with the comment, sent after commit.
          const mails = mail.enabled
            ? list
                .filter((n) => n.kind === 'mention')
                .map((n) => ({
                  recipient: n.recipient,
                  ...mentionMail({
                    by: comment.authorName,
                    clientName: name,
                    place: where,
                    text: body.text,
                    link: mail.link,
                  }),
                }))
            : [];
          await enqueueMails(tx, mails);
          return { comment, notified: list.map((n) => n.recipient), mailed: mails.length > 0 };
        });
        live.commentsChanged(clientId, year);
        for (const actor of notified) live.notified(actor);
        if (mailed) mail.queued();
        return c.json(comment satisfies CommentAnswer, 201);
      })
      .patch('/comments/:id', async (c) => {
        const { id } = validate(commentParams, c.req.param());
        const body = validate(patchCommentBody, await readJson(c));
        const { comment, owner } = await db.transaction(async (tx) => {
          const owner = await ownerInScope(c, tx, id);
          if (body.text !== undefined) {
            if (owner.author !== actorOf(c)) throw forbidden(COMMENT_TEXTS.editOthers);
            await updateCommentText(tx, id, body.text);
          }
          if (body.resolved !== undefined) await setThreadResolved(tx, owner.rootId, body.resolved);
          return { comment: (await readComment(tx, id, actorOf(c)))!, owner };
        });
        live.commentsChanged(owner.clientId, owner.year);
        return c.json(comment satisfies CommentAnswer);
      })
      .delete('/comments/:id', async (c) => {
        const { id } = validate(commentParams, c.req.param());
        const owner = await db.transaction(async (tx) => {
          const owner = await ownerInScope(c, tx, id);
          if (owner.author !== actorOf(c)) throw forbidden(COMMENT_TEXTS.deleteOthers);
          await deleteComment(tx, id);
          return owner;
        });
        live.commentsChanged(owner.clientId, owner.year);
        return c.body(null, 204);
      })
  );
}
