/**
 * Client changes made from the budget tab: create, rename or set the initial forecast, delete
 * (docs/product.md#http-api). Clients span years; their MB forecasts belong to one year
 * (docs/product.md#budget-years), so the client lists are cached per year.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { clientChangesToWire, clientFromWire, type Client, type ClientChanges, type ClientWire } from '@/domain';
import { api, withYear } from '@/web/lib/api-client';
import { invalidateSummaries, reloadAllData, sharedKeys } from '@/web/lib/query-keys';
import { budgetKeys } from '../../api/budget-keys';

/** Applies `update` to the client list of every year in the cache. */
function updateEveryClientList(queryClient: QueryClient, update: (list: Client[]) => Client[]) {
  queryClient.setQueriesData<Client[]>({ queryKey: sharedKeys.allClients() }, (list) => list && update(list));
}

/** Creates a client (in every year); `year` is the list shown, where the new client appears at once. */
export function useCreateClient(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => clientFromWire(await api.post<ClientWire>('/api/clients', { name })),
    onSuccess: (client) => {
      queryClient.setQueryData<Client[]>(sharedKeys.clients(year), (list) =>
        list ? [...list, client].sort((a, b) => a.name.localeCompare(b.name, 'fr')) : [client],
      );
      return reloadAllData(queryClient);
    },
  });
}

/** Renames a client or sets its attributes (every year), or sets its initial MB forecast of `year`. */
export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, year, ...changes }: ClientChanges & { id: string; year: number }) =>
      clientFromWire(await api.patch<ClientWire>(withYear(`/api/clients/${id}`, year), clientChangesToWire(changes))),
    onSuccess: (client, { year }) => {
      // The answer replaces the client in place: the open select keeps its order while the user
      // works; the lists are marked stale so the next screen that mounts one reads the server's order.
      // The name and the attributes are every year's; the forecasts in the answer are `year`'s only.
      updateEveryClientList(queryClient, (list) =>
        list.map((c) =>
          c.id === client.id
            ? { ...c, name: client.name, manager: client.manager, sector: client.sector, status: client.status }
            : c,
        ),
      );
      queryClient.setQueryData<Client[]>(sharedKeys.clients(year), (list) =>
        list?.map((c) => (c.id === client.id ? client : c)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.allClients(), refetchType: 'none' }),
        invalidateSummaries(queryClient),
      ]);
    },
  });
}

/** Deletes a client with its budgets of every year. */
export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/clients/${id}`),
    onSuccess: (_void, id) => {
      updateEveryClientList(queryClient, (list) => list.filter((c) => c.id !== id));
      queryClient.removeQueries({ queryKey: budgetKeys.clientBudgets(), predicate: (q) => q.queryKey.at(-1) === id });
      return reloadAllData(queryClient);
    },
  });
}
