/**
 * Comments, mentions and notifications (docs/product.md#comments): the limits, the French texts
 * the server answers and the notifications carry, and how the browser groups a client-year's
 * comments into threads. zod-free, so the browser's first bundle can import it.
 */
import type { Measure } from './measures';
import { MEASURE_LABELS } from './measures';
import { CALENDAR_YEAR, monthName, type FiscalSettings } from './fiscal-year';

/** Longest comment, in UTF-16 code units (what `string.length` counts). */
export const MAX_COMMENT_LENGTH = 10_000;
/** Most users one comment may mention. */
export const MAX_MENTIONS = 50;
/** Characters of a comment a notification quotes. */
export const EXCERPT_LENGTH = 140;

/** Who is told what (per user): « Tout », « Réponses et mentions », « Rien ». */
export const NOTIFICATION_LEVELS = ['all', 'mentions', 'none'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
export const NOTIFICATION_LEVEL_LABELS: Record<NotificationLevel, string> = {
  all: 'Tout',
  mentions: 'Réponses et mentions',
  none: 'Rien',
};
/** A user who never chose: everything (Grist's default). */
export const DEFAULT_NOTIFICATION_LEVEL: NotificationLevel = 'all';

/**
 * Kinds of notification; an alert (docs/product.md#alerts) is told only at the level « Tout »;
 * 'signoff': a budget submitted, validated or sent back (docs/product.md#sign-off, ADR 055).
 */
export const NOTIFICATION_KINDS = ['mention', 'reply', 'alert', 'signoff'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The kinds a comment causes: the only ones a backup holds (alerts are figures' state, recomputed). */
export const COMMENT_NOTIFICATION_KINDS = ['mention', 'reply'] as const;
export type CommentNotificationKind = (typeof COMMENT_NOTIFICATION_KINDS)[number];
/** The kinds a backup holds: not the alerts, which the evaluation recomputes (ADR 053). */
export const BACKED_UP_NOTIFICATION_KINDS = [...COMMENT_NOTIFICATION_KINDS, 'signoff'] as const;

/** A comment as the version 2 backup holds it (docs/product.md#file-json-backup). */
export interface BackupComment extends CommentPlace {
  id: number;
  clientId: string;
  year: number;
  parentId: number | null;
  author: string;
  text: string;
  /** ISO instants. */
  at: string;
  editedAt: string | null;
  resolved: boolean;
  mentions: string[];
  /**
   * A justification of a gap (docs/product.md#variance): the cut-off month it explains. Absent
   * for any other comment, and in files written before it was carried.
   */
  gapMonth?: number | undefined;
}

/** A notification as the version 2 backup holds it. */
export interface BackupNotification extends CommentPlace {
  id: number;
  recipient: string;
  kind: (typeof BACKED_UP_NOTIFICATION_KINDS)[number];
  at: string;
  read: boolean;
  text: string;
  clientId: string;
  year: number;
  commentId: number | null;
}

/** Where a comment sits: a cell (line, month, measure), a line, or the client-year (all null). */
export interface CommentPlace {
  lineId: string | null;
  month: number | null;
  field: Measure | null;
}

export const COMMENT_TEXTS = {
  empty: 'Le commentaire ne peut pas être vide.',
  tooLong: 'Le commentaire ne peut pas dépasser 10 000 caractères.',
  nul: 'Le commentaire contient un caractère interdit (NUL).',
  notFound: 'Commentaire introuvable.',
  monthAndField: 'Un commentaire de cellule donne le mois et la mesure (month et field), ou aucun des deux.',
  cellWithoutLine: 'Un commentaire de cellule donne aussi sa ligne (lineId).',
  otherThread: "Ce fil appartient à un autre client ou à un autre exercice : la réponse n'a pas été enregistrée.",
  editOthers: 'Vous ne pouvez modifier que vos propres commentaires.',
  deleteOthers: 'Vous ne pouvez supprimer que vos propres commentaires.',
  nothingToChange: 'Rien à modifier : donnez text ou resolved.',
  mentionUnknown: (id: string) => `Mention impossible : l’utilisateur « ${id} » est inconnu ou ne voit pas ce client.`,
  deletedLine: 'ligne supprimée',
  gapOnClientYear:
    'Une justification d’écart (gapMonth) ouvre un fil du client-exercice : sans ligne, sans cellule et sans répondre à un fil.',
} as const;

/**
 * What a notification says where its comment is: « Paid › Meta, Mars (Réel) », « Paid › Meta »,
 * « Exercice 2027 »; the month named as the fiscal year does (« Septembre 2025 »,
 * docs/product.md#fiscal-years).
 */
export function placeLabel(
  place: CommentPlace & { lineName: string | null; poleName: string | null },
  year: number,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): string {
  if (place.lineId === null) return `Exercice ${year}`;
  const line =
    place.lineName === null ? `« ${COMMENT_TEXTS.deletedLine} »` : `${place.poleName ?? ''} › ${place.lineName}`.trim();
  if (place.month === null || place.field === null) return line;
  return `${line}, ${monthName(fiscal, year, place.month)} (${MEASURE_LABELS[place.field]})`;
}

/** The first EXCERPT_LENGTH characters of a text on one line, with « … » when cut. */
export function excerpt(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= EXCERPT_LENGTH ? flat : `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…`;
}

/** The French text of a notification. */
export function notificationText(
  kind: CommentNotificationKind,
  n: { by: string; clientName: string; place: string; text: string },
): string {
  const what = kind === 'mention' ? 'vous a mentionné' : 'a répondu';
  return `${n.by} ${what} — ${n.clientName}, ${n.place} : « ${excerpt(n.text)} »`;
}

/** The key of a cell's place, for the corner marks: `lineId:month:field`. */
export const cellKey = (lineId: string, month: number, field: Measure) => `${lineId}:${month}:${field}`;

/** A comment as the browser groups it (the answer's fields it needs). */
export interface ThreadComment extends CommentPlace {
  id: number;
  parentId: number | null;
  resolved: boolean;
}

/** A thread: its first comment and its replies, oldest first. */
export interface Thread<C extends ThreadComment> {
  root: C;
  replies: C[];
}

/**
 * The comments of a client-year (ids ascending, as the server answers) grouped into threads, newest
 * thread first; a reply whose first comment is missing is dropped (it went with its thread).
 */
export function threadsOf<C extends ThreadComment>(comments: readonly C[]): Thread<C>[] {
  const byRoot = new Map<number, Thread<C>>();
  for (const c of comments) if (c.parentId === null) byRoot.set(c.id, { root: c, replies: [] });
  for (const c of comments) if (c.parentId !== null) byRoot.get(c.parentId)?.replies.push(c);
  return [...byRoot.values()].sort((a, b) => b.root.id - a.root.id);
}

/** The cells holding an open thread (their cellKey). */
export function openCells(comments: readonly ThreadComment[]): Set<string> {
  const keys = new Set<string>();
  for (const c of comments) {
    if (c.parentId === null && !c.resolved && c.lineId !== null && c.month !== null && c.field !== null) {
      keys.add(cellKey(c.lineId, c.month, c.field));
    }
  }
  return keys;
}

/**
 * The `@` being typed at `caret` in `text`: the query after it (letters, digits, . _ -), or null
 * when the caret is not in a mention (an `@` must start the text or follow a space).
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|\s)@([\p{L}\p{N}._-]*)$/u.exec(before);
  if (!m) return null;
  return { start: caret - m[2]!.length - 1, query: m[2]! };
}

/** The users whose name or email matches a mention query (accents and case aside), at most `limit`. */
export function matchPeople<P extends { name: string; email: string }>(
  people: readonly P[],
  query: string,
  limit = 8,
): P[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query);
  return people.filter((p) => fold(p.name).includes(q) || fold(p.email).includes(q)).slice(0, limit);
}

/** The ids of the people still named `@name` in the text (a mention picked then erased is dropped). */
export function mentionsIn<P extends { id: string; name: string }>(text: string, picked: readonly P[]): string[] {
  return [...new Set(picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.id))];
}
