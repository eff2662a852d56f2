import { sharedKeys } from '@/web/lib/query-keys';

/** The one query-key factory of the budget feature (STYLE.md): invalidate through these keys. */
export const budgetKeys = {
  all: [...sharedKeys.data, 'budget'] as const,
  clientBudgets: () => [...budgetKeys.all, 'client-budget'] as const,
  /** One client's budget of one year (poles and lines belong to a year). */
  clientBudget: (year: number, clientId: string) => [...budgetKeys.clientBudgets(), year, clientId] as const,
};
