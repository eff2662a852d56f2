/**
 * The exports of 'Analyse des écarts' (docs/product.md#variance): one table — the clients, then the
 * poles, then TOTAL — with both sides à date, the gap, its volume and rate effects and, for a
 * client, whether it asks for a justification and the one it has. As CSV (the dashboard CSV's
 * format: UTF-8 with BOM, `;`, every value quoted, CRLF, amounts `1234,50`) and as `.xlsx` (one
 * sheet `Écarts`, euro amounts). Names: `ecarts-{slug}-{YYYY}-{YYYY-MM-DD}.csv|xlsx`.
 */
import { formatDecimal, type Cents } from '../money';
import { CALENDAR_YEAR, monthName, type FiscalSettings } from '../fiscal-year';
import type { VarianceData, VarianceRow } from '../variance';
import { csvDocument, SEMICOLON_CSV } from './csv';
import { fileDate } from './file-names';
import { amount, text, type Workbook, type WorkbookCell } from './workbook';

export const VARIANCE_HEADERS = [
  'Type',
  'Nom',
  'CA référence',
  'MB référence',
  'CA réel',
  'MB réelle',
  'Écart MB',
  'Effet volume',
  'Effet taux',
  'Justification',
] as const;

/** One line of the table: its kind, its name, the eight amounts (cents) and the justification's text. */
interface VarianceLine {
  kind: 'Client' | 'Pôle' | 'TOTAL';
  name: string;
  amounts: Cents[];
  justification: string;
}

const amountsOf = (r: VarianceRow): Cents[] => [
  r.reference.ca,
  r.reference.mb,
  r.actual.ca,
  r.actual.mb,
  r.gap,
  r.volume,
  r.rate,
];

/** What a client's justification column says: its text, « À justifier », or nothing. */
export function justificationLabel(row: VarianceData['clients'][number]): string {
  if (row.justification) return row.justification.text;
  return row.needsJustification ? 'À justifier' : '';
}

function varianceLines(answer: VarianceData): VarianceLine[] {
  return [
    ...answer.clients.map((c) => ({
      kind: 'Client' as const,
      name: c.name,
      amounts: amountsOf(c),
      justification: justificationLabel(c),
    })),
    ...answer.poles.map((p) => ({ kind: 'Pôle' as const, name: p.name, amounts: amountsOf(p), justification: '' })),
    { kind: 'TOTAL' as const, name: 'TOTAL', amounts: amountsOf(answer.total), justification: '' },
  ];
}

/** The title line: the version and the cut-off month, named in the fiscal year (docs/product.md#fiscal-years). */
const titleOf = (answer: VarianceData, year: number, fiscal: FiscalSettings) =>
  `Analyse des écarts ${year} contre « ${answer.version.name} », à fin ${monthName(fiscal, year, answer.cutoff.month).toLowerCase()}`;

export const varianceFileName = (slug: string, year: number, now: Date, ext: 'csv' | 'xlsx') =>
  `ecarts-${slug}-${year}-${fileDate(now)}.${ext}`;

/** The CSV's text. */
export function varianceCsv(answer: VarianceData, year: number, fiscal: FiscalSettings = CALENDAR_YEAR): string {
  return csvDocument(
    [
      [titleOf(answer, year, fiscal)],
      [...VARIANCE_HEADERS],
      ...varianceLines(answer).map((l) => [
        l.kind,
        l.name,
        ...l.amounts.map((a) => formatDecimal(a, ',')),
        l.justification,
      ]),
    ],
    SEMICOLON_CSV,
  );
}

/** The workbook: one sheet `Écarts`, header frozen. */
export function varianceWorkbook(
  answer: VarianceData,
  year: number,
  slug: string,
  now: Date,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): Workbook {
  const body: WorkbookCell[][] = varianceLines(answer).map((l) => {
    const bold = l.kind === 'TOTAL';
    return [
      text(l.kind, { bold }),
      text(l.name, { bold }),
      ...l.amounts.map((a) => amount(a, bold)),
      text(l.justification),
    ];
  });
  return {
    fileName: varianceFileName(slug, year, now, 'xlsx'),
    sheets: [
      {
        name: 'Écarts',
        rows: [
          [text(titleOf(answer, year, fiscal), { bold: true })],
          VARIANCE_HEADERS.map((h) => text(h, { bold: true })),
          ...body,
        ],
        widths: [10, 30, 14, 14, 14, 14, 14, 14, 14, 40],
        frozenRows: 2,
        frozenColumns: 2,
      },
    ],
  };
}
