/**
 * The dashboard CSV (docs/product.md#file-dashboard-csv): `dashboard-export-{slug}-{YYYY}-{YYYY-MM-DD}.csv`, UTF-8 with BOM, `;`,
 * every value quoted, CRLF; amounts as the client CSV writes them (`1234`, `1234,50`), percentages
 * with one decimal (`12,3`). Every figure is one the 'Dashboard' tab shows.
 */
import type { ClientFilter } from '../client-filter';
import { isAll, selectedClientIds } from '../client-filter';
import type { ComparedDashboard, ComparedRow } from '../dashboard/compare';
import { formatDecimal } from '../money';
import { cutoffName } from '../dashboard/views';
import { csvDocument, SEMICOLON_CSV } from './csv';
import {
  marginCells,
  marginHeaders,
  MONTH_HEADERS,
  monthCells,
  statCells,
  SUMMARY_HEADERS,
  summaryCells,
  type ExportCell,
} from './dashboard-columns';
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

/** A percentage with one decimal and a decimal comma (`12,3`, `-4,0`; never `-0,0`). */
export function csvPercent(percent: number): string {
  const text = (Math.round(Math.abs(percent) * 10) / 10).toFixed(1).replace('.', ',');
  return percent < 0 && text !== '0,0' ? `-${text}` : text;
}

/** A cell as the CSV writes it: amounts as the client CSV, percentages with one decimal, empty for no figure. */
function csvText(c: ExportCell): string {
  if (c === null) return '';
  if (c.kind === 'text') return c.value;
  if (c.kind === 'amount') return formatDecimal(c.cents, ',');
  if (c.kind === 'percent') return csvPercent(c.value);
  return String(c.value);
}

/** The CSV text (BOM included) of a dashboard for this selection, exported on `date` (local). */
export function dashboardCsv(dashboard: ComparedDashboard, selection: DashboardCsvSelection, date: Date): string {
  const version = dashboard.versionName;
  const margins = (rows: readonly ComparedRow[]) => rows.map((r) => [r.name, ...marginCells(r, version).map(csvText)]);
  const rows: string[][] = [
    ['Export Dashboard'],
    ['Clients', selection.label],
    ["Date d'export", frenchDate(date)],
    ['Arrêté à fin', cutoffName(dashboard)],
    ...(version === undefined ? [] : [['Version comparée', version]]),
    [],
    ['Statistiques globales'],
    ['Indicateur', 'Valeur'],
    ...statCells(dashboard.globalStats).map(([label, cell]) => [label, csvText(cell)]),
    [],
    ['Marges par projet'],
    ['Projet', ...marginHeaders(version)],
    ...margins(dashboard.projectMargins),
    [],
    ['Évolution mensuelle'],
    [...MONTH_HEADERS],
    ...dashboard.monthlyEvolution.map((m) => monthCells(m).map(csvText)),
    [],
    ['Marges par pôle'],
    ['Pôle', ...marginHeaders(version)],
    ...margins(dashboard.poleMargins),
    [],
    ['Tableau récapitulatif'],
    ['Projet', ...SUMMARY_HEADERS],
    ...dashboard.summaryRows.map((r) => [r.name, ...summaryCells(r).map(csvText)]),
  ];
  return csvDocument(rows, SEMICOLON_CSV);
}

/** `dashboard-export-{slug}-{YYYY}-{YYYY-MM-DD}.csv`: the exercice, then the local date. */
export function dashboardCsvFileName(selection: DashboardCsvSelection, year: number, date: Date): string {
  return `dashboard-export-${selection.slug}-${year}-${fileDate(date)}.csv`;
}
