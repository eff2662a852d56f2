import { queryOptions, useQuery } from '@tanstack/react-query';
import type { YearSummary } from '@/domain/answers';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

/** The years holding data, ascending (GET /api/years): what the header offers beside the current and next year. */
export const yearsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.years(),
    queryFn: ({ signal }) => api.get<YearSummary[]>('/api/years', signal),
  });

export function useYears() {
  return useQuery(yearsQueryOptions());
}
