import { useMemo } from 'react';
import { pruneClientFilter, type ClientFilter } from '@/domain/client-filter';
import { useClients } from '../lib/get-clients';

/**
 * The client list (of exercice `year`: clients span years, their forecasts do not) and the filter
 * pruned of clients deleted meanwhile (back to 'all' when none remains), so a dashboard never asks
 * for an unknown id. `ready` once the list has loaded.
 */
export function useClientSelection(filter: ClientFilter, year: number) {
  const clientsQuery = useClients(year);
  const clients = clientsQuery.data;
  const pruned = useMemo(
    () =>
      clients
        ? pruneClientFilter(
            filter,
            clients.map((c) => c.id),
          )
        : filter,
    [clients, filter],
  );
  return { clients: clients ?? [], filter: pruned, ready: clients !== undefined, error: clientsQuery.error };
}
