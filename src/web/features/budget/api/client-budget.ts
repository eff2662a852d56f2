/**
 * One client's budget (poles, lines, months) and the changes made from the grid (docs/product.md#http-api).
 * The cache holds the cents model: answers are decoded here, at the HTTP edge.
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  applyCellUpdates,
  lineFromWire,
  poleFromWire,
  type CellUpdate,
  type LineWire,
  type Pole,
  type PoleWire,
} from '@/domain';
import { api } from '@/web/lib/api-client';
import { getClientBudget } from '@/web/lib/get-client-budget';
import { invalidateSummaries, reloadAllData } from '@/web/lib/query-keys';
import { budgetKeys } from './budget-keys';
import { cellSaveQueue } from './save-cells';

export function useClientBudget(clientId: string | null) {
  return useQuery({
    queryKey: budgetKeys.clientBudget(clientId ?? ''),
    // Edits not stored yet stay on top of what the server sends back (a reload never shows an older value).
    queryFn: async ({ signal }) => cellSaveQueue().overlay(await getClientBudget(clientId ?? '', signal)),
    enabled: clientId !== null,
  });
}

/** Sets the client's poles in the cache (an optimistic update or the server's answer). */
function updateBudgetCache(queryClient: QueryClient, clientId: string, update: (poles: Pole[]) => Pole[]) {
  queryClient.setQueryData<Pole[]>(budgetKeys.clientBudget(clientId), (poles) => (poles ? update(poles) : poles));
}

/**
 * Writes cell values: shown at once (the cache), stored by the save queue. `immediate` (blur,
 * Enter, paste) sends without waiting for the pause in typing; `cancelReload` (a keystroke)
 * cancels a reload in flight, which would bring back the value from before it.
 */
export function useWriteCells(clientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (updates: readonly CellUpdate[], { immediate, cancelReload }: { immediate: boolean; cancelReload: boolean }) => {
      if (cancelReload) void queryClient.cancelQueries({ queryKey: budgetKeys.clientBudget(clientId) });
      updateBudgetCache(queryClient, clientId, (p) => applyCellUpdates(p, updates));
      cellSaveQueue().edit(updates, immediate);
    },
    [queryClient, clientId],
  );
}

function updatePole(poles: Pole[], poleId: string, change: Partial<Pick<Pole, 'isExpanded' | 'facture'>>): Pole[] {
  return poles.map((p) => (p.id === poleId ? { ...p, ...change } : p));
}

export function useAddPole(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; lines: string[] }) =>
      poleFromWire(await api.post<PoleWire>(`/api/clients/${clientId}/poles`, body)),
    onSuccess: () => reloadAllData(queryClient),
  });
}

export function useAddLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, name }: { poleId: string; name: string }) =>
      lineFromWire(await api.post<LineWire>(`/api/poles/${poleId}/lines`, { name })),
    onSuccess: () => reloadAllData(queryClient),
  });
}

export function useDeleteLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => api.delete(`/api/lines/${lineId}`),
    onSuccess: (_void, lineId) => {
      cellSaveQueue().dropLine(lineId);
      return reloadAllData(queryClient);
    },
  });
}

/**
 * Expand/collapse (docs/product.md#pole-expand: saved to the server, then the view updates). The view flips at once
 * and flips back if the server refuses; only the flag is taken from the answer, so typed values
 * not stored yet are kept.
 */
export function useTogglePole(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, isExpanded }: { poleId: string; isExpanded: boolean }) =>
      poleFromWire(await api.patch<PoleWire>(`/api/poles/${poleId}`, { isExpanded })),
    onMutate: ({ poleId, isExpanded }) =>
      updateBudgetCache(queryClient, clientId, (p) => updatePole(p, poleId, { isExpanded })),
    onError: (_error, { poleId, isExpanded }) =>
      updateBudgetCache(queryClient, clientId, (p) => updatePole(p, poleId, { isExpanded: !isExpanded })),
  });
}

/** One month's invoiced flag; set atomically on the server, the answer's array is authoritative. */
export function useSetFacture(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, month, value }: { poleId: string; month: number; value: boolean }) =>
      poleFromWire(await api.put<PoleWire>(`/api/poles/${poleId}/facture/${month}`, { value })),
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
        poles.map((p) =>
          p.id === poleId ? { ...p, facture: p.facture.map((f, m) => (m === month ? !value : f)) } : p,
        ),
      ),
  });
}
