/**
 * The year's versions (docs/product.md#versions-and-landing): the list every role reads, and the
 * admin's writes — freeze the forecast under a name, mark the reference, delete a version. Each
 * write reloads the list and the history (it made an entry).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { forecastPolesFromWire } from '@/domain';
import type { CreatedVersionAnswer, VersionPolesAnswer, VersionSummary, VersionsAnswer } from '@/domain/answers';
import { versionGrid } from '@/domain/grid-compare';
import { api } from '@/web/lib/api-client';
import { invalidateHistory, sharedKeys } from '@/web/lib/query-keys';

/** GET /api/years/:year/versions: oldest first. */
export function useVersions(year: number) {
  return useQuery({
    queryKey: sharedKeys.versions(year),
    queryFn: ({ signal }) => api.get<VersionsAnswer>(`/api/years/${year}/versions`, signal),
  });
}

/** After a write: the list and the history reload. */
function useAfterWrite(year: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sharedKeys.versions(year) }),
      invalidateHistory(queryClient),
    ]);
}

/** POST /api/years/:year/versions {name} (admin): freezes every client's forecast of the year. */
export function useFreezeVersion(year: number) {
  const reload = useAfterWrite(year);
  return useMutation({
    mutationFn: (name: string) => api.post<CreatedVersionAnswer>(`/api/years/${year}/versions`, { name }),
    onSuccess: reload,
  });
}

/** PUT …/versions/:id/reference (admin). */
export function useMarkReference(year: number) {
  const reload = useAfterWrite(year);
  return useMutation({
    mutationFn: (id: number) => api.put<VersionsAnswer>(`/api/years/${year}/versions/${id}/reference`),
    onSuccess: reload,
  });
}

/** DELETE …/versions/:id (admin; never the reference). */
export function useDeleteVersion(year: number) {
  const reload = useAfterWrite(year);
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/years/${year}/versions/${id}`),
    onSuccess: reload,
  });
}

/**
 * GET /api/years/:year/versions/:id?clientId= as the grid compares with it (ADR 062): the
 * client's frozen poles, indexed by line and pole id. Off (nothing asked) while `id` is null. A
 * version never changes: asked once per version and client.
 */
export function useVersionGrid(year: number, clientId: string, version: VersionSummary | null) {
  return useQuery({
    queryKey: [...sharedKeys.versions(year), 'grid', version?.id ?? null, clientId] as const,
    queryFn: async ({ signal }) => {
      const poles = await api.get<VersionPolesAnswer>(
        `/api/years/${year}/versions/${version!.id}?clientId=${encodeURIComponent(clientId)}`,
        signal,
      );
      return versionGrid(version!.name, forecastPolesFromWire(poles));
    },
    enabled: version !== null,
    staleTime: Infinity,
  });
}
