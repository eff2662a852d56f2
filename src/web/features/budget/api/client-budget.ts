/** One client's budget (poles, lines, months) and the changes made from the grid (PRODUCT §8). */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Line, Pole } from '../../../../domain';
import { api } from '../../../lib/api-client';
import { invalidateSummaries } from '../../../lib/query-keys';
import { getCellSaveQueue } from '../lib/cell-saving';
import { budgetKeys } from './budget-keys';
import { reloadAllData } from './clients';

export function useClientBudget(clientId: string | null) {
  return useQuery({
    queryKey: budgetKeys.clientBudget(clientId ?? ''),
    // Edits not stored yet stay on top of what the server sends back (a reload never shows an older value).
    queryFn: async ({ signal }) =>
      getCellSaveQueue().overlay(await api.get<Pole[]>(`/api/clients/${clientId}/budget`, signal)),
    enabled: clientId !== null,
  });
}

/** Sets the client's poles in the cache (an optimistic update or the server's answer). */
export function updateBudgetCache(queryClient: QueryClient, clientId: string, update: (poles: Pole[]) => Pole[]) {
  queryClient.setQueryData<Pole[]>(budgetKeys.clientBudget(clientId), (poles) => (poles ? update(poles) : poles));
}

function updatePole(poles: Pole[], poleId: string, change: Partial<Pick<Pole, 'isExpanded' | 'facture'>>): Pole[] {
  return poles.map((p) => (p.id === poleId ? { ...p, ...change } : p));
}

export function useAddPole(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; lines: string[] }) => api.post<Pole>(`/api/clients/${clientId}/poles`, body),
    onSuccess: () => reloadAllData(queryClient),
  });
}

export function useAddLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ poleId, name }: { poleId: string; name: string }) => api.post<Line>(`/api/poles/${poleId}/lines`, { name }),
    onSuccess: () => reloadAllData(queryClient),
  });
}

export function useDeleteLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => api.delete(`/api/lines/${lineId}`),
    onSuccess: (_void, lineId) => {
      getCellSaveQueue().dropLine(lineId);
      return reloadAllData(queryClient);
    },
  });
}

/**
 * Expand/collapse (SPEC §4: saved to the server, then the view updates). The view flips at once
 * and flips back if the server refuses; only the flag is taken from the answer, so typed values
 * not stored yet are kept.
 */
export function useTogglePole(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ poleId, isExpanded }: { poleId: string; isExpanded: boolean }) =>
      api.patch<Pole>(`/api/poles/${poleId}`, { isExpanded }),
    onMutate: ({ poleId, isExpanded }) => updateBudgetCache(queryClient, clientId, (p) => updatePole(p, poleId, { isExpanded })),
    onError: (_error, { poleId, isExpanded }) =>
      updateBudgetCache(queryClient, clientId, (p) => updatePole(p, poleId, { isExpanded: !isExpanded })),
  });
}

/** One month's invoiced flag; set atomically on the server, the answer's array is authoritative. */
export function useSetFacture(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ poleId, month, value }: { poleId: string; month: number; value: boolean }) =>
      api.put<Pole>(`/api/poles/${poleId}/facture/${month}`, { value }),
    onMutate: ({ poleId, month, value }) =>
      updateBudgetCache(queryClient, clientId, (poles) =>
        poles.map((p) => (p.id === poleId ? { ...p, facture: p.facture.map((f, m) => (m === month ? value : f)) } : p)),
      ),
    onSuccess: (pole) => {
      updateBudgetCache(queryClient, clientId, (p) => updatePole(p, pole.id, { facture: pole.facture }));
      return invalidateSummaries(queryClient);
    },
    onError: (_error, { poleId, month, value }) =>
      updateBudgetCache(queryClient, clientId, (poles) =>
        poles.map((p) => (p.id === poleId ? { ...p, facture: p.facture.map((f, m) => (m === month ? !value : f)) } : p)),
      ),
  });
}
