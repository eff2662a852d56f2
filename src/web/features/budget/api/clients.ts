/** Clients of the budget tab: list, create, rename or set the initial forecast, delete (PRODUCT §8). */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  clientChangesToWire,
  clientFromWire,
  clientsFromWire,
  type Client,
  type ClientChanges,
  type ClientWire,
} from '../../../../domain';
import { api } from '../../../lib/api-client';
import { budgetKeys } from './budget-keys';

export function useClients() {
  return useQuery({
    queryKey: budgetKeys.clients(),
    queryFn: async ({ signal }) => clientsFromWire(await api.get<ClientWire[]>('/api/clients', signal)),
  });
}

/**
 * SPEC §4: after each add or delete, the client's data and all clients' data are reloaded. Every
 * query of the app is invalidated: the active ones refetch, the others (dashboards) are marked stale.
 */
export function reloadAllData(queryClient: QueryClient) {
  return queryClient.invalidateQueries();
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => clientFromWire(await api.post<ClientWire>('/api/clients', { name })),
    onSuccess: (client) => {
      queryClient.setQueryData<Client[]>(budgetKeys.clients(), (list) =>
        list ? [...list, client].sort((a, b) => a.name.localeCompare(b.name, 'fr')) : [client],
      );
      return reloadAllData(queryClient);
    },
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...changes }: ClientChanges & { id: string }) =>
      clientFromWire(await api.patch<ClientWire>(`/api/clients/${id}`, clientChangesToWire(changes))),
    onSuccess: (client) => {
      queryClient.setQueryData<Client[]>(budgetKeys.clients(), (list) =>
        list?.map((c) => (c.id === client.id ? client : c)),
      );
      return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== budgetKeys.all[0] });
    },
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/clients/${id}`),
    onSuccess: (_void, id) => {
      queryClient.setQueryData<Client[]>(budgetKeys.clients(), (list) => list?.filter((c) => c.id !== id));
      queryClient.removeQueries({ queryKey: budgetKeys.clientBudget(id) });
      return reloadAllData(queryClient);
    },
  });
}
