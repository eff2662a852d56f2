/**
 * Presence (docs/product.md#presence-card): this tab says which client it shows (`PUT /api/presence`
 * when it changes and every 30 s while the page is visible; the server forgets a tab not heard of
 * for 75 s), and the client card lists who else has it open (`GET /api/presence`, read again when
 * the stream says the set changed).
 */
import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PresenceAnswer } from '@/domain/answers';
import { LOCAL_ACTOR } from '@/domain/history';
import { api, withYear } from '@/web/lib/api-client';
import type { LivePresence } from '@/web/lib/live-events';
import { TAB_ID, TAB_ID_HEADER } from '@/web/lib/tab-id';
import { useLivePresence } from '@/web/lib/use-live';
import { budgetKeys } from '../../api/budget-keys';

export type PresenceUser = { id: string; name: string; initials: string; tab?: string };

/** How often a visible tab renews its presence, in ms. */
const BEAT_MS = 30_000;

function sayPresence(year: number, clientId: string | null, keepalive = false) {
  const body = { year, clientId, tab: TAB_ID };
  if (keepalive) {
    // The page is going away: a request that outlives it.
    void fetch('/api/presence', {
      method: 'PUT',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', [TAB_ID_HEADER]: TAB_ID },
      body: JSON.stringify(body),
    }).catch(() => {});
    return;
  }
  // Presence is a courtesy: a failed beat is retried by the next one, never shown.
  void api.put('/api/presence', body).catch(() => {});
}

/**
 * The others viewing a client: each person once (several tabs of one person are one), without
 * this tab's user (the people behind the tab's own entry).
 */
export function othersPresent(users: readonly PresenceUser[], tabId: string): PresenceUser[] {
  const me = users.find((u) => u.tab === tabId)?.id;
  const seen = new Set<string>();
  return users.filter((u) => {
    // Without accounts the one person of this copy is `local`: their other tabs are not someone else (m18).
    if (u.tab === tabId || u.id === me || u.name === LOCAL_ACTOR || seen.has(u.id)) return false;
    seen.add(u.id);
    return true;
  });
}

/** Says which client this tab shows (null: none) while mounted, and that it shows none when it goes. */
export function usePresenceBeat(year: number, clientId: string | null): void {
  useEffect(() => {
    const beat = () => {
      if (document.visibilityState === 'visible') sayPresence(year, clientId);
    };
    beat();
    const timer = setInterval(beat, BEAT_MS);
    document.addEventListener('visibilitychange', beat);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', beat);
    };
  }, [year, clientId]);
  useEffect(() => {
    const leave = () => sayPresence(year, null, true);
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [year]);
  // Leaving the budget tab: this tab no longer shows a client.
  useEffect(() => () => sayPresence(year, null), [year]);
}

/** Who else has `clientId` of `year` open, refreshed by the stream's presence events. */
export function usePresence(year: number, clientId: string): PresenceUser[] {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: budgetKeys.presence(year, clientId),
    queryFn: async ({ signal }) =>
      (await api.get<PresenceAnswer>(withYear(`/api/presence?clientId=${encodeURIComponent(clientId)}`, year), signal))
        .users,
    staleTime: BEAT_MS,
    refetchInterval: BEAT_MS * 2,
    retry: false,
  });
  useLivePresence(
    useCallback(
      (presence: LivePresence) => {
        if (presence.year === year && presence.clientId === clientId)
          void queryClient.invalidateQueries({ queryKey: budgetKeys.presence(year, clientId) });
      },
      [queryClient, year, clientId],
    ),
  );
  return othersPresent(query.data ?? [], TAB_ID);
}
