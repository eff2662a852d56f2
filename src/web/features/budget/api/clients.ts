/** Client changes made from the budget tab: create, rename or set the initial forecast, delete (docs/product.md#http-api). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clientChangesToWire, clientFromWire, type Client, type ClientChanges, type ClientWire } from '@/domain';
import { api } from '@/web/lib/api-client';
import { invalidateSummaries, reloadAllData, sharedKeys } from '@/web/lib/query-keys';
import { budgetKeys } from './budget-keys';

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => clientFromWire(await api.post<ClientWire>('/api/clients', { name })),
    onSuccess: (client) => {
      queryClient.setQueryData<Client[]>(sharedKeys.clients(), (list) =>
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
      // The answer replaces the client in place: the open select keeps its order while the user
      // works; the list is marked stale so the next screen that mounts it reads the server's order.
      queryClient.setQueryData<Client[]>(sharedKeys.clients(), (list) =>
        list?.map((c) => (c.id === client.id ? client : c)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.clients(), refetchType: 'none' }),
        invalidateSummaries(queryClient),
      ]);
    },
  });
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/clients/${id}`),
    onSuccess: (_void, id) => {
      queryClient.setQueryData<Client[]>(sharedKeys.clients(), (list) => list?.filter((c) => c.id !== id));
      queryClient.removeQueries({ queryKey: budgetKeys.clientBudget(id) });
      return reloadAllData(queryClient);
    },
  });
}
