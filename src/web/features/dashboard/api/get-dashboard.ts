import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientFilter } from '@/domain/client-filter';
import type { DashboardData } from '@/domain/dashboard/data';
import { dashboardFromData } from '@/domain/dashboard/views';
import { dashboardClientsParam } from '@/domain/dashboard-query';
import { api, withYear } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';

/** Query keys of the dashboards: one entry per year and selection, under the shared summaries root. */
export const dashboardKeys = {
  all: [...sharedKeys.summaries(), 'dashboard'] as const,
  year: (year: number) => [...dashboardKeys.all, year] as const,
  selection: (year: number, clientsParam: string) => [...dashboardKeys.year(year), clientsParam] as const,
};

export const dashboardQueryOptions = (filter: ClientFilter, year: number) => {
  const param = dashboardClientsParam(filter);
  return queryOptions({
    queryKey: dashboardKeys.selection(year, param),
    queryFn: ({ signal }) =>
      api.get<DashboardData>(withYear(`/api/dashboard?clients=${encodeURIComponent(param)}`, year), signal),
    // Figures change in the budget tab: opening a dashboard always asks the server again.
    staleTime: 0,
  });
};

/**
 * The dashboards of a selection in exercice `year`: the server's sums (GET /api/dashboard), turned
 * into every row by the same domain function the server tests check. The previous selection stays
 * on screen while the next one of the same year loads; another year's figures never do
 * (docs/product.md#budget-years).
 */
export function useDashboard(filter: ClientFilter, year: number, enabled: boolean) {
  return useQuery({
    ...dashboardQueryOptions(filter, year),
    select: dashboardFromData,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[dashboardKeys.year(year).length - 1] === year ? keepPreviousData(previous) : undefined,
    enabled,
  });
}
