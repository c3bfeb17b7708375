import { ComingSoon } from '@/app/layout/coming-soon';

export default function ChatPage() {
  return <ComingSoon title="Project Chat" />;
}
