import { ComingSoon } from '@/app/layout/coming-soon';

export default function BrowseProjectsPage() {
  return <ComingSoon title="Browse Projects" subtitle="Find half-finished projects that match your skills" />;
}
