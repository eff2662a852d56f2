/**
 * Saves the agency's fiscal year (PUT /api/settings, docs/product.md#fiscal-years, admin). Every
 * month of every screen is named from it: the whole cache reloads once it is saved.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsAnswer } from '@/domain/answers';
import { api } from '@/web/lib/api-client';
import { reloadAllData, sharedKeys } from '@/web/lib/query-keys';

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsAnswer) => api.put<SettingsAnswer>('/api/settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(sharedKeys.settings(), saved);
      void reloadAllData(queryClient);
    },
  });
}
