/**
 * The mapping document (docs/product.md#actuals-from-the-accounting): GET and PUT
 * /api/accounting/mapping, admin only. The tab always edits the stored document (read afresh),
 * then PUTs it whole; the previews go stale, since they apply the rules.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MappingDocument } from '@/domain/accounting/types';
import { api } from '@/web/lib/api-client';
import { accountingKeys } from './accounting-keys';

const PATH = '/api/accounting/mapping';

export const mappingQueryOptions = () =>
  queryOptions({
    queryKey: accountingKeys.mapping(),
    queryFn: ({ signal }) => api.get<MappingDocument>(PATH, signal),
  });

export function useMapping() {
  return useQuery(mappingQueryOptions());
}

/** Stores the document (a 400 names the rule at fault, in French); the previews are read again. */
export async function saveMapping(queryClient: QueryClient, document: MappingDocument): Promise<MappingDocument> {
  const saved = await api.put<MappingDocument>(PATH, document);
  queryClient.setQueryData(accountingKeys.mapping(), saved);
  await queryClient.invalidateQueries({ queryKey: accountingKeys.previews() });
  return saved;
}

/** Reads the stored document afresh (another admin may have changed it), applies `edit` and stores the result. */
export async function editMapping(
  queryClient: QueryClient,
  edit: (document: MappingDocument) => MappingDocument,
): Promise<MappingDocument> {
  const current = await queryClient.fetchQuery({ ...mappingQueryOptions(), staleTime: 0 });
  return saveMapping(queryClient, edit(current));
}
