/**
 * The dashboard as `.xlsx` (docs/product.md#excel-export): the figures of the dashboard CSV, one
 * sheet per section — `Synthèse`, `Marges par projet`, `Évolution mensuelle`, `Marges par pôle` —
 * with euro formats, frozen headers and TOTAL rows as SUM formulas, then the long sheet `Données`
 * of the selected clients' lines for pivot tables.
 */
import { versionAmounts, versionHeaders, type ComparedDashboard } from '../dashboard/compare';
import type { MarginRow } from '../dashboard/views';
import type { Cents } from '../money';
import { ZERO_CENTS, sumCents } from '../money';
import { MONTHS } from '../months';
import { dataSheet, type BudgetWorkbookInput } from './budget-workbook';
import { PROJECT_AMOUNT_HEADERS, type DashboardCsvSelection } from './dashboard-csv';
import { fileDate, frenchDate } from './file-names';
import { amount, cellAddress, formula, text, type Workbook, type WorkbookCell, type WorkbookSheet } from './workbook';

const PERCENT_FORMAT = '0.0" %"';
const bold = (h: string) => text(h, { bold: true });
const percent = (value: number): WorkbookCell => ({
  kind: 'number',
  value: Math.round(value * 10) / 10,
  format: PERCENT_FORMAT,
});

/**
 * A table of amounts: header, rows (a label, `amountColumns` amounts, then any other cells), then
 * a TOTAL row summing each amount column — a plain 0 when there is no row, where a SUM would
 * reach its own row (a circular reference in Excel).
 */
function table(
  name: string,
  header: readonly string[],
  amountColumns: number,
  rows: readonly { label: string; amounts: Cents[]; after?: WorkbookCell[] }[],
): WorkbookSheet {
  const out: WorkbookCell[][] = [header.map(bold)];
  for (const r of rows) out.push([text(r.label), ...r.amounts.map((c) => amount(c)), ...(r.after ?? [])]);
  const last = out.length;
  out.push([
    bold('TOTAL'),
    ...Array.from({ length: amountColumns }, (_, i) =>
      rows.length === 0
        ? amount(ZERO_CENTS, true)
        : formula(
            `SUM(${cellAddress(i + 1, 2)}:${cellAddress(i + 1, last)})`,
            sumCents(rows.map((r) => r.amounts[i]!)),
            true,
          ),
    ),
  ]);
  return { name, rows: out, widths: [30, ...header.slice(1).map(() => 16)], frozenRows: 1, frozenColumns: 1 };
}

const marginAmounts = (r: MarginRow): Cents[] => [
  r.previsionnel,
  r.achatPrevisionnel,
  r.reel,
  r.achat,
  r.margePrevisionnelle,
  r.marginReel,
  r.previsionMbDebut,
  r.ecartMbDebut,
];

/** `dashboard-export-{slug}-{YYYY}-{date}.xlsx`, as the CSV's name. */
export const dashboardWorkbookFileName = (selection: DashboardCsvSelection, year: number, now: Date) =>
  `dashboard-export-${selection.slug}-${year}-${fileDate(now)}.xlsx`;

/**
 * The dashboard workbook of `selection` in `year`; `budgets` (the selected clients' lines, as the
 * server scoped them) fill the sheet `Données`.
 */
export function dashboardWorkbook(
  dashboard: ComparedDashboard,
  selection: DashboardCsvSelection,
  year: number,
  now: Date,
  budgets: BudgetWorkbookInput['clients'],
): Workbook {
  const s = dashboard.globalStats;
  const version = dashboard.versionName;
  const summary: WorkbookSheet = {
    name: 'Synthèse',
    rows: [
      [bold('Export Dashboard')],
      [text('Clients'), text(selection.label)],
      [text('Exercice'), { kind: 'number', value: year }],
      [text("Date d'export"), text(frenchDate(now))],
      [text('Arrêté à fin'), text(MONTHS[dashboard.cutoff.month] ?? '')],
      ...(version === undefined ? [] : [[text('Version comparée'), text(version)]]),
      [],
      [bold('Indicateur'), bold('Valeur')],
      [text('Total Prévisionnel'), amount(s.totalPrevisionnel)],
      [text('Total Achat prévisionnel'), amount(s.totalAchatPrevisionnel)],
      [text('Total Réel'), amount(s.totalReel)],
      [text('Total Achat'), amount(s.totalAchat)],
      [text('MB Prévisionnelle'), amount(s.totalMarginPrev)],
      [text('MB Réelle'), amount(s.totalMarginReel)],
      [text('Nombre de projets'), { kind: 'number', value: s.totalProjects }],
      [text('Total MB Annuelle Revue'), amount(s.totalMbRevue)],
    ],
    widths: [28, 22],
  };
  const projects = table(
    'Marges par projet',
    ['Projet', ...PROJECT_AMOUNT_HEADERS, ...versionHeaders(version), '% Écart'],
    PROJECT_AMOUNT_HEADERS.length + versionHeaders(version).length,
    dashboard.projectMargins.map((r) => ({
      label: r.name,
      amounts: [...marginAmounts(r), ...versionAmounts(version, r)],
      after: [percent(r.ecartMbDebutPct)],
    })),
  );
  const evolution = table(
    'Évolution mensuelle',
    ['Mois', 'Réel', 'Prévisionnel', 'Marge', 'Écart'],
    4,
    dashboard.monthlyEvolution.map((m) => ({ label: m.month, amounts: [m.reel, m.previsionnel, m.margin, m.ecart] })),
  );
  const poles = table(
    'Marges par pôle',
    ['Pôle', 'Marge', ...versionHeaders(version)],
    1 + versionHeaders(version).length,
    dashboard.poleMargins.map((p) => ({ label: p.name, amounts: [p.marginReel, ...versionAmounts(version, p)] })),
  );
  return {
    fileName: dashboardWorkbookFileName(selection, year, now),
    sheets: [summary, projects, evolution, poles, dataSheet(year, budgets)],
  };
}
