import { IonButton } from '@ionic/react';
import type { ClubPaymentAccount } from '@lastman/api';
import { useEffect, useRef } from 'react';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  useRefreshStripeAccount,
  useStartStripeOnboarding,
  useStripeAccount,
} from './api/stripe-account-api.ts';

/** Back from Stripe's hosted onboarding (`?stripe=return`) or sent for a fresh link (`refresh`). */
export function stripeReturn(): 'return' | 'refresh' | null {
  const v = new URLSearchParams(window.location.search).get('stripe');
  return v === 'return' || v === 'refresh' ? v : null;
}

const modeTitle: Record<ClubPaymentAccount['mode'], string> = {
  connect: "Your club's Stripe account",
  platform: 'Card payments',
  test: 'Card payments (test mode)',
};

/** Stripe Connect: the state of the club's own Stripe account and the way to set it up. */
export function StripeAccountAdmin() {
  const account = useStripeAccount();
  const onboarding = useStartStripeOnboarding();
  const refresh = useRefreshStripeAccount();
  const arrived = useRef(false);

  const goToStripe = () =>
    onboarding.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url) });

  // Page-enter work on arrival from Stripe: read the account now, or get a new link (the old expired).
  useEffect(() => {
    if (arrived.current || account.data?.mode !== 'connect') return;
    arrived.current = true;
    const from = stripeReturn();
    if (from === 'return') refresh.mutate();
    if (from === 'refresh') goToStripe();
  });

  if (account.isPending) return <InlineLoading />;
  if (account.isError)
    return (
      <p role="alert" className="muted">
        {account.error.message}
      </p>
    );
  const a = account.data;
  const error = onboarding.error ?? refresh.error;
  return (
    <section
      className="card stripe-account"
      aria-labelledby="stripe-account-heading"
      data-testid="stripe-account"
    >
      <h2 id="stripe-account-heading">{modeTitle[a.mode]}</h2>
      <p data-testid="stripe-account-message">{a.message}</p>
      {a.mode === 'connect' ? (
        <>
          <ul className="list-plain stripe-account__state">
            <State ok={a.accountId !== null} label="Account connected" />
            <State ok={a.detailsSubmitted} label="Details given to Stripe" />
            <State ok={a.chargesEnabled} label="Takes card payments" />
            <State ok={a.payoutsEnabled} label="Pays out to your bank" />
          </ul>
          {a.applicationFeePercent > 0 ? (
            <p className="muted small">
              This service keeps {a.applicationFeePercent}% of each entry fee; Stripe's own fees are paid by
              the club. Refunds give the service's share back too.
            </p>
          ) : null}
          {a.requirementsDue.length > 0 ? (
            <p className="muted small">Stripe still needs {a.requirementsDue.length} detail(s) from you.</p>
          ) : null}
          <div className="stripe-account__actions">
            {!a.chargesEnabled || !a.payoutsEnabled || a.requirementsDue.length > 0 ? (
              <IonButton onClick={goToStripe} disabled={onboarding.isPending}>
                {a.accountId ? 'Continue on Stripe' : 'Connect with Stripe'}
              </IonButton>
            ) : null}
            {a.accountId ? (
              <IonButton fill="outline" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
                Check again
              </IonButton>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="warn-text">
              {error.message}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function State({ ok, label }: { ok: boolean; label: string }) {
  return (
    <li data-ok={ok}>
      <span aria-hidden="true">{ok ? '✓' : '○'}</span> {label}: <strong>{ok ? 'yes' : 'not yet'}</strong>
    </li>
  );
}
