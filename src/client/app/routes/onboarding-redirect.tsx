import { ComingSoon } from '@/app/layout/coming-soon';

export default function OnboardingRedirectPage() {
  return <ComingSoon title="Payment Account Setup" />;
}
