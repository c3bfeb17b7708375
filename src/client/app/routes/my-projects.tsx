import { ComingSoon } from '@/app/layout/coming-soon';

export default function MyProjectsPage() {
  return <ComingSoon title="My Projects" subtitle="Manage your projects and bids" />;
}
