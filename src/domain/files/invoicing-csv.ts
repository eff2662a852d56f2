/**
 * Invoicing CSV (docs/product.md#file-invoicing-csv): every client's invoiced pole-months, actual sales and purchases per
 * line — `,` separator, RFC 4180 quoting, decimal dot, UTF-8 BOM, CRLF.
 */
import { lineMonthValue } from '../budget';
import { compareFrench } from '../catalogue';
import { formatDecimal, type Cents } from '../money';
import { MONTHS, MONTH_INDEXES } from '../months';
import type { BudgetData, Client } from '../model';
import { COMMA_CSV, csvDocument } from './csv';
import { CSV_MIME, type ExportFile } from './export-file';
import { fileDate, frenchDate } from './file-names';

export const INVOICING_CSV_HEADER: readonly string[] = ['Client', 'Pôle', 'Ligne Budgétaire', 'Mois', 'Réel', 'Achat'];

const amount = (cents: Cents) => formatDecimal(cents, '.');

/**
 * One client's rows: per pole (creation order), per invoiced month (January first), per line
 * (creation order). A pole without lines gives no row.
 */
export function invoicingRows(clientName: string, poles: BudgetData[string]): string[][] {
  return poles.flatMap((pole) =>
    MONTH_INDEXES.filter((m) => pole.facture[m] === true).flatMap((m) =>
      pole.lines.map((line) => [
        clientName,
        pole.name,
        line.name,
        MONTHS[m]!,
        amount(lineMonthValue(line, 'reel', m)),
        amount(lineMonthValue(line, 'achat', m)),
      ]),
    ),
  );
}

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
  const blocks = [...clients]
    .sort((a, b) => compareFrench(a.name, b.name))
    .map((client) => invoicingRows(client.name, budgetData[client.id] ?? []))
    .filter((rows) => rows.length > 0);
  if (blocks.length === 0) return null;
  const rows: string[][] = [['Export facturation'], ["Date d'export", frenchDate(now)], []];
  for (const block of blocks) rows.push([...INVOICING_CSV_HEADER], ...block, []);
  return { fileName: invoicingCsvFileName(year, now), mimeType: CSV_MIME, text: csvDocument(rows, COMMA_CSV) };
}
