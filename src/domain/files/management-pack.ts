/**
 * The monthly management pack (docs/product.md#management-pack): what the 'Dashboard' tab shows for
 * a selection and a cut-off, laid out once as titled tables of typed cells — the KPIs, 'Marges par
 * projet', 'Marges par pôle', 'Évolution mensuelle' (its chart is drawn from the same rows) and
 * the largest gaps à date. The PDF (server/lib/pdf) and the `.xlsx` (packWorkbook) render this
 * one structure, so both carry the same figures as the screen.
 */
import type { ComparedDashboard } from '../dashboard/compare';
import {
  cutoffName,
  type MarginRow,
  type MonthlyRow,
  type PreviousYearFigures,
  type ToDateFigures,
} from '../dashboard/views';
import type { DashboardCsvSelection } from './dashboard-csv';
import { fileDate, frenchDate } from './file-names';
import { CALENDAR_YEAR, shortMonthName, type FiscalSettings } from '../fiscal-year';
import { MONTH_INDEXES } from '../months';
import {
  amountCell,
  MONTH_HEADERS,
  monthCells,
  monthsTotal,
  percentCell,
  textCell,
  type ExportCell,
} from './dashboard-columns';
import { workbookCell } from './dashboard-workbook';
import { text, type Workbook, type WorkbookCell, type WorkbookSheet } from './workbook';

/** A cell of the pack: the exports' cell (an empty one reads `—` in the PDF). */
export type PackCell = ExportCell;

export interface PackTable {
  title: string;
  header: string[];
  rows: PackCell[][];
  /** The TOTAL row, when the table has one. */
  total?: PackCell[];
  /** A line under the table (what is left out and why). */
  note?: string;
}

export interface ManagementPack {
  /** « Dossier de gestion » */
  title: string;
  /** The selection's label ('Tous les clients', a name, 'N clients sélectionnés'). */
  selection: string;
  year: number;
  /** « arrêté à fin Mai » */
  cutoff: string;
  /** DD/MM/YYYY */
  date: string;
  kpis: PackTable;
  tables: PackTable[];
  /** The rows the evolution chart draws (Réel and Marge stop after the cut-off). */
  evolution: MonthlyRow[];
  /** The chart's month axis, in fiscal order: « janv. »…, or « sept. 2025 »… (docs/product.md#fiscal-years). */
  monthLabels: string[];
  fileBaseName: string;
}

export const PACK_TITLE = 'Dossier de gestion';
/** How many gaps the section 'Principaux écarts à date' lists. */
export const PACK_GAP_COUNT = 10;

const t = textCell;
const a = amountCell;
const pct = percentCell;

/** The ten columns of a margin row beside its name: SPEC's four, then à date and N−1 (docs/product.md#dashboard-tables). */
export const PACK_MARGIN_HEADERS = [
  'Prév. MB Début',
  'MB Prévisionnelle',
  'MB Réelle',
  'Écart MB Réelle vs MB Début',
  '% Écart',
  'MB prév. à date',
  'MB réelle à date',
  'Écart MB à date',
  'MB réelle N−1',
  'Écart vs N−1',
];

function marginCells(r: MarginRow): PackCell[] {
  return [
    t(r.name),
    a(r.previsionMbDebut),
    a(r.margePrevisionnelle),
    a(r.marginReel),
    a(r.ecartMbDebut),
    pct(r.ecartMbDebutPct, r.previsionMbDebut),
    a(r.toDate.margePrevisionnelle),
    a(r.toDate.marginReel),
    a(r.toDate.ecartMb),
    ...previousCells(r.previousYear),
  ];
}

const previousCells = (n1: PreviousYearFigures | null): PackCell[] =>
  n1 ? [a(n1.marginReel), a(n1.ecart)] : [null, null];

function kpiTable(d: ComparedDashboard): PackTable {
  const s = d.globalStats;
  const toDate: ToDateFigures = s.toDate;
  const n1 = s.previousYear;
  const row = (label: string, value: PackCell, percent: PackCell = null): PackCell[] => [t(label), value, percent];
  return {
    title: 'Indicateurs',
    header: ['Indicateur', 'Valeur', '%'],
    rows: [
      row("Chiffre d'affaires réel", a(s.totalReel)),
      row("Chiffre d'affaires prévisionnel", a(s.totalPrevisionnel)),
      row('Achats réels', a(s.totalAchat)),
      row('Achats prévisionnels', a(s.totalAchatPrevisionnel)),
      row('Marge Brute Prévisionnelle', a(s.totalMarginPrev)),
      row('Marge Brute Réelle', a(s.totalMarginReel)),
      row('Total MB Annuelle Revue', a(s.totalMbRevue)),
      row('CA à date', a(toDate.reel)),
      row('MB Prévisionnelle à date', a(toDate.margePrevisionnelle)),
      row('MB Réelle à date', a(toDate.marginReel)),
      row('Écart MB à date', a(toDate.ecartMb), pct(toDate.ecartMbPct, toDate.margePrevisionnelle)),
      row('MB Réelle N−1', n1 ? a(n1.marginReel) : null),
      row('Écart vs N−1', n1 ? a(n1.ecart) : null, n1 ? pct(n1.ecartPct, n1.marginReel) : null),
      row('Nombre de projets', t(String(s.totalProjects))),
    ],
  };
}

function marginTable(title: string, first: string, rows: readonly MarginRow[], total: MarginRow): PackTable {
  return {
    title,
    header: [first, ...PACK_MARGIN_HEADERS],
    rows: rows.map(marginCells),
    total: marginCells({ ...total, name: 'TOTAL' }),
  };
}

function evolutionTable(rows: readonly MonthlyRow[]): PackTable {
  return {
    title: 'Évolution mensuelle',
    header: [...MONTH_HEADERS],
    rows: rows.map(monthCells),
    total: [t('TOTAL'), ...monthsTotal(rows)],
    note: 'Réel, Marge et Écart couvrent les mois jusqu’à l’arrêté ; les mois suivants restent vides.',
  };
}

/** The projects whose MB réelle à date is furthest from the forecast à date, largest first. */
function gapsTable(rows: readonly MarginRow[]): PackTable {
  const ranked = rows
    .filter((r) => r.toDate.ecartMb !== 0)
    .sort((x, y) => Math.abs(y.toDate.ecartMb) - Math.abs(x.toDate.ecartMb))
    .slice(0, PACK_GAP_COUNT);
  return {
    title: 'Principaux écarts à date',
    header: ['Projet', 'MB prév. à date', 'MB réelle à date', 'Écart MB à date', '% Écart MB à date'],
    rows: ranked.map((r) => [
      t(r.name),
      a(r.toDate.margePrevisionnelle),
      a(r.toDate.marginReel),
      a(r.toDate.ecartMb),
      pct(r.toDate.ecartMbPct, r.toDate.margePrevisionnelle),
    ]),
    note: `Les ${PACK_GAP_COUNT} projets dont l’écart MB à date est le plus grand, en valeur absolue.`,
  };
}

/** The pack of `dashboard` for `selection` in `year`, made on `now`. */
export function managementPack(
  dashboard: ComparedDashboard,
  selection: DashboardCsvSelection,
  year: number,
  now: Date,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): ManagementPack {
  const hidden = dashboard.globalStats.totalProjects - dashboard.projectMargins.length;
  const projects = marginTable('Marges par projet', 'Projet', dashboard.projectMargins, dashboard.projectTotal);
  if (hidden > 0) projects.note = hiddenProjectsNote(hidden);
  return {
    title: PACK_TITLE,
    selection: selection.label,
    year,
    cutoff: `arrêté à fin ${cutoffName(dashboard)}`,
    date: frenchDate(now),
    kpis: kpiTable(dashboard),
    tables: [
      projects,
      marginTable('Marges par pôle', 'Pôle', dashboard.poleMargins, dashboard.poleTotal),
      evolutionTable(dashboard.monthlyEvolution),
      gapsTable(dashboard.projectMargins),
    ],
    evolution: dashboard.monthlyEvolution,
    monthLabels: MONTH_INDEXES.map((p) => shortMonthName(fiscal, year, p)),
    fileBaseName: packFileBaseName(selection, year, now),
  };
}

/** `dossier-gestion-{slug}-{YYYY}-{YYYY-MM-DD}`: the selection, the exercice, the local date (`.pdf` / `.xlsx` added). */
export const packFileBaseName = (selection: DashboardCsvSelection, year: number, now: Date) =>
  `dossier-gestion-${selection.slug}-${year}-${fileDate(now)}`;

/** Why the project table lists fewer clients than the KPIs count (docs/product.md#listing-rule). */
export function hiddenProjectsNote(hidden: number): string {
  return `${hidden} client(s) de la sélection sans réel ni achat ne sont pas listés ; leurs prévisions comptent dans les indicateurs.`;
}

/** The same pack as `.xlsx`: one sheet per table, under the pack's heading lines. */
export function packWorkbook(pack: ManagementPack): Workbook {
  const heading: WorkbookCell[][] = [
    [text(pack.title, { bold: true })],
    [text('Clients'), text(pack.selection)],
    [text('Exercice'), { kind: 'number', value: pack.year }],
    [text('Arrêté'), text(pack.cutoff)],
    [text('Date'), text(pack.date)],
    [],
  ];
  const sheet = (table: PackTable, withHeading: boolean): WorkbookSheet => ({
    name: table.title.slice(0, 31),
    rows: [
      ...(withHeading ? heading : []),
      table.header.map((h) => text(h, { bold: true })),
      ...table.rows.map((r) => r.map((c) => workbookCell(c))),
      ...(table.total ? [table.total.map((c) => workbookCell(c, true))] : []),
      ...(table.note ? [[], [text(table.note)]] : []),
    ],
    widths: [34, ...table.header.slice(1).map(() => 18)],
    frozenColumns: 1,
  });
  return {
    fileName: `${pack.fileBaseName}.xlsx`,
    sheets: [sheet(pack.kpis, true), ...pack.tables.map((table) => sheet(table, false))],
  };
}
