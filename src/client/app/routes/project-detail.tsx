import { ComingSoon } from '@/app/layout/coming-soon';

export default function ProjectDetailPage() {
  return <ComingSoon title="Project Details" />;
}
