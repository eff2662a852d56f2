/**
 * One client's budget of one year (poles, lines, months) and the changes made from the grid
 * (docs/product.md#http-api). The cache holds the cents model: answers are decoded here, at the HTTP edge. Every
 * call names the year of the budget on screen (`?year=`): the editor that uses these hooks is
 * mounted per year and client, so a year never changes under a mutation in flight.
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  applyCellUpdates,
  applyDrivers,
  cellReader,
  lineFromWire,
  poleFromWire,
  type CellUpdate,
  type LineDriverWire,
  type LineWire,
  type Pole,
  type PoleWire,
} from '@/domain';
import { movedLineOrder, type CellSource, type LineMove } from '@/domain/history';
import type { LineOrderAnswer } from '@/domain/answers';
import { api, withYear } from '@/web/lib/api-client';
import { getClientBudget } from '@/web/lib/get-client-budget';
import { invalidateSummaries, reloadAllData } from '@/web/lib/query-keys';
import { budgetKeys } from './budget-keys';
import { cellSaveQueue, restorePendingEdits } from '../saving/api/save-cells';

export function useClientBudget(year: number, clientId: string) {
  return useQuery({
    queryKey: budgetKeys.clientBudget(year, clientId),
    // Edits not stored yet stay on top of what the server sends back (a reload never shows an older
    // value), those kept from an earlier visit included (ADR 048).
    queryFn: async ({ signal }) => {
      await restorePendingEdits(clientId, year);
      // docs/product.md#driver-lines: computed cells follow the pending edits of their sources.
      return applyDrivers(cellSaveQueue().overlay(await getClientBudget(clientId, year, signal)));
    },
  });
}

/** Sets the client's poles of that year in the cache (an optimistic update or the server's answer). */
function updateBudgetCache(
  queryClient: QueryClient,
  year: number,
  clientId: string,
  update: (poles: Pole[]) => Pole[],
) {
  queryClient.setQueryData<Pole[]>(budgetKeys.clientBudget(year, clientId), (poles) => (poles ? update(poles) : poles));
}

/** Shows these values in every cached budget of `year` (the other person's values, taken in a conflict). */
export function showCells(queryClient: QueryClient, year: number, cells: readonly CellUpdate[]): void {
  queryClient.setQueriesData<Pole[]>(
    { queryKey: [...budgetKeys.clientBudgets(), year] },
    (poles) => poles && applyCellUpdates(poles, cells),
  );
}

/**
 * How a value is written (ADR 048): `typing` is a draft (a keystroke: shown, saved only after a
 * pause), `commit` is sent at once (Enter, Tab, an arrow, blur, a paste, a fill), `cancel` brings
 * back the value from before the typing without writing it (Escape).
 */
export type CellWriteMode = 'typing' | 'commit' | 'cancel';

/** How cells are written: see useWriteCells. */
export type WriteCellsOptions = { mode: CellWriteMode; cancelReload: boolean; source?: CellSource };

/**
 * Writes cell values: shown at once (the cache), stored by the save queue as `mode` says;
 * `cancelReload` (a keystroke) cancels a reload in flight, which would bring back the value from
 * before it; `source` is 'collage' for a paste (docs/product.md#history), typed otherwise.
 */
export function useWriteCells(year: number, clientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (updates: readonly CellUpdate[], { mode, cancelReload, source }: WriteCellsOptions) => {
      if (cancelReload) void queryClient.cancelQueries({ queryKey: budgetKeys.clientBudget(year, clientId) });
      // docs/product.md#conflict-choice: what the cell showed before this edit, the save's `expected`.
      const before = cellReader(queryClient.getQueryData<Pole[]>(budgetKeys.clientBudget(year, clientId)) ?? []);
      // Driver lines follow their sources at once, as the server recomputes them on the save.
      updateBudgetCache(queryClient, year, clientId, (p) => applyDrivers(applyCellUpdates(p, updates)));
      // Each edit keeps the year and client of its line, whatever is on screen when it is sent.
      const edits = updates.map((u) => ({ ...u, year, clientId, ...(source && { source }), expected: before(u) }));
      if (mode === 'cancel') cellSaveQueue().cancel(edits);
      else cellSaveQueue().edit(edits, mode === 'commit');
    },
    [queryClient, year, clientId],
  );
}

function updatePole(poles: Pole[], poleId: string, change: Partial<Pick<Pole, 'isExpanded' | 'facture'>>): Pole[] {
  return poles.map((p) => (p.id === poleId ? { ...p, ...change } : p));
}

export function useAddPole(year: number, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; lines: string[] }) =>
      poleFromWire(await api.post<PoleWire>(withYear(`/api/clients/${clientId}/poles`, year), body)),
    onSuccess: () => reloadAllData(queryClient),
  });
}

export function useAddLine(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, name }: { poleId: string; name: string }) =>
      lineFromWire(await api.post<LineWire>(withYear(`/api/poles/${poleId}/lines`, year), { name })),
    onSuccess: () => reloadAllData(queryClient),
  });
}

export function useDeleteLine(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lineId: string) => api.delete(withYear(`/api/lines/${lineId}`, year)),
    onSuccess: (_void, lineId) => {
      cellSaveQueue().dropLine(lineId);
      return reloadAllData(queryClient);
    },
  });
}

/**
 * Makes a line computed (`driver`) or typed again (null): docs/product.md#driver-lines; a history
 * entry, every view reloads. A refusal (a cycle, a closed month) is the server's French message.
 */
export function useSetDriver(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lineId, driver }: { lineId: string; driver: LineDriverWire | null }) =>
      lineFromWire(
        driver
          ? await api.put<LineWire>(withYear(`/api/lines/${lineId}/driver`, year), driver)
          : await api.delete<LineWire>(withYear(`/api/lines/${lineId}/driver`, year)),
      ),
    onSuccess: () => reloadAllData(queryClient),
  });
}

/** Renames a pole in place (a history entry; every view reloads). */
export function useRenamePole(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, name }: { poleId: string; name: string }) =>
      poleFromWire(await api.put<PoleWire>(withYear(`/api/poles/${poleId}/name`, year), { name })),
    onSuccess: () => reloadAllData(queryClient),
  });
}

/** Renames a line in place (a history entry; every view reloads). */
export function useRenameLine(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ lineId, name }: { lineId: string; name: string }) =>
      lineFromWire(await api.put<LineWire>(withYear(`/api/lines/${lineId}/name`, year), { name })),
    onSuccess: () => reloadAllData(queryClient),
  });
}

/** Moves a line one place up or down within its pole: shown at once, put back if the server refuses. */
export function useMoveLine(year: number, clientId: string) {
  const queryClient = useQueryClient();
  const reorder = (poleId: string, lineIds: readonly string[]) =>
    updateBudgetCache(queryClient, year, clientId, (poles) =>
      poles.map((p) => {
        if (p.id !== poleId) return p;
        const byId = new Map(p.lines.map((l) => [l.id, l]));
        return { ...p, lines: lineIds.flatMap((id) => byId.get(id) ?? []) };
      }),
    );
  return useMutation({
    mutationFn: ({ lineId, direction }: { poleId: string; lineId: string; direction: LineMove; order: string[] }) =>
      api.post<LineOrderAnswer>(withYear(`/api/lines/${lineId}/move`, year), { direction }),
    onMutate: ({ poleId, lineId, direction, order }) => {
      const next = movedLineOrder(order, lineId, direction);
      if (next) reorder(poleId, next);
    },
    onError: (_error, { poleId, order }) => reorder(poleId, order),
    onSettled: () => reloadAllData(queryClient),
  });
}

/**
 * Expand/collapse (docs/product.md#pole-expand: saved to the server, then the view updates). The view flips at once
 * and flips back if the server refuses; only the flag is taken from the answer, so typed values
 * not stored yet are kept.
 */
export function useTogglePole(year: number, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, isExpanded }: { poleId: string; isExpanded: boolean }) =>
      poleFromWire(await api.patch<PoleWire>(withYear(`/api/poles/${poleId}`, year), { isExpanded })),
    onMutate: ({ poleId, isExpanded }) =>
      updateBudgetCache(queryClient, year, clientId, (p) => updatePole(p, poleId, { isExpanded })),
    onError: (_error, { poleId, isExpanded }) =>
      updateBudgetCache(queryClient, year, clientId, (p) => updatePole(p, poleId, { isExpanded: !isExpanded })),
  });
}

/** One month's invoiced flag; set atomically on the server, the answer's array is authoritative. */
export function useSetFacture(year: number, clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ poleId, month, value }: { poleId: string; month: number; value: boolean }) =>
      poleFromWire(await api.put<PoleWire>(withYear(`/api/poles/${poleId}/facture/${month}`, year), { value })),
    onMutate: ({ poleId, month, value }) =>
      updateBudgetCache(queryClient, year, clientId, (poles) =>
        poles.map((p) => (p.id === poleId ? { ...p, facture: p.facture.map((f, m) => (m === month ? value : f)) } : p)),
      ),
    onSuccess: (pole) => {
      updateBudgetCache(queryClient, year, clientId, (p) => updatePole(p, pole.id, { facture: pole.facture }));
      return invalidateSummaries(queryClient);
    },
    onError: (_error, { poleId, month, value }) =>
      updateBudgetCache(queryClient, year, clientId, (poles) =>
        poles.map((p) =>
          p.id === poleId ? { ...p, facture: p.facture.map((f, m) => (m === month ? !value : f)) } : p,
        ),
      ),
  });
}
