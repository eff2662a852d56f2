/**
 * The one codec between the wire and the model (ADR 016). JSON keeps the euro shapes of docs/product.md#api-routes (amounts
 * as euro numbers); inside both processes every amount is integer `Cents`. Each HTTP edge — the
 * web's fetchers and mutations, the server's routes — runs its values through here: `…FromWire`
 * on what arrives (after zod validated it, on the server), `…ToWire` on what leaves. Decoding runs
 * the boundary check (`assertCents`) on every amount. zod-free: the browser's first bundle uses it.
 */
import { attributesOf } from './client-attributes';
import { driverPercent, type LineDriver } from './drivers';
import type {
  AllYearsBackup,
  VersionBackup,
  Backup,
  BudgetData,
  CellUpdate,
  Client,
  ClientChanges,
  ForecastLine,
  ForecastPole,
  Line,
  Pole,
  YearBudget,
  YearClient,
} from './model';
import { ZERO_CENTS, assertCents, centsToEuros, decimalToCents, eurosToCents, type Cents } from './money';
import type { ForecastTotals, RollForwardClientResult } from './rollforward';
import type { LandingClientResult } from './landing';
import type { AlertKind, AlertSettings } from './alerts';
import type { AlertSettingsWire } from './alerts-schemas';
import type { CellChange } from './history';
import type { ForecastChanges } from './forecast-changes';
import { MEASURES, type Measure } from './measures';
import { initialsOf } from './live';
import type {
  AllYearsBackupWire,
  ForecastPoleWire,
  VersionBackupWire,
  BackupWire,
  BudgetDataWire,
  CellUpdateWire,
  ClientAnswerWire,
  ClientWire,
  LineDriverWire,
  LineWire,
  PoleWire,
  UpdateClientWire,
  YearBudgetWire,
  YearClientWire,
} from './schemas';
import type {
  CellChangeWire,
  ConflictCellWire,
  ForecastChangesAnswer,
  ForecastTotalsWire,
  HistoryEntryWire,
  LandingClientWire,
  RollForwardClientWire,
} from './answers';

/** Euros from the wire → storable cents; throws (RangeError) on a non-finite or out-of-range amount. */
export function centsFromWire(euros: number): Cents {
  return assertCents(eurosToCents(euros));
}

/** Cents → the wire's euro number. */
export const centsToWire = (cents: Cents): number => centsToEuros(cents);

/** A `numeric` column's text (`"1234.50"`) → the wire's euro number, through exact cents. */
export const decimalToWire = (text: string): number => centsToEuros(decimalToCents(text));

/**
 * An amount read from JSON no schema checked (the browser reads live events and error bodies without
 * zod): a euro number, or a decimal text with a dot → cents; null when unreadable or out of range.
 */
export function amountFromWire(value: unknown): Cents | null {
  if (typeof value === 'string' && value.trim() === '') return null;
  const euros = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  try {
    return centsFromWire(euros);
  } catch {
    return null;
  }
}

const amountsFromWire = (euros: readonly number[]): Cents[] => euros.map(centsFromWire);
const amountsToWire = (cents: readonly Cents[]): number[] => cents.map(centsToEuros);

export function lineFromWire(line: LineWire): Line {
  return {
    id: line.id,
    name: line.name,
    previsionnel: amountsFromWire(line.previsionnel),
    achat_previsionnel: amountsFromWire(line.achat_previsionnel),
    reel: amountsFromWire(line.reel),
    achat: amountsFromWire(line.achat),
    ...(line.driver && { driver: driverFromWire(line.driver) }),
  };
}

export function lineToWire(line: Line): LineWire {
  return {
    id: line.id,
    name: line.name,
    previsionnel: amountsToWire(line.previsionnel),
    achat_previsionnel: amountsToWire(line.achat_previsionnel),
    reel: amountsToWire(line.reel),
    achat: amountsToWire(line.achat),
    ...(line.driver && { driver: driverToWire(line.driver) }),
  };
}

/**
 * A driver from the wire (docs/product.md#driver-lines): its percent (two decimals at most, as the
 * schema checked) as exact hundredths of a percent.
 */
export function driverFromWire(wire: LineDriverWire): LineDriver {
  return {
    measure: wire.measure,
    basisPoints: Math.round(wire.percent * 100),
    sourceMeasure: wire.sourceMeasure,
    // Ids as the database answers them (lower case): a stored driver compares equal to its request.
    sources:
      'pole' in wire.sources
        ? { pole: wire.sources.pole.toLowerCase() }
        : { lineIds: wire.sources.lineIds.map((id) => id.toLowerCase()) },
  };
}

export function driverToWire(driver: LineDriver): LineDriverWire {
  return {
    measure: driver.measure,
    percent: driverPercent(driver.basisPoints),
    sourceMeasure: driver.sourceMeasure,
    sources: 'pole' in driver.sources ? { pole: driver.sources.pole } : { lineIds: [...driver.sources.lineIds] },
  };
}

/** A pole with its lines mapped by `mapLine`; its other fields carry no amount. */
function mapPole<L, To>(pole: Omit<PoleWire, 'lines'> & { lines: readonly L[] }, mapLine: (line: L) => To) {
  return {
    id: pole.id,
    name: pole.name,
    isExpanded: pole.isExpanded,
    facture: [...pole.facture],
    lines: pole.lines.map(mapLine),
  };
}

export const poleFromWire = (pole: PoleWire): Pole => mapPole(pole, lineFromWire);
export const poleToWire = (pole: Pole): PoleWire => mapPole(pole, lineToWire);

export const polesFromWire = (poles: readonly PoleWire[]): Pole[] => poles.map(poleFromWire);
export const polesToWire = (poles: readonly Pole[]): PoleWire[] => poles.map(poleToWire);

/** A frozen line's forecast measures converted by `convert`. */
function mapForecastLine<A, B>(
  line: { id: string; name: string; previsionnel: readonly A[]; achat_previsionnel: readonly A[] },
  convert: (amounts: readonly A[]) => B[],
) {
  return {
    id: line.id,
    name: line.name,
    previsionnel: convert(line.previsionnel),
    achat_previsionnel: convert(line.achat_previsionnel),
  };
}

/** A version's frozen poles on the wire: the forecast measures of each line, euros. */
export const forecastPolesToWire = (poles: readonly ForecastPole[]): ForecastPoleWire[] =>
  poles.map((pole) => mapPole(pole, (line: ForecastLine) => mapForecastLine(line, amountsToWire)));

export const forecastPolesFromWire = (poles: readonly ForecastPoleWire[]): ForecastPole[] =>
  poles.map((pole) =>
    mapPole(pole, (line: ForecastPoleWire['lines'][number]) => mapForecastLine(line, amountsFromWire)),
  );

/** A version of a backup (ADR 049) between the file's euros and cents. */
function convertVersion<A, B, PA, PB>(
  v: Omit<VersionBackup, 'clients' | 'budgetData'> & {
    clients: readonly { id: string; prevision_mb_annuelle_debut: A }[];
    budgetData: Record<string, readonly PA[]>;
  },
  amount: (a: A) => B,
  poles: (p: readonly PA[]) => PB[],
) {
  return {
    id: v.id,
    year: v.year,
    name: v.name,
    at: v.at,
    by: v.by,
    reference: v.reference,
    ...(v.clientId ? { clientId: v.clientId } : {}),
    clients: v.clients.map((c) => ({ id: c.id, prevision_mb_annuelle_debut: amount(c.prevision_mb_annuelle_debut) })),
    budgetData: Object.fromEntries(Object.entries(v.budgetData).map(([id, p]) => [id, poles(p)])),
  };
}

export const versionBackupToWire = (v: VersionBackup): VersionBackupWire =>
  convertVersion(v, centsToEuros, forecastPolesToWire);
export const versionBackupFromWire = (v: VersionBackupWire): VersionBackup =>
  convertVersion(v, centsFromWire, forecastPolesFromWire);

export function clientFromWire(client: ClientWire): Client {
  return {
    id: client.id,
    name: client.name,
    prevision_mb_annuelle_debut: centsFromWire(client.prevision_mb_annuelle_debut),
    prevision_mb_annuelle_revue: centsFromWire(client.prevision_mb_annuelle_revue),
    created_at: client.created_at,
    ...attributesOf(client),
  };
}

export function clientToWire(client: Client): ClientAnswerWire {
  return {
    id: client.id,
    name: client.name,
    prevision_mb_annuelle_debut: centsToEuros(client.prevision_mb_annuelle_debut),
    prevision_mb_annuelle_revue: centsToEuros(client.prevision_mb_annuelle_revue),
    created_at: client.created_at,
    ...attributesOf(client),
  };
}

export const clientsFromWire = (clients: readonly ClientWire[]): Client[] => clients.map(clientFromWire);
export const clientsToWire = (clients: readonly Client[]): ClientAnswerWire[] => clients.map(clientToWire);

/** Keys kept in order, each client's poles converted. */
function mapBudgetData<From, To>(
  data: Record<string, readonly From[]>,
  convert: (pole: From) => To,
): Record<string, To[]> {
  const out: Record<string, To[]> = {};
  for (const [clientId, poles] of Object.entries(data)) out[clientId] = poles.map(convert);
  return out;
}

export const budgetDataFromWire = (data: BudgetDataWire): BudgetData => mapBudgetData(data, poleFromWire);
export const budgetDataToWire = (data: BudgetData): BudgetDataWire => mapBudgetData(data, poleToWire);

export function clientChangesFromWire(body: UpdateClientWire): ClientChanges {
  const { prevision_mb_annuelle_debut: debut, ...rest } = body;
  return debut === undefined ? rest : { ...rest, prevision_mb_annuelle_debut: centsFromWire(debut) };
}

export function clientChangesToWire(changes: ClientChanges): UpdateClientWire {
  const { prevision_mb_annuelle_debut: debut, ...rest } = changes;
  return debut === undefined ? rest : { ...rest, prevision_mb_annuelle_debut: centsToEuros(debut) };
}

/** A cell update with its amounts (value, and expected when present) converted by `convert`. */
function convertCell<A, B>(
  cell: { lineId: string; month: number; field: Measure; value: A; expected?: A },
  convert: (amount: A) => B,
): { lineId: string; month: number; field: Measure; value: B; expected?: B } {
  const out = { lineId: cell.lineId, month: cell.month, field: cell.field, value: convert(cell.value) };
  return cell.expected === undefined ? out : { ...out, expected: convert(cell.expected) };
}

export function cellUpdateFromWire(cell: CellUpdateWire): CellUpdate {
  return convertCell(cell, centsFromWire);
}

export function cellUpdateToWire(cell: CellUpdate): CellUpdateWire {
  return convertCell(cell, centsToEuros);
}

export function backupFromWire(backup: BackupWire): Backup {
  return { ...backup, clients: clientsFromWire(backup.clients), budgetData: budgetDataFromWire(backup.budgetData) };
}

function yearClientFromWire(client: YearClientWire): YearClient {
  return {
    id: client.id,
    prevision_mb_annuelle_debut: centsFromWire(client.prevision_mb_annuelle_debut),
    prevision_mb_annuelle_revue: centsFromWire(client.prevision_mb_annuelle_revue),
  };
}

function yearClientToWire(client: YearClient): YearClientWire {
  return {
    id: client.id,
    prevision_mb_annuelle_debut: centsToEuros(client.prevision_mb_annuelle_debut),
    prevision_mb_annuelle_revue: centsToEuros(client.prevision_mb_annuelle_revue),
  };
}

export function yearBudgetToWire(y: YearBudget): YearBudgetWire {
  return { year: y.year, clients: y.clients.map(yearClientToWire), budgetData: budgetDataToWire(y.budgetData) };
}

export function allYearsBackupFromWire(backup: AllYearsBackupWire): AllYearsBackup {
  return {
    clients: backup.clients.map(({ id, name, created_at, ...attributes }) => ({
      id,
      name,
      created_at,
      ...attributesOf(attributes),
    })),
    years: backup.years.map((y) => ({
      year: y.year,
      clients: y.clients.map(yearClientFromWire),
      budgetData: budgetDataFromWire(y.budgetData),
    })),
    ...(backup.versions === undefined ? {} : { versions: backup.versions.map(versionBackupFromWire) }),
    // No amount in them: the wire is the model.
    ...(backup.comments && { comments: backup.comments }),
    ...(backup.notifications && { notifications: backup.notifications }),
    ...(backup.signoffs && { signoffs: backup.signoffs }),
    ...(backup.exportDate === undefined ? {} : { exportDate: backup.exportDate }),
  };
}

/** A one-year backup as the data of every year: that year alone (docs/product.md#budget-years). */
export function oneYearBackup(backup: Backup, year: number): AllYearsBackup {
  return {
    clients: backup.clients.map(({ id, name, created_at, ...client }) => ({
      id,
      name,
      created_at,
      ...attributesOf(client),
    })),
    years: [
      {
        year,
        clients: backup.clients.map(({ id, prevision_mb_annuelle_debut, prevision_mb_annuelle_revue }) => ({
          id,
          prevision_mb_annuelle_debut,
          prevision_mb_annuelle_revue,
        })),
        budgetData: backup.budgetData,
      },
    ],
  };
}

function forecastTotalsToWire(t: ForecastTotals): ForecastTotalsWire {
  return { previsionnel: centsToEuros(t.previsionnel), achat_previsionnel: centsToEuros(t.achat_previsionnel) };
}

function forecastTotalsFromWire(t: ForecastTotalsWire): ForecastTotals {
  return { previsionnel: centsFromWire(t.previsionnel), achat_previsionnel: centsFromWire(t.achat_previsionnel) };
}

/** A roll forward's or a landing's row of one client: its forecast totals, cents → euros. */
function totalsToWire<T extends { before: ForecastTotals; after: ForecastTotals }>(r: T) {
  return { ...r, before: forecastTotalsToWire(r.before), after: forecastTotalsToWire(r.after) };
}

/** The reviewer's changes (docs/product.md#sign-off-changes), cents → euros. */
export function forecastChangesToWire(c: ForecastChanges): Omit<ForecastChangesAnswer, 'since' | 'basis'> {
  return {
    ...c,
    cells: c.cells.map((cell) => ({ ...cell, before: centsToEuros(cell.before), after: centsToEuros(cell.after) })),
    totals: { before: forecastTotalsToWire(c.totals.before), after: forecastTotalsToWire(c.totals.after) },
  };
}

/** The reviewer's changes as the web reads them, euros → cents. */
export function forecastChangesFromWire(
  c: ForecastChangesAnswer,
): ForecastChanges & Pick<ForecastChangesAnswer, 'since' | 'basis'> {
  return {
    ...c,
    cells: c.cells.map((cell) => ({ ...cell, before: centsFromWire(cell.before), after: centsFromWire(cell.after) })),
    totals: { before: forecastTotalsFromWire(c.totals.before), after: forecastTotalsFromWire(c.totals.after) },
  };
}

export function rollForwardClientToWire(r: RollForwardClientResult): RollForwardClientWire {
  return totalsToWire(r);
}

export function landingClientToWire(r: LandingClientResult): LandingClientWire {
  return totalsToWire(r);
}

/** A roll forward's or a landing's row of one client: its forecast totals, euros → cents. */
function totalsFromWire<T extends { before: ForecastTotalsWire; after: ForecastTotalsWire }>(r: T) {
  return { ...r, before: forecastTotalsFromWire(r.before), after: forecastTotalsFromWire(r.after) };
}

export function rollForwardClientFromWire(r: RollForwardClientWire): RollForwardClientResult {
  return totalsFromWire(r);
}

export function landingClientFromWire(r: LandingClientWire): LandingClientResult {
  return totalsFromWire(r);
}

export function cellChangeToWire(c: CellChange): CellChangeWire {
  return { lineId: c.lineId, month: c.month, field: c.field, old: centsToEuros(c.old), new: centsToEuros(c.new) };
}

export function cellChangeFromWire(c: CellChangeWire): CellChange {
  return { lineId: c.lineId, month: c.month, field: c.field, old: centsFromWire(c.old), new: centsFromWire(c.new) };
}

/** A history entry, in cents inside (the wire's cells are euros). */
export type HistoryEntry = Omit<HistoryEntryWire, 'cells'> & { cells: CellChange[] };

export function historyEntryToWire(e: HistoryEntry): HistoryEntryWire {
  return { ...e, cells: e.cells.map(cellChangeToWire) };
}

export function historyEntryFromWire(e: HistoryEntryWire): HistoryEntry {
  return { ...e, cells: e.cells.map(cellChangeFromWire) };
}

// ---- live events and conflicts (ADR 034–036) ----------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isMeasure = (v: unknown): v is Measure => typeof v === 'string' && (MEASURES as readonly string[]).includes(v);

/** One cell of a change event → a cell update in cents; null when any field is unreadable. */
function changeEventCellFromWire(value: unknown): CellUpdate | null {
  if (!isRecord(value)) return null;
  const { lineId, month, field } = value;
  if (typeof lineId !== 'string' || typeof month !== 'number' || !Number.isInteger(month) || month < 0 || month > 11)
    return null;
  if (!isMeasure(field)) return null;
  const cents = amountFromWire(value.value);
  return cents === null ? null : { lineId, month, field, value: cents };
}

/** A `change` event (GET /api/events) as the browser reads it: cells in cents. */
export interface LiveChangeEvent {
  historyId: number;
  /** null for a change of no single client (a restore). */
  clientId: string | null;
  year: number;
  source: string;
  by: string;
  /** The user's name, or the actor when the event has none. */
  byName: string;
  byInitials: string;
  /** The tab that made it, or null. */
  origin: string | null;
  /** null when the event carried none, or when any of them is unreadable (the whole list: never applied in part). */
  cells: CellUpdate[] | null;
}

/**
 * A `change` event's parsed JSON (`ChangeEvent`, euros) → cents; null when its ids are unreadable.
 * Unchecked by a schema (the browser's bundle has no zod): every field is read defensively.
 */
export function changeEventFromWire(v: unknown): LiveChangeEvent | null {
  if (!isRecord(v)) return null;
  const { historyId, clientId, year, source } = v;
  if (typeof historyId !== 'number' || typeof year !== 'number') return null;
  if (clientId !== null && typeof clientId !== 'string') return null;
  const by = typeof v.by === 'string' ? v.by : '';
  const byName = typeof v.byName === 'string' && v.byName.trim() !== '' ? v.byName : by;
  let cells: CellUpdate[] | null = null;
  if (Array.isArray(v.cells)) {
    const read = v.cells.map(changeEventCellFromWire);
    cells = read.every((c) => c !== null) ? read : null;
  }
  return {
    historyId,
    clientId,
    year,
    source: typeof source === 'string' ? source : '',
    by,
    byName,
    byInitials: typeof v.byInitials === 'string' && v.byInitials !== '' ? v.byInitials : initialsOf(byName),
    origin: typeof v.origin === 'string' ? v.origin : null,
    cells,
  };
}

/** An undo's conflicting cell in cents → its wire form (`current` null: the cell no longer exists). */
export function conflictCellToWire(cell: {
  lineId: string;
  month: number;
  field: Measure;
  current: Cents | null;
  expected: Cents;
}): ConflictCellWire {
  return {
    ...cell,
    current: cell.current === null ? null : centsToEuros(cell.current),
    expected: centsToEuros(cell.expected),
  };
}

/** A conflicting cell as the save queue keeps it: what it holds now (cents) and who stored it. */
export interface ConflictCell {
  lineId: string;
  month: number;
  field: Measure;
  /** 0 when the wire's value is null or unreadable (the cell holds nothing now). */
  current: Cents;
  /** The user's name, else the actor; null when unknown. */
  byName: string | null;
  at: string | null;
}

/** The cells of a 409 `conflict` answer (parsed JSON, euros) → cents; unreadable cells are left out. */
export function conflictCellsFromWire(cells: readonly unknown[]): ConflictCell[] {
  const read: ConflictCell[] = [];
  for (const cell of cells) {
    if (!isRecord(cell)) continue;
    const { lineId, month, field } = cell;
    if (typeof lineId !== 'string' || typeof month !== 'number' || !isMeasure(field)) continue;
    const name = [cell.byName, cell.by].find((v): v is string => typeof v === 'string' && v.trim() !== '');
    read.push({
      lineId,
      month,
      field,
      current: amountFromWire(cell.current) ?? ZERO_CENTS,
      byName: name ?? null,
      at: typeof cell.at === 'string' ? cell.at : null,
    });
  }
  return read;
}

/** The alert thresholds from the wire (euros → cents). */
export function alertSettingsFromWire(w: AlertSettingsWire): AlertSettings {
  const p = w.purchasesOverForecast;
  return {
    ...w,
    purchasesOverForecast: p === null ? null : { percent: p.percent, cents: centsFromWire(p.euros) },
  };
}

/** The alert thresholds to the wire (cents → euros). */
export function alertSettingsToWire(s: AlertSettings): AlertSettingsWire {
  const p = s.purchasesOverForecast;
  return { ...s, purchasesOverForecast: p === null ? null : { percent: p.percent, euros: centsToWire(p.cents) } };
}

/** An alert's value or threshold on the wire: euros (purchases), points (rate), days (late). */
export function alertMeasureToWire(kind: AlertKind, n: number): number {
  if (kind === 'purchasesOverForecast') return centsToWire(n as Cents);
  return kind === 'marginRateBelow' ? n / 100 : n;
}
