/**
 * The versions of a year (GET /api/years/:year/versions, docs/product.md#versions-and-landing):
 * what the dashboards may compare with.
 */
import { useQuery } from '@tanstack/react-query';
import type { VersionsAnswer } from '@/domain/answers';
import { api } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';

/** The versions of `year`, oldest first; asked again whenever a dashboard opens (a freeze elsewhere). */
export function useYearVersions(year: number) {
  return useQuery({
    queryKey: [...sharedKeys.summaries(), 'versions', year] as const,
    queryFn: ({ signal }) => api.get<VersionsAnswer>(`/api/years/${year}/versions`, signal),
    staleTime: 0,
  });
}
