/**
 * What an imported file would change (docs/product.md#excel-import): its lines matched to the
 * year's lines — by id (`_ids`), then by pole and line name —, the cells whose value changes, the
 * new lines it proposes, the cells of closed months it skips, and each client's totals before and
 * after. The same plan gives the request of `POST /api/import`, so what the preview shows is what
 * is sent.
 */
import { addTotals, emptyTotals, grandTotals, type MeasureTotals } from '../budget';
import { centsToWire } from '../codec';
import { POLE_CATALOGUE } from '../catalogue';
import { MEASURES, type Measure } from '../measures';
import type { BudgetData, Client } from '../model';
import { addCents, subCents, ZERO_CENTS, type Cents } from '../money';
import { MONTH_INDEXES } from '../months';
import { foldName } from '../names';
import type { ImportCellWire, ImportRequestWire } from '../schemas';
import { IMPORT_LIMITS, ImportError, type ImportedFile, type ImportedLine } from './budget-import';

/** One cell the import changes (or skips, in a closed month). */
export interface PlannedCell {
  clientId: string;
  clientName: string;
  pole: string;
  line: string;
  /** An existing line, or the index of a new one in `newLines`. */
  target: { lineId: string } | { newLine: number };
  month: number;
  field: Measure;
  old: Cents;
  new: Cents;
}

export interface NewLine {
  clientId: string;
  clientName: string;
  pole: string;
  name: string;
  /** The pole does not exist yet for this client this year (a catalogue pole). */
  newPole: boolean;
}

export interface ClientImpact {
  clientId: string;
  name: string;
  before: MeasureTotals;
  after: MeasureTotals;
}

export interface ImportPlan {
  cells: PlannedCell[];
  newLines: NewLine[];
  /** Cells that would change but lie in a closed month: left as they are. */
  skipped: PlannedCell[];
  /** Clients the import changes, by name. */
  clients: ClientImpact[];
}

export interface ImportContext {
  /** The year's clients the caller may see (the server scoped them). */
  clients: readonly Pick<Client, 'id' | 'name'>[];
  budgetData: BudgetData;
  closedMonths: ReadonlySet<number>;
  /** A client CSV names no client: its rows go to this one. */
  csvClientId?: string;
}

const catalogueByFold = new Map(POLE_CATALOGUE.map((p) => [foldName(p.name), p.name]));

/** Columns of the names, for messages: the workbook has Client, Pôle, Ligne; the CSV Pôle, Ligne. */
function nameColumn(line: ImportedLine, which: 'client' | 'pole' | 'line'): string {
  const workbook = { client: 'colonne A (Client)', pole: 'colonne B (Pôle)', line: 'colonne C (Ligne)' };
  const csv = { client: '', pole: 'colonne A (Pôle)', line: 'colonne B (Ligne Budgétaire)' };
  return line.clientName === undefined ? csv[which] : workbook[which];
}

/**
 * The plan of `file` against the year's data, or an ImportError naming the first row that cannot
 * be placed: an unknown client or pole, a line twice in the file, more cells than one import takes.
 */
export function planImport(file: ImportedFile, ctx: ImportContext): ImportPlan {
  const clientsById = new Map(ctx.clients.map((c) => [c.id.toLowerCase(), c]));
  const clientsByName = new Map(ctx.clients.map((c) => [foldName(c.name), c]));
  const cells: PlannedCell[] = [];
  const skipped: PlannedCell[] = [];
  const newLines: NewLine[] = [];
  const newLineIndex = new Map<string, number>();
  const seen = new Map<string, number>();
  const changedClients = new Set<string>();

  for (const row of file.lines) {
    const client = ctx.csvClientId
      ? clientsById.get(ctx.csvClientId.toLowerCase())
      : ((row.clientId && clientsById.get(row.clientId.toLowerCase())) ??
        clientsByName.get(foldName(row.clientName ?? '')));
    if (!client) {
      throw new ImportError(
        `${row.where}, ${nameColumn(row, 'client')} : client inconnu « ${row.clientName ?? ''} » (ou hors de vos clients) pour l'exercice.`,
      );
    }
    const poles = ctx.budgetData[client.id] ?? [];
    const byId = row.lineId
      ? poles.flatMap((p) => p.lines.map((l) => ({ pole: p, line: l }))).find((x) => x.line.id === row.lineId)
      : undefined;
    const byName =
      byId ??
      poles
        .filter((p) => foldName(p.name) === foldName(row.pole))
        .flatMap((p) => p.lines.map((l) => ({ pole: p, line: l })))
        .find((x) => foldName(x.line.name) === foldName(row.line));

    const key = byName ? byName.line.id : `${client.id}\u0000${foldName(row.pole)}\u0000${foldName(row.line)}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new ImportError(
        `${row.where}, ${nameColumn(row, 'line')} : la ligne « ${row.line} » (${row.pole}, ${client.name}) apparaît deux fois (aussi à la ligne ${earlier}).`,
      );
    }
    seen.set(key, row.row);

    let target: PlannedCell['target'];
    let poleName: string;
    let lineName: string;
    const current = (measure: Measure, m: number): Cents =>
      byName ? (byName.line[measure][m] ?? ZERO_CENTS) : ZERO_CENTS;
    if (byName) {
      target = { lineId: byName.line.id };
      poleName = byName.pole.name;
      lineName = byName.line.name;
    } else {
      const existingPole = poles.find((p) => foldName(p.name) === foldName(row.pole));
      const catalogueName = catalogueByFold.get(foldName(row.pole));
      if (!existingPole && !catalogueName) {
        throw new ImportError(
          `${row.where}, ${nameColumn(row, 'pole')} : pôle inconnu « ${row.pole} » pour ${client.name} (ni un pôle du client cette année, ni un pôle du catalogue).`,
        );
      }
      poleName = existingPole?.name ?? catalogueName!;
      lineName = row.line;
      const newKey = `${client.id}\u0000${foldName(poleName)}\u0000${foldName(lineName)}`;
      let index = newLineIndex.get(newKey);
      if (index === undefined) {
        index = newLines.length;
        newLineIndex.set(newKey, index);
        newLines.push({
          clientId: client.id,
          clientName: client.name,
          pole: poleName,
          name: lineName,
          newPole: !existingPole,
        });
        changedClients.add(client.id);
      }
      target = { newLine: index };
    }

    for (const measure of MEASURES) {
      const values = row.figures[measure];
      if (!values) continue;
      for (const m of MONTH_INDEXES) {
        const old = current(measure, m);
        const next = values[m]!;
        if (old === next) continue;
        const cell: PlannedCell = {
          clientId: client.id,
          clientName: client.name,
          pole: poleName,
          line: lineName,
          target,
          month: m,
          field: measure,
          old,
          new: next,
        };
        if (ctx.closedMonths.has(m)) skipped.push(cell);
        else {
          cells.push(cell);
          changedClients.add(client.id);
        }
      }
    }
    if (cells.length > IMPORT_LIMITS.cells) {
      throw new ImportError(
        `${row.where} : le fichier change plus de ${IMPORT_LIMITS.cells.toLocaleString('fr-FR')} cellules ; importez-le en plusieurs fois.`,
      );
    }
  }

  const clients = ctx.clients
    .filter((c) => changedClients.has(c.id))
    .map((c) => {
      const before = grandTotals(ctx.budgetData[c.id] ?? []);
      const after = addTotals(before, emptyTotals());
      for (const cell of cells) {
        if (cell.clientId === c.id) after[cell.field] = addCents(after[cell.field], subCents(cell.new, cell.old));
      }
      return { clientId: c.id, name: c.name, before, after };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  return { cells, newLines, skipped, clients };
}

/** The body of `POST /api/import` (euros on the wire, docs/product.md#api-routes). */
export function importRequest(plan: ImportPlan): ImportRequestWire {
  return {
    lines: plan.newLines.map((l) => ({ clientId: l.clientId, pole: l.pole, name: l.name })),
    cells: plan.cells.map((c): ImportCellWire => ({
      ...c.target,
      month: c.month,
      field: c.field,
      value: centsToWire(c.new),
    })),
  };
}

/** True when applying the plan would change nothing. */
export const isEmptyPlan = (plan: ImportPlan) => plan.cells.length === 0 && plan.newLines.length === 0;
