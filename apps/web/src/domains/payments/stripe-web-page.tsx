import { PaymentScreen } from './components/payment-screen.tsx';

/** Card payment in the browser: Stripe Elements, or the test provider's form when it is on. */
export function StripeWebPage() {
  return <PaymentScreen title="Card payment" />;
}
