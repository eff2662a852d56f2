/**
 * CSV text, the one escaping function every export uses (docs/product.md#files-common): UTF-8 with a byte-order
 * mark, CRLF line ends, quoting either of every value or only where needed (RFC 4180), and the
 * formula guard so a spreadsheet never runs a cell as a formula.
 */

export interface CsvFormat {
  separator: ';' | ',';
  /** Quote every value (the `;` files) or only values that need it (RFC 4180, the `,` file). */
  quoteAll: boolean;
}

/** Client and dashboard CSV: `;`, every value quoted — what French Excel opens as columns. */
export const SEMICOLON_CSV: CsvFormat = { separator: ';', quoteAll: true };
/** Invoicing CSV: `,`, RFC 4180 quoting. */
export const COMMA_CSV: CsvFormat = { separator: ',', quoteAll: false };

export const BOM = '\uFEFF';
export const CRLF = '\r\n';

/** A plain number as our files write them (`-50`, `-0,05`, `1234.50`): never formula-guarded. */
const PLAIN_NUMBER = /^-?\d+([.,]\d+)?$/;
/**
 * What a spreadsheet may read as a formula's start: `=`, `+`, `-`, `@`, tab, CR — and their
 * full-width and small forms (＝ ﹦ ＋ ﹢ － ﹣ ＠ ﹫), which some spreadsheets fold to ASCII on input.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFE66\uFF0B\uFE62\uFF0D\uFE63\uFF20\uFE6B]/;

/**
 * Prefixes `'` to a value a spreadsheet would run as a formula: one starting with `=`, `+`, `-`,
 * `@`, tab or CR, or a full-width or small lookalike of them — except a plain negative number,
 * which stays a number.
 */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** One cell: formula guard, then quoting (inner quotes doubled). */
export function csvCell(value: string, format: CsvFormat): string {
  const guarded = guardFormula(value);
  const needsQuotes =
    format.quoteAll || guarded.includes(format.separator) || /["\r\n]/.test(guarded) || /^\s|\s$/.test(guarded);
  return needsQuotes ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A whole file: BOM, then each row on its own CRLF-terminated line; an empty row is a blank line. */
export function csvDocument(rows: readonly (readonly string[])[], format: CsvFormat): string {
  return BOM + rows.map((row) => row.map((v) => csvCell(v, format)).join(format.separator) + CRLF).join('');
}
