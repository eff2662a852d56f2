/** GET /api/accounting/reconciliation?year=: per month of the last applied import, the ledger against the tool. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationAnswer } from '@/domain/answers';
import { api, withYear } from '@/web/lib/api-client';
import { accountingKeys } from './accounting-keys';

export const reconciliationQueryOptions = (year: number) =>
  queryOptions({
    queryKey: accountingKeys.reconciliation(year),
    queryFn: ({ signal }) => api.get<ReconciliationAnswer>(withYear('/api/accounting/reconciliation', year), signal),
  });

export function useReconciliation(year: number) {
  return useQuery(reconciliationQueryOptions(year));
}
