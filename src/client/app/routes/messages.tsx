import { ComingSoon } from '@/app/layout/coming-soon';

export default function MessagesPage() {
  return <ComingSoon title="Messages" />;
}
