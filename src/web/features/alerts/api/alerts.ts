/**
 * Alerts (docs/product.md#alerts): the year's active alerts in the caller's scope, refreshed with
 * the dashboards' figures (a cell save may raise or clear one); the thresholds (admin).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettingsAnswer, AlertsAnswer } from '@/domain/answers';
import type { AlertSettingsWire } from '@/domain/alerts-schemas';
import { api, withYear } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';

export const alertKeys = {
  // Below the summaries: stale whenever a client's figures change.
  list: (year: number) => [...sharedKeys.summaries(), 'alerts', year] as const,
  settings: () => [...sharedKeys.data, 'alert-settings'] as const,
};

export function useAlerts(year: number) {
  return useQuery({
    queryKey: alertKeys.list(year),
    queryFn: ({ signal }) => api.get<AlertsAnswer>(withYear('/api/alerts', year), signal),
  });
}

export function useAlertSettings(isEnabled: boolean) {
  return useQuery({
    queryKey: alertKeys.settings(),
    queryFn: ({ signal }) => api.get<AlertSettingsAnswer>('/api/alerts/settings', signal),
    enabled: isEnabled,
  });
}

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettingsWire) => api.put<AlertSettingsAnswer>('/api/alerts/settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(alertKeys.settings(), saved);
      // Saving re-evaluates every alert; the notifications may hold new ones.
      void queryClient.invalidateQueries({ queryKey: sharedKeys.data });
    },
  });
}
