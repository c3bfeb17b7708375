import { ComingSoon } from '@/app/layout/coming-soon';

export default function DashboardPage() {
  return <ComingSoon title="Dashboard" />;
}
