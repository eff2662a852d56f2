/**
 * The budget workbook (docs/product.md#excel-export): one client's year or every client's year as
 * the `.xlsx` the exports write — the sheet `Budget` (the grid: four measures per month, pole
 * subtotal rows and totals as SUM formulas, frozen header and name columns, euro format), the
 * monthly margins with the invoiced flags and the closed months (budget-monthly-sheet.ts), the long
 * sheet `Données` for pivot tables, the hidden sheet `_ids` the import matches lines with, and
 * (one client's export) the sheet `Commentaires`.
 * The import (budget-import.ts) reads the same layout back: both take it from here.
 */
import { lineMonthValue } from '../budget';
import { compareFrench } from '../catalogue';
import { driverPercent, sourceLineIds } from '../drivers';
import { MEASURES, MEASURE_LABELS, type Measure } from '../measures';
import type { Client, Pole } from '../model';
import { ZERO_CENTS, addCents, subCents, sumCents, type Cents } from '../money';
import { CALENDAR_YEAR, monthNames, type FiscalSettings } from '../fiscal-year';
import { MONTHS, MONTH_INDEXES } from '../months';
import { closingsSheet, monthlyMarginsSheet, type ClosedMonth } from './budget-monthly-sheet';
import { commentsSheet, type SheetComment } from './comments-sheet';
import { fileDate, fileNamePart } from './file-names';
import {
  amount,
  cellAddress,
  formula,
  sumOf,
  text,
  type Workbook,
  type WorkbookCell,
  type WorkbookSheet,
} from './workbook';

export const BUDGET_SHEET = 'Budget';
export const DATA_SHEET = 'Données';
export const IDS_SHEET = '_ids';

/** The three name columns before the months. */
export const NAME_COLUMNS = ['Client', 'Pôle', 'Ligne'] as const;
/** The first month column (D). */
export const FIRST_MONTH_COLUMN = NAME_COLUMNS.length;

/** Column of a month's measure: Janvier Prévisionnel is D, Janvier Achat prévisionnel E… */
export const monthColumn = (month: number, measure: Measure): number =>
  FIRST_MONTH_COLUMN + month * MEASURES.length + MEASURES.indexOf(measure);

/**
 * Header of a month's measure: `Janvier Achat prévisionnel`; `names`: the twelve months in fiscal
 * order (`Septembre 2025 Achat prévisionnel` in a September year, docs/product.md#fiscal-years).
 */
export const monthHeader = (month: number, measure: Measure, names: readonly string[] = MONTHS): string =>
  `${names[month]} ${MEASURE_LABELS[measure]}`;

const TOTAL_HEADERS: Record<Measure, string> = {
  previsionnel: 'Total Prévisionnel',
  achat_previsionnel: 'Total Achat prévisionnel',
  reel: 'Total Réel',
  achat: 'Total Achat réel',
};
const FIRST_TOTAL_COLUMN = FIRST_MONTH_COLUMN + MONTHS.length * MEASURES.length;
const totalColumn = (measure: Measure) => FIRST_TOTAL_COLUMN + MEASURES.indexOf(measure);

/**
 * Row 1 of the sheet `Budget` for fiscal year `year` (ADR 060): the export writes it and the
 * import expects it, so a file goes back into the year and setting it came from.
 */
export const budgetHeader = (fiscal: FiscalSettings, year: number): string[] => {
  const names = monthNames(fiscal, year);
  return [
    ...NAME_COLUMNS,
    ...MONTH_INDEXES.flatMap((m) => MEASURES.map((measure) => monthHeader(m, measure, names))),
    ...MEASURES.map((m) => TOTAL_HEADERS[m]),
    'MB Prévisionnelle',
    'MB Réelle',
  ];
};

/** Row 1 of the sheet `Budget` in a calendar year (« Janvier Prévisionnel »…): any year's, the same. */
export const BUDGET_HEADER: readonly string[] = budgetHeader(CALENDAR_YEAR, 2000);

/** The Pôle cell of a client's total row, and the Client cell of the grand total. */
export const CLIENT_TOTAL_LABEL = 'Total client';
export const GRAND_TOTAL_LABEL = 'Total général';

/** Row 1 of the sheet `_ids`: for each line row of `Budget`, its row number and ids, and the names it had. */
export const IDS_HEADER: readonly string[] = ['Rangée', 'Client (id)', 'Ligne (id)', 'Pôle', 'Ligne'];
export const DATA_HEADER: readonly string[] = ['Client', 'Année', 'Pôle', 'Ligne', 'Mois', 'Mesure', 'Montant'];

type Figures = Record<Measure, Cents[]>;
const zeroFigures = (): Figures =>
  Object.fromEntries(MEASURES.map((m) => [m, MONTH_INDEXES.map(() => ZERO_CENTS)])) as Figures;
const addFigures = (into: Figures, add: Figures) => {
  for (const m of MEASURES) for (const i of MONTH_INDEXES) into[m][i] = addCents(into[m][i]!, add[m][i]!);
};

/**
 * The cells after the names of one row: the 48 month cells (amounts, or formulas over `sources`
 * for a total row), then the four totals and the two margins as formulas of this row.
 */
function figureCells(
  row: number,
  figures: Figures,
  sources: ((column: number) => string) | null,
  bold: boolean,
  driven: ((month: number, measure: Measure) => string | null) | null = null,
) {
  const cells: WorkbookCell[] = [];
  for (const m of MONTH_INDEXES) {
    for (const measure of MEASURES) {
      const cents = figures[measure][m]!;
      const own = driven?.(m, measure) ?? null;
      const text = sources ? sources(monthColumn(m, measure)) : own;
      cells.push(text !== null ? formula(text, cents, bold) : amount(cents, bold));
    }
  }
  const totals = {} as Record<Measure, Cents>;
  for (const measure of MEASURES) {
    totals[measure] = sumCents(figures[measure]);
    const refs = MONTH_INDEXES.map((m) => cellAddress(monthColumn(m, measure), row));
    cells.push(formula(sumOf(refs), totals[measure], bold));
  }
  const ref = (measure: Measure) => cellAddress(totalColumn(measure), row);
  cells.push(
    formula(
      `${ref('previsionnel')}-${ref('achat_previsionnel')}`,
      subCents(totals.previsionnel, totals.achat_previsionnel),
      bold,
    ),
  );
  cells.push(formula(`${ref('reel')}-${ref('achat')}`, subCents(totals.reel, totals.achat), bold));
  return cells;
}

/**
 * A driver line's computed cells as formulas over its sources' cells of the sheet
 * (docs/product.md#driver-lines): `ROUND(SUM(D3,D4)*15/100,2)` — Excel's ROUND is half away from
 * zero, as the tool's rule. Null for a typed cell.
 */
function drivenFormulas(poles: readonly Pole[], line: Pole['lines'][number], rowOf: ReadonlyMap<string, number>) {
  const driver = line.driver;
  if (!driver) return null;
  const ids = sourceLineIds(poles, line.id, driver.sources).filter((id) => rowOf.has(id));
  return (month: number, measure: Measure) =>
    measure !== driver.measure
      ? null
      : `ROUND(${sumOf(ids.map((id) => cellAddress(monthColumn(month, driver.sourceMeasure), rowOf.get(id)!)))}*${driverPercent(driver.basisPoints)}/100,2)`;
}

const lineFigures = (line: Pole['lines'][number]): Figures =>
  Object.fromEntries(MEASURES.map((m) => [m, MONTH_INDEXES.map((i) => lineMonthValue(line, m, i))])) as Figures;

export interface BudgetWorkbookInput {
  year: number;
  /** The clients to write, with their poles of that year; sorted by name here. */
  clients: readonly { client: Pick<Client, 'id' | 'name'>; poles: readonly Pole[] }[];
  /** Every client's year (adds the grand total row) or one client's. */
  scope: 'all' | 'client';
  now: Date;
  /** The year's closed months: the sheet `Clôtures` (left out when not given). */
  closedMonths?: readonly ClosedMonth[];
  /** The comments of these client-years: the sheet `Commentaires` (left out when not given). */
  comments?: readonly SheetComment[];
  /** The agency's fiscal year: every sheet names the months by it (the calendar year when not given). */
  fiscal?: FiscalSettings;
}

/** `budget-{client}-{YYYY}-{date}.xlsx` or `budget-tous-clients-{YYYY}-{date}.xlsx`. */
export function budgetWorkbookFileName(input: Pick<BudgetWorkbookInput, 'year' | 'clients' | 'scope' | 'now'>) {
  const who = input.scope === 'all' ? 'tous-clients' : fileNamePart(input.clients[0]?.client.name ?? '');
  return `budget-${who}-${input.year}-${fileDate(input.now)}.xlsx`;
}

/**
 * The workbook of these clients' year. Poles without lines are left out, as the grid leaves them
 * out; clients without lines are left out of `Budget` and `Données`.
 */
export function budgetWorkbook(input: BudgetWorkbookInput): Workbook {
  const fiscal = input.fiscal ?? CALENDAR_YEAR;
  const names = monthNames(fiscal, input.year);
  const header = budgetHeader(fiscal, input.year);
  const budget: WorkbookCell[][] = [header.map((h) => text(h, { bold: true }))];
  const ids: WorkbookCell[][] = [IDS_HEADER.map((h) => text(h, { bold: true }))];
  const clientTotalRows: number[] = [];
  const grand = zeroFigures();
  const clients = [...input.clients].sort((a, b) => compareFrench(a.client.name, b.client.name));

  for (const { client, poles } of clients) {
    const withLines = poles.filter((p) => p.lines.length > 0);
    if (withLines.length === 0) continue;
    const poleRows: number[] = [];
    const clientFigures = zeroFigures();
    // Each line's row, known before writing so a driver line can refer to a later pole's lines.
    const rowOf = new Map<string, number>();
    let next = budget.length + 1;
    for (const pole of withLines) {
      pole.lines.forEach((line, i) => rowOf.set(line.id, next + 1 + i));
      next += pole.lines.length + 1;
    }
    for (const pole of withLines) {
      const poleRow = budget.length + 1;
      poleRows.push(poleRow);
      const first = poleRow + 1;
      const last = poleRow + pole.lines.length;
      const poleFigures = zeroFigures();
      const lineRows: WorkbookCell[][] = [];
      pole.lines.forEach((line, i) => {
        const row = first + i;
        const figures = lineFigures(line);
        addFigures(poleFigures, figures);
        lineRows.push([
          text(client.name),
          text(pole.name),
          text(line.name, { indent: 1 }),
          ...figureCells(row, figures, null, false, drivenFormulas(withLines, line, rowOf)),
        ]);
        ids.push([{ kind: 'number', value: row }, text(client.id), text(line.id), text(pole.name), text(line.name)]);
      });
      addFigures(clientFigures, poleFigures);
      budget.push([
        text(client.name, { bold: true }),
        text(pole.name, { bold: true }),
        text(''),
        ...figureCells(
          poleRow,
          poleFigures,
          (col) => `SUM(${cellAddress(col, first)}:${cellAddress(col, last)})`,
          true,
        ),
      ]);
      budget.push(...lineRows);
    }
    const totalRow = budget.length + 1;
    clientTotalRows.push(totalRow);
    addFigures(grand, clientFigures);
    budget.push([
      text(client.name, { bold: true }),
      text(CLIENT_TOTAL_LABEL, { bold: true }),
      text(''),
      ...figureCells(totalRow, clientFigures, (col) => sumOf(poleRows.map((r) => cellAddress(col, r))), true),
    ]);
  }
  if (input.scope === 'all') {
    const row = budget.length + 1;
    budget.push([
      text(GRAND_TOTAL_LABEL, { bold: true }),
      text(''),
      text(''),
      ...figureCells(row, grand, (col) => sumOf(clientTotalRows.map((r) => cellAddress(col, r))), true),
    ]);
  }

  const sheets: WorkbookSheet[] = [
    {
      name: BUDGET_SHEET,
      rows: budget,
      widths: [24, 20, 34, ...header.slice(FIRST_MONTH_COLUMN).map(() => 14)],
      frozenRows: 1,
      frozenColumns: FIRST_MONTH_COLUMN,
    },
    monthlyMarginsSheet(clients, names),
    ...(input.closedMonths ? [closingsSheet(input.closedMonths, names)] : []),
    dataSheet(input.year, clients, names),
    { name: IDS_SHEET, rows: ids, hidden: true },
  ];
  if (input.comments) sheets.push(commentsSheet(input.comments, names));
  return { fileName: budgetWorkbookFileName(input), sheets };
}

/**
 * The long sheet `Données` (Client, Année, Pôle, Ligne, Mois, Mesure, Montant) of these clients,
 * for pivot tables: clients by name, then the grid's order. Zero amounts are left out: a pivot
 * table sums the same, and 300 clients stay far below Excel's 1,048,576 rows
 * (docs/product.md#excel-export).
 */
export function dataSheet(
  year: number,
  clients: BudgetWorkbookInput['clients'],
  names: readonly string[] = MONTHS,
): WorkbookSheet {
  const rows: WorkbookCell[][] = [DATA_HEADER.map((h) => text(h, { bold: true }))];
  const sorted = [...clients].sort((a, b) => compareFrench(a.client.name, b.client.name));
  for (const { client, poles } of sorted) {
    for (const pole of poles) {
      for (const line of pole.lines) {
        for (const m of MONTH_INDEXES) {
          for (const measure of MEASURES) {
            const cents = lineMonthValue(line, measure, m);
            if (cents === 0) continue;
            rows.push([
              text(client.name),
              { kind: 'number', value: year },
              text(pole.name),
              text(line.name),
              text(names[m]!),
              text(MEASURE_LABELS[measure]),
              amount(cents),
            ]);
          }
        }
      }
    }
  }
  return { name: DATA_SHEET, rows, widths: [24, 8, 20, 34, 12, 20, 14], frozenRows: 1 };
}
