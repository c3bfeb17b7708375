import { CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { Notification } from '#shared/contracts/notifications.js';
import { Button } from '#client/components/ui/button.js';
import { PageSpinner, Spinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { notificationDestination } from '#client/features/notifications/notification-destination.js';
import { NotificationList } from '#client/features/notifications/notification-list.js';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '#client/features/notifications/api.js';

export default function NotificationsPage() {
  const { user } = useUser();
  if (!user) return <PageSpinner label="Loading your account" />;
  return <Notifications userId={user.id} />;
}

function Notifications({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const notifications = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);
  const hasUnread = notifications.data?.some((item) => !item.isRead) ?? false;

  const open = (notification: Notification) => {
    const destination = notificationDestination(notification);
    if (destination === null) return;
    if (!notification.isRead) markRead.mutate(notification.id);
    void navigate(destination);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Notifications</h1>
        <Button variant="outline" onClick={() => markAllRead.mutate()} disabled={!hasUnread || markAllRead.isPending}>
          {markAllRead.isPending ? <Spinner className="size-4" label="Marking all as read" /> : <CheckCheck aria-hidden="true" />}
          Mark all as read
        </Button>
      </div>
      {notifications.isPending ? (
        <PageSpinner label="Loading notifications" />
      ) : notifications.error ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border px-6 py-12 text-center">
          <p className="font-medium">{notifications.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <NotificationList notifications={notifications.data} onOpen={open} />
      )}
    </div>
  );
}
