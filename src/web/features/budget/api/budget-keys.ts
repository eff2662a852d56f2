import type { Measure } from '@/domain';
import { sharedKeys } from '@/web/lib/query-keys';

/** The one query-key factory of the budget feature (docs/style.md#server-data-in-the-browser): invalidate through these keys. */
export const budgetKeys = {
  all: [...sharedKeys.data, 'budget'] as const,
  clientBudgets: () => [...budgetKeys.all, 'client-budget'] as const,
  /** One client's budget of one year (poles and lines belong to a year). */
  clientBudget: (year: number, clientId: string) => [...budgetKeys.clientBudgets(), year, clientId] as const,
  /** Who has a client of a year open (docs/product.md#presence-card). */
  presence: (year: number, clientId: string) => [...budgetKeys.all, 'presence', year, clientId] as const,
};

/** What the history queries of the budget tab read: one client's entries of one year, or one cell's. */
export type HistoryScope = { year: number } & (
  { clientId: string } | { lineId: string; month: number; field: Measure }
);

/**
 * The budget tab's history keys (docs/product.md#history), under the shared history root so that
 * every change refreshes them; each names its year.
 */
export const historyKeys = {
  /** The user's undo and redo targets for a client and year. */
  stack: (year: number, clientId: string) => [...sharedKeys.history(), 'stack', year, clientId] as const,
  /** A list of entries, newest first, paged: a client's of a year (the panel) or one cell's. */
  entries: (scope: HistoryScope) => [...sharedKeys.history(), 'entries', scope] as const,
};
