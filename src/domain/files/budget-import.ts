/**
 * Reading an imported file (docs/product.md#excel-import): the sheet `Budget` of a budget workbook
 * (budget-workbook.ts's layout, with its hidden `_ids`) or a client CSV, into the lines it holds —
 * names, ids when the file carries them, and exact amounts in cents. Every problem is refused with
 * the sheet, row and column of the first one, in French; nothing is guessed.
 */
import { clientCsvHeader } from './client-csv';
import { CALENDAR_YEAR, monthNames, type FiscalSettings } from '../fiscal-year';
import { MEASURES, type Measure } from '../measures';
import { numberTextToCents, parseAmountText, type Cents } from '../money';
import { MONTH_INDEXES } from '../months';
import { BOM } from './csv';
import { BUDGET_SHEET, IDS_HEADER, IDS_SHEET, budgetHeader, monthColumn, monthHeader } from './budget-workbook';
import { columnLetters } from './workbook';

/**
 * A cell as the reader hands it over: text, a number kept as its own text (never a binary float),
 * a date, a boolean, or empty. `formula` marks a formula without a computed value.
 */
export type SheetValue = null | string | boolean | Date | { number: string } | { formula: string };

/** Limits checked before and while reading (docs/product.md#excel-import). */
export const IMPORT_LIMITS = {
  /** The file as chosen (every client's workbook of the 300-client demo set is about 18 MB). */
  fileBytes: 40 * 1024 * 1024,
  /** Everything the zip would inflate to, by its own directory. */
  unzippedBytes: 200 * 1024 * 1024,
  /** Entries in the zip. */
  zipEntries: 1000,
  /** Rows of the sheet `Budget` (300 clients of 69 lines are about 24,000) or of a CSV. */
  rows: 50_000,
  /** Columns of a sheet read (`Budget` has 57, up to BE; room for notes on the right). */
  columns: 100,
  /** Cells one import may change. */
  cells: 250_000,
};

/** One line of the file with its figures (the measures the file carries). */
export interface ImportedLine {
  /** Where it is, for messages: `Feuille « Budget », ligne 7`. */
  where: string;
  /** Row number in its sheet (1-based), and the sheet. */
  row: number;
  sheet: string;
  /** Absent in a client CSV (its client is the one chosen). */
  clientName?: string;
  /** From `_ids`, when that sheet still describes this row. */
  clientId?: string;
  lineId?: string;
  pole: string;
  line: string;
  figures: Partial<Record<Measure, Cents[]>>;
}

export interface ImportedFile {
  kind: 'xlsx' | 'csv';
  lines: ImportedLine[];
}

/**
 * The exercice a file is imported into, and the agency's fiscal year (docs/product.md#fiscal-years,
 * ADR 060): the header row must name its months as the export of that year writes them. A calendar
 * year's headers carry no year (« Janvier Prévisionnel »), so any year's file goes into any year.
 */
export interface ImportTarget {
  fiscal: FiscalSettings;
  year: number;
}

/** A calendar year: the headers every file before the setting has. */
export const CALENDAR_IMPORT: ImportTarget = { fiscal: CALENDAR_YEAR, year: 2000 };

/** A refusal: the French message names the sheet, the row and the column of the first problem. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

const quote = (s: string) => `« ${s} »`;
/** `Feuille « Budget », ligne 7, colonne E (Janvier Achat prévisionnel)`. */
export const cellPlace = (sheet: string, row: number, column?: number, header?: string) =>
  `Feuille ${quote(sheet)}, ligne ${row}` +
  (column === undefined ? '' : `, colonne ${columnLetters(column)}${header ? ` (${header})` : ''}`);

function shown(value: SheetValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'VRAI' : 'FAUX';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return 'number' in value ? value.number : `=${value.formula}`;
}

/** A name cell: text (a number is read as its text), trimmed; a date, a boolean or a formula is refused. */
function nameOf(value: SheetValue, place: () => string): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'object' && 'number' in value) return value.number;
  throw new ImportError(`${place()} : un nom est attendu, pas ${quote(shown(value))}.`);
}

/** An amount cell → cents, or the French refusal naming it. */
export function amountOf(value: SheetValue, place: () => string): Cents {
  if (value === null) return 0 as Cents;
  if (value instanceof Date) {
    throw new ImportError(`${place()} : une date (${shown(value)}) à la place d'un montant.`);
  }
  if (typeof value === 'boolean') throw new ImportError(`${place()} : ${quote(shown(value))} n'est pas un montant.`);
  if (typeof value === 'object' && 'formula' in value) {
    throw new ImportError(
      `${place()} : une formule sans valeur calculée (${quote(shown(value))}) ; ouvrez et enregistrez le fichier dans Excel, ou collez des valeurs.`,
    );
  }
  const cents = typeof value === 'string' ? parseAmountText(value) : numberTextToCents(value.number);
  if (cents === null) throw new ImportError(`${place()} : ${quote(shown(value))} n'est pas un montant.`);
  return cents;
}

const sameHeader = (a: SheetValue, b: string) => typeof a === 'string' && a.trim() === b;

function checkHeader(sheet: string, header: readonly SheetValue[] | undefined, expected: readonly string[]) {
  if (!header) throw new ImportError(`Feuille ${quote(sheet)} : la feuille est vide.`);
  expected.forEach((h, i) => {
    const found = header[i] ?? null;
    if (!sameHeader(found, h)) {
      throw new ImportError(
        `${cellPlace(sheet, 1, i)} : en-tête ${quote(h)} attendu, ${found === null ? 'cellule vide' : quote(shown(found))} trouvé.`,
      );
    }
  });
}

function checkRowCount(sheet: string, rows: number) {
  if (rows > IMPORT_LIMITS.rows) {
    throw new ImportError(
      `${cellPlace(sheet, IMPORT_LIMITS.rows + 1)} : trop de lignes (${rows.toLocaleString('fr-FR')}) ; au plus ${IMPORT_LIMITS.rows.toLocaleString('fr-FR')}.`,
    );
  }
}

/** The ids of `_ids`, by the `Budget` row they describe, with the names that row had at export. */
function idsByRow(ids: readonly (readonly SheetValue[])[] | null) {
  const byRow = new Map<number, { clientId: string; lineId: string; pole: string; line: string }>();
  if (!ids) return byRow;
  checkHeader(IDS_SHEET, ids[0], IDS_HEADER);
  for (const r of ids.slice(1)) {
    const [row, clientId, lineId, pole, line] = r.map((v) => (v === null ? '' : shown(v)));
    const n = Number(row);
    if (Number.isInteger(n) && clientId && lineId) byRow.set(n, { clientId, lineId, pole: pole!, line: line! });
  }
  return byRow;
}

/**
 * The lines of a budget workbook's sheet `Budget` (its rows, header first) and `_ids` (null when
 * the file has none): each row naming a line (column Ligne not empty) gives its 48 amounts; rows
 * without a line name are the pole, client and grand totals, which the import recomputes.
 */
export function readBudgetSheet(
  rows: readonly (readonly SheetValue[])[],
  ids: readonly (readonly SheetValue[])[] | null,
  target: ImportTarget = CALENDAR_IMPORT,
): ImportedFile {
  checkRowCount(BUDGET_SHEET, rows.length);
  checkHeader(BUDGET_SHEET, rows[0], budgetHeader(target.fiscal, target.year));
  const names = monthNames(target.fiscal, target.year);
  const known = idsByRow(ids);
  const lines: ImportedLine[] = [];
  rows.slice(1).forEach((cells, i) => {
    const row = i + 2;
    const at = (column: number, header?: string) => () => cellPlace(BUDGET_SHEET, row, column, header);
    const line = nameOf(cells[2] ?? null, at(2, 'Ligne'));
    if (line === '') return;
    const clientName = nameOf(cells[0] ?? null, at(0, 'Client'));
    const pole = nameOf(cells[1] ?? null, at(1, 'Pôle'));
    if (clientName === '') throw new ImportError(`${at(0, 'Client')()} : le nom du client manque.`);
    if (pole === '') throw new ImportError(`${at(1, 'Pôle')()} : le nom du pôle manque.`);
    const figures = {} as Record<Measure, Cents[]>;
    for (const measure of MEASURES) {
      figures[measure] = MONTH_INDEXES.map((m) => {
        const column = monthColumn(m, measure);
        return amountOf(cells[column] ?? null, at(column, monthHeader(m, measure, names)));
      });
    }
    // An id counts only while `_ids` still describes this row (rows inserted or moved in Excel
    // shift it): then a line renamed in the tool since the export is still found.
    const id = known.get(row);
    const same = id && id.pole === pole && id.line === line;
    lines.push({
      where: cellPlace(BUDGET_SHEET, row),
      row,
      sheet: BUDGET_SHEET,
      clientName,
      ...(same && { clientId: id.clientId, lineId: id.lineId }),
      pole,
      line,
      figures,
    });
  });
  return { kind: 'xlsx', lines };
}

/** The client CSV's measures, in its column order (it has no forecast purchases). */
const CSV_MEASURES: readonly Measure[] = ['previsionnel', 'reel', 'achat'];
export const CSV_SHEET = 'CSV';

/** Splits `;`-separated CSV text with `"` quoting (RFC 4180 with `;`), CRLF or LF. */
export function splitCsv(source: string): string[][] {
  const textBody = source.startsWith(BOM) ? source.slice(1) : source;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < textBody.length; i++) {
    const ch = textBody[i]!;
    if (quoted) {
      if (ch === '"' && textBody[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && textBody[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

/**
 * The lines of a client CSV (docs/product.md#file-client-csv): its header checked, then each row's
 * 36 monthly amounts (forecast, actual, purchases; the totals columns are recomputed). A cell our
 * CSV guarded with `'` (a name starting with `=`) is read without it.
 */
export function readClientCsv(source: string, target: ImportTarget = CALENDAR_IMPORT): ImportedFile {
  const rows = splitCsv(source);
  const header = clientCsvHeader(target.fiscal, target.year);
  checkRowCount(CSV_SHEET, rows.length);
  checkHeader(CSV_SHEET, rows[0], header);
  const lines = rows.slice(1).map((cells, i): ImportedLine => {
    const row = i + 2;
    const at = (column: number, header?: string) => () => cellPlace(CSV_SHEET, row, column, header);
    const unguard = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s).trim();
    const pole = unguard(cells[0] ?? '');
    const line = unguard(cells[1] ?? '');
    if (pole === '') throw new ImportError(`${at(0, 'Pôle')()} : le nom du pôle manque.`);
    if (line === '') throw new ImportError(`${at(1, 'Ligne Budgétaire')()} : le nom de la ligne manque.`);
    const figures: Partial<Record<Measure, Cents[]>> = {};
    CSV_MEASURES.forEach((measure, k) => {
      figures[measure] = MONTH_INDEXES.map((m) => {
        const column = 2 + m * CSV_MEASURES.length + k;
        return amountOf(cells[column] ?? '', at(column, header[column]));
      });
    });
    return { where: cellPlace(CSV_SHEET, row), row, sheet: CSV_SHEET, pole, line, figures };
  });
  return { kind: 'csv', lines };
}
