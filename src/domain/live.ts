/**
 * The wire of live updates (docs/product.md#live-updates, ADR 034/035): what `GET /api/events`
 * sends and `GET/PUT /api/presence` carry, shared by the server that writes it and the browser that
 * reads it, and the initials both show beside a name.
 */
import type { PresenceAnswer } from './answers';
import type { HistorySource } from './history';
import type { Measure } from './measures';

/** Most cells a change event carries; an entry of more is announced without them (refetch). */
export const MAX_EVENT_CELLS = 500;

/** A request's tab id header: the history entry it writes keeps it as its `origin`. */
export const TAB_ID_HEADER = 'X-Tab-Id';

/** One new cell value of a change event, in euros as every budget route speaks. */
export interface ChangeEventCell {
  lineId: string;
  month: number;
  field: Measure;
  value: number;
}

/** `event: change` — one committed history entry of the stream's year. */
export interface ChangeEvent {
  historyId: number;
  clientId: string | null;
  year: number;
  source: HistorySource;
  /** The actor: the user's email (accounts mode) or `local`. */
  by: string;
  /** The user's display name, or the actor itself when there is none. */
  byName: string;
  byInitials: string;
  /** The tab that made it (its X-Tab-Id), or null. */
  origin: string | null;
  /** Present only for an entry that changed monthly figures only, and at most MAX_EVENT_CELLS of them. */
  cells?: ChangeEventCell[];
}

/** Someone who has a client open, one item per tab (schema: answers.ts). */
export type PresenceUser = PresenceAnswer['users'][number];

/** `event: presence` — everyone who has that client of that year open now. */
export interface PresenceEvent {
  clientId: string;
  year: number;
  users: PresenceUser[];
}

/**
 * `event: comments` — the comments of that client-year changed (docs/product.md#comments): refetch
 * them. `event: notification` (data `{}`) — the reader's notifications changed: refetch them.
 */
export interface CommentsEvent {
  clientId: string;
  year: number;
}

/**
 * Initials of a display name or an email: the first letters of its first and last words
 * ('Camille Martin' → 'CM', 'jean-pierre.dupont@agence.fr' → 'JD'); a single word gives its first
 * two letters ('local' → 'LO'). Never empty.
 */
export function initialsOf(name: string): string {
  const base = name.includes('@') ? name.slice(0, name.indexOf('@')) : name;
  const words = base.split(/[\s._\-'’]+/u).filter((w) => /\p{L}|\p{N}/u.test(w));
  const letters = (w: string) => [...w].filter((ch) => /\p{L}|\p{N}/u.test(ch));
  if (words.length === 0) return '?';
  if (words.length === 1) return letters(words[0]!).slice(0, 2).join('').toUpperCase();
  return (letters(words[0]!)[0]! + letters(words.at(-1)!)[0]!).toUpperCase();
}

/** How many distinct badge colours presence has (the web app maps each index to a colour). */
export const BADGE_COLOURS = 8;

/**
 * The colour index (0 to BADGE_COLOURS − 1) of each user's presence badge (m19): from their id, so
 * a person keeps their colour; two badges shown together never share one (the next free colour
 * goes to the later one, up to BADGE_COLOURS people).
 */
export function badgeColours(ids: readonly string[]): number[] {
  const taken = new Set<number>();
  return ids.map((id) => {
    let hash = 0;
    for (const ch of id) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
    let colour = hash % BADGE_COLOURS;
    for (let i = 0; i < BADGE_COLOURS && taken.has(colour); i += 1) colour = (colour + 1) % BADGE_COLOURS;
    taken.add(colour);
    return colour;
  });
}
