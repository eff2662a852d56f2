/**
 * How the budget tab shows the change history and reaches it from the keyboard
 * (docs/product.md#history): the French words of a source and an actor, an entry's date, a cell's
 * name as the grid labels it, the text of a refused undo, the undo and redo shortcuts, and the
 * first changed cell the grid can put its cursor on. Pure: no DOM, no React.
 */
import { visibleLines } from './budget-grid';
import { LOCAL_ACTOR, type CellChange, type HistorySource } from './history';
import { formatEurosExact } from './money';
import { MEASURE_LABELS, type Measure } from './measures';
import type { Pole } from './model';
import { MONTHS } from './months';

/** The French label of each source, as the history lists show it. */
export const HISTORY_SOURCE_LABELS: Record<HistorySource, string> = {
  saisie: 'Saisie',
  collage: 'Collage',
  import: 'Import',
  report: 'Report',
  annulation: 'Annulation',
  restauration: 'Restauration',
  structure: 'Structure',
  clôture: 'Clôture',
  comptabilité: 'Import comptable',
  version: 'Version',
  atterrissage: 'Atterrissage',
  validation: 'Validation',
};

/**
 * The source as the history lists show it: « Import comptable du 27/11/2026 » for an accounting
 * import (docs/product.md#actuals-from-the-accounting: its day, in `timeZone`, the browser's when
 * not given), else the source's label.
 */
export function historySourceText(source: HistorySource, at: string, timeZone?: string): string {
  const date = new Date(at);
  if (source !== 'comptabilité' || Number.isNaN(date.getTime())) return HISTORY_SOURCE_LABELS[source];
  return `Import comptable du ${date.toLocaleDateString('fr-FR', { timeZone })}`;
}

/**
 * Who made a change, as the history shows it: without accounts every change is `local` — the one
 * person using this copy, so « Vous »; in accounts mode the user's email.
 */
export function actorLabel(actor: string): string {
  return actor === LOCAL_ACTOR ? 'Vous' : actor;
}

/**
 * Who another tab's change comes from, as the grid marks it (m18): without accounts, « local » is
 * the one person of this copy in another tab, never shown as someone else.
 */
export function authorName(actor: string): string {
  return actor === LOCAL_ACTOR ? 'Vous (autre onglet)' : actor;
}

const AT_PARTS = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/**
 * When a change was made (an ISO instant), in French: « 5 mars 2026 à 09:07 », in `timeZone`
 * (the browser's when not given). An unreadable instant is shown as it came.
 */
export function formatHistoryAt(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat('fr-FR', { ...AT_PARTS, timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')} à ${part('hour')}:${part('minute')}`;
}

/**
 * docs/product.md#accessible-names: a cell's name, '{Pôle} · {Ligne} · {Mois} · {Mesure}'; the grid
 * passes the fiscal year's `monthNames` (docs/product.md#fiscal-years: « Septembre 2025 » …).
 */
export function cellName(
  poleName: string,
  lineName: string,
  month: number,
  field: Measure,
  monthNames: readonly string[] = MONTHS,
): string {
  return `${poleName} · ${lineName} · ${monthNames[month] ?? ''} · ${MEASURE_LABELS[field]}`;
}

/** A cell of a line: where a history entry changed something. */
export interface CellRef {
  lineId: string;
  month: number;
  field: Measure;
}

/**
 * The cell's name in these poles, or « Ligne supprimée · {Mois} · {Mesure} » when its line is not
 * among them; `monthNames`: the fiscal year's (docs/product.md#fiscal-years), as the grid names its cells.
 */
export function cellNameIn(
  poles: readonly Pole[],
  { lineId, month, field }: CellRef,
  monthNames: readonly string[] = MONTHS,
): string {
  for (const pole of poles) {
    const line = pole.lines.find((l) => l.id === lineId);
    if (line) return cellName(pole.name, line.name, month, field, monthNames);
  }
  return `Ligne supprimée · ${monthNames[month] ?? ''} · ${MEASURE_LABELS[field]}`;
}

/** How many cells a refused undo's message names; the others are counted. */
export const CONFLICT_CELLS_SHOWN = 3;

/**
 * The error toast's text for a refused undo: the server's French message, then the cells it
 * lists by name (the first three, then how many more).
 */
export function conflictText(message: string, cellNames: readonly string[]): string {
  if (cellNames.length === 0) return message;
  const shown = cellNames.slice(0, CONFLICT_CELLS_SHOWN).join(' ; ');
  const more = cellNames.length - CONFLICT_CELLS_SHOWN;
  const rest = more > 0 ? ` et ${more} autre${more > 1 ? 's' : ''}` : '';
  return `${message} ${cellNames.length > 1 ? 'Cellules' : 'Cellule'} : ${shown}${rest}.`;
}

/** The keys of a keyboard event that matter to the shortcuts. */
export interface ShortcutKeys {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Undo is Ctrl+Z, redo Ctrl+Y or Ctrl+Shift+Z (⌘ instead of Ctrl on a Mac; either is taken on
 * any system). Alt makes another shortcut (AltGr is Ctrl+Alt on Windows): none.
 */
export function historyShortcut({ key, ctrlKey, metaKey, shiftKey, altKey }: ShortcutKeys): 'undo' | 'redo' | null {
  if (!(ctrlKey || metaKey) || altKey) return null;
  switch (key.toLowerCase()) {
    case 'z':
      return shiftKey ? 'redo' : 'undo';
    case 'y':
      return shiftKey ? null : 'redo';
    default:
      return null;
  }
}

/**
 * The first of these changed cells the grid shows (its line is in an expanded pole), where the
 * cursor goes after an undo or a redo; null when none is shown (a collapsed pole, a line gone,
 * an entry without cells).
 */
export function firstShownCell(poles: readonly Pole[], cells: readonly CellRef[]): CellRef | null {
  const shown = new Set(visibleLines(poles).map((l) => l.id));
  const cell = cells.find((c) => shown.has(c.lineId));
  return cell ? { lineId: cell.lineId, month: cell.month, field: cell.field } : null;
}

/** How many cells a history panel entry spells out; the others are counted. */
export const SHOWN_ENTRY_CELLS = 3;

/**
 * m16 (docs/product.md#history): the cells an entry changed, as the panel lists them under its
 * summary — « Paid · Google Ads · Janvier · Prévisionnel : 0 € → 1 200 € » — the first
 * SHOWN_ENTRY_CELLS, and how many more.
 */
export function entryCellLines(
  cells: readonly CellChange[],
  poles: readonly Pole[],
  monthNames: readonly string[] = MONTHS,
): { lines: string[]; more: number } {
  const lines = cells
    .slice(0, SHOWN_ENTRY_CELLS)
    .map((c) => `${cellNameIn(poles, c, monthNames)}\u00a0: ${formatEurosExact(c.old)} → ${formatEurosExact(c.new)}`);
  return { lines, more: Math.max(0, cells.length - SHOWN_ENTRY_CELLS) };
}
