import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientFilter } from '@/domain/client-filter';
import { withLines, type DashboardData } from '@/domain/dashboard/data';
import { dashboardFromData } from '@/domain/dashboard/views';
import { dashboardParams } from '@/domain/dashboard-query';
import { NO_ATTRIBUTE_FILTER, type ClientAttributeFilter } from '@/domain/client-attributes';
import { useAttributeFilter } from '@/web/hooks/use-attribute-filter';
import type { DashboardLinesData, DashboardVersion } from '@/domain/answers';
import { polesWithVersion, withVersion } from '@/domain/dashboard/compare';
import { api, withYear } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
import { monthNames } from '@/domain/fiscal-year';

/** Query keys of the dashboards: one entry per year, selection and cut-off, under the shared summaries root. */
export const dashboardKeys = {
  all: [...sharedKeys.summaries(), 'dashboard'] as const,
  year: (year: number) => [...dashboardKeys.all, year] as const,
  selection: (year: number, params: string) => [...dashboardKeys.year(year), params] as const,
  lines: (year: number, params: string) => [...dashboardKeys.year(year), params, 'lines'] as const,
};

/** The cut-off the user picked (0–11), or null for the default one (docs/product.md#dashboard-to-date). */
export type ChosenCutoff = number | null;

/** GET /api/dashboard's answer: the sums, and the version compared with (`?version=`), if any. */
type DashboardAnswerData = DashboardData & { version?: DashboardVersion | null };

export const dashboardQueryOptions = (
  filter: ClientFilter,
  year: number,
  cutoff: ChosenCutoff,
  version: number | null = null,
  attributes: ClientAttributeFilter = NO_ATTRIBUTE_FILTER,
) => {
  const params = dashboardParams(filter, cutoff, version, attributes);
  return queryOptions({
    queryKey: dashboardKeys.selection(year, params),
    queryFn: ({ signal }) => api.get<DashboardAnswerData>(withYear(`/api/dashboard?${params}`, year), signal),
    // Figures change in the budget tab: opening a dashboard always asks the server again.
    staleTime: 0,
  });
};

/** Keeps the previous answer on screen while the next one of the same year loads; never another year's. */
function sameYearPlaceholder<T>(year: number) {
  return (previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined) =>
    previousQuery?.queryKey[dashboardKeys.year(year).length - 1] === year ? keepPreviousData(previous) : undefined;
}

/**
 * The dashboards of a selection in exercice `year` up to a cut-off, compared with a version or not: the server's sums (GET
 * /api/dashboard), turned into every row by the same domain function the server tests check.
 */
export function useDashboard(
  filter: ClientFilter,
  year: number,
  cutoff: ChosenCutoff,
  enabled: boolean,
  version: number | null = null,
) {
  // docs/product.md#client-attributes: the manager, sector and status chosen above the dashboards.
  const [attributes] = useAttributeFilter();
  // docs/product.md#fiscal-years: the evolution's months (chart axis, exports) in fiscal order.
  const fiscal = useFiscalSettings();
  const select = useCallback(
    (data: DashboardAnswerData) => withVersion(dashboardFromData(data, monthNames(fiscal, year)), data.version),
    [fiscal, year],
  );
  return useQuery({
    ...dashboardQueryOptions(filter, year, cutoff, version, attributes),
    // With a version, its columns on the project and pole rows (docs/product.md#versions-and-landing).
    select,
    placeholderData: sameYearPlaceholder<DashboardAnswerData>(year),
    enabled,
  });
}

/**
 * The poles view with its lines (GET /api/dashboard/lines merged in): asked only when the
 * 'Vue par Lignes Budgétaires' shows, as it reads every monthly row of the selection (ADR 026).
 * With a version, its columns on the pole and line rows (ADR 062).
 */
export function useDashboardLines(
  data: DashboardAnswerData | undefined,
  filter: ClientFilter,
  year: number,
  enabled: boolean,
  version: number | null = null,
) {
  const cutoff = data?.cutoff.month ?? null;
  const [attributes] = useAttributeFilter();
  const params = dashboardParams(filter, cutoff, version, attributes);
  return useQuery({
    queryKey: dashboardKeys.lines(year, params),
    queryFn: ({ signal }) => api.get<DashboardLinesData>(withYear(`/api/dashboard/lines?${params}`, year), signal),
    staleTime: 0,
    enabled: enabled && data !== undefined,
    select: (answer) =>
      data
        ? polesWithVersion(dashboardFromData(withLines(data, answer.poles)).polesView, data.version, answer.version)
        : undefined,
  });
}

/** The raw answer of GET /api/dashboard (what useDashboardLines merges the lines into), with `?version=` or not. */
export function useDashboardData(
  filter: ClientFilter,
  year: number,
  cutoff: ChosenCutoff,
  enabled: boolean,
  version: number | null = null,
) {
  const [attributes] = useAttributeFilter();
  return useQuery({
    ...dashboardQueryOptions(filter, year, cutoff, version, attributes),
    placeholderData: sameYearPlaceholder<DashboardAnswerData>(year),
    enabled,
  });
}
