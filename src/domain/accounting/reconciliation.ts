/**
 * The reconciliation (docs/product.md#actuals-from-the-accounting, ADR 047): per month of the last
 * applied import, the ledger against the tool's actuals now, and what explains a difference — a
 * closed month the import could not write, actuals no import set (typed by hand), amounts left to
 * map. Pure; amounts in cents, euros on the wire.
 */
import type { ReconciliationAnswer } from '../answers';
import { centsToWire } from '../codec';
import type { Cents } from '../money';
import { ZERO_CENTS, addCents, formatEurosExact, subCents } from '../money';
import { CALENDAR_YEAR, monthInText, type FiscalSettings } from '../fiscal-year';
import { MONTH_COUNT } from '../months';
import { markKey } from './plan';
import type { ActualField, MonthSummary } from './types';

/** One month of the reconciliation, cents (`ledger…`, `unmapped`, `ignored` null for a reader who does not see every client). */
export interface ReconciliationMonth {
  month: number;
  covered: boolean;
  closed: boolean;
  ledgerSales: Cents | null;
  ledgerPurchases: Cents | null;
  mappedSales: Cents;
  mappedPurchases: Cents;
  unmapped: Cents | null;
  ignored: Cents | null;
  toolSales: Cents;
  toolPurchases: Cents;
  closedSalesDifference: Cents;
  closedPurchasesDifference: Cents;
  manualSales: Cents;
  manualPurchases: Cents;
}

/** A stored actual cell of the year (of a client the reader sees). */
export interface ActualCell {
  lineId: string;
  month: number;
  reel: Cents;
  achat: Cents;
}

export interface ReconciliationInput {
  /** The last import in force: its file's months and span; null when none. */
  last: { covered: { first: number; last: number } | null; months: readonly MonthSummary[] } | null;
  /** What the last import's rules mapped to each cell (markKey → cents), of the lines the reader sees. */
  lastMarks: ReadonlyMap<string, Cents>;
  /** The marks in force (markKey → cents): a cell holding its mark's value was set by an import. */
  marksInForce: ReadonlyMap<string, Cents>;
  /** The stored actuals that are not 0, of the clients the reader sees. */
  cells: readonly ActualCell[];
  closedMonths: ReadonlySet<number>;
  /** The reader sees every client: the ledger's totals are theirs to see. */
  everyClient: boolean;
}

const FIELDS: readonly ActualField[] = ['reel', 'achat'];

/** The 12 months of the reconciliation. */
export function reconcile(input: ReconciliationInput): ReconciliationMonth[] {
  const { last } = input;
  const months: ReconciliationMonth[] = Array.from({ length: MONTH_COUNT }, (_, month) => {
    const summary = last?.months[month];
    const covered = last?.covered != null && month >= last.covered.first && month <= last.covered.last;
    return {
      month,
      covered,
      closed: input.closedMonths.has(month),
      ledgerSales: input.everyClient ? (summary?.ledgerSales ?? ZERO_CENTS) : null,
      ledgerPurchases: input.everyClient ? (summary?.ledgerPurchases ?? ZERO_CENTS) : null,
      mappedSales: ZERO_CENTS,
      mappedPurchases: ZERO_CENTS,
      unmapped: input.everyClient ? (summary?.unmapped ?? ZERO_CENTS) : null,
      ignored: input.everyClient ? (summary?.ignored ?? ZERO_CENTS) : null,
      toolSales: ZERO_CENTS,
      toolPurchases: ZERO_CENTS,
      closedSalesDifference: ZERO_CENTS,
      closedPurchasesDifference: ZERO_CENTS,
      manualSales: ZERO_CENTS,
      manualPurchases: ZERO_CENTS,
    };
  });
  // What the rules mapped: the file's figures for a reader of every client; the sum of the marks
  // of their clients' lines otherwise (the file's totals mix every client).
  if (input.everyClient && last) {
    for (const m of months) {
      m.mappedSales = last.months[m.month]?.mappedSales ?? ZERO_CENTS;
      m.mappedPurchases = last.months[m.month]?.mappedPurchases ?? ZERO_CENTS;
    }
  } else {
    for (const [key, value] of input.lastMarks) {
      const [, month, field] = key.split(':');
      const m = months[Number(month)]!;
      if (field === 'reel') m.mappedSales = addCents(m.mappedSales, value);
      else m.mappedPurchases = addCents(m.mappedPurchases, value);
    }
  }

  const stored = new Map<string, Cents>();
  for (const cell of input.cells) {
    const m = months[cell.month]!;
    m.toolSales = addCents(m.toolSales, cell.reel);
    m.toolPurchases = addCents(m.toolPurchases, cell.achat);
    for (const field of FIELDS) {
      const value = cell[field];
      if (value === 0) continue;
      const key = markKey(cell.lineId, cell.month, field);
      stored.set(key, value);
      if (input.marksInForce.get(key) === value) continue;
      if (field === 'reel') m.manualSales = addCents(m.manualSales, value);
      else m.manualPurchases = addCents(m.manualPurchases, value);
    }
  }

  // A closed month the last import covered: what it would have written there, less what is stored
  // (the cells it maps, and those an import set that it no longer maps: the ledger says 0).
  for (const m of months) {
    if (!m.closed || !m.covered) continue;
    const keys = new Set<string>();
    for (const key of input.lastMarks.keys()) if (monthOfKey(key) === m.month) keys.add(key);
    for (const [key, value] of input.marksInForce) {
      if (monthOfKey(key) === m.month && stored.get(key) === value) keys.add(key);
    }
    for (const key of keys) {
      const difference = subCents(input.lastMarks.get(key) ?? ZERO_CENTS, stored.get(key) ?? ZERO_CENTS);
      if (key.endsWith(':reel')) m.closedSalesDifference = addCents(m.closedSalesDifference, difference);
      else m.closedPurchasesDifference = addCents(m.closedPurchasesDifference, difference);
    }
  }
  return months;
}

const monthOfKey = (key: string) => Number(key.split(':')[1]);

/**
 * A month is reconciled when the last import covered it, nothing in it is left to map, and the
 * tool's actuals equal what the rules mapped.
 */
export function isReconciled(m: ReconciliationMonth): boolean {
  return (
    m.covered &&
    (m.unmapped ?? ZERO_CENTS) === 0 &&
    m.toolSales === m.mappedSales &&
    m.toolPurchases === m.mappedPurchases
  );
}

/** The reconciliation on the wire (euros); `closedDifference` and `manualDifference` add sales and purchases, each in its own sign. */
export function reconciliationToWire(
  last: ReconciliationAnswer['import'],
  months: readonly ReconciliationMonth[],
): ReconciliationAnswer {
  const wire = (c: Cents | null) => (c === null ? null : centsToWire(c));
  return {
    import: last,
    months: months.map((m) => ({
      month: m.month,
      covered: m.covered,
      closed: m.closed,
      ledgerSales: wire(m.ledgerSales),
      ledgerPurchases: wire(m.ledgerPurchases),
      mappedSales: centsToWire(m.mappedSales),
      mappedPurchases: centsToWire(m.mappedPurchases),
      unmapped: wire(m.unmapped),
      ignored: wire(m.ignored),
      toolSales: centsToWire(m.toolSales),
      toolPurchases: centsToWire(m.toolPurchases),
      closedDifference: centsToWire(addCents(m.closedSalesDifference, m.closedPurchasesDifference)),
      closedSalesDifference: centsToWire(m.closedSalesDifference),
      closedPurchasesDifference: centsToWire(m.closedPurchasesDifference),
      manualDifference: centsToWire(addCents(m.manualSales, m.manualPurchases)),
      manualSales: centsToWire(m.manualSales),
      manualPurchases: centsToWire(m.manualPurchases),
      reconciled: isReconciled(m),
    })),
  };
}

/**
 * What the closing checklist says of a month of `year` against the last accounting import
 * (French), the month named as the fiscal year does (« septembre 2025 », docs/product.md#fiscal-years).
 */
export function reconciliationText(
  m: ReconciliationMonth,
  year: number,
  fiscal: FiscalSettings = CALENDAR_YEAR,
): string {
  const month = monthInText(fiscal, year, m.month);
  if (!m.covered) return `Aucun import comptable ne couvre ${month} : ses réels ne sont pas rapprochés du grand livre.`;
  if (isReconciled(m)) return `Rapprochement comptable de ${month} : l'outil et le grand livre concordent.`;
  const reasons: string[] = [];
  if ((m.unmapped ?? ZERO_CENTS) !== 0) reasons.push(`${formatEurosExact(m.unmapped!)} restent à affecter`);
  const closed = addCents(m.closedSalesDifference, m.closedPurchasesDifference);
  if (closed !== 0) reasons.push(`${formatEurosExact(closed)} du grand livre non écrits (mois clôturé)`);
  const manual = addCents(m.manualSales, m.manualPurchases);
  if (manual !== 0) reasons.push(`${formatEurosExact(manual)} de réels saisis à la main`);
  if (reasons.length === 0) reasons.push("les réels de l'outil diffèrent de ceux du grand livre");
  return `Rapprochement comptable de ${month} non pointé : ${reasons.join(' ; ')}.`;
}
