import { PaymentScreen } from './components/payment-screen.tsx';

/** Card payment on a device: the same flow inside the app (Stripe Elements in the web view). */
export function StripePage() {
  return <PaymentScreen title="Card payment" />;
}
