/**
 * Reading the change history (docs/product.md#history): the user's undo and redo targets for the
 * client and year on screen (GET /api/history/stack, so they survive a reload), and the entries,
 * newest first, paged by `before` (GET /api/history): a client's of a year, or one cell's.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { historyEntryFromWire, type HistoryEntry } from '@/domain/codec';
import type { HistoryPageAnswer, HistoryStackAnswer } from '@/domain/answers';
import { api, withYear } from '@/web/lib/api-client';
import { historyKeys, type HistoryScope } from '../../api/budget-keys';

/** The entries a history page holds; a full page means there may be older ones. */
export const HISTORY_PAGE_SIZE = 30;

export type HistoryStack = HistoryStackAnswer;

/** GET /api/history/stack?clientId=&year=. */
export function getHistoryStack(year: number, clientId: string, signal?: AbortSignal): Promise<HistoryStack> {
  return api.get<HistoryStack>(withYear(`/api/history/stack?clientId=${encodeURIComponent(clientId)}`, year), signal);
}

/** The stack's query: always read afresh when a screen mounts (a change made elsewhere moves it). */
export function historyStackQueryOptions(year: number, clientId: string) {
  return {
    queryKey: historyKeys.stack(year, clientId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getHistoryStack(year, clientId, signal),
    staleTime: 0,
  };
}

export function useHistoryStack(year: number, clientId: string) {
  return useQuery(historyStackQueryOptions(year, clientId));
}

/** GET /api/history with the scope's filters: one page, newest first, older than `before` when given. */
export async function getHistoryPage(
  scope: HistoryScope,
  before?: number,
  signal?: AbortSignal,
): Promise<HistoryEntry[]> {
  const params = new URLSearchParams({ year: String(scope.year), limit: String(HISTORY_PAGE_SIZE) });
  if ('clientId' in scope) params.set('clientId', scope.clientId);
  else {
    params.set('lineId', scope.lineId);
    params.set('month', String(scope.month));
    params.set('field', scope.field);
  }
  if (before !== undefined) params.set('before', String(before));
  const { entries } = await api.get<HistoryPageAnswer>(`/api/history?${params.toString()}`, signal);
  return entries.map(historyEntryFromWire);
}

/** The scope's entries, page after page ('Plus ancien' asks for the next). */
export function useHistoryEntries(scope: HistoryScope) {
  return useInfiniteQuery({
    queryKey: historyKeys.entries(scope),
    queryFn: ({ pageParam, signal }) => getHistoryPage(scope, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < HISTORY_PAGE_SIZE ? undefined : last.at(-1)?.id),
    staleTime: 0,
  });
}

/**
 * The newest entry naming this client, in any year (GET /api/history?clientId=&limit=1): right
 * after the client is deleted, its deletion, which its toast offers to undo (the client's own
 * deletion is not a step of the undo stack).
 */
export async function getLatestClientEntry(clientId: string): Promise<HistoryEntry | null> {
  const path = `/api/history?clientId=${encodeURIComponent(clientId)}&limit=1` as const;
  const { entries } = await api.get<HistoryPageAnswer>(path);
  const [latest] = entries;
  return latest ? historyEntryFromWire(latest) : null;
}
