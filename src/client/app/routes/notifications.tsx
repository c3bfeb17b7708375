import { ComingSoon } from '@/app/layout/coming-soon';

export default function NotificationsPage() {
  return <ComingSoon title="Notifications" />;
}
