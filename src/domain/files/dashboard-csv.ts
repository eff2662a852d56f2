/**
 * The dashboard CSV (docs/product.md#file-dashboard-csv): `dashboard-export-{slug}-{YYYY}-{YYYY-MM-DD}.csv`, UTF-8 with BOM, `;`,
 * every value quoted, CRLF; amounts as the client CSV writes them (`1234`, `1234,50`), percentages
 * with one decimal (`12,3`). Every figure is one the 'Dashboard' tab shows.
 */
import type { ClientFilter } from '../client-filter';
import { isAll, selectedClientIds } from '../client-filter';
import { versionAmounts, versionHeaders, type ComparedDashboard } from '../dashboard/compare';
import type { GlobalStats, PreviousYearFigures, ToDateFigures } from '../dashboard/views';
import { formatDecimal, type Cents } from '../money';
import { MONTHS } from '../months';
import { csvDocument, SEMICOLON_CSV } from './csv';
import { fileDate, fileNamePart, frenchDate } from './file-names';

/** Who the export covers: the « Clients » line and the file-name slug. */
export interface DashboardCsvSelection {
  label: string;
  slug: string;
}

/** The fallback name when the one selected client cannot be found (docs/product.md#other-toasts). */
export const UNKNOWN_CLIENT_NAME = 'Client inconnu';

/**
 * The selection as the export names it: 'Tous les clients' / `tous-clients`, the client's name /
 * its file-name form, or 'N clients sélectionnés' / `multi-clients`.
 */
export function dashboardCsvSelection(
  filter: ClientFilter,
  clients: readonly { id: string; name: string }[],
): DashboardCsvSelection {
  if (isAll(filter)) return { label: 'Tous les clients', slug: 'tous-clients' };
  if (filter.length === 1) {
    const name = clients.find((c) => c.id === filter[0])?.name ?? UNKNOWN_CLIENT_NAME;
    return { label: name, slug: fileNamePart(name) };
  }
  const count = selectedClientIds(
    filter,
    clients.map((c) => c.id),
  ).length;
  return { label: `${count} clients sélectionnés`, slug: 'multi-clients' };
}

/** The eight global statistics in docs/product.md#formulas-kpis order, with their French labels. */
const GLOBAL_STAT_LABELS: readonly [Exclude<keyof GlobalStats, 'toDate' | 'previousYear'>, string][] = [
  ['totalPrevisionnel', 'Total Prévisionnel'],
  ['totalAchatPrevisionnel', 'Total Achat prévisionnel'],
  ['totalReel', 'Total Réel'],
  ['totalAchat', 'Total Achat'],
  ['totalMarginPrev', 'MB Prévisionnelle'],
  ['totalMarginReel', 'MB Réelle'],
  ['totalProjects', 'Nombre de projets'],
  ['totalMbRevue', 'Total MB Annuelle Revue'],
];

const amount = (cents: Cents): string => formatDecimal(cents, ',');

/** The amount columns of a project row, in order (the CSV and the dashboard workbook). */
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

/** Headers of the columns 'à date' then N−1 (docs/product.md#dashboard-to-date), after SPEC's. */
const TO_DATE_HEADERS = [
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

/** The cells under TO_DATE_HEADERS; N−1 cells stay empty when the previous year holds nothing. */
function toDateCells(t: ToDateFigures, n1: PreviousYearFigures | null): string[] {
  return [
    amount(t.previsionnel),
    amount(t.reel),
    amount(t.margePrevisionnelle),
    amount(t.marginReel),
    amount(t.ecartMb),
    csvPercent(t.ecartMbPct),
    ...(n1 ? [amount(n1.marginReel), amount(n1.ecart), csvPercent(n1.ecartPct)] : ['', '', '']),
  ];
}

/** A percentage with one decimal and a decimal comma (`12,3`, `-4,0`; never `-0,0`). */
export function csvPercent(percent: number): string {
  const text = (Math.round(Math.abs(percent) * 10) / 10).toFixed(1).replace('.', ',');
  return percent < 0 && text !== '0,0' ? `-${text}` : text;
}

/** The CSV text (BOM included) of a dashboard for this selection, exported on `date` (local). */
export function dashboardCsv(dashboard: ComparedDashboard, selection: DashboardCsvSelection, date: Date): string {
  const stats = dashboard.globalStats;
  const version = dashboard.versionName;
  const rows: string[][] = [
    ['Export Dashboard'],
    ['Clients', selection.label],
    ["Date d'export", frenchDate(date)],
    ['Arrêté à fin', MONTHS[dashboard.cutoff.month] ?? ''],
    ...(version === undefined ? [] : [['Version comparée', version]]),
    [],
    ['Statistiques globales'],
    ['Indicateur', 'Valeur'],
    ...GLOBAL_STAT_LABELS.map(([key, label]) => [
      label,
      key === 'totalProjects' ? String(stats[key]) : amount(stats[key]),
    ]),
    ...TO_DATE_HEADERS.map((label, i) => [label, toDateCells(stats.toDate, stats.previousYear)[i] ?? '']),
    [],
    ['Marges par projet'],
    ['Projet', ...PROJECT_AMOUNT_HEADERS, '% Écart', ...TO_DATE_HEADERS, ...versionHeaders(version)],
    ...dashboard.projectMargins.map((r) => [
      r.name,
      amount(r.previsionnel),
      amount(r.achatPrevisionnel),
      amount(r.reel),
      amount(r.achat),
      amount(r.margePrevisionnelle),
      amount(r.marginReel),
      amount(r.previsionMbDebut),
      amount(r.ecartMbDebut),
      csvPercent(r.ecartMbDebutPct),
      ...toDateCells(r.toDate, r.previousYear),
      ...versionAmounts(version, r).map(amount),
    ]),
    [],
    ['Évolution mensuelle'],
    ['Mois', 'Réel', 'Prévisionnel', 'Marge', 'Écart'],
    ...dashboard.monthlyEvolution.map((m) => [
      m.month,
      amount(m.reel),
      amount(m.previsionnel),
      amount(m.margin),
      amount(m.ecart),
    ]),
    [],
    ['Marges par pôle'],
    ['Pôle', 'Marge', ...TO_DATE_HEADERS, ...versionHeaders(version)],
    ...dashboard.poleMargins.map((p) => [
      p.name,
      amount(p.marginReel),
      ...toDateCells(p.toDate, p.previousYear),
      ...versionAmounts(version, p).map(amount),
    ]),
  ];
  return csvDocument(rows, SEMICOLON_CSV);
}

/** `dashboard-export-{slug}-{YYYY}-{YYYY-MM-DD}.csv`: the exercice, then the local date. */
export function dashboardCsvFileName(selection: DashboardCsvSelection, year: number, date: Date): string {
  return `dashboard-export-${selection.slug}-${year}-${fileDate(date)}.csv`;
}
