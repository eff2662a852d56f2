/**
 * The zod schemas of the comment and notification routes (docs/product.md#comments), apart from
 * comments.ts so the first bundle does not carry zod. French messages, shown as they are.
 */
import { z } from 'zod';
import { COMMENT_TEXTS, MAX_COMMENT_LENGTH, MAX_MENTIONS, NOTIFICATION_LEVELS } from './comments';
import { idSchema, measureSchema, monthSchema, yearSchema, yearText } from './schemas';

/** A comment's text: not blank, at most MAX_COMMENT_LENGTH characters, no NUL. Kept as typed. */
export const commentText = z
  .string({ error: 'Le commentaire doit être un texte.' })
  .refine((s) => s.trim().length > 0, { error: COMMENT_TEXTS.empty })
  .refine((s) => s.length <= MAX_COMMENT_LENGTH, { error: COMMENT_TEXTS.tooLong })
  .refine((s) => !s.includes('\u0000'), { error: COMMENT_TEXTS.nul });

/** A comment or notification id in a path or a body: a positive safe integer. */
const commentId = (what: string) =>
  z
    .number({ error: `${what} doit être un nombre.` })
    .int({ error: `${what} doit être un entier.` })
    .min(1, { error: `${what} doit être au moins 1.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${what} est trop grand.` });

/** `POST /api/comments`: a new thread (on a cell, a line or the client-year) or a reply (parentId). */
export const createCommentBody = z
  .strictObject({
    clientId: idSchema,
    year: yearSchema,
    lineId: idSchema.nullish(),
    month: monthSchema.nullish(),
    field: measureSchema.nullish(),
    parentId: commentId('parentId').nullish(),
    // docs/product.md#variance: a client-year thread justifying the gap à date at this month.
    gapMonth: monthSchema.nullish(),
    text: commentText,
    mentions: z
      .array(z.string({ error: 'Une mention est un identifiant d’utilisateur.' }).min(1).max(64), {
        error: 'mentions doit être une liste d’identifiants d’utilisateurs.',
      })
      .max(MAX_MENTIONS, { error: `Au plus ${MAX_MENTIONS} mentions par commentaire.` })
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (((b.month ?? null) === null) !== ((b.field ?? null) === null)) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: COMMENT_TEXTS.monthAndField });
    } else if (b.month !== undefined && b.month !== null && (b.lineId ?? null) === null) {
      ctx.addIssue({ code: 'custom', path: ['lineId'], message: COMMENT_TEXTS.cellWithoutLine });
    } else if ((b.gapMonth ?? null) !== null && ((b.lineId ?? null) !== null || (b.parentId ?? null) !== null)) {
      ctx.addIssue({ code: 'custom', path: ['gapMonth'], message: COMMENT_TEXTS.gapOnClientYear });
    }
  });
export type CreateCommentBody = z.input<typeof createCommentBody>;

/** `GET /api/comments?clientId=&year=`. */
export const commentsQuery = z.object({ clientId: idSchema, year: yearText });

/** `GET /api/comments/people?clientId=`: who may be mentioned on that client. */
export const commentPeopleQuery = z.object({ clientId: idSchema });

/** The path of `/api/comments/:id`. */
export const commentParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, { error: COMMENT_TEXTS.notFound })
    .transform(Number),
});

/** `PATCH /api/comments/:id {text?, resolved?}`: one's own text, or the thread resolved / reopened. */
export const patchCommentBody = z
  .strictObject({
    text: commentText.optional(),
    resolved: z.boolean({ error: 'resolved doit être vrai ou faux.' }).optional(),
  })
  .refine((b) => b.text !== undefined || b.resolved !== undefined, { error: COMMENT_TEXTS.nothingToChange });
export type PatchCommentBody = z.input<typeof patchCommentBody>;

/** `POST /api/notifications/read {ids} | {all: true}`. */
export const readNotificationsBody = z.union(
  [
    z.strictObject({
      ids: z
        .array(commentId('Un identifiant de notification'), { error: 'ids doit être une liste d’identifiants.' })
        .min(1, { error: 'ids ne peut pas être vide.' })
        .max(1000, { error: 'Au plus 1 000 notifications à la fois.' }),
    }),
    z.strictObject({ all: z.literal(true, { error: 'all doit valoir true.' }) }),
  ],
  { error: 'Donnez ids (une liste) ou all: true.' },
);
export type ReadNotificationsBody = z.input<typeof readNotificationsBody>;

/** `PUT /api/notifications/settings {level}`. */
export const notificationSettingsBody = z.strictObject({
  level: z.enum(NOTIFICATION_LEVELS, { error: 'level doit valoir all, mentions ou none.' }),
});
export type NotificationSettingsBody = z.input<typeof notificationSettingsBody>;
