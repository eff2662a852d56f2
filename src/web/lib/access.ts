/**
 * What the caller may do (GET /api/access, docs/product.md#roles), for every feature: a viewer's
 * screens — and an admin's 'Voir en tant que…' — are read-only, not merely refused on save; the
 * admin's tools show to admins only. Local mode answers admin.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccessWire } from '@/domain/control';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

export const accessQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.access(),
    queryFn: ({ signal }) => api.get<AccessWire>('/api/access', signal),
    staleTime: 60_000,
  });

export function useAccess(): AccessWire | undefined {
  return useQuery(accessQueryOptions()).data;
}

/** True while the caller may not change data: a viewer, or an admin looking as someone else. */
export function useReadOnly(): boolean {
  const access = useAccess();
  return access !== undefined && (access.role === 'viewer' || access.viewAs !== null);
}

/** True for an admin acting as themselves. */
export function useIsAdmin(): boolean {
  const access = useAccess();
  return access?.role === 'admin' && access.viewAs === null;
}

/** True when the caller may add clients: not read-only, with every client in scope (an assigned scope adds none). */
export function useCanCreateClients(): boolean {
  const access = useAccess();
  return !useReadOnly() && (access === undefined || access.clientIds === null);
}
