/**
 * The dashboard's tables as the exports write them (docs/product.md#file-dashboard-csv,
 * docs/product.md#excel-export): one list of headers and one list of typed cells per table, so
 * the CSV, the workbook and the management pack carry the screen's figures from one place.
 * A percentage whose base is not positive, an N−1 without data and a month after the cut-off
 * have no figure: their cell is empty (null), never a 0 that reads as a gap.
 */
import { versionAmounts, versionHeaders, type ComparedRow } from '../dashboard/compare';
import type { GlobalStats, MonthlyRow, PreviousYearFigures, SummaryRow, ToDateFigures } from '../dashboard/views';
import { sumCents, type Cents } from '../money';

export type ExportCell =
  | { kind: 'text'; value: string }
  | { kind: 'amount'; cents: Cents }
  /** 12.3 means 12,3 %. */
  | { kind: 'percent'; value: number }
  | { kind: 'count'; value: number }
  | null;

export const textCell = (value: string): ExportCell => ({ kind: 'text', value });
export const amountCell = (cents: Cents): ExportCell => ({ kind: 'amount', cents });
/** A percentage only where its base is positive (docs/product.md#formulas-project-rows); else empty. */
export const percentCell = (value: number, base: Cents): ExportCell => (base > 0 ? { kind: 'percent', value } : null);

/** The amount columns of a project or pole row, in order (SPEC's). */
export const PROJECT_AMOUNT_HEADERS: readonly string[] = [
  'Prévisionnel',
  'Achat prévisionnel',
  'Réel',
  'Achat',
  'MB Prévisionnelle',
  'MB Réelle',
  'Prév. MB Début',
  'Écart MB Réelle vs MB Début',
];

/** Headers of the columns 'à date' then N−1 (docs/product.md#dashboard-to-date). */
export const TO_DATE_HEADERS: readonly string[] = [
  'Prévisionnel à date',
  'Réel à date',
  'MB Prévisionnelle à date',
  'MB Réelle à date',
  'Écart MB à date',
  '% Écart MB à date',
  'MB Réelle N−1',
  'Écart MB vs N−1',
  '% Écart vs N−1',
];

/** The cells under TO_DATE_HEADERS; the N−1 ones stay empty when the previous year holds nothing. */
export function toDateCells(t: ToDateFigures, n1: PreviousYearFigures | null): ExportCell[] {
  return [
    amountCell(t.previsionnel),
    amountCell(t.reel),
    amountCell(t.margePrevisionnelle),
    amountCell(t.marginReel),
    amountCell(t.ecartMb),
    percentCell(t.ecartMbPct, t.margePrevisionnelle),
    ...(n1
      ? [amountCell(n1.marginReel), amountCell(n1.ecart), percentCell(n1.ecartPct, n1.marginReel)]
      : [null, null, null]),
  ];
}

/** Headers of 'Marges par projet' / 'Marges par pôle' after the name column. */
export const marginHeaders = (version: string | undefined): string[] => [
  ...PROJECT_AMOUNT_HEADERS,
  '% Écart',
  ...TO_DATE_HEADERS,
  ...versionHeaders(version),
];

/** A project or pole row's cells under marginHeaders (its name not included). */
export function marginCells(r: ComparedRow, version: string | undefined): ExportCell[] {
  return [
    ...[
      r.previsionnel,
      r.achatPrevisionnel,
      r.reel,
      r.achat,
      r.margePrevisionnelle,
      r.marginReel,
      r.previsionMbDebut,
      r.ecartMbDebut,
    ].map(amountCell),
    percentCell(r.ecartMbDebutPct, r.previsionMbDebut),
    ...toDateCells(r.toDate, r.previousYear),
    ...versionAmounts(version, r).map(amountCell),
  ];
}

export const MONTH_HEADERS: readonly string[] = ['Mois', 'Réel', 'Prévisionnel', 'Marge', 'Écart'];

/** A month of 'Évolution mensuelle': after the cut-off, Réel, Marge and Écart are empty (no actual yet). */
export function monthCells(m: MonthlyRow): ExportCell[] {
  const known = (cents: Cents) => (m.known ? amountCell(cents) : null);
  return [textCell(m.month), known(m.reel), amountCell(m.previsionnel), known(m.margin), known(m.ecart)];
}

/** The months' TOTAL: Réel, Marge and Écart over the months up to the cut-off, Prévisionnel over the twelve. */
export function monthsTotal(months: readonly MonthlyRow[]): ExportCell[] {
  const known = months.filter((m) => m.known);
  return [
    amountCell(sumCents(known.map((m) => m.reel))),
    amountCell(sumCents(months.map((m) => m.previsionnel))),
    amountCell(sumCents(known.map((m) => m.margin))),
    amountCell(sumCents(known.map((m) => m.ecart))),
  ];
}

/** 'Tableau récapitulatif' (docs/product.md#formulas-summary): its columns after 'Projet'. */
export const SUMMARY_HEADERS: readonly string[] = [
  'Prévisionnel',
  'Réel',
  'Achats',
  'Marge',
  'Écart',
  '% Écart',
  ...TO_DATE_HEADERS,
];

export function summaryCells(r: SummaryRow): ExportCell[] {
  return [
    amountCell(r.previsionnel),
    amountCell(r.reel),
    amountCell(r.achats),
    amountCell(r.marge),
    amountCell(r.ecart),
    percentCell(r.ecartPct, r.prevRealise),
    ...toDateCells(r.toDate, r.previousYear),
  ];
}

/** The global statistics then their à date and N−1 figures: (label, cell) pairs, in docs/product.md#formulas-kpis order. */
export function statCells(s: GlobalStats): [string, ExportCell][] {
  const spec: [string, ExportCell][] = [
    ['Total Prévisionnel', amountCell(s.totalPrevisionnel)],
    ['Total Achat prévisionnel', amountCell(s.totalAchatPrevisionnel)],
    ['Total Réel', amountCell(s.totalReel)],
    ['Total Achat', amountCell(s.totalAchat)],
    ['MB Prévisionnelle', amountCell(s.totalMarginPrev)],
    ['MB Réelle', amountCell(s.totalMarginReel)],
    ['Nombre de projets', { kind: 'count', value: s.totalProjects }],
    ['Total MB Annuelle Revue', amountCell(s.totalMbRevue)],
  ];
  const toDate = toDateCells(s.toDate, s.previousYear);
  return [...spec, ...TO_DATE_HEADERS.map((label, i): [string, ExportCell] => [label, toDate[i] ?? null])];
}
