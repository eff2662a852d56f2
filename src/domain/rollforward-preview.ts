/**
 * What the 'Préparer {N+1}' dialog reads and shows (docs/product.md#budget-years): the uplift as a
 * user types it, and the total row of the preview. The rules themselves are in rollforward.ts.
 */
import { addCents, ZERO_CENTS } from './money';
import type { ForecastTotals, RollForwardClientResult } from './rollforward';

/**
 * An uplift as typed in the dialog, in percent: `3,5`, `3.5`, `-10`, `−10`, `12,25 %`, and empty
 * for 0. NaN when the text is no number; the range and the two decimals are the schema's to check
 * (rollForwardBody), so the dialog shows the server's own French message.
 */
export function parseUpliftEntry(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const compact = trimmed
    .replace(/\s*%$/, '')
    .replace(/^\u2212/, '-')
    .replace(',', '.');
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(compact) ? Number(compact) : Number.NaN;
}

/** The preview's total row: counts and forecast totals (cents) summed over the clients. */
export type RollForwardTotals = Omit<RollForwardClientResult, 'id' | 'name'>;

/** Two clients' forecast totals, summed. */
export const addForecastTotals = (a: ForecastTotals, b: ForecastTotals): ForecastTotals => ({
  previsionnel: addCents(a.previsionnel, b.previsionnel),
  achat_previsionnel: addCents(a.achat_previsionnel, b.achat_previsionnel),
});

/** The sum of every client's row of a roll forward's answer (zeros for none). */
export function rollForwardTotals(clients: readonly RollForwardClientResult[]): RollForwardTotals {
  const zero: ForecastTotals = { previsionnel: ZERO_CENTS, achat_previsionnel: ZERO_CENTS };
  return clients.reduce<RollForwardTotals>(
    (total, c) => ({
      polesCreated: total.polesCreated + c.polesCreated,
      linesCreated: total.linesCreated + c.linesCreated,
      cellsFilled: total.cellsFilled + c.cellsFilled,
      cellsSkipped: total.cellsSkipped + c.cellsSkipped,
      before: addForecastTotals(total.before, c.before),
      after: addForecastTotals(total.after, c.after),
    }),
    { polesCreated: 0, linesCreated: 0, cellsFilled: 0, cellsSkipped: 0, before: zero, after: zero },
  );
}
