/** The closed months of a year (GET /api/years/:year/locks, docs/product.md#month-closing): the grid and the closing card. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthLock } from '@/domain/control';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

export const locksQueryOptions = (year: number) =>
  queryOptions({
    queryKey: sharedKeys.locks(year),
    queryFn: ({ signal }) => api.get<MonthLock[]>(`/api/years/${year}/locks`, signal),
  });

export function useLocks(year: number) {
  return useQuery(locksQueryOptions(year));
}
