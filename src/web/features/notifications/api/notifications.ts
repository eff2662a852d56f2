/**
 * The signed-in user's notifications (docs/product.md#notifications): the list and unread count,
 * reloaded when the live stream says they changed (a mention, a reply, read in another tab);
 * marking read; the level.
 */
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationItem,
  NotificationSettingsAnswer,
  NotificationsAnswer,
  NotificationsReadAnswer,
} from '@/domain/answers';
import type { NotificationLevel } from '@/domain/comments';
import type { ReadNotificationsBody } from '@/domain/comments-schemas';
import { api } from '@/web/lib/api-client';
import { sharedKeys } from '@/web/lib/query-keys';
import { useLiveNotifications } from '@/web/lib/use-live';

export type Notification = NotificationItem;

export const notificationKeys = {
  list: () => [...sharedKeys.data, 'notifications'] as const,
};

export function useNotifications() {
  const queryClient = useQueryClient();
  useLiveNotifications(
    useCallback(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }), [queryClient]),
  );
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => api.get<NotificationsAnswer>('/api/notifications', signal),
  });
}

export function useNotificationWrites() {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  const markRead = useMutation({
    mutationFn: (body: ReadNotificationsBody) => api.post<NotificationsReadAnswer>('/api/notifications/read', body),
    onSuccess: reload,
  });
  const setLevel = useMutation({
    mutationFn: (level: NotificationLevel) =>
      api.put<NotificationSettingsAnswer>('/api/notifications/settings', { level }),
    onSuccess: reload,
  });
  return { markRead, setLevel };
}
