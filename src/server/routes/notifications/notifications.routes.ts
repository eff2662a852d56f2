/**
 * Notifications (docs/product.md#notifications, ADR 050): the caller's own list (within their
 * scope), marking read, their level. Personal writes, open to every role (policy.ts `ownWrite`).
 * Without accounts the one local user has none: nobody else can mention or answer them.
 */
import type { NotificationSettingsAnswer, NotificationsAnswer, NotificationsReadAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { notificationSettingsBody, readNotificationsBody } from '@/domain/comments-schemas';
import type { Db } from '@/server/db/client';
import { actorOf } from '@/server/lib/actor';
import { readJson, validate } from '@/server/lib/errors';
import type { Live } from '@/server/live/hub';
import { scopeIds } from '@/server/policy/policy';
import { markRead, readNotifications, setLevel, unreadCount } from './notifications.repo';

export function notificationsRoutes(db: Db, live: Live) {
  return new Hono()
    .get('/notifications', async (c) => {
      const answer = await db.transaction((tx) => readNotifications(tx, actorOf(c), scopeIds(c)));
      return c.json(answer satisfies NotificationsAnswer);
    })
    .post('/notifications/read', async (c) => {
      const body = validate(readNotificationsBody, await readJson(c));
      const actor = actorOf(c);
      await markRead(db, actor, 'all' in body ? 'all' : body.ids);
      // The user's other tabs update their bell.
      live.notified(actor);
      return c.json({ unread: await unreadCount(db, actor, scopeIds(c)) } satisfies NotificationsReadAnswer);
    })
    .put('/notifications/settings', async (c) => {
      const { level } = validate(notificationSettingsBody, await readJson(c));
      await setLevel(db, actorOf(c), level);
      return c.json({ level } satisfies NotificationSettingsAnswer);
    });
}
