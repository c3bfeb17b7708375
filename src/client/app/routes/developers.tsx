import { ComingSoon } from '@/app/layout/coming-soon';

export default function DevelopersPage() {
  return <ComingSoon title="Hire Developers" subtitle="Find talented developers to complete your projects" />;
}
