import { ComingSoon } from '@/app/layout/coming-soon';

export default function TestNotificationsPage() {
  return <ComingSoon title="Test Notifications" />;
}
