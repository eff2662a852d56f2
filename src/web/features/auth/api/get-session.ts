import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionAnswer as SessionInfo } from '@/domain/answers';
import { api } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';
import { authKeys } from './keys';

export type { SessionInfo };

/** GET /api/session: the server's mode, and in accounts mode who is signed in (or null). */
export const getSession = (signal?: AbortSignal) => api.get<SessionInfo>('/api/session', signal);

export const sessionQueryOptions = queryOptions({
  queryKey: authKeys.session,
  queryFn: ({ signal }) => getSession(signal),
  staleTime: Infinity,
});

export const useSession = () => useQuery(sessionQueryOptions);

/**
 * Signed out (by us, by another device, or by expiry): forget every cached figure, so nothing of
 * the previous session stays in memory, and show the sign-in page.
 */
export function markSignedOut(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: sharedKeys.data });
  queryClient.setQueryData<SessionInfo>(authKeys.session, (old) =>
    old?.mode === 'local' ? old : { mode: 'accounts', user: null },
  );
}
