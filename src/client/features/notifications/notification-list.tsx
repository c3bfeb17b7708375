import { BellOff } from 'lucide-react';
import type { Notification } from '#shared/contracts/notifications.js';
import { RelativeDate } from '#client/components/relative-date.js';
import { cn } from '#client/lib/utils.js';

interface NotificationListProps {
  notifications: readonly Notification[];
  onOpen: (notification: Notification) => void;
}

/** Title, content, relative time and an unread marker per notification; only those with a relatedId are clickable. */
export function NotificationList({ notifications, onOpen }: NotificationListProps) {
  if (notifications.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center">
        <BellOff aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No notifications</p>
      </div>
    );
  }
  return (
    <ul aria-label="Notifications" className="divide-y overflow-hidden rounded-xl border bg-card">
      {notifications.map((notification) => (
        <li key={notification.id} data-unread={!notification.isRead}>
          {notification.relatedId === null ? (
            <NotificationBody notification={notification} className="cursor-default" />
          ) : (
            <button
              type="button"
              onClick={() => onOpen(notification)}
              className="block w-full text-left transition-colors hover:bg-accent/60 focus-visible:bg-accent/60 focus-visible:outline-none"
            >
              <NotificationBody notification={notification} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

function NotificationBody({ notification, className }: { notification: Notification; className?: string }) {
  const isUnread = !notification.isRead;
  // The title wraps rather than truncating, and the time wraps below it when both do not fit on one
  // line: at 320 px neither is cut (issue 28, item 13). 'anywhere' undoes the button's whole words.
  return (
    <div className={cn('flex gap-3 px-4 py-3 [overflow-wrap:anywhere]', isUnread && 'bg-primary/5', className)}>
      <span aria-hidden="true" className={cn('mt-2 size-2 shrink-0 rounded-full', isUnread ? 'bg-primary' : 'bg-transparent')} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span data-testid="notification-title" className={cn('min-w-0', isUnread ? 'font-semibold' : 'font-medium text-muted-foreground')}>
            {notification.title}
            {isUnread ? <span className="sr-only"> (unread)</span> : null}
          </span>
          <span data-testid="notification-time" className="shrink-0 text-xs whitespace-nowrap text-muted-foreground">
            <RelativeDate value={notification.createdAt} fallback="" />
          </span>
        </div>
        <p className="text-sm whitespace-pre-line text-muted-foreground">{notification.content}</p>
      </div>
    </div>
  );
}
