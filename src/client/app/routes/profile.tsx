import { ComingSoon } from '@/app/layout/coming-soon';

export default function ProfilePage() {
  return <ComingSoon title="Your Profile" />;
}
