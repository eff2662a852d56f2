/**
 * The sign-off status of every client of a year (GET /api/years/:year/signoff,
 * docs/product.md#sign-off): the budget tab's status bar and 'À valider' list, and the grid, whose
 * forecast cells a validated budget makes read-only.
 */
import { useQuery } from '@tanstack/react-query';
import type { SignoffAnswer } from '@/domain/answers';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

export function useSignoff(year: number) {
  return useQuery({
    queryKey: sharedKeys.signoff(year),
    queryFn: ({ signal }) => api.get<SignoffAnswer>(`/api/years/${year}/signoff`, signal),
  });
}

/** True when `clientId`'s budget of the year is validated (its forecasts read-only). */
export function useIsValidated(year: number, clientId: string): boolean {
  return useSignoff(year).data?.some((s) => s.clientId === clientId && s.status === 'validé') ?? false;
}
