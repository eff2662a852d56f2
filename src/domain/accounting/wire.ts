/**
 * The preview of a FEC on the wire (euros), built from the rules' result and the import plan
 * (cents). Conversions through codec.ts.
 */
import type { FecPreviewAnswer } from '../answers';
import { centsToWire } from '../codec';
import { coverageShare } from './mapping';
import type { CellPlace, FecPlan } from './plan';
import type { MappingResult, MonthSummary } from './types';

/** The preview of an import: the file's months, the cells that change, what is left to map. */
export function fecPreviewToWire(
  result: MappingResult,
  plan: FecPlan,
  closedMonths: ReadonlySet<number>,
  clientName: (clientId: string) => string,
): FecPreviewAnswer {
  const covered = result.covered;
  const place = (c: CellPlace) => ({
    clientId: c.clientId,
    clientName: clientName(c.clientId),
    pole: c.pole,
    line: c.line,
    lineId: c.lineId,
    month: c.month,
    field: c.field,
  });
  return {
    lines: result.lines,
    outsideYear: result.outsideYear,
    covered,
    months: result.months.map((m) => ({
      ...monthToWire(m),
      closed: closedMonths.has(m.month),
      covered: covered !== null && m.month >= covered.first && m.month <= covered.last,
      coverage: coverageShare(m),
    })),
    cells: plan.changes.map((c) => ({
      ...place(c),
      current: centsToWire(c.current),
      imported: centsToWire(c.imported),
      manual: c.manual,
    })),
    unmapped: result.unmapped.map((u) => ({ ...u, amount: centsToWire(u.amount) })),
    closedDifferences: plan.closedDifferences.map((d) => ({
      ...place(d),
      stored: centsToWire(d.stored),
      ledger: centsToWire(d.ledger),
    })),
    linesCreated: plan.newLines.length,
  };
}

export function monthToWire(m: MonthSummary) {
  return {
    month: m.month,
    ledgerSales: centsToWire(m.ledgerSales),
    ledgerPurchases: centsToWire(m.ledgerPurchases),
    mappedSales: centsToWire(m.mappedSales),
    mappedPurchases: centsToWire(m.mappedPurchases),
    ignored: centsToWire(m.ignored),
    unmapped: centsToWire(m.unmapped),
    ignoredSales: centsToWire(m.ignoredSales),
    ignoredPurchases: centsToWire(m.ignoredPurchases),
    unmappedSales: centsToWire(m.unmappedSales),
    unmappedPurchases: centsToWire(m.unmappedPurchases),
  };
}
