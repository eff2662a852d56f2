import { sharedKeys } from '@/web/lib/query-keys';

/** The one query-key factory of the budget feature (STYLE.md): invalidate through these keys. */
export const budgetKeys = {
  all: [...sharedKeys.data, 'budget'] as const,
  clientBudgets: () => [...budgetKeys.all, 'client-budget'] as const,
  clientBudget: (clientId: string) => [...budgetKeys.clientBudgets(), clientId] as const,
};
