import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsFromWire } from '../../../../domain/codec';
import type { ClientWire } from '../../../../domain/schemas';
import { api } from '../../../lib/api-client';

/** Query keys of the client list (the same key the budget tab's list uses: one cache entry). */
export const clientKeys = {
  all: ['clients'] as const,
};

export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: clientKeys.all,
    queryFn: async ({ signal }) => clientsFromWire(await api.get<ClientWire[]>('/api/clients', signal)),
  });

/** Every client, by name (GET /api/clients). */
export function useClients() {
  return useQuery(clientsQueryOptions());
}
