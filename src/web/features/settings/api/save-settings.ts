/**
 * Saves the agency's fiscal year (PUT /api/settings, docs/product.md#fiscal-years, admin). Every
 * month of every screen is named from it: the whole cache reloads once it is saved.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettingsAnswer } from '@/domain/answers';
import { api } from '@/web/lib/api-client';
import { notifySuccess } from '@/web/lib/notify';
import { reloadAllData, sharedKeys } from '@/web/lib/query-keys';

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SettingsAnswer) => api.put<SettingsAnswer>('/api/settings', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(sharedKeys.settings(), saved);
      // Here, not in the card: reloading everything may remount the card before its own callback runs.
      notifySuccess('Exercice enregistré');
      void reloadAllData(queryClient);
    },
  });
}
