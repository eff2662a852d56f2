import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientsFromWire, type ClientWire } from '@/domain';
import { api, withYear } from './api-client';
import { sharedKeys } from './query-keys';

/**
 * Every client, by name (GET /api/clients?year=), in cents, with that year's MB forecasts: the
 * one cache entry of the client list of a year. Clients span years: every year lists them all.
 */
export const clientsQueryOptions = (year: number) =>
  queryOptions({
    queryKey: sharedKeys.clients(year),
    queryFn: async ({ signal }) => clientsFromWire(await api.get<ClientWire[]>(withYear('/api/clients', year), signal)),
  });

export function useClients(year: number) {
  return useQuery(clientsQueryOptions(year));
}
