import { IonButton, IonSpinner } from '@ionic/react';
import type { TestCardResult } from '@lastman/api';
import { type FormEvent, useState } from 'react';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { usePayWithTestCard } from '../api/payments-api.ts';
import { expiryProblem, formatExpiry } from '../card-expiry.ts';

const digits = (s: string) => s.replace(/\D/g, '');
const groupCard = (s: string) =>
  digits(s)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Luhn check, as real card forms do before anything is sent. */
function luhnOk(number: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = number.length - 1; i >= 0; i--) {
    let d = Number(number[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/**
 * The test provider's card form. Card details go to our server's test endpoint only to choose the
 * outcome, as Stripe's test numbers do; nothing is stored on the device.
 */
export function TestCardForm({
  clientSecret,
  amountLabel,
  onDone,
}: {
  clientSecret: string;
  amountLabel: string;
  onDone: (result: TestCardResult) => void;
}) {
  const [card, setCard] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const pay = usePayWithTestCard();

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const number = digits(card);
    if (!luhnOk(number)) next.card = 'Enter a valid card number.';
    const expiryError = expiryProblem(expiry);
    if (expiryError) next.expiry = expiryError;
    if (!/^\d{3,4}$/.test(cvc.trim())) next.cvc = 'Three or four digits.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    pay.mutate({ clientSecret, cardNumber: number }, { onSuccess: onDone });
  }

  return (
    <form aria-label="Card payment" onSubmit={onSubmit} noValidate>
      <FormField
        label="Card number"
        name="cardnumber"
        value={card}
        onValue={(v) => setCard(groupCard(v))}
        inputMode="numeric"
        autoComplete="cc-number"
        error={errors.card}
      />
      <div className="field-pair">
        <FormField
          label="Expiry (MM / YY)"
          name="expiry"
          value={expiry}
          onValue={(v) => setExpiry(formatExpiry(v))}
          inputMode="numeric"
          autoComplete="cc-exp"
          error={errors.expiry}
        />
        <FormField
          label="CVC"
          name="cvc"
          value={cvc}
          onValue={setCvc}
          inputMode="numeric"
          autoComplete="cc-csc"
          error={errors.cvc}
        />
      </div>
      <FormError message={pay.isError ? pay.error.message : null} />
      <div className="form-actions">
        <IonButton type="submit" expand="block" disabled={pay.isPending}>
          {pay.isPending ? <IonSpinner name="dots" /> : `Pay ${amountLabel}`}
        </IonButton>
      </div>
    </form>
  );
}
