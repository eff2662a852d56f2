import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsFromWire, type ClientWire } from '@/domain';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

/** Every client, by name (GET /api/clients), in cents: the one cache entry of the client list. */
export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.clients(),
    queryFn: async ({ signal }) => clientsFromWire(await api.get<ClientWire[]>('/api/clients', signal)),
  });

export function useClients() {
  return useQuery(clientsQueryOptions());
}
