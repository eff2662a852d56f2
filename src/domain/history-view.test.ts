import { describe, expect, it } from 'vitest';
import { monthNames } from './fiscal-year';
import {
  authorName,
  HISTORY_SOURCE_LABELS,
  actorLabel,
  historySourceText,
  cellName,
  cellNameIn,
  conflictText,
  entryCellLines,
  firstShownCell,
  formatHistoryAt,
  historyShortcut,
  type CellRef,
  type ShortcutKeys,
} from './history-view';
import { HISTORY_SOURCES } from './history';
import { assertCents as cents } from './money';
import { makeLine, makePole, SEPTEMBER_YEAR } from './testing/builders';

describe('HISTORY_SOURCE_LABELS', () => {
  it('names every source in French, each once', () => {
    expect(HISTORY_SOURCES.map((s) => HISTORY_SOURCE_LABELS[s])).toEqual([
      'Saisie',
      'Collage',
      'Import',
      'Report',
      'Annulation',
      'Restauration',
      'Structure',
      'Clôture',
      'Import comptable',
      'Version',
      'Atterrissage',
      'Validation',
    ]);
  });
});

describe('historySourceText', () => {
  it.each([
    ['comptabilité', '2026-11-27T09:00:00Z', 'Europe/Paris', 'Import comptable du 27/11/2026'],
    // Past midnight in Paris: the next day.
    ['comptabilité', '2026-12-31T23:30:00Z', 'Europe/Paris', 'Import comptable du 01/01/2027'],
    ['comptabilité', 'hier', 'UTC', 'Import comptable'],
    ['saisie', '2026-11-27T09:00:00Z', 'UTC', 'Saisie'],
  ] as const)('%s at %s in %s → %s', (source, at, zone, text) => {
    expect(historySourceText(source, at, zone)).toBe(text);
  });
});

describe('authorName (m18: « local » is never shown as a person)', () => {
  it.each([
    ['local', 'Vous (autre onglet)'],
    ['marie@agence.fr', 'marie@agence.fr'],
  ])('%j → %j', (actor, name) => {
    expect(authorName(actor)).toBe(name);
  });
});

describe('actorLabel', () => {
  it.each([
    ['local', 'Vous'],
    ['marie@agence.fr', 'marie@agence.fr'],
    // Only the exact word is the local actor.
    ['Local', 'Local'],
    ['', ''],
  ])('%j → %j', (actor, label) => {
    expect(actorLabel(actor)).toBe(label);
  });
});

describe('formatHistoryAt', () => {
  it.each([
    ['2026-03-05T08:07:00.000Z', 'Europe/Paris', '5 mars 2026 à 09:07'],
    // Summer time: UTC+2.
    ['2026-07-14T21:30:59.999Z', 'Europe/Paris', '14 juillet 2026 à 23:30'],
    // Past midnight in Paris: the next day, and the next year.
    ['2026-12-31T23:15:00Z', 'Europe/Paris', '1 janvier 2027 à 00:15'],
    ['2026-12-31T23:15:00Z', 'UTC', '31 décembre 2026 à 23:15'],
    ['2026-02-01T00:00:00Z', 'UTC', '1 février 2026 à 00:00'],
  ])('%s in %s → %s', (iso, zone, text) => {
    expect(formatHistoryAt(iso, zone)).toBe(text);
  });

  it('shows an unreadable instant as it came', () => {
    expect(formatHistoryAt('hier', 'UTC')).toBe('hier');
  });
});

describe('cellName / cellNameIn', () => {
  const ads = makeLine('Google Ads');
  const seo = makeLine('SEO');
  const poles = [makePole('Paid', [ads]), makePole('Organique', [seo])];

  it.each<[CellRef, string]>([
    [{ lineId: ads.id, month: 0, field: 'previsionnel' }, 'Paid · Google Ads · Janvier · Prévisionnel'],
    [{ lineId: seo.id, month: 11, field: 'achat' }, 'Organique · SEO · Décembre · Achat réel'],
    [{ lineId: seo.id, month: 1, field: 'achat_previsionnel' }, 'Organique · SEO · Février · Achat prévisionnel'],
    [{ lineId: 'gone', month: 2, field: 'reel' }, 'Ligne supprimée · Mars · Réel'],
  ])('%o → %s', (cell, name) => {
    expect(cellNameIn(poles, cell)).toBe(name);
  });

  it('names the month in the fiscal year when given its names (docs/product.md#fiscal-years)', () => {
    const names = monthNames(SEPTEMBER_YEAR, 2026);
    expect(cellName('Paid', 'Google Ads', 0, 'reel', names)).toBe('Paid · Google Ads · Septembre 2025 · Réel');
    expect(cellName('Paid', 'Google Ads', 11, 'reel', names)).toBe('Paid · Google Ads · Août 2026 · Réel');
  });

  it('is the grid’s accessible name', () => {
    expect(cellName('Paid', 'Meta', 4, 'reel')).toBe('Paid · Meta · Mai · Réel');
  });

  it('finds nothing in an empty budget', () => {
    expect(cellNameIn([], { lineId: ads.id, month: 0, field: 'reel' })).toBe('Ligne supprimée · Janvier · Réel');
  });
});

describe('conflictText', () => {
  const message = "Impossible d'annuler : une cellule a été modifiée depuis.";
  it.each<[string[], string]>([
    [[], message],
    [['Paid · Ads · Janvier · Réel'], `${message} Cellule : Paid · Ads · Janvier · Réel.`],
    [['A', 'B'], `${message} Cellules : A ; B.`],
    [['A', 'B', 'C'], `${message} Cellules : A ; B ; C.`],
    [['A', 'B', 'C', 'D'], `${message} Cellules : A ; B ; C et 1 autre.`],
    [['A', 'B', 'C', 'D', 'E', 'F'], `${message} Cellules : A ; B ; C et 3 autres.`],
  ])('%j', (names, text) => {
    expect(conflictText(message, names)).toBe(text);
  });
});

describe('historyShortcut', () => {
  const keys = (key: string, mods: Partial<ShortcutKeys> = {}): ShortcutKeys => ({
    key,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    ...mods,
  });
  it.each<[ShortcutKeys, 'undo' | 'redo' | null]>([
    [keys('z'), null],
    [keys('z', { ctrlKey: true }), 'undo'],
    [keys('z', { metaKey: true }), 'undo'],
    // Caps Lock on: the key reads upper case.
    [keys('Z', { ctrlKey: true }), 'undo'],
    [keys('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    [keys('z', { metaKey: true, shiftKey: true }), 'redo'],
    [keys('y', { ctrlKey: true }), 'redo'],
    [keys('Y', { metaKey: true }), 'redo'],
    [keys('y', { ctrlKey: true, shiftKey: true }), null],
    // AltGr (Ctrl+Alt) and other Alt shortcuts are not ours.
    [keys('z', { ctrlKey: true, altKey: true }), null],
    [keys('x', { ctrlKey: true }), null],
    [keys('Control', { ctrlKey: true }), null],
  ])('%o → %s', (event, action) => {
    expect(historyShortcut(event)).toBe(action);
  });
});

describe('firstShownCell', () => {
  const a = makeLine('A');
  const b = makeLine('B');
  const c = makeLine('C');
  const open = makePole('Paid', [a, b]);
  const closed = { ...makePole('Organique', [c]), isExpanded: false };
  const poles = [open, closed];

  it.each<[string, CellRef[], CellRef | null]>([
    ['no cells', [], null],
    [
      'the first cell when shown',
      [{ lineId: b.id, month: 3, field: 'reel' }],
      { lineId: b.id, month: 3, field: 'reel' },
    ],
    [
      'the first shown one, in the entry’s order',
      [
        { lineId: c.id, month: 0, field: 'reel' },
        { lineId: 'gone', month: 1, field: 'achat' },
        { lineId: a.id, month: 5, field: 'achat' },
        { lineId: b.id, month: 0, field: 'previsionnel' },
      ],
      { lineId: a.id, month: 5, field: 'achat' },
    ],
    [
      'none when every line is hidden or gone',
      [
        { lineId: c.id, month: 0, field: 'reel' },
        { lineId: 'gone', month: 1, field: 'achat' },
      ],
      null,
    ],
  ])('%s', (_what, cells, expected) => {
    expect(firstShownCell(poles, cells)).toEqual(expected);
  });

  it('keeps only the cell, not the values of a change', () => {
    const change = { lineId: a.id, month: 0, field: 'reel' as const, old: 1, new: 2 };
    expect(firstShownCell(poles, [change])).toEqual({ lineId: a.id, month: 0, field: 'reel' });
  });
});

describe('entryCellLines (m16: the cells of a history entry, before → after)', () => {
  const ads = makeLine('Google Ads');
  const poles = [makePole('Paid', [ads])];
  const change = (month: number, old: number, now: number) => ({
    lineId: ads.id,
    month,
    field: 'previsionnel' as const,
    old: cents(old),
    new: cents(now),
  });

  it('names each cell with its value before and after', () => {
    expect(entryCellLines([change(0, 0, 120_000)], poles)).toEqual({
      lines: ['Paid · Google Ads · Janvier · Prévisionnel\u00a0: 0\u00a0€ → 1\u202f200\u00a0€'],
      more: 0,
    });
  });

  it('spells out three cells and counts the others', () => {
    const cells = [0, 1, 2, 3, 4].map((m) => change(m, 100, 200));
    const { lines, more } = entryCellLines(cells, poles);
    expect(lines.map((l) => l.split('\u00a0:')[0])).toEqual([
      'Paid · Google Ads · Janvier · Prévisionnel',
      'Paid · Google Ads · Février · Prévisionnel',
      'Paid · Google Ads · Mars · Prévisionnel',
    ]);
    expect(more).toBe(2);
  });

  it('an entry with no cell (a structure change) lists none', () => {
    expect(entryCellLines([], poles)).toEqual({ lines: [], more: 0 });
  });
});
