/**
 * What one cell of the budget grid shows (docs/product.md#budget-grid, #cell-saving,
 * #live-browser, #month-closing): its text, the state that names it in its tooltip, and the
 * states drawn on it. One pure function of everything a cell knows — the cached value, the text
 * being typed, the save queue's state, another person's mark, the locks — so a new state (a
 * comment, an alert) is one more field here and one more row in its table test, not one more
 * branch in a component (ADR 043).
 */
import { formatDecimal, formatEurosExact, formatGrouped, type Cents } from './money';

/** Where the save queue is with a cell: stored, retrying, held by a conflict, or refused for good. */
export type CellSaveState = 'saved' | 'unsaved' | 'conflict' | { rejected: string };

/** Another person's recent change of the cell (their name, initials, and the value they stored). */
export type CellMark = { name: string; initials: string; value: Cents };

export type CellViewInput = {
  /** The value in the cache (cents). */
  value: Cents;
  /** docs/product.md#accessible-names: '{Pôle} · {Ligne} · {Mois} · {Mesure}', the plain tooltip. */
  label: string;
  /** The text being typed, or null when the cell shows its value. */
  typing: string | null;
  isFocused: boolean;
  save: CellSaveState;
  /** Why the last entry typed here was refused (`abc`, `=1/0`…), or null. */
  refusal: string | null;
  /** Another person's change of this cell, marked a few seconds, or null. */
  remote: CellMark | null;
  /** A change by another person that arrived while the user was typing here, or null. */
  incoming: CellMark | null;
  /** The cell's month is closed. */
  isClosed: boolean;
  /** A forecast of a validated budget (docs/product.md#sign-off). */
  isValidated: boolean;
  /** The user may change nothing (a viewer, or 'Voir en tant que…'). */
  isReadOnly: boolean;
  /** A computed cell (docs/product.md#driver-lines): what it is computed from, in French; else null. */
  driven?: string | null;
  /** The cell's month as the grid heads it ('Janvier', 'Septembre 2025'): the closed cell's reason names it. */
  monthName?: string;
};

/**
 * The state that names the cell in its tooltip, by precedence: closed, validated, computed, conflict, another
 * person's mark, refused by the server, refused entry, unsaved, plain.
 */
export type CellKind =
  'closed' | 'validated' | 'driven' | 'conflict' | 'remote' | 'rejected' | 'refused' | 'unsaved' | 'plain';

/**
 * A state drawn on the cell. Several may hold at once; they are listed in the order their styles
 * are layered, a later one's colours winning over an earlier one's.
 */
export type CellLook = 'unsaved' | 'refused' | 'conflict' | 'remote' | 'closed' | 'driven' | 'readonly';

export type CellView = {
  /** The input's text: what is typed, else the value (plain when focused, grouped otherwise; 0 shows empty). */
  display: string;
  kind: CellKind;
  title: string;
  looks: readonly CellLook[];
  /** Refused, by the server or on entry (`aria-invalid`). */
  isInvalid: boolean;
  isReadOnly: boolean;
  /** The initials shown in the cell's corner: another person's change, when the user is not typing here. */
  markInitials: string | null;
  /** The incoming value shown under a cell being typed in: its short text and its tooltip. */
  incoming: { text: string; title: string } | null;
  /**
   * Why the cell takes no figure, in French, said beside it when the user types into it
   * (docs/product.md#read-only-cells); null when it is writable.
   */
  readOnlyReason: string | null;
};

/**
 * Why a cell cannot be typed into, by precedence: the user may change nothing (a viewer, 'Voir en
 * tant que…'), its month is closed, it is a forecast of a validated budget, it is computed.
 */
export function readOnlyReason(
  input: Pick<CellViewInput, 'isReadOnly' | 'isClosed' | 'isValidated' | 'driven' | 'monthName'>,
): string | null {
  if (input.isReadOnly) return 'Lecture seule\u00a0: votre accès permet de consulter ce budget, pas de le modifier.';
  if (input.isClosed) {
    const month = input.monthName ? `${input.monthName} est clôturé` : 'Ce mois est clôturé';
    return `${month}\u00a0: ce montant ne peut plus changer.`;
  }
  if (input.isValidated) return 'Budget validé\u00a0: les prévisions sont en lecture seule, le réel reste modifiable.';
  if (input.driven) return `Cellule calculée, en lecture seule (${input.driven}).`;
  return null;
}

/** The tooltip of a cell of that kind. */
function titleOf(
  kind: CellKind,
  {
    label,
    markName,
    rejection,
    refusal,
    driven,
  }: { label: string; markName: string; rejection: string; refusal: string; driven: string },
): string {
  switch (kind) {
    case 'closed':
      return 'Mois clôturé';
    case 'validated':
      return 'Budget validé\u00a0: prévision en lecture seule';
    case 'driven':
      return driven;
    case 'conflict':
      return 'Modifiée par une autre personne pendant votre saisie\u00a0: choisissez au-dessus du tableau';
    case 'remote':
      return `Modifiée à l’instant par ${markName}`;
    case 'rejected':
      return `Refusé par le serveur\u00a0: ${rejection}`;
    case 'refused':
      return `Saisie refusée\u00a0: ${refusal}`;
    case 'unsaved':
      return 'Non enregistré\u00a0: nouvelle tentative en cours';
    case 'plain':
      return label;
  }
}

/** The cell's view: its text, tooltip and drawn states (amounts in cents, texts in French). */
export function cellView(input: CellViewInput): CellView {
  const { value, label, typing, isFocused, save, refusal, isClosed, isValidated } = input;
  const driven = input.driven ?? null;
  const rejection = typeof save === 'object' ? save.rejected : null;
  const mark = typing === null ? input.remote : null;
  const isInvalid = rejection !== null || refusal !== null;
  const kinds: [CellKind, boolean][] = [
    ['closed', isClosed],
    ['validated', isValidated],
    ['driven', driven !== null],
    ['conflict', save === 'conflict'],
    ['remote', mark !== null],
    ['rejected', rejection !== null],
    ['refused', refusal !== null],
    ['unsaved', save === 'unsaved'],
  ];
  const kind = kinds.find(([, holds]) => holds)?.[0] ?? 'plain';
  const title = titleOf(kind, {
    label,
    markName: mark?.name ?? '',
    rejection: rejection ?? '',
    refusal: refusal ?? '',
    driven: driven ?? '',
  });
  const looks: [CellLook, boolean][] = [
    ['unsaved', save === 'unsaved'],
    ['refused', isInvalid],
    ['conflict', save === 'conflict'],
    ['remote', mark !== null],
    ['closed', isClosed || isValidated],
    ['driven', driven !== null],
    ['readonly', input.isReadOnly],
  ];
  const { incoming } = input;
  return {
    display: typing ?? (value === 0 ? '' : isFocused ? formatDecimal(value) : formatGrouped(value)),
    kind,
    title,
    looks: looks.filter(([, holds]) => holds).map(([look]) => look),
    isInvalid,
    isReadOnly: isClosed || isValidated || driven !== null || input.isReadOnly,
    markInitials: mark?.initials ?? null,
    readOnlyReason: readOnlyReason(input),
    incoming: incoming && {
      text: `${incoming.initials}\u00a0: ${formatGrouped(incoming.value)}`,
      title: `${incoming.name} vient d’enregistrer ${formatEurosExact(incoming.value)} dans cette cellule`,
    },
  };
}
