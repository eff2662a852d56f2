/**
 * The year's versions (docs/product.md#versions-and-landing): the list every role reads, and the
 * admin's writes — freeze the forecast under a name, mark the reference, delete a version. Each
 * write reloads the list and the history (it made an entry).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedVersionAnswer, VersionsAnswer } from '@/domain/answers';
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
