/**
 * 'Analyse des écarts' (docs/product.md#variance): GET /api/dashboard/variance for the selection,
 * the cut-off and the version shown (the year's reference when none is chosen); the threshold
 * (GET/PUT /api/variance/settings); a justification posted as a client-year comment with gapMonth.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientFilter } from '@/domain/client-filter';
import { dashboardParams } from '@/domain/dashboard-query';
import { useAttributeFilter } from '@/web/hooks/use-attribute-filter';
import type { CommentAnswer, VarianceSettingsAnswer } from '@/domain/answers';
import type { VarianceData } from '@/domain/variance';
import type { VarianceSettingsBody } from '@/domain/variance-schemas';
import { api, withYear } from '@/web/lib/api-client';
import { dashboardKeys, type ChosenCutoff } from './get-dashboard';

export const varianceKeys = {
  all: [...dashboardKeys.all, 'variance'] as const,
  selection: (year: number, params: string) => [...varianceKeys.all, year, params] as const,
  settings: () => [...varianceKeys.all, 'settings'] as const,
};

export function useVariance(filter: ClientFilter, year: number, cutoff: ChosenCutoff, version: number | null) {
  // The manager, sector and status chosen above the dashboards (docs/product.md#client-attributes).
  const [attributes] = useAttributeFilter();
  const params = dashboardParams(filter, cutoff, version, attributes);
  return useQuery({
    queryKey: varianceKeys.selection(year, params),
    queryFn: ({ signal }) => api.get<VarianceData>(withYear(`/api/dashboard/variance?${params}`, year), signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    // « Aucune version de référence » is an answer to show, not a fault to retry.
    retry: false,
  });
}

export function useVarianceSettings() {
  return useQuery({
    queryKey: varianceKeys.settings(),
    queryFn: ({ signal }) => api.get<VarianceSettingsAnswer>('/api/variance/settings', signal),
  });
}

/** PUT /api/variance/settings (admin); the analysis is asked again (who needs a justification changes). */
export function useSaveVarianceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VarianceSettingsBody) => api.put<VarianceSettingsAnswer>('/api/variance/settings', body),
    onSuccess: (answer) => {
      queryClient.setQueryData(varianceKeys.settings(), answer);
      void queryClient.invalidateQueries({ queryKey: varianceKeys.all });
    },
  });
}

/** A justification: a new client-year thread justifying the gap at `month` (POST /api/comments). */
export function useJustify(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, month, text }: { clientId: string; month: number; text: string }) =>
      api.post<CommentAnswer>('/api/comments', { clientId, year, gapMonth: month, text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: varianceKeys.all }),
  });
}
