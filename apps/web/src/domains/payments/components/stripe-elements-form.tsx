import { IonButton, IonSpinner } from '@ionic/react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../../ui/form-field.tsx';

/**
 * One Stripe.js per publishable key and club account; loaded from Stripe's own host, only when Stripe
 * takes the payment. With Stripe Connect the payment lives on the club's account, named here.
 */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string, stripeAccount: string | null) => {
  const id = `${key}:${stripeAccount ?? ''}`;
  let p = stripes.get(id);
  if (!p) {
    p = loadStripe(key, stripeAccount ? { stripeAccount } : undefined);
    stripes.set(id, p);
  }
  return p;
};

function ConfirmForm({ amountLabel, returnUrl, onConfirmed }: StripeFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: returnUrl },
    });
    setBusy(false);
    if (result.error) setError(result.error.message ?? 'The card was not accepted.');
    // The webhook, not this answer, marks the order paid: the screen polls the order next.
    else onConfirmed();
  }

  return (
    <form aria-label="Card payment" onSubmit={(e) => void onSubmit(e)}>
      <PaymentElement />
      <FormError message={error} />
      <div className="form-actions">
        <IonButton type="submit" expand="block" disabled={!stripe || busy}>
          {busy ? <IonSpinner name="dots" /> : `Pay ${amountLabel}`}
        </IonButton>
      </div>
    </form>
  );
}

interface StripeFormProps {
  amountLabel: string;
  returnUrl: string;
  onConfirmed: () => void;
}

export function StripeElementsForm({
  publishableKey,
  stripeAccount = null,
  clientSecret,
  ...props
}: StripeFormProps & { publishableKey: string; stripeAccount?: string | null; clientSecret: string }) {
  const dark = typeof matchMedia !== 'undefined' && matchMedia('(prefers-color-scheme: dark)').matches;
  return (
    <Elements
      stripe={stripeFor(publishableKey, stripeAccount)}
      options={{ clientSecret, appearance: { theme: dark ? 'night' : 'stripe' } }}
    >
      <ConfirmForm {...props} />
    </Elements>
  );
}
