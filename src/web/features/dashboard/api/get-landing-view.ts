import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientFilter } from '@/domain/client-filter';
import type { LandingView } from '@/domain/dashboard/landing-view';
import { dashboardParams } from '@/domain/dashboard-query';
import { useAttributeFilter } from '@/web/hooks/use-attribute-filter';
import { api, withYear } from '@/web/lib/api-client';
import { dashboardKeys, type ChosenCutoff } from './get-dashboard';

/**
 * GET /api/dashboard/landing (docs/product.md#landing-view): the landing view of a selection, at
 * the cut-off chosen, against the version chosen or the year's reference. Its cents are the
 * server's (ADR 016), typed as the domain's `LandingView` (answers.ts checks that it fits).
 */
export function useLandingView(filter: ClientFilter, year: number, cutoff: ChosenCutoff, version: number | null) {
  // The manager, sector and status chosen above the dashboards (docs/product.md#client-attributes).
  const [attributes] = useAttributeFilter();
  const params = dashboardParams(filter, cutoff, version, attributes);
  return useQuery({
    queryKey: [...dashboardKeys.selection(year, params), 'landing'],
    queryFn: ({ signal }) => api.get<LandingView>(withYear(`/api/dashboard/landing?${params}`, year), signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
