import { ComingSoon } from '@/app/layout/coming-soon';

export default function CheckoutPage() {
  return <ComingSoon title="Checkout" />;
}
