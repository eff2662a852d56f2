/**
 * What an accounting import does to the stored actuals (docs/product.md#actuals-from-the-accounting,
 * ADR 047): the rules' result laid over the year's lines as a snapshot of the months the file
 * covers. Pure: the server reads the lines, the closed months and the marks of the imports before,
 * and writes what this plans; the preview shows it.
 *
 * In a covered month that is open, a cell (réel or achat) becomes what the rules map there; a cell
 * the rules do not map goes back to 0 when an earlier import set it (its mark holds the value that
 * import wrote and the cell still holds it), and is left alone otherwise (typed by hand, or set by
 * an import and typed over since). Closed months are never written: what would change there is a
 * closed difference. Amounts are cents.
 */
import type { Cents } from '../money';
import { ZERO_CENTS } from '../money';
import type { ActualField, MappedCell, MappingResult } from './types';

/** A stored line of the year with its actuals (12 months each, cents). */
export interface StoredLine {
  lineId: string;
  clientId: string;
  pole: string;
  line: string;
  reel: readonly Cents[];
  achat: readonly Cents[];
}

/** A cell of the plan: its client, pole and line by name, the line's id (null: a line the import creates), month and field. */
export interface CellPlace {
  clientId: string;
  pole: string;
  line: string;
  lineId: string | null;
  month: number;
  field: ActualField;
}

/** One cell the import changes. */
export interface PlannedChange extends CellPlace {
  current: Cents;
  imported: Cents;
  /** The value replaced was not set by an accounting import (typed by hand): the preview marks it. */
  manual: boolean;
}

/** A cell of a closed month whose stored value differs from what the ledger maps there. */
export interface ClosedDifference extends CellPlace {
  stored: Cents;
  ledger: Cents;
}

/** What the rules mapped to one cell, kept with the import (value written, or the ledger's in a closed month). */
export interface PlannedMark extends CellPlace {
  value: Cents;
}

export interface FecPlan {
  /** The covered months that are open: the months the import writes. */
  writtenMonths: number[];
  changes: PlannedChange[];
  /** The lines to create (client, pole, line), in the order of the rules' cells. */
  newLines: { clientId: string; pole: string; line: string }[];
  closedDifferences: ClosedDifference[];
  marks: PlannedMark[];
}

/** The key of a mark: a line's id (lower case), a month, a field. */
export const markKey = (lineId: string, month: number, field: ActualField) =>
  `${lineId.toLowerCase()}:${month}:${field}`;

/** A line by its client, pole and name: the key of a line the plan finds or creates. */
export const lineNameKey = (clientId: string, pole: string, line: string) =>
  `${clientId.toLowerCase()}\u0000${pole}\u0000${line}`;

const FIELDS: readonly ActualField[] = ['reel', 'achat'];

/**
 * Plans an import: `lines` the year's lines (a client's first line of a pole and name wins when
 * names repeat), `closedMonths` the year's closed months, `marks` the value each cell holds from
 * the imports in force (markKey → cents).
 */
export function planFecImport(
  result: MappingResult,
  lines: readonly StoredLine[],
  closedMonths: ReadonlySet<number>,
  marks: ReadonlyMap<string, Cents>,
): FecPlan {
  const covered: number[] = [];
  if (result.covered) for (let m = result.covered.first; m <= result.covered.last; m += 1) covered.push(m);
  const writtenMonths = covered.filter((m) => !closedMonths.has(m));

  const byName = new Map<string, StoredLine>();
  for (const line of lines) {
    const key = lineNameKey(line.clientId, line.pole, line.line);
    if (!byName.has(key)) byName.set(key, line);
  }
  // The rules' cells of each stored line, and those of lines to create.
  const mappedOf = new Map<StoredLine, Map<string, Cents>>();
  const unknown = new Map<string, MappedCell[]>();
  for (const cell of result.cells) {
    const stored = byName.get(lineNameKey(cell.clientId, cell.pole, cell.line));
    if (stored) {
      let cells = mappedOf.get(stored);
      if (!cells) mappedOf.set(stored, (cells = new Map()));
      cells.set(`${cell.month}:${cell.field}`, cell.amount);
    } else {
      const key = lineNameKey(cell.clientId, cell.pole, cell.line);
      const cells = unknown.get(key);
      if (cells) cells.push(cell);
      else unknown.set(key, [cell]);
    }
  }

  const changes: PlannedChange[] = [];
  const closedDifferences: ClosedDifference[] = [];
  const marksOut: PlannedMark[] = [];
  const isWritten = new Set(writtenMonths);
  for (const line of lines) {
    if (byName.get(lineNameKey(line.clientId, line.pole, line.line)) !== line) continue;
    const mapped = mappedOf.get(line);
    for (const month of covered) {
      for (const field of FIELDS) {
        const current = line[field][month] ?? ZERO_CENTS;
        const ledger = mapped?.get(`${month}:${field}`);
        const mark = marks.get(markKey(line.lineId, month, field));
        const importSet = mark !== undefined && mark === current;
        const target = ledger ?? (importSet ? ZERO_CENTS : current);
        const cell = { clientId: line.clientId, pole: line.pole, line: line.line, lineId: line.lineId, month, field };
        if (ledger !== undefined) marksOut.push({ ...cell, value: ledger });
        if (target === current) continue;
        if (isWritten.has(month))
          changes.push({ ...cell, current, imported: target, manual: !importSet && current !== 0 });
        else closedDifferences.push({ ...cell, stored: current, ledger: target });
      }
    }
  }

  const newLines: FecPlan['newLines'] = [];
  for (const cells of unknown.values()) {
    const { clientId, pole, line } = cells[0]!;
    let created = false;
    for (const { month, field, amount } of cells) {
      if (amount === 0) continue;
      const cell = { clientId, pole, line, lineId: null, month, field };
      marksOut.push({ ...cell, value: amount });
      if (isWritten.has(month)) {
        changes.push({ ...cell, current: ZERO_CENTS, imported: amount, manual: false });
        created = true;
      } else closedDifferences.push({ ...cell, stored: ZERO_CENTS, ledger: amount });
    }
    if (created) newLines.push({ clientId, pole, line });
  }
  return { writtenMonths, changes, newLines, closedDifferences, marks: marksOut };
}
