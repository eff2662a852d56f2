import { describe, expect, it } from 'vitest';
import type { FecPreviewAnswer } from '../answers';
import { previewMonth, reconciliationMonth, type PreviewMonth, type ReconciliationMonth } from '../testing/accounting';
import { applyNotice, changesByClient, overallCoverage, reconciliationReason } from './screen';

type Cell = FecPreviewAnswer['cells'][number];
const cell = (over: Partial<Cell>): Cell => ({
  clientId: 'a',
  clientName: 'Acme',
  pole: 'Paid',
  line: 'Search',
  lineId: null,
  month: 0,
  field: 'reel',
  current: 0,
  imported: 0,
  manual: false,
  ...over,
});

describe('changesByClient', () => {
  it('answers no client for no cell', () => {
    expect(changesByClient([])).toEqual([]);
  });

  it('groups by client, clients in French order, and sums before and after per field to the cent', () => {
    const groups = changesByClient([
      cell({ clientId: 'z', clientName: 'Zèbre', current: 0.1, imported: 0.2 }),
      cell({ clientId: 'e', clientName: 'Éole', field: 'achat', current: 100, imported: -50.05, manual: true }),
      cell({ clientId: 'z', clientName: 'Zèbre', month: 1, current: 0.2, imported: 0.1 }),
      cell({ clientId: 'e', clientName: 'Éole', month: 3, current: 10, imported: 12.5 }),
    ]);
    expect(groups.map((g) => [g.clientName, g.cells.length, g.manual])).toEqual([
      ['Éole', 2, 1],
      ['Zèbre', 2, 0],
    ]);
    expect(groups[0]!.before).toEqual({ reel: 1000, achat: 10000 });
    expect(groups[0]!.after).toEqual({ reel: 1250, achat: -5005 });
    expect(groups[1]!.before).toEqual({ reel: 30, achat: 0 });
    expect(groups[1]!.after).toEqual({ reel: 30, achat: 0 });
    expect(groups[1]!.cells.map((c) => c.month)).toEqual([0, 1]);
  });
});

const month = (over: Partial<ReconciliationMonth>) =>
  reconciliationMonth(0, {
    ledgerSales: 1000,
    ledgerPurchases: 400,
    mappedSales: 1000,
    mappedPurchases: 400,
    toolSales: 1000,
    toolPurchases: 400,
    ...over,
  });

describe('reconciliationReason', () => {
  it.each([
    ['a reconciled month', { reconciled: true }, 'Rapproché'],
    ['a month outside the last import', { covered: false }, 'hors import'],
    ['what is left to map', { unmapped: 120.5 }, 'Non rapproché : reste à affecter'],
    ['a reader who does not see every client (null totals), nothing else', { unmapped: null }, 'Non rapproché'],
    [
      'sales typed by hand beside the import',
      { toolSales: 1250, manualSales: 250, manualDifference: 250 },
      'Non rapproché : ventes ≠ affecté, saisies à la main',
    ],
    ['purchases short of the mapped ones', { toolPurchases: 300 }, 'Non rapproché : achats ≠ affecté'],
    [
      'both apart, by a cent',
      { toolSales: 1000.01, toolPurchases: 399.99 },
      'Non rapproché : ventes et achats ≠ affecté',
    ],
    [
      "a closed month's gap, with what is left to map",
      { closed: true, closedDifference: -80, unmapped: 10 },
      'Non rapproché : reste à affecter, mois clôturé : écart non écrit',
    ],
  ])('%s', (_, over, text) => {
    expect(reconciliationReason(month(over))).toBe(text);
  });
});

describe('applyNotice', () => {
  it.each([
    [{ historyId: null, cellsChanged: 0, linesCreated: 0 }, 'Rien à changer : le fichier est déjà importé.'],
    [{ historyId: 7, cellsChanged: 1, linesCreated: 0 }, 'Import appliqué : 1 cellule, 0 ligne créée'],
    [{ historyId: 7, cellsChanged: 0, linesCreated: 1 }, 'Import appliqué : 0 cellule, 1 ligne créée'],
    [{ historyId: 7, cellsChanged: 1234, linesCreated: 2 }, 'Import appliqué : 1\u202f234 cellules, 2 lignes créées'],
  ])('%j → %s', (answer, text) => {
    expect(applyNotice(answer)).toBe(text);
  });
});

describe('overallCoverage', () => {
  const m = (over: Partial<PreviewMonth>) => previewMonth(over.month ?? 0, over);
  it.each([
    ['no month', [], 100],
    ['nothing to map', [m({ ledgerSales: 500 })], 100],
    // 0,01 € of 1 000 € left: 99, never rounded up to 100.
    ['a cent left', [m({ ledgerSales: 1000, unmappedSales: 0.01 })], 99],
    [
      'the year, not the mean of its months',
      [m({ ledgerSales: 900, unmappedSales: 0 }), m({ month: 1, ledgerPurchases: 100, unmappedPurchases: 100 })],
      90,
    ],
  ] as const)('%s', (_, months, percent) => {
    expect(overallCoverage(months)).toBe(percent);
  });
});
