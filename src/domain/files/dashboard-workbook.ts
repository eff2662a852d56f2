/**
 * The dashboard as `.xlsx` (docs/product.md#excel-export): the figures of the dashboard CSV — the
 * screen's, 'à date' and N−1 included — one sheet per section: `Synthèse`, `Marges par projet`,
 * `Évolution mensuelle` (months after the cut-off without actuals), `Marges par pôle`, `Tableau
 * récapitulatif`, with euro formats, frozen headers and TOTAL rows as SUM formulas, then the long
 * sheet `Données` of the selected clients' lines for pivot tables.
 */
import type { ComparedDashboard, ComparedRow } from '../dashboard/compare';
import { cutoffName } from '../dashboard/views';
import { dataSheet, type BudgetWorkbookInput } from './budget-workbook';
import {
  marginCells,
  marginHeaders,
  MONTH_HEADERS,
  monthCells,
  monthsTotal,
  statCells,
  SUMMARY_HEADERS,
  summaryCells,
  type ExportCell,
} from './dashboard-columns';
import type { DashboardCsvSelection } from './dashboard-csv';
import { fileDate, frenchDate } from './file-names';
import { amount, cellAddress, formula, text, type Workbook, type WorkbookCell, type WorkbookSheet } from './workbook';

const PERCENT_FORMAT = '0.0" %"';
const bold = (h: string) => text(h, { bold: true });

/** An export cell as a workbook cell: amounts in euros, percentages with one decimal, empty stays empty. */
export function workbookCell(c: ExportCell, isBold = false): WorkbookCell {
  if (c === null) return null;
  if (c.kind === 'text') return text(c.value, { bold: isBold });
  if (c.kind === 'amount') return amount(c.cents, isBold);
  if (c.kind === 'percent') return { kind: 'number', value: Math.round(c.value * 10) / 10, format: PERCENT_FORMAT };
  return { kind: 'number', value: c.value };
}

/**
 * A table: header, rows (a label, then cells), then a TOTAL row. Under each column whose TOTAL
 * (`total`, the screen's TOTAL row) is an amount, a SUM of the column carrying the screen's
 * figure (empty cells count 0 in both) — a plain amount when there is no row, where a SUM would
 * reach its own row (a circular reference in Excel); other TOTAL cells (percentages) as they are.
 */
function table(
  name: string,
  header: readonly string[],
  rows: readonly { label: string; cells: ExportCell[] }[],
  total: ExportCell[],
): WorkbookSheet {
  const out: WorkbookCell[][] = [header.map(bold)];
  for (const r of rows) out.push([text(r.label), ...r.cells.map((c) => workbookCell(c))]);
  const last = out.length;
  out.push([
    bold('TOTAL'),
    ...total.map((c, i) =>
      c?.kind === 'amount' && rows.length > 0
        ? formula(`SUM(${cellAddress(i + 1, 2)}:${cellAddress(i + 1, last)})`, c.cents, true)
        : workbookCell(c, true),
    ),
  ]);
  return { name, rows: out, widths: [30, ...header.slice(1).map(() => 16)], frozenRows: 1, frozenColumns: 1 };
}

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
  const version = dashboard.versionName;
  const summary: WorkbookSheet = {
    name: 'Synthèse',
    rows: [
      [bold('Export Dashboard')],
      [text('Clients'), text(selection.label)],
      [text('Exercice'), { kind: 'number', value: year }],
      [text("Date d'export"), text(frenchDate(now))],
      [text('Arrêté à fin'), text(cutoffName(dashboard))],
      ...(version === undefined ? [] : [[text('Version comparée'), text(version)]]),
      [],
      [bold('Indicateur'), bold('Valeur')],
      ...statCells(dashboard.globalStats).map(([label, cell]) => [text(label), workbookCell(cell)]),
    ],
    widths: [28, 22],
  };
  const margins = (rows: readonly ComparedRow[]) =>
    rows.map((r) => ({ label: r.name, cells: marginCells(r, version) }));
  const months = dashboard.monthlyEvolution;
  return {
    fileName: dashboardWorkbookFileName(selection, year, now),
    sheets: [
      summary,
      table(
        'Marges par projet',
        ['Projet', ...marginHeaders(version)],
        margins(dashboard.projectMargins),
        marginCells(dashboard.projectTotal, version),
      ),
      table(
        'Évolution mensuelle',
        MONTH_HEADERS,
        months.map((m) => ({ label: m.month, cells: monthCells(m).slice(1) })),
        monthsTotal(months),
      ),
      table(
        'Marges par pôle',
        ['Pôle', ...marginHeaders(version)],
        margins(dashboard.poleMargins),
        marginCells(dashboard.poleTotal, version),
      ),
      table(
        'Tableau récapitulatif',
        ['Projet', ...SUMMARY_HEADERS],
        dashboard.summaryRows.map((r) => ({ label: r.name, cells: summaryCells(r) })),
        summaryCells(dashboard.summaryTotal),
      ),
      // `Données` names the months as the evolution does: the fiscal year's (docs/product.md#fiscal-years).
      dataSheet(
        year,
        budgets,
        months.map((m) => m.month),
      ),
    ],
  };
}
