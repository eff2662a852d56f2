/**
 * A spreadsheet as the exports describe it (docs/product.md#excel), independent of the library that
 * writes the `.xlsx` (web/lib/xlsx-write.ts maps it to write-excel-file): text, euro amounts in
 * cents, plain numbers, and formulas carrying the value they compute — written as the cell's cached
 * value, so a reader that does not recalculate (a previewer, read-excel-file) still sees totals.
 */
import type { Cents } from '../money';

/** The euro format of every amount: `1 234,56 €` in a French Excel, two decimals, minus sign. */
export const EURO_FORMAT = '#,##0.00 "€"';

export type WorkbookCell =
  | null
  | { kind: 'text'; value: string; bold?: boolean; indent?: number }
  | { kind: 'amount'; cents: Cents; bold?: boolean }
  /** A formula without the leading `=` (`SUM(D3:D9)`) and the amount it computes. */
  | { kind: 'formula'; formula: string; cents: Cents; bold?: boolean }
  /** A plain number (a year, a count, a percentage with one decimal). */
  | { kind: 'number'; value: number; format?: string; bold?: boolean };

export interface WorkbookSheet {
  name: string;
  rows: WorkbookCell[][];
  /** Column widths in characters. */
  widths?: number[];
  frozenRows?: number;
  frozenColumns?: number;
  /** Hidden from the tabs (the ids sheet). */
  hidden?: boolean;
}

export interface Workbook {
  fileName: string;
  sheets: WorkbookSheet[];
}

export const text = (value: string, style: { bold?: boolean; indent?: number } = {}): WorkbookCell => ({
  kind: 'text',
  value,
  ...style,
});
export const amount = (cents: Cents, bold = false): WorkbookCell => ({ kind: 'amount', cents, ...(bold && { bold }) });
export const formula = (f: string, cents: Cents, bold = false): WorkbookCell => ({
  kind: 'formula',
  formula: f,
  cents,
  ...(bold && { bold }),
});

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A cell's address from 0-based column and 1-based row: (3, 5) → `D5`. */
export const cellAddress = (column: number, row: number): string => `${columnLetters(column)}${row}`;

/**
 * `SUM` of cell addresses, nested by 200 so no call passes Excel's 255 arguments (a grand total of
 * 300 clients): `SUM(D2,D40)`, or `SUM(SUM(…200…),SUM(…))`.
 */
export function sumOf(addresses: readonly string[]): string {
  if (addresses.length === 0) return '0';
  if (addresses.length <= 200) return `SUM(${addresses.join(',')})`;
  const chunks: string[] = [];
  for (let i = 0; i < addresses.length; i += 200) chunks.push(sumOf(addresses.slice(i, i + 200)));
  return `SUM(${chunks.join(',')})`;
}
