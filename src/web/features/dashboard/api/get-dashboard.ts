import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientFilter } from '@/domain/client-filter';
import type { DashboardData } from '@/domain/dashboard/data';
import { dashboardFromData } from '@/domain/dashboard/views';
import { dashboardClientsParam } from '@/domain/dashboard-query';
import { api } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';

/** Query keys of the dashboards: one entry per selection, under the shared summaries root. */
export const dashboardKeys = {
  all: [...sharedKeys.summaries(), 'dashboard'] as const,
  selection: (clientsParam: string) => [...dashboardKeys.all, clientsParam] as const,
};

export const dashboardQueryOptions = (filter: ClientFilter) => {
  const param = dashboardClientsParam(filter);
  return queryOptions({
    queryKey: dashboardKeys.selection(param),
    queryFn: ({ signal }) => api.get<DashboardData>(`/api/dashboard?clients=${encodeURIComponent(param)}`, signal),
    // Figures change in the budget tab: opening a dashboard always asks the server again.
    staleTime: 0,
  });
};

/**
 * The dashboards of a selection: the server's sums (GET /api/dashboard), turned into every row
 * by the same domain function the server tests check. The previous selection stays on screen
 * while the next one loads.
 */
export function useDashboard(filter: ClientFilter, enabled: boolean) {
  return useQuery({
    ...dashboardQueryOptions(filter),
    select: dashboardFromData,
    placeholderData: keepPreviousData,
    enabled,
  });
}
