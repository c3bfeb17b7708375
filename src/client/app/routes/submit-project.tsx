import { ComingSoon } from '@/app/layout/coming-soon';

export default function SubmitProjectPage() {
  return <ComingSoon title="Submit Your Project" />;
}
