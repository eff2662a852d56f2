/**
 * What the 'Comptabilité' tab shows of a preview and of the reconciliation
 * (docs/product.md#actuals-from-the-accounting): the changes grouped by client with their totals
 * before → after, and why a month is not reconciled. Pure; amounts come in euros (the answers of
 * answers.ts) and are summed in cents through the codec.
 */
import type { FecApplyAnswer, FecPreviewAnswer, ReconciliationAnswer } from '../answers';
import { centsFromWire } from '../codec';
import { ZERO_CENTS, addCents, sumCents, type Cents } from '../money';
import { coverageShare } from './mapping';

type PreviewCell = FecPreviewAnswer['cells'][number];

/** One client's changes in a preview, and their totals (cents) before and after. */
export interface ClientChanges {
  clientId: string;
  clientName: string;
  cells: PreviewCell[];
  /** How many of its cells replace a value typed by hand. */
  manual: number;
  before: { reel: Cents; achat: Cents };
  after: { reel: Cents; achat: Cents };
}

/** The preview's cells by client, clients by name (French order), each client's cells in the order given. */
export function changesByClient(cells: readonly PreviewCell[]): ClientChanges[] {
  const byClient = new Map<string, ClientChanges>();
  for (const cell of cells) {
    let group = byClient.get(cell.clientId);
    if (!group) {
      group = {
        clientId: cell.clientId,
        clientName: cell.clientName,
        cells: [],
        manual: 0,
        before: { reel: ZERO_CENTS, achat: ZERO_CENTS },
        after: { reel: ZERO_CENTS, achat: ZERO_CENTS },
      };
      byClient.set(cell.clientId, group);
    }
    group.cells.push(cell);
    if (cell.manual) group.manual += 1;
    group.before[cell.field] = addCents(group.before[cell.field], centsFromWire(cell.current));
    group.after[cell.field] = addCents(group.after[cell.field], centsFromWire(cell.imported));
  }
  return [...byClient.values()].sort((x, y) => x.clientName.localeCompare(y.clientName, 'fr'));
}

type ReconciliationMonth = ReconciliationAnswer['months'][number];

/** Cents of a wire amount that may be null (a reader who does not see every client). */
const cents = (euros: number | null): Cents => (euros === null ? ZERO_CENTS : centsFromWire(euros));

/**
 * « Rapproché », or why the month is not, in a few French words (the table beside it holds the
 * amounts): outside the last import, what is left to map, the tool's sales or purchases apart from
 * the mapped amounts, actuals typed by hand, a closed month's gap the import did not write.
 */
export function reconciliationReason(m: ReconciliationMonth): string {
  if (m.reconciled) return 'Rapproché';
  if (!m.covered) return 'hors import';
  const reasons: string[] = [];
  if (cents(m.unmapped) !== 0) reasons.push('reste à affecter');
  const sales = centsFromWire(m.toolSales) !== centsFromWire(m.mappedSales);
  const purchases = centsFromWire(m.toolPurchases) !== centsFromWire(m.mappedPurchases);
  if (sales && purchases) reasons.push('ventes et achats ≠ affecté');
  else if (sales) reasons.push('ventes ≠ affecté');
  else if (purchases) reasons.push('achats ≠ affecté');
  if (centsFromWire(m.manualDifference) !== 0 || centsFromWire(m.manualSales) !== 0) reasons.push('saisies à la main');
  if (centsFromWire(m.closedDifference) !== 0) reasons.push('mois clôturé : écart non écrit');
  return reasons.length === 0 ? 'Non rapproché' : `Non rapproché : ${reasons.join(', ')}`;
}

/** « 1 cellule », « 0 ligne créée », « 3 lignes créées »: French counts (0 and 1 singular). */
export const countOf = (n: number, one: string, many: string) =>
  `${n.toLocaleString('fr-FR')} ${Math.abs(n) <= 1 ? one : many}`;

/** What an apply says: « Import appliqué : 12 cellules, 2 lignes créées », or that the file changed nothing. */
export function applyNotice(answer: FecApplyAnswer): string {
  if (answer.historyId === null) return 'Rien à changer : le fichier est déjà importé.';
  return `Import appliqué : ${countOf(answer.cellsChanged, 'cellule', 'cellules')}, ${countOf(answer.linesCreated, 'ligne créée', 'lignes créées')}`;
}

/**
 * The year's coverage (« 94 % des montants affectés »): the months' coverage rule (coverageShare:
 * whole percent rounded down, 100 only when nothing is unmapped) over the file's totals for the year.
 */
export function overallCoverage(months: readonly FecPreviewAnswer['months'][number][]): number {
  const total = (pick: (m: FecPreviewAnswer['months'][number]) => number) =>
    sumCents(months.map((m) => centsFromWire(pick(m))));
  return coverageShare({
    ledgerSales: total((m) => m.ledgerSales),
    ledgerPurchases: total((m) => m.ledgerPurchases),
    unmappedSales: total((m) => m.unmappedSales),
    unmappedPurchases: total((m) => m.unmappedPurchases),
  });
}
