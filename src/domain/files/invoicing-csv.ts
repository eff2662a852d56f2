/**
 * Invoicing CSV (docs/product.md#file-invoicing-csv): every client's invoiced pole-months, actual sales and purchases per
 * line — `,` separator, RFC 4180 quoting, decimal dot, UTF-8 BOM, CRLF — and the invoicing dialog's
 * other formats (docs/product.md#invoicing-export): a CSV for French Excel and an `.xlsx`.
 */
import { lineMonthValue } from '../budget';
import { compareFrench } from '../catalogue';
import { formatDecimal, subCents, sumCents, type Cents } from '../money';
import { CALENDAR_YEAR, monthNames, type FiscalSettings } from '../fiscal-year';
import { MONTHS, MONTH_INDEXES } from '../months';
import type { BudgetData, Client } from '../model';
import { COMMA_CSV, SEMICOLON_CSV, csvDocument } from './csv';
import { CSV_MIME, type ExportFile } from './export-file';
import { fileDate, frenchDate } from './file-names';
import { amount as amountCell, formula, text, type Workbook, type WorkbookCell } from './workbook';

export const INVOICING_CSV_HEADER: readonly string[] = ['Client', 'Pôle', 'Ligne Budgétaire', 'Mois', 'Réel', 'Achat'];

const amount = (cents: Cents) => formatDecimal(cents, '.');

/** One invoiced line-month: what each invoicing format writes a row of. */
export interface InvoicingEntry {
  client: string;
  pole: string;
  line: string;
  month: number;
  reel: Cents;
  achat: Cents;
}

/**
 * One client's invoiced line-months: per pole (creation order), per invoiced month (January
 * first) among `months` (all when omitted), per line (creation order). A pole without lines gives
 * none.
 */
export function invoicingEntries(
  clientName: string,
  poles: BudgetData[string],
  months: ReadonlySet<number> | null = null,
): InvoicingEntry[] {
  return poles.flatMap((pole) =>
    MONTH_INDEXES.filter((m) => pole.facture[m] === true && (!months || months.has(m))).flatMap((m) =>
      pole.lines.map((line) => ({
        client: clientName,
        pole: pole.name,
        line: line.name,
        month: m,
        reel: lineMonthValue(line, 'reel', m),
        achat: lineMonthValue(line, 'achat', m),
      })),
    ),
  );
}

/** One client's rows of SPEC's CSV (every invoiced line-month, zeros included). */
export function invoicingRows(clientName: string, poles: BudgetData[string]): string[][] {
  return invoicingEntries(clientName, poles).map(entryCells(amount));
}

/** A row's cells; `names` the month names by position (fiscal order: docs/product.md#fiscal-years). */
const entryCells =
  (format: (cents: Cents) => string, names: readonly string[] = MONTHS) =>
  (e: InvoicingEntry) => [e.client, e.pole, e.line, names[e.month]!, format(e.reel), format(e.achat)];

/** `facturation-{YYYY}-{YYYY-MM-DD}.csv`: the exercice, then the local date. */
export function invoicingCsvFileName(year: number, now: Date): string {
  return `facturation-${year}-${fileDate(now)}.csv`;
}

/**
 * The invoicing CSV of exercice `year`: every client (by name, French collation) that has at least
 * one row, or null when none has ('Aucun pôle n'est marqué comme facturé.'). `year` and `now` name
 * the file; `now` dates its « Date d'export » line.
 */
export function invoicingCsvFile(
  clients: readonly Client[],
  budgetData: BudgetData,
  year: number,
  now: Date,
): ExportFile | null {
  return invoicingExport({ clients, budgetData, year, now, months: null, format: 'csv' }) as ExportFile | null;
}

/** The formats of the invoicing dialog (docs/product.md#invoicing-export). */
export const INVOICING_FORMATS = ['csv', 'csv-fr', 'xlsx'] as const;
export type InvoicingFormat = (typeof INVOICING_FORMATS)[number];

export interface InvoicingSelection {
  /** The clients chosen (the dialog passes those the server gave, filtered). */
  clients: readonly Pick<Client, 'id' | 'name'>[];
  budgetData: BudgetData;
  year: number;
  now: Date;
  /** The months chosen, or null for all. */
  months: ReadonlySet<number> | null;
  format: InvoicingFormat;
  /** The agency's fiscal year, which names the months (the calendar year when omitted). */
  fiscal?: FiscalSettings;
}

/**
 * The invoicing export of the dialog, or null when it holds no row: SPEC's CSV (`,`, decimal dot;
 * every invoiced line-month, zeros included, so with every month and client chosen it is
 * byte-identical to SPEC's file), the CSV for French Excel (`;`, every value quoted, decimal
 * comma, BOM, CRLF) and the `.xlsx`. The last two leave out line-months whose Réel and Achat are
 * both 0 (ADR 038).
 */
export function invoicingExport(sel: InvoicingSelection): ExportFile | Workbook | null {
  const blocks = [...sel.clients]
    .sort((a, b) => compareFrench(a.name, b.name))
    .map((client) =>
      invoicingEntries(client.name, sel.budgetData[client.id] ?? [], sel.months).filter(
        (e) => sel.format === 'csv' || e.reel !== 0 || e.achat !== 0,
      ),
    )
    .filter((entries) => entries.length > 0);
  if (blocks.length === 0) return null;
  const names = monthNames(sel.fiscal ?? CALENDAR_YEAR, sel.year);
  if (sel.format === 'xlsx') return invoicingWorkbook(blocks.flat(), sel.year, sel.now, names);
  const french = sel.format === 'csv-fr';
  const cells = entryCells(french ? (c) => formatDecimal(c, ',') : amount, names);
  const rows: string[][] = [['Export facturation'], ["Date d'export", frenchDate(sel.now)], []];
  for (const block of blocks) rows.push([...INVOICING_CSV_HEADER], ...block.map(cells), []);
  return {
    fileName: french
      ? `facturation-${sel.year}-${fileDate(sel.now)}-excel.csv`
      : invoicingCsvFileName(sel.year, sel.now),
    mimeType: CSV_MIME,
    text: csvDocument(rows, french ? SEMICOLON_CSV : COMMA_CSV),
  };
}

/** The `.xlsx`: one table (Client… Achat, then Marge), a TOTAL row of SUM formulas, frozen header. */
function invoicingWorkbook(
  entries: readonly InvoicingEntry[],
  year: number,
  now: Date,
  names: readonly string[],
): Workbook {
  const header = [...INVOICING_CSV_HEADER, 'Marge'];
  const rows: WorkbookCell[][] = [header.map((h) => text(h, { bold: true }))];
  for (const e of entries) {
    const row = rows.length + 1;
    rows.push([
      text(e.client),
      text(e.pole),
      text(e.line),
      text(names[e.month]!),
      amountCell(e.reel),
      amountCell(e.achat),
      formula(`E${row}-F${row}`, subCents(e.reel, e.achat)),
    ]);
  }
  const last = rows.length;
  const reel = sumCents(entries.map((e) => e.reel));
  const achat = sumCents(entries.map((e) => e.achat));
  rows.push([
    text('TOTAL', { bold: true }),
    null,
    null,
    null,
    formula(`SUM(E2:E${last})`, reel, true),
    formula(`SUM(F2:F${last})`, achat, true),
    formula(`SUM(G2:G${last})`, subCents(reel, achat), true),
  ]);
  return {
    fileName: `facturation-${year}-${fileDate(now)}.xlsx`,
    sheets: [{ name: 'Facturation', rows, widths: [24, 24, 34, 12, 14, 14, 14], frozenRows: 1 }],
  };
}
