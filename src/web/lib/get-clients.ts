import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Client } from '../../domain/schemas';
import { api } from './api-client';
import { sharedKeys } from './query-keys';

/** Every client, by name (GET /api/clients): the one cache entry of the client list. */
export const clientsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.clients(),
    queryFn: ({ signal }) => api.get<Client[]>('/api/clients', signal),
  });

export function useClients() {
  return useQuery(clientsQueryOptions());
}
