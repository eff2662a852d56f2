/**
 * What changed in a client's forecast since a version (docs/product.md#sign-off-changes): the
 * reviewer of a submitted budget reads it against the last validated one. Pure: two lists of
 * poles (the version's, the budget's now) → the poles and lines added, removed, renamed or moved,
 * every forecast cell whose amount differs (a line added or removed counts its non-zero cells,
 * from or to 0), and the totals before and after. The cells' differences sum, per measure, to the
 * totals' difference, to the cent. The reviewer's MB is sales − purchases of each side.
 */
import { addCents, subCents, sumCents, ZERO_CENTS, type Cents } from './money';
import type { ForecastLine, ForecastPole } from './model';
import { MONTH_INDEXES } from './months';
import type { ForecastTotals } from './rollforward';

export const FORECAST_FIELDS = ['previsionnel', 'achat_previsionnel'] as const;
export type ForecastField = (typeof FORECAST_FIELDS)[number];

export const CHANGE_KINDS = ['ajouté', 'supprimé', 'modifié'] as const;
/** A pole or line added, removed, or kept with another name (or, a line, in another pole). */
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface PoleChange {
  poleId: string;
  change: ChangeKind;
  /** Its name now; a removed pole's last name. */
  name: string;
  /** Its name in the version when it differs (a rename), else null. */
  previousName: string | null;
}

export interface LineChange {
  lineId: string;
  change: ChangeKind;
  name: string;
  poleName: string;
  previousName: string | null;
  /** The pole it was in when it moved, else null. */
  previousPoleName: string | null;
}

export interface CellChange {
  lineId: string;
  lineName: string;
  poleName: string;
  month: number;
  field: ForecastField;
  before: Cents;
  after: Cents;
}

export interface ForecastChanges {
  poles: PoleChange[];
  lines: LineChange[];
  /** In the budget's order (its poles and lines, months, sales before purchases), then the removed lines'. */
  cells: CellChange[];
  totals: { before: ForecastTotals; after: ForecastTotals };
}

/** The year's forecast sales and purchases of `poles`. */
export function polesForecastTotals(poles: readonly ForecastPole[]): ForecastTotals {
  const lines = poles.flatMap((p) => p.lines);
  return {
    previsionnel: sumCents(lines.flatMap((l) => l.previsionnel)),
    achat_previsionnel: sumCents(lines.flatMap((l) => l.achat_previsionnel)),
  };
}

type Placed = { line: ForecastLine; pole: ForecastPole };

function placed(poles: readonly ForecastPole[]): Map<string, Placed> {
  return new Map(poles.flatMap((pole) => pole.lines.map((line) => [line.id, { line, pole }] as const)));
}

const differs = (a: string, b: string) => (a === b ? null : b);

function poleChanges(before: readonly ForecastPole[], after: readonly ForecastPole[]): PoleChange[] {
  const old = new Map(before.map((p) => [p.id, p]));
  const now = new Set(after.map((p) => p.id));
  const kept = after.flatMap((p): PoleChange[] => {
    const was = old.get(p.id);
    if (!was) return [{ poleId: p.id, change: 'ajouté', name: p.name, previousName: null }];
    return was.name === p.name ? [] : [{ poleId: p.id, change: 'modifié', name: p.name, previousName: was.name }];
  });
  const removed = before
    .filter((p) => !now.has(p.id))
    .map((p): PoleChange => ({ poleId: p.id, change: 'supprimé', name: p.name, previousName: null }));
  return [...kept, ...removed];
}

function lineChange(id: string, was: Placed | undefined, now: Placed | undefined): LineChange | null {
  const { line, pole } = (now ?? was)!;
  const base = { lineId: id, name: line.name, poleName: pole.name, previousName: null, previousPoleName: null };
  if (!was) return { ...base, change: 'ajouté' };
  if (!now) return { ...base, change: 'supprimé' };
  const previousName = differs(now.line.name, was.line.name);
  const previousPoleName = was.pole.id === now.pole.id ? null : was.pole.name;
  return previousName === null && previousPoleName === null
    ? null
    : { ...base, change: 'modifié', previousName, previousPoleName };
}

const ZEROS: readonly Cents[] = MONTH_INDEXES.map(() => ZERO_CENTS);

function cellChanges(id: string, was: Placed | undefined, now: Placed | undefined): CellChange[] {
  const { line, pole } = (now ?? was)!;
  return MONTH_INDEXES.flatMap((month) =>
    FORECAST_FIELDS.flatMap((field): CellChange[] => {
      const before = (was?.line[field] ?? ZEROS)[month]!;
      const after = (now?.line[field] ?? ZEROS)[month]!;
      return before === after
        ? []
        : [{ lineId: id, lineName: line.name, poleName: pole.name, month, field, before, after }];
    }),
  );
}

/** The changes from `before` (a version's poles) to `after` (the budget's now). */
export function forecastChanges(before: readonly ForecastPole[], after: readonly ForecastPole[]): ForecastChanges {
  const was = placed(before);
  const now = placed(after);
  // The budget's lines in its order, then the version's lines it no longer has.
  const ids = [...now.keys(), ...[...was.keys()].filter((id) => !now.has(id))];
  return {
    poles: poleChanges(before, after),
    lines: ids.flatMap((id) => lineChange(id, was.get(id), now.get(id)) ?? []),
    cells: ids.flatMap((id) => cellChanges(id, was.get(id), now.get(id))),
    totals: { before: polesForecastTotals(before), after: polesForecastTotals(after) },
  };
}

/** The cells' difference per measure (after − before): equal to the totals' difference. */
export function cellsDifference(cells: readonly CellChange[], field: ForecastField): Cents {
  return cells.filter((c) => c.field === field).reduce((s, c) => addCents(s, subCents(c.after, c.before)), ZERO_CENTS);
}

/** A pole's change as the reviewer reads it, in French. */
export function poleChangeText(p: PoleChange): string {
  if (p.change === 'modifié') return `Pôle « ${p.previousName} » renommé en « ${p.name} »`;
  return `Pôle « ${p.name} » ${p.change}`;
}

/** A line's change as the reviewer reads it, in French (its pole now, or its last one). */
export function lineChangeText(l: LineChange): string {
  if (l.change !== 'modifié') return `Ligne « ${l.name} » ${l.change}e (${l.poleName})`;
  const renamed = l.previousName === null ? null : `renommée en « ${l.name} »`;
  const moved = l.previousPoleName === null ? null : `déplacée de « ${l.previousPoleName} » vers « ${l.poleName} »`;
  const what = [renamed, moved].filter((part) => part !== null).join(' et ');
  return `Ligne « ${l.previousName ?? l.name} » ${what}`;
}
