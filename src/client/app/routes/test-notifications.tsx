import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { PageSpinner } from '#client/components/ui/spinner.js';
import { useUser } from '#client/lib/auth.js';
import { TestNotificationForm } from '#client/features/notifications/test-notification-form.js';

export default function TestNotificationsPage() {
  const { user } = useUser();
  if (!user) return <PageSpinner label="Loading your account" />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Test Notifications</h1>
      <p className="mt-2 mb-8 text-muted-foreground">Send yourself a notification to check the live toasts and the Notifications page.</p>
      <Card>
        <CardHeader>
          <CardTitle>Create a test notification</CardTitle>
          <CardDescription>It is delivered to your own account only.</CardDescription>
        </CardHeader>
        <CardContent>
          <TestNotificationForm userId={user.id} />
        </CardContent>
      </Card>
    </div>
  );
}
