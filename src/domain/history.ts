/**
 * The change history (docs/product.md#history): every change to data is one entry — who, when,
 * the source, the client and year, per cell the old and new value, and the structural operations
 * it made — written in the same transaction as the change. An entry is undone by applying its
 * inverse as a new entry; undoing that entry redoes. The closing, live-update and Excel issues
 * reuse the entry (its id, its source). Pure: the server stores and applies, this module states
 * the rules (inverse operations, the undo stack, the French summaries). ADR 022.
 */
import { CLIENT_STATUS_LABELS, type ClientAttributes } from './client-attributes';
import type { LineDriver } from './drivers';
import { MEASURES, type Measure } from './measures';
import { ZERO_CENTS, formatEurosExact, type Cents } from './money';
import { CALENDAR_YEAR, monthInText, type FiscalSettings } from './fiscal-year';
import { twelve } from './months';

/** Where a change came from (the French words the history shows). */
export const HISTORY_SOURCES = [
  'saisie',
  'collage',
  'import',
  'report',
  'annulation',
  'restauration',
  'structure',
  'clôture',
  'comptabilité',
  'version',
  'atterrissage',
  'validation',
] as const;
export type HistorySource = (typeof HISTORY_SOURCES)[number];

/** The sources a `PATCH /api/cells` may name (`?source=`); the others are set by their routes. */
export const CELL_SOURCES = ['saisie', 'collage', 'import'] as const satisfies readonly HistorySource[];
export type CellSource = (typeof CELL_SOURCES)[number];

/** Who made a change without accounts mode. */
export const LOCAL_ACTOR = 'local';

/** One cell's change, in cents. */
export interface CellChange {
  lineId: string;
  month: number;
  field: Measure;
  old: Cents;
  new: Cents;
}

/** A line as it is stored, with its figures: enough to put it back with its id and its place. */
export interface LineSnapshot {
  id: string;
  poleId: string;
  year: number;
  name: string;
  /** Creation order (an identity value, as text: bigint). */
  seq: string;
  figures: Record<Measure, Cents[]>;
}

/** The 48 figures of a new line: all 0. */
export function zeroFigures(): Record<Measure, Cents[]> {
  return Object.fromEntries(MEASURES.map((m) => [m, twelve(ZERO_CENTS)])) as Record<Measure, Cents[]>;
}

/** A pole as it is stored, without its lines. */
export interface PoleSnapshot {
  id: string;
  clientId: string;
  year: number;
  name: string;
  isExpanded: boolean;
  facture: boolean[];
  seq: string;
}

/** A client with everything it holds, every year: what deleting it removes. */
export interface ClientSnapshot {
  id: string;
  name: string;
  created_at: string;
  /** docs/product.md#client-attributes (absent from an entry written before them: none, 'actif'). */
  attributes?: ClientAttributes;
  years: { year: number; debut: Cents; poles: (PoleSnapshot & { lines: LineSnapshot[] })[] }[];
}

/**
 * The structural operations an entry made, in the order it made them; `cells` marks where the
 * entry's cell changes apply. Each has an inverse (`invertOps`).
 */
export type HistoryOp =
  | { op: 'cells' }
  | { op: 'insert_lines'; lines: LineSnapshot[] }
  | { op: 'delete_lines'; lines: LineSnapshot[] }
  | { op: 'insert_poles'; poles: PoleSnapshot[] }
  | { op: 'delete_poles'; poles: PoleSnapshot[] }
  | { op: 'insert_client'; client: ClientSnapshot }
  | { op: 'delete_client'; client: ClientSnapshot }
  | { op: 'rename_client'; clientId: string; old: string; new: string }
  | { op: 'set_debut'; clientId: string; year: number; old: Cents; new: Cents }
  | { op: 'set_attributes'; clientId: string; old: ClientAttributes; new: ClientAttributes }
  | { op: 'set_facture'; poleId: string; month: number; old: boolean; new: boolean }
  | { op: 'rename_pole'; poleId: string; old: string; new: string }
  | { op: 'rename_line'; lineId: string; old: string; new: string }
  /** A pole's line ids in screen order before (`old`) and after (`new`) a line moved up or down. */
  | { op: 'reorder_lines'; poleId: string; old: string[]; new: string[] }
  /** A line made computed, changed or typed again (docs/product.md#driver-lines); null: typed. */
  | { op: 'set_driver'; lineId: string; old: LineDriver | null; new: LineDriver | null }
  /** Every client and year replaced; the data before is the entry's snapshot, `afterHash` what it left. */
  | { op: 'replace_all'; afterHash: string };

/** Where a line moves within its pole. */
export type LineMove = 'up' | 'down';

/**
 * A pole's line ids after moving `lineId` one place up or down, or null when it cannot move
 * (already first or last, or not in the pole).
 */
export function movedLineOrder(order: readonly string[], lineId: string, direction: LineMove): string[] | null {
  const i = order.indexOf(lineId);
  const j = direction === 'up' ? i - 1 : i + 1;
  if (i < 0 || j < 0 || j >= order.length) return null;
  const next = [...order];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** The inverse of one operation (replace_all is the server's: it needs the data of the moment). */
export function invertOp(op: HistoryOp): HistoryOp {
  switch (op.op) {
    case 'cells':
    case 'replace_all':
      return op;
    case 'insert_lines':
      return { op: 'delete_lines', lines: op.lines };
    case 'delete_lines':
      return { op: 'insert_lines', lines: op.lines };
    case 'insert_poles':
      return { op: 'delete_poles', poles: op.poles };
    case 'delete_poles':
      return { op: 'insert_poles', poles: op.poles };
    case 'insert_client':
      return { op: 'delete_client', client: op.client };
    case 'delete_client':
      return { op: 'insert_client', client: op.client };
    case 'rename_client':
      return { ...op, old: op.new, new: op.old };
    case 'set_debut':
      return { ...op, old: op.new, new: op.old };
    case 'set_attributes':
      return { ...op, old: op.new, new: op.old };
    case 'set_facture':
      return { ...op, old: op.new, new: op.old };
    case 'rename_pole':
    case 'rename_line':
      return { ...op, old: op.new, new: op.old };
    case 'reorder_lines':
      return { ...op, old: op.new, new: op.old };
    case 'set_driver':
      return { ...op, old: op.new, new: op.old };
  }
}

/** What undoes a sequence of operations: each inverted, in reverse order. */
export function invertOps(ops: readonly HistoryOp[]): HistoryOp[] {
  return [...ops].reverse().map(invertOp);
}

/** The inverse of cell changes: each cell back from its new value to its old one. */
export function invertCells(cells: readonly CellChange[]): CellChange[] {
  return cells.map((c) => ({ ...c, old: c.new, new: c.old }));
}

/** One of a user's entries, oldest first, for the undo stack. */
export interface StackEntry {
  id: number;
  /** The entry this one reverts (an undo or a redo), or null. */
  revertsId: number | null;
}

/**
 * A user's undo and redo targets for one client and year (docs/product.md#history): replaying
 * their entries oldest first, a change pushes on the undo stack and clears the redo stack; an
 * undo (it reverts the top of the undo stack) moves to the redo stack; a redo (it reverts the top
 * of the redo stack) goes back on the undo stack, to be undone in its turn. Entries that revert
 * something not on top (an 'Annuler' from the panel) count as changes.
 */
export function undoStack(entries: readonly StackEntry[]): { undo: number | null; redo: number | null } {
  const undo: number[] = [];
  const redo: number[] = [];
  for (const e of entries) {
    if (e.revertsId !== null && e.revertsId === undo.at(-1)) {
      undo.pop();
      redo.push(e.id);
    } else if (e.revertsId !== null && e.revertsId === redo.at(-1)) {
      redo.pop();
      undo.push(e.id);
    } else {
      undo.push(e.id);
      redo.length = 0;
    }
  }
  return { undo: undo.at(-1) ?? null, redo: redo.at(-1) ?? null };
}

// ---- French summaries --------------------------------------------------------------------

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The summary of cell changes by source: « 3 cellules saisies », « Collage de 240 cellules ». */
export function cellsSummary(source: CellSource, count: number): string {
  switch (source) {
    case 'saisie':
      return count === 1 ? '1 cellule saisie' : `${count} cellules saisies`;
    case 'collage':
      return `Collage de ${plural(count, 'cellule', 'cellules')}`;
    case 'import':
      return `Import de ${plural(count, 'cellule', 'cellules')}`;
  }
}

export const SUMMARIES = {
  clientAdded: (name: string) => `Client « ${name} » ajouté`,
  clientDeleted: (name: string) => `Client « ${name} » supprimé`,
  clientRenamed: (old: string, name: string) => `Client « ${old} » renommé en « ${name} »`,
  /** docs/product.md#client-attributes: what changed, « — » for none. */
  attributesSet: (name: string, old: ClientAttributes, now: ClientAttributes) => {
    const shown = (v: string | null) => (v === null ? '—' : `« ${v} »`);
    const parts = [
      old.manager !== now.manager && `responsable ${shown(old.manager)} → ${shown(now.manager)}`,
      old.sector !== now.sector && `secteur ${shown(old.sector)} → ${shown(now.sector)}`,
      old.status !== now.status && `statut ${CLIENT_STATUS_LABELS[old.status]} → ${CLIENT_STATUS_LABELS[now.status]}`,
    ].filter((p): p is string => p !== false);
    return `Client « ${name} » : ${parts.join(', ')}`;
  },
  debutSet: (year: number, old: Cents, next: Cents) =>
    `Prévision MB annuelle début ${year} : ${formatEurosExact(old)} → ${formatEurosExact(next)}`,
  poleAdded: (pole: string, lines: number) => `Pôle « ${pole} » ajouté (${plural(lines, 'ligne', 'lignes')})`,
  linesAdded: (pole: string, lines: number) =>
    `${plural(lines, 'ligne ajoutée', 'lignes ajoutées')} au pôle « ${pole} »`,
  lineAdded: (pole: string, line: string) => `Ligne « ${line} » ajoutée (${pole})`,
  lineDeleted: (pole: string, line: string) => `Ligne « ${line} » supprimée (${pole})`,
  poleRenamed: (old: string, name: string) => `Pôle « ${old} » renommé en « ${name} »`,
  lineRenamed: (pole: string, old: string, name: string) => `Ligne « ${old} » renommée en « ${name} » (${pole})`,
  /** docs/product.md#driver-lines: « Ligne « Frais » calculée : 15 % de « Achat prévisionnel »… (Paid) ». */
  driverSet: (pole: string, line: string, description: string) =>
    `Ligne « ${line} » ${description.replace(/^Calculée/, 'calculée')} (${pole})`,
  driverRemoved: (pole: string, line: string) => `Ligne « ${line} » de nouveau saisie (${pole})`,
  lineMoved: (pole: string, line: string, direction: LineMove) =>
    `Ligne « ${line} » ${direction === 'up' ? 'montée' : 'descendue'} (${pole})`,
  /** A month's 'Facturé' toggled, the month named as the fiscal year does (docs/product.md#fiscal-years). */
  facture: (pole: string, year: number, month: number, value: boolean, fiscal: FiscalSettings = CALENDAR_YEAR) =>
    `${pole} : ${monthInText(fiscal, year, month)} ${value ? 'facturé' : 'non facturé'}`,
  rollForward: (from: number, year: number, lines: number, cells: number) =>
    `Préparation de ${year} depuis ${from} : ${plural(lines, 'ligne créée', 'lignes créées')}, ${plural(cells, 'cellule remplie', 'cellules remplies')}`,
  /** An import (docs/product.md#excel-import): its cells, and the lines it created. */
  imported: (cells: number, lines: number) =>
    lines === 0
      ? cellsSummary('import', cells)
      : `${cellsSummary('import', cells)}, ${plural(lines, 'ligne créée', 'lignes créées')}`,
  /** An accounting import (docs/product.md#actuals-from-the-accounting): its day (Paris time), its cells, the lines it created. */
  accounting: (at: Date, cells: number, lines: number) =>
    `Import comptable du ${at.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' })} : ${plural(cells, 'cellule', 'cellules')}${
      lines === 0 ? '' : `, ${plural(lines, 'ligne créée', 'lignes créées')}`
    }`,
  /** A version frozen, deleted or made the reference (docs/product.md#versions-and-landing). */
  versionFrozen: (year: number, name: string, clients: number) =>
    `Version « ${name} » ${year} figée (${plural(clients, 'client', 'clients')})`,
  signoff: (year: number, verb: string, text: string | null) => `Budget ${year} ${verb}${text ? ` : ${text}` : ''}`,
  versionDeleted: (year: number, name: string) => `Version « ${name} » ${year} supprimée`,
  versionReference: (year: number, name: string) => `Version « ${name} » : référence de ${year}`,
  landing: (year: number, method: string, cutoff: number, cells: number, fiscal: FiscalSettings = CALENDAR_YEAR) =>
    `Atterrissage ${year} (${method}) après ${monthInText(fiscal, year, cutoff)} : ${plural(cells, 'cellule remplie', 'cellules remplies')}`,
  restore: (clients: number) => `Restauration d'une sauvegarde (${plural(clients, 'client', 'clients')})`,
  undo: (summary: string) => `Annulation : ${summary}`,
  redo: (summary: string) => `Rétablissement : ${summary}`,
};
