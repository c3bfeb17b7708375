import { ComingSoon } from '@/app/layout/coming-soon';

export default function DeveloperProfilePage() {
  return <ComingSoon title="Developer Profile" />;
}
