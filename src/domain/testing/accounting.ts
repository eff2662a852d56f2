/**
 * Test-only builders of the accounting answers (docs/product.md#actuals-from-the-accounting), in
 * euros as on the wire: a month of a preview, a month of the reconciliation, every amount 0 and
 * the month inside the file unless told otherwise.
 */
import type { FecPreviewAnswer, ReconciliationAnswer } from '../answers';

export type PreviewMonth = FecPreviewAnswer['months'][number];
export type ReconciliationMonth = ReconciliationAnswer['months'][number];

const NOTHING = {
  ledgerSales: 0,
  ledgerPurchases: 0,
  mappedSales: 0,
  mappedPurchases: 0,
  ignored: 0,
  unmapped: 0,
} as const;

export function previewMonth(month: number, over: Partial<PreviewMonth> = {}): PreviewMonth {
  return {
    month,
    ...NOTHING,
    ignoredSales: 0,
    ignoredPurchases: 0,
    unmappedSales: 0,
    unmappedPurchases: 0,
    closed: false,
    covered: true,
    coverage: 100,
    ...over,
  };
}

export function reconciliationMonth(month: number, over: Partial<ReconciliationMonth> = {}): ReconciliationMonth {
  return {
    month,
    covered: true,
    closed: false,
    ...NOTHING,
    toolSales: 0,
    toolPurchases: 0,
    closedDifference: 0,
    closedSalesDifference: 0,
    closedPurchasesDifference: 0,
    manualDifference: 0,
    manualSales: 0,
    manualPurchases: 0,
    reconciled: false,
    ...over,
  };
}
