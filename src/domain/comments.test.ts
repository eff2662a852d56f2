import { describe, expect, it } from 'vitest';
import {
  EXCERPT_LENGTH,
  cellKey,
  excerpt,
  matchPeople,
  mentionQueryAt,
  mentionsIn,
  notificationText,
  openCells,
  placeLabel,
  threadsOf,
  type ThreadComment,
} from './comments';

const c = (id: number, parentId: number | null, extra: Partial<ThreadComment> = {}): ThreadComment => ({
  id,
  parentId,
  resolved: false,
  lineId: null,
  month: null,
  field: null,
  ...extra,
});

describe('threadsOf', () => {
  it('groups replies under their first comment, newest thread first, replies oldest first', () => {
    const threads = threadsOf([c(1, null), c(2, 1), c(3, null), c(4, 1), c(5, 3)]);
    expect(threads.map((t) => [t.root.id, t.replies.map((r) => r.id)])).toEqual([
      [3, [5]],
      [1, [2, 4]],
    ]);
  });
  it.each([
    ['nothing', [], []],
    ['a reply whose thread is gone', [c(7, 6)], []],
  ])('%s', (_name, comments, expected) => {
    expect(threadsOf(comments)).toEqual(expected);
  });
});

describe('openCells', () => {
  it('holds the cells of open threads only: not resolved ones, lines, client-years or replies', () => {
    const cell = { lineId: 'L', month: 2, field: 'reel' as const };
    const keys = openCells([
      c(1, null, cell),
      c(2, null, { ...cell, month: 3, resolved: true }),
      c(3, null, { lineId: 'L' }),
      c(4, null),
      c(5, 2, { ...cell, month: 4 }),
    ]);
    expect([...keys]).toEqual([cellKey('L', 2, 'reel')]);
  });
});

describe('mentions', () => {
  it.each([
    ['@', 1, { start: 0, query: '' }],
    ['bonjour @cam', 12, { start: 8, query: 'cam' }],
    ['bonjour @cam', 10, { start: 8, query: 'c' }],
    ['a@b.fr', 6, null],
    ['@camille ok', 11, null],
    ['', 0, null],
  ])('%j at %i → %j', (text, caret, expected) => {
    expect(mentionQueryAt(text, caret)).toEqual(expected);
  });

  const people = [
    { id: '1', name: 'Camille Martin', email: 'camille@agence.fr' },
    { id: '2', name: 'Hélène Dupont', email: 'helene@agence.fr' },
    { id: '3', name: 'jean@agence.fr', email: 'jean@agence.fr' },
  ];
  it.each([
    ['', ['1', '2', '3']],
    ['hele', ['2']],
    ['HÉL', ['2']],
    ['agence', ['1', '2', '3']],
    ['martin', ['1']],
    ['zoé', []],
  ])('matches %j accents and case aside', (query, ids) => {
    expect(matchPeople(people, query).map((p) => p.id)).toEqual(ids);
  });
  it('keeps the people still named in the text, once each', () => {
    expect(mentionsIn('@Camille Martin et @Camille Martin', people)).toEqual(['1']);
    expect(mentionsIn('plus personne', people)).toEqual([]);
    expect(mentionsIn('@Hélène Dupont voir @jean@agence.fr', people)).toEqual(['2', '3']);
  });
});

describe('what a notification says', () => {
  const place = { lineId: 'L', month: 2, field: 'reel' as const, lineName: 'Meta', poleName: 'Paid' };
  it.each([
    [place, 'Paid › Meta, Mars (Réel)'],
    [{ ...place, month: null, field: null }, 'Paid › Meta'],
    [{ ...place, lineName: null, poleName: null }, '« ligne supprimée », Mars (Réel)'],
    [{ ...place, lineId: null, month: null, field: null }, 'Exercice 2027'],
  ])('places %j as %j', (p, text) => {
    expect(placeLabel(p, 2027)).toBe(text);
  });
  it('quotes a flattened excerpt, cut with an ellipsis', () => {
    expect(excerpt('  a\n\nb  ')).toBe('a b');
    const long = excerpt('x'.repeat(EXCERPT_LENGTH + 1));
    expect(long).toHaveLength(EXCERPT_LENGTH);
    expect(long.endsWith('…')).toBe(true);
    expect(excerpt('y'.repeat(EXCERPT_LENGTH))).toBe('y'.repeat(EXCERPT_LENGTH));
  });
  it.each([
    ['mention', 'Camille vous a mentionné — Acme, Exercice 2027 : « ok »'],
    ['reply', 'Camille a répondu — Acme, Exercice 2027 : « ok »'],
  ] as const)('%s', (kind, text) => {
    expect(notificationText(kind, { by: 'Camille', clientName: 'Acme', place: 'Exercice 2027', text: 'ok' })).toBe(
      text,
    );
  });
});
