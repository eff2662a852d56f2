/**
 * The texts that name a month (ADR 060, docs/product.md#fiscal-years): history summaries, a
 * comment's place, the reconciliation's explanation, the closing's cross-year refusals, a cell's
 * name in a refusal and the 409 `period_locked`. Each says the calendar name of a September
 * year's month, with its calendar year; a calendar year's texts are as they always were.
 */
import { describe, expect, it } from 'vitest';
import { placeLabel } from './comments';
import { crossYearCloseRefusal, crossYearReopenRefusal, periodLockedMessage } from './control';
import { CALENDAR_YEAR, monthNames, type FiscalSettings } from './fiscal-year';
import { SUMMARIES } from './history';
import { cellNameIn } from './history-view';
import { reconciliationText, type ReconciliationMonth } from './accounting/reconciliation';
import { assertCents as cents } from './money';
import { makeLine, makePole } from './testing/builders';

const SEPT: FiscalSettings = { fiscalYearStartMonth: 9, yearNaming: 'end' };
const ZERO = cents(0);
const uncovered: ReconciliationMonth = {
  month: 4,
  covered: false,
  closed: false,
  ledgerSales: null,
  ledgerPurchases: null,
  mappedSales: ZERO,
  mappedPurchases: ZERO,
  unmapped: null,
  ignored: null,
  toolSales: ZERO,
  toolPurchases: ZERO,
  closedSalesDifference: ZERO,
  closedPurchasesDifference: ZERO,
  manualSales: ZERO,
  manualPurchases: ZERO,
};
const place = { lineId: 'l1', month: 4, field: 'reel' as const, lineName: 'Meta', poleName: 'Paid' };
const poles = [{ ...makePole('Paid', [{ ...makeLine('Meta'), id: 'l1' }]), id: 'p1' }];

describe.each([
  // setting, then each text of FY 2026's position 4 (January 2026 in a September year, May otherwise)
  [
    'a calendar year',
    CALENDAR_YEAR,
    {
      facture: 'Paid : mai facturé',
      landing: 'Atterrissage 2026 (réel + prévisionnel) après mai : 3 cellules remplies',
      place: 'Paid › Meta, Mai (Réel)',
      reconciliation: 'Aucun import comptable ne couvre mai : ses réels ne sont pas rapprochés du grand livre.',
      close: "Les exercices se clôturent dans l'ordre : terminez d'abord 2025 (prochain mois : mai 2025).",
      reopen: "Rouvrez d'abord les mois clôturés de 2027 (dernier : mai 2027).",
      cell: 'Paid · Meta · Mai · Réel',
      deleted: 'Ligne supprimée · Mai · Réel',
      locked: 'Mai 2026 est clôturé',
    },
  ],
  [
    'a September year named by its end',
    SEPT,
    {
      facture: 'Paid : janvier 2026 facturé',
      landing: 'Atterrissage 2026 (réel + prévisionnel) après janvier 2026 : 3 cellules remplies',
      place: 'Paid › Meta, Janvier 2026 (Réel)',
      reconciliation:
        'Aucun import comptable ne couvre janvier 2026 : ses réels ne sont pas rapprochés du grand livre.',
      close: "Les exercices se clôturent dans l'ordre : terminez d'abord 2025 (prochain mois : janvier 2025).",
      reopen: "Rouvrez d'abord les mois clôturés de 2027 (dernier : janvier 2027).",
      cell: 'Paid · Meta · Janvier 2026 · Réel',
      deleted: 'Ligne supprimée · Janvier 2026 · Réel',
      locked: 'Janvier 2026 est clôturé',
    },
  ],
])('%s', (_, fiscal, texts) => {
  it('names the month in the history summaries', () => {
    expect(SUMMARIES.facture('Paid', 2026, 4, true, fiscal)).toBe(texts.facture);
    expect(SUMMARIES.landing(2026, 'réel + prévisionnel', 4, 3, fiscal)).toBe(texts.landing);
  });

  it("names a comment's place and the reconciliation's month", () => {
    expect(placeLabel(place, 2026, fiscal)).toBe(texts.place);
    expect(reconciliationText(uncovered, 2026, fiscal)).toBe(texts.reconciliation);
  });

  it('names the next or last month of another year in the closing order refusals', () => {
    expect(crossYearCloseRefusal(new Map([[2025, [0, 1, 2, 3]]]), 2026, fiscal)).toBe(texts.close);
    expect(crossYearReopenRefusal(new Map([[2027, [0, 1, 2, 3, 4]]]), 2026, fiscal)).toBe(texts.reopen);
  });

  it("names a refused cell, on a line that exists or was deleted, and the 409 period_locked's month", () => {
    const names = monthNames(fiscal, 2026);
    expect(cellNameIn(poles, { lineId: 'l1', month: 4, field: 'reel' }, names)).toBe(texts.cell);
    expect(cellNameIn(poles, { lineId: 'gone', month: 4, field: 'reel' }, names)).toBe(texts.deleted);
    expect(periodLockedMessage(2026, 4, fiscal)).toMatch(new RegExp(`^${texts.locked}`));
  });
});
