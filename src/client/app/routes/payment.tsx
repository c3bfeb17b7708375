import { ComingSoon } from '@/app/layout/coming-soon';

export default function PaymentPage() {
  return <ComingSoon title="Payment" />;
}
