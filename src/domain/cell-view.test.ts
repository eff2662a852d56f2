import { describe, expect, it } from 'vitest';
import { cellView, readOnlyReason, type CellLook, type CellMark, type CellViewInput } from './cell-view';
import { assertCents as cents } from './money';

const LABEL = 'Paid · Google Ads · Janvier · CA prévisionnel';
const CAMILLE: CellMark = { name: 'Camille Martin', initials: 'CM', value: cents(123_456) };

/** A plain cell: 1 234,56 € stored, not focused, nothing pending, no mark, open month. */
const plain: CellViewInput = {
  value: cents(123_456),
  label: LABEL,
  typing: null,
  isFocused: false,
  save: 'saved',
  refusal: null,
  remote: null,
  incoming: null,
  isClosed: false,
  isValidated: false,
  isReadOnly: false,
};
const view = (change: Partial<CellViewInput>) => cellView({ ...plain, ...change });
const DRIVEN = 'Calculée\u00a0: 15\u00a0% de « Achat prévisionnel » du pôle « Paid »';

describe('cellView: a computed cell (docs/product.md#driver-lines)', () => {
  it('is read-only and drawn as computed', () => {
    expect(view({ driven: DRIVEN })).toMatchObject({ isReadOnly: true, looks: ['driven'] });
    expect(view({ driven: null })).toMatchObject({ isReadOnly: false, looks: [] });
  });
});

describe('cellView: the text shown', () => {
  it.each<[string, Partial<CellViewInput>, string]>([
    ['zero shows an empty cell', { value: cents(0) }, ''],
    ['zero focused is still empty', { value: cents(0), isFocused: true }, ''],
    ['not focused: French digit grouping', {}, '1\u202f234,56'],
    ['focused: the plain decimal, ready to edit', { isFocused: true }, '1234,56'],
    ['whole euros focused: no decimals', { value: cents(500_000), isFocused: true }, '5000'],
    ['a negative value, grouped', { value: cents(-150_000) }, '-1\u202f500'],
    ['the text being typed, whatever the value', { typing: '=12*', isFocused: true }, '=12*'],
    ['an emptied text stays empty', { typing: '', isFocused: true }, ''],
  ])('%s', (_name, change, display) => {
    expect(view(change).display).toBe(display);
  });
});

describe('cellView: one state names the cell (its tooltip)', () => {
  it.each<[string, Partial<CellViewInput>, string, string]>([
    ['plain: the accessible name', {}, 'plain', LABEL],
    ['unsaved', { save: 'unsaved' }, 'unsaved', 'Non enregistré\u00a0: nouvelle tentative en cours'],
    ['refused on entry', { refusal: 'formule incomplète' }, 'refused', 'Saisie refusée\u00a0: formule incomplète'],
    [
      'refused by the server',
      { save: { rejected: 'Ligne introuvable' } },
      'rejected',
      'Refusé par le serveur\u00a0: Ligne introuvable',
    ],
    ['changed by someone else', { remote: CAMILLE }, 'remote', 'Modifiée à l’instant par Camille Martin'],
    [
      'in conflict',
      { save: 'conflict' },
      'conflict',
      'Modifiée par une autre personne pendant votre saisie\u00a0: choisissez au-dessus du tableau',
    ],
    ['in a closed month', { isClosed: true }, 'closed', 'Mois clôturé'],
    ['a validated forecast', { isValidated: true }, 'validated', 'Budget validé\u00a0: prévision en lecture seule'],
    ['a computed cell: what it is computed from', { driven: DRIVEN }, 'driven', DRIVEN],
    [
      'validated over computed',
      { isValidated: true, driven: DRIVEN },
      'validated',
      'Budget validé\u00a0: prévision en lecture seule',
    ],
    ['computed over a conflict', { driven: DRIVEN, save: 'conflict' }, 'driven', DRIVEN],
    // Precedence, each state over the next one down.
    ['closed over validated', { isClosed: true, isValidated: true }, 'closed', 'Mois clôturé'],
    [
      'validated over conflict',
      { isValidated: true, save: 'conflict' },
      'validated',
      'Budget validé\u00a0: prévision en lecture seule',
    ],
    ['closed over conflict', { isClosed: true, save: 'conflict', remote: CAMILLE }, 'closed', 'Mois clôturé'],
    [
      'conflict over a mark',
      { save: 'conflict', remote: CAMILLE },
      'conflict',
      'Modifiée par une autre personne pendant votre saisie\u00a0: choisissez au-dessus du tableau',
    ],
    [
      'a mark over a refusal',
      { remote: CAMILLE, save: { rejected: 'Ligne introuvable' } },
      'remote',
      'Modifiée à l’instant par Camille Martin',
    ],
    [
      "the server's refusal over the entry's",
      { save: { rejected: 'Ligne introuvable' }, refusal: 'formule incomplète' },
      'rejected',
      'Refusé par le serveur\u00a0: Ligne introuvable',
    ],
    [
      'a refused entry over unsaved',
      { save: 'unsaved', refusal: 'formule incomplète' },
      'refused',
      'Saisie refusée\u00a0: formule incomplète',
    ],
    // A mark does not name a cell being typed in: the user's text stays, the value shows beside it.
    ['a mark while typing: plain', { remote: CAMILLE, typing: '12' }, 'plain', LABEL],
    [
      'a mark while typing an unsaved cell',
      { remote: CAMILLE, typing: '12', save: 'unsaved' },
      'unsaved',
      'Non enregistré\u00a0: nouvelle tentative en cours',
    ],
    ['read-only alone names nothing', { isReadOnly: true }, 'plain', LABEL],
  ])('%s', (_name, change, kind, title) => {
    const v = view(change);
    expect([v.kind, v.title]).toEqual([kind, title]);
  });
});

describe('cellView: the states drawn, in the order they are layered', () => {
  it.each<[string, Partial<CellViewInput>, CellLook[], boolean]>([
    ['plain', {}, [], false],
    ['unsaved', { save: 'unsaved' }, ['unsaved'], false],
    ['refused by the server', { save: { rejected: 'Ligne introuvable' } }, ['refused'], true],
    ['refused on entry', { refusal: 'formule incomplète' }, ['refused'], true],
    ['unsaved and refused on entry', { save: 'unsaved', refusal: 'formule incomplète' }, ['unsaved', 'refused'], true],
    ['conflict', { save: 'conflict' }, ['conflict'], false],
    ['a validated forecast is drawn as closed', { isValidated: true }, ['closed'], false],
    ["a viewer's cell does not look like an input (m2)", { isReadOnly: true }, ['readonly'], false],
    ['conflict with a mark', { save: 'conflict', remote: CAMILLE }, ['conflict', 'remote'], false],
    ['a mark while typing is not drawn', { remote: CAMILLE, typing: '1' }, [], false],
    [
      'everything at once, closed last',
      { save: 'unsaved', refusal: 'x', remote: CAMILLE, isClosed: true },
      ['unsaved', 'refused', 'remote', 'closed'],
      true,
    ],
  ])('%s', (_name, change, looks, isInvalid) => {
    const v = view(change);
    expect([v.looks, v.isInvalid]).toEqual([looks, isInvalid]);
  });
});

describe('cellView: marks, the incoming value and read-only', () => {
  it.each<[string, Partial<CellViewInput>, string | null]>([
    ['no mark', {}, null],
    ["another person's change shows their initials", { remote: CAMILLE }, 'CM'],
    ['not while typing in the cell', { remote: CAMILLE, typing: '5' }, null],
  ])('corner initials: %s', (_name, change, initials) => {
    expect(view(change).markInitials).toBe(initials);
  });

  it.each<[string, Partial<CellViewInput>, { text: string; title: string } | null]>([
    ['none', {}, null],
    [
      'a change that came while typing: who, and the value they stored',
      { typing: '5', incoming: CAMILLE },
      {
        text: 'CM\u00a0: 1\u202f234,56',
        title: 'Camille Martin vient d’enregistrer 1\u202f234,56\u00a0€ dans cette cellule',
      },
    ],
  ])('incoming value: %s', (_name, change, incoming) => {
    expect(view(change).incoming).toEqual(incoming);
  });

  it.each<[string, Partial<CellViewInput>, boolean]>([
    ['an open month, may edit', {}, false],
    ['a closed month', { isClosed: true }, true],
    ['a viewer', { isReadOnly: true }, true],
    ['a validated forecast', { isValidated: true }, true],
    ['both', { isClosed: true, isReadOnly: true }, true],
  ])('read-only: %s', (_name, change, isReadOnly) => {
    expect(view(change).isReadOnly).toBe(isReadOnly);
  });
});

describe('readOnlyReason: why a cell typed into takes nothing (docs/product.md#read-only-cells)', () => {
  type ReasonInput = Parameters<typeof readOnlyReason>[0];
  const open: ReasonInput = {
    isReadOnly: false,
    isClosed: false,
    isValidated: false,
    driven: null,
    monthName: 'Janvier',
  };
  it.each<[string, Partial<ReasonInput>, string | null]>([
    ['a writable cell: none', {}, null],
    ['a closed month names it', { isClosed: true }, 'Janvier est clôturé\u00a0: ce montant ne peut plus changer.'],
    [
      'a closed month with no name known',
      { isClosed: true, monthName: undefined },
      'Ce mois est clôturé\u00a0: ce montant ne peut plus changer.',
    ],
    [
      'a viewer, first of all',
      { isReadOnly: true, isClosed: true },
      'Lecture seule\u00a0: votre accès permet de consulter ce budget, pas de le modifier.',
    ],
    [
      'a validated forecast',
      { isValidated: true },
      'Budget validé\u00a0: les prévisions sont en lecture seule, le réel reste modifiable.',
    ],
    ['a computed cell says from what', { driven: DRIVEN }, `Cellule calculée, en lecture seule (${DRIVEN}).`],
  ])('%s', (_, change, expected) => {
    expect(readOnlyReason({ ...open, ...change })).toBe(expected);
  });

  it('is what the cell view carries', () => {
    expect(view({ isClosed: true, monthName: 'Mars' }).readOnlyReason).toBe(
      'Mars est clôturé\u00a0: ce montant ne peut plus changer.',
    );
    expect(view({}).readOnlyReason).toBeNull();
  });
});
