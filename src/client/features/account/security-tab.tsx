import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.js';
import { ActiveSessions } from './active-sessions.js';
import { ChangePasswordForm } from './change-password-form.js';
import { TimeZoneForm } from './time-zone-form.js';

/** The profile's Security tab: password change, the time zone of mail and the devices signed in to the account. */
export function SecurityTab() {
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Change password</CardTitle>
          <CardDescription>Your other devices are signed out when the password changes; this one stays signed in.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Time zone</CardTitle>
          <CardDescription>The zone emails give dates and deadlines in.</CardDescription>
        </CardHeader>
        <CardContent>
          <TimeZoneForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Active sessions</CardTitle>
          <CardDescription>The devices signed in to your account.</CardDescription>
        </CardHeader>
        <CardContent>
          <ActiveSessions />
        </CardContent>
      </Card>
    </div>
  );
}
