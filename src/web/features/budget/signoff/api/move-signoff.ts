/**
 * A sign-off transition (docs/product.md#sign-off): `POST /api/years/:year/signoff/:clientId`.
 * The statuses reload (the grid locks or frees the forecasts), and the history and the versions
 * (a validation freezes one).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignoffTransitionAnswer } from '@/domain/answers';
import type { SignoffBody } from '@/domain/schemas';
import { api } from '@/web/lib/api-client';
import { invalidateHistory, sharedKeys } from '@/web/lib/query-keys';

export function useMoveSignoff(year: number, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignoffBody) =>
      api.post<SignoffTransitionAnswer>(`/api/years/${year}/signoff/${clientId}`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.signoff(year) }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.versions(year) }),
        invalidateHistory(queryClient),
      ]),
  });
}
