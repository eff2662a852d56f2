import { useRef, useState } from 'react';
import { Bell } from 'lucide-react';
import { NOTIFICATION_LEVELS, NOTIFICATION_LEVEL_LABELS, type NotificationLevel } from '@/domain/comments';
import { formatHistoryAt } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/web/components/ui/popover';
import { cn } from '@/web/lib/cn';
import { useNotificationWrites, useNotifications, type Notification } from '../api/notifications';

type NotificationBellProps = {
  /** Opens the client-year of a notification on its cell (the app composes the budget tab in). */
  onOpen: (notification: Notification) => void;
};

/**
 * The bell (docs/product.md#notifications): the unread count, the list newest first (unread ones
 * marked), 'Tout marquer comme lu', the level; a notification opens its cell and is marked read.
 */
export function NotificationBell({ onOpen }: NotificationBellProps) {
  const [isOpen, setIsOpen] = useState(false);
  // A notification opened: the focus goes to its cell, not back to the bell.
  const isOpening = useRef(false);
  const { data } = useNotifications();
  const { markRead, setLevel } = useNotificationWrites();
  const unread = data?.unread ?? 0;
  const items = data?.items ?? [];

  const open = (n: Notification) => {
    isOpening.current = true;
    setIsOpen(false);
    if (!n.read) markRead.mutate({ ids: [n.id] });
    onOpen(n);
  };

  return (
    <Popover open={isOpen} onOpenChange={setIsOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications : ${unread} non lue${unread > 1 ? 's' : ''}` : 'Notifications'}
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              data-testid="unread-count"
              className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-destructive px-1 text-[10px] font-semibold leading-4 text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="flex w-96 flex-col"
        aria-label="Notifications"
        onCloseAutoFocus={(event) => {
          if (isOpening.current) event.preventDefault();
          isOpening.current = false;
        }}
      >
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <span className="text-sm font-semibold">Notifications</span>
          <Button
            size="sm"
            variant="link"
            className="h-7 px-0"
            disabled={unread === 0}
            onClick={() => markRead.mutate({ all: true })}
          >
            Tout marquer comme lu
          </Button>
        </div>
        {items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">Aucune notification.</p>
        ) : (
          <ul className="max-h-96 overflow-y-auto" aria-label="Liste des notifications">
            {items.map((n) => (
              <li key={n.id}>
                <button
                  type="button"
                  onClick={() => open(n)}
                  className={cn(
                    'flex w-full flex-col gap-0.5 border-b px-3 py-2 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none',
                    !n.read && 'bg-primary/5',
                  )}
                >
                  <span className={cn('break-words', !n.read && 'font-medium')}>
                    {!n.read && <span className="sr-only">Non lue : </span>}
                    {n.text}
                  </span>
                  <time dateTime={n.at} className="text-xs text-muted-foreground">
                    {formatHistoryAt(n.at)}
                  </time>
                </button>
              </li>
            ))}
          </ul>
        )}
        <LevelSelect level={data?.level ?? 'all'} onChange={(level) => setLevel.mutate(level)} />
      </PopoverContent>
    </Popover>
  );
}

/** « Me notifier : Tout / Réponses et mentions / Rien ». */
function LevelSelect({ level, onChange }: { level: NotificationLevel; onChange: (level: NotificationLevel) => void }) {
  return (
    <label className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
      Me notifier
      <select
        value={level}
        onChange={(event) => onChange(event.target.value as NotificationLevel)}
        className="h-8 rounded-md border border-input bg-card px-2 text-sm"
      >
        {NOTIFICATION_LEVELS.map((l) => (
          <option key={l} value={l}>
            {NOTIFICATION_LEVEL_LABELS[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
