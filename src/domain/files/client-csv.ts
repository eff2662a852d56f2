/**
 * Client CSV (docs/product.md#file-client-csv): one client's budget, one row per line, for French Excel — `;`, every
 * value quoted, decimal comma, UTF-8 BOM, CRLF.
 */
import { lineMonthValue, lineTotals, marginReel } from '../budget';
import { formatDecimal, type Cents } from '../money';
import { CALENDAR_YEAR, monthNames, type FiscalSettings } from '../fiscal-year';
import { MONTH_INDEXES } from '../months';
import type { Pole } from '../model';
import { csvDocument, SEMICOLON_CSV } from './csv';
import { CSV_MIME, type ExportFile } from './export-file';
import { fileDate, fileNamePart } from './file-names';

/**
 * The header row: pole, line, then per month forecast/actual/purchase, then the totals. The months
 * are named in fiscal order (docs/product.md#fiscal-years): « Janvier » … in a calendar year,
 * « Septembre 2025 » … in a September year named 2026.
 */
export function clientCsvHeader(fiscal: FiscalSettings, year: number): string[] {
  return [
    'Pôle',
    'Ligne Budgétaire',
    ...monthNames(fiscal, year).flatMap((m) => [`${m} Prévisionnel`, `${m} Réel`, `${m} Achat`]),
    'Total Prévisionnel',
    'Total Réel',
    'Total Achat',
    'Marge',
  ];
}

/** The header row of a calendar year (docs/product.md#file-client-csv). */
export const CLIENT_CSV_HEADER: readonly string[] = clientCsvHeader(CALENDAR_YEAR, 2000);

const amount = (cents: Cents) => formatDecimal(cents, ',');

/** The data rows, in the budget tab's order (poles, then lines, in creation order). */
export function clientCsvRows(poles: readonly Pole[]): string[][] {
  return poles.flatMap((pole) =>
    pole.lines.map((line) => {
      const totals = lineTotals(line);
      return [
        pole.name,
        line.name,
        ...MONTH_INDEXES.flatMap((m) => [
          amount(lineMonthValue(line, 'previsionnel', m)),
          amount(lineMonthValue(line, 'reel', m)),
          amount(lineMonthValue(line, 'achat', m)),
        ]),
        amount(totals.previsionnel),
        amount(totals.reel),
        amount(totals.achat),
        amount(marginReel(totals)),
      ];
    }),
  );
}

/** `budget-{client}-{YYYY}-{YYYY-MM-DD}.csv`: the exercice, then the local date (docs/product.md#budget-years). */
export function clientCsvFileName(clientName: string, year: number, now: Date): string {
  return `budget-${fileNamePart(clientName)}-${year}-${fileDate(now)}.csv`;
}

/**
 * The client CSV of this client's poles in exercice `year`, or null when the client has no line
 * that year ('Aucune donnée trouvée pour ce client'). `year` and `now` name the file.
 */
export function clientCsvFile(
  clientName: string,
  year: number,
  poles: readonly Pole[],
  now: Date,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): ExportFile | null {
  const rows = clientCsvRows(poles);
  if (rows.length === 0) return null;
  return {
    fileName: clientCsvFileName(clientName, year, now),
    mimeType: CSV_MIME,
    text: csvDocument([clientCsvHeader(fiscal, year), ...rows], SEMICOLON_CSV),
  };
}
