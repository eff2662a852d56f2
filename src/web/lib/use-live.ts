/**
 * The live stream in React (docs/product.md#live-browser): the app opens it once for the year on
 * screen (`useLiveStream`), features listen to its events (`useLiveChanges`, `useLivePresence`) and
 * the header shows its status (`useLiveStatus`). What every feature shares is refreshed here: a
 * change of figures makes the dashboards and the history stale; any other change (structure,
 * closing, an import) also the client lists, the years and the closed months; a resync reloads
 * everything. The budget feature patches or reloads its own budgets (a feature's keys are its own).
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveChange, LivePresence } from './live-events';
import { createLiveStream, type LiveStatus, type LiveStream } from './live-stream';
import { invalidateSummaries, reloadAllData, sharedKeys } from './query-keys';
import { TAB_ID } from './tab-id';

type Listeners = {
  change: Set<(change: LiveChange) => void>;
  resync: Set<(year: number) => void>;
  presence: Set<(presence: LivePresence) => void>;
  comments: Set<(place: LivePresence) => void>;
  notification: Set<() => void>;
  status: Set<() => void>;
};
const listeners: Listeners = {
  change: new Set(),
  resync: new Set(),
  presence: new Set(),
  comments: new Set(),
  notification: new Set(),
  status: new Set(),
};

let stream: LiveStream | null = null;
let status: LiveStatus = 'connecting';

function liveStream(): LiveStream {
  stream ??= createLiveStream({
    tabId: TAB_ID,
    createEventSource: (url) => new EventSource(url),
    isOnline: () => navigator.onLine,
    onChange: (change) => listeners.change.forEach((l) => l(change)),
    onResync: (year) => listeners.resync.forEach((l) => l(year)),
    onPresence: (presence) => listeners.presence.forEach((l) => l(presence)),
    onComments: (place) => listeners.comments.forEach((l) => l(place)),
    onNotification: () => listeners.notification.forEach((l) => l()),
    onStatus: (next) => {
      status = next;
      listeners.status.forEach((l) => l());
    },
  });
  return stream;
}

/** What a change of anything but figures makes stale beyond the budgets: every shared view of data. */
function invalidateShared(queryClient: QueryClient) {
  return Promise.all(
    [
      sharedKeys.years(),
      sharedKeys.allClients(),
      sharedKeys.summaries(),
      sharedKeys.history(),
      [...sharedKeys.data, 'locks'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/**
 * Opens the tab's stream on `year` (reopened when it changes, closed when the app unmounts: signed
 * out) and refreshes the shared views its events make stale. Mounted once, by the app.
 */
export function useLiveStream(year: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const live = liveStream();
    live.open(year);
  }, [year]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const onChange = (change: LiveChange) =>
      void (change.cells ? invalidateSummaries(queryClient) : invalidateShared(queryClient));
    const onResync = () => void reloadAllData(queryClient);
    const onOnline = () => stream?.retryNow();
    const onOffline = () => stream?.goOffline();
    listeners.change.add(onChange);
    listeners.resync.add(onResync);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      listeners.change.delete(onChange);
      listeners.resync.delete(onResync);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      stream?.close();
    };
  }, [queryClient]);
}

function useListener<K extends 'change' | 'resync' | 'presence' | 'comments' | 'notification'>(
  kind: K,
  listener: Listeners[K] extends Set<infer F> ? F : never,
): void {
  useEffect(() => {
    const set = listeners[kind] as Set<typeof listener>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }, [kind, listener]);
}

/** Calls `listener` for each change another tab stored in the year on screen (not this tab's own). */
export const useLiveChanges = (listener: (change: LiveChange) => void) => useListener('change', listener);
/** Calls `listener` when the stream missed too much: everything of `year` must reload. */
export const useLiveResync = (listener: (year: number) => void) => useListener('resync', listener);
/** Calls `listener` when the people viewing a client changed. */
export const useLivePresence = (listener: (presence: LivePresence) => void) => useListener('presence', listener);

/** Calls `listener` when the comments of a client of the year on screen changed. */
export const useLiveComments = (listener: (place: LivePresence) => void) => useListener('comments', listener);
/** Calls `listener` when the signed-in user's notifications changed (any year). */
export const useLiveNotifications = (listener: () => void) => useListener('notification', listener);

/** Whether others' changes arrive: shown by the header when not 'online'. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (onChange) => {
      listeners.status.add(onChange);
      return () => listeners.status.delete(onChange);
    },
    () => status,
  );
}
