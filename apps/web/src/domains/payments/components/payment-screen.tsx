import { IonButton, IonContent, IonIcon, IonSpinner, useIonRouter } from '@ionic/react';
import type { Order } from '@lastman/api';
import { formatPence } from '@lastman/api/format';
import { useQuery } from '@tanstack/react-query';
import { alertCircleOutline, cardOutline, checkmarkCircleOutline } from 'ionicons/icons';
import { type ReactNode, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { configQuery } from '../../../lib/club.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError } from '../../../ui/form-field.tsx';
import { lazyPart } from '../../../ui/lazy-part.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import '../../../ui/game-screens.css';
import { useCreateOrder, useInvalidateAfterPayment, useOrder } from '../api/payments-api.ts';
import { forgetPayment, paymentPath, recallPayment, rememberPayment } from '../pending-payment.ts';
import { usePayOrder } from '../use-pay-order.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { TestCardForm } from './test-card-form.tsx';
import { TestPaymentsBanner } from './test-payments-banner.tsx';

// Stripe's code (and its script from Stripe's host) loads only when Stripe takes the payment.
const StripeElementsForm = lazyPart(
  async () => (await import('./stripe-elements-form.tsx')).StripeElementsForm,
);

/** The card payment screen of an order (`?order=<id>`), shared by the web and native routes. */
export function PaymentScreen({ title }: { title: string }) {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const config = useQuery(configQuery);
  // Back from a redirect-based confirmation (3-D Secure, wallets), Stripe adds these to the return
  // URL: the card was tried already, so wait for the webhook's verdict instead of asking again.
  const redirected = params.has('redirect_status') || params.has('payment_intent');
  const [confirmed, setConfirmed] = useState(false);
  const submitted = confirmed || redirected;
  const order = useOrder(orderId, submitted);
  const after = useInvalidateAfterPayment();
  const instruction = orderId ? recallPayment(orderId) : null;
  const testPayments = config.data?.testPayments ?? instruction?.provider === 'test';

  const body = () => {
    if (!orderId) {
      return (
        <EmptyState
          icon={cardOutline}
          title="Nothing to pay for"
          actions={<IonButton routerLink="/app/tabs/game">Buy entries</IonButton>}
        >
          <p>When you buy entries on the game page, you pay for them here by card.</p>
        </EmptyState>
      );
    }
    if (order.isPending) return <InlineLoading label="Loading your order…" />;
    if (order.isError) return <p role="alert">{order.error.message}</p>;
    const o = order.data;
    const summary = <OrderSummary order={o} />;
    if (o.status === 'paid' || o.status === 'partially_refunded') {
      forgetPayment(o.id);
      return (
        <>
          {summary}
          <Outcome
            good
            actions={
              <>
                <IonButton routerLink={pickLink(o)}>
                  {o.entryCount === 1 ? 'Pick your team' : 'Pick your teams'}
                </IonButton>
                <IonButton routerLink="/payments" fill="outline">
                  My payments
                </IonButton>
              </>
            }
          >
            Payment received.{' '}
            {o.buyBack
              ? 'Your entry is back in, with the teams it has used still used: pick its team before the deadline.'
              : o.entryCount === 1
                ? 'Your entry is active: pick its team before the deadline.'
                : `Your ${o.entryCount} entries are active: pick a team for each before the deadline.`}
          </Outcome>
        </>
      );
    }
    if (o.status === 'refunded') {
      forgetPayment(o.id);
      return (
        <>
          {summary}
          <Outcome
            actions={
              <IonButton routerLink="/payments" fill="outline">
                My payments
              </IonButton>
            }
          >
            {o.buyBack
              ? `${o.failureReason ?? 'This buy-back was refunded.'} ${formatPence(o.refundedPence)} has gone back to your card.`
              : o.entries.length === 0
                ? `${o.failureReason ?? 'This payment was refunded.'} ${formatPence(o.refundedPence)} has gone back to your card; no entry was made.`
                : `This order was refunded: ${formatPence(o.refundedPence)} has gone back to your card.`}
          </Outcome>
        </>
      );
    }
    if (o.status !== 'pending') {
      return (
        <>
          {summary}
          <Outcome actions={<TryAgain order={o} />}>
            {o.status === 'expired'
              ? 'This order expired before it was paid. Nothing was charged and no entry was made.'
              : `The payment did not go through${o.failureReason ? `: ${o.failureReason}` : '.'} No entry was made.`}
          </Outcome>
        </>
      );
    }
    if (submitted) {
      return (
        <>
          {summary}
          <InlineLoading label="Waiting for the card provider to confirm…" />
          <p className="muted center">Waiting for the card provider to confirm your payment…</p>
        </>
      );
    }
    if (!instruction) return <ResumeHere order={o} summary={summary} />;
    return (
      <>
        {summary}
        {instruction.provider === 'test' ? (
          <TestCardForm
            clientSecret={instruction.clientSecret}
            amountLabel={formatPence(o.amountPence)}
            onDone={(result) => after(result.order)}
          />
        ) : instruction.publishableKey ? (
          <Suspense fallback={<InlineLoading label="Loading the secure card form…" />}>
            <StripeElementsForm
              publishableKey={instruction.publishableKey}
              stripeAccount={instruction.stripeAccount ?? null}
              clientSecret={instruction.clientSecret}
              amountLabel={formatPence(o.amountPence)}
              returnUrl={`${window.location.origin}${window.location.pathname}?order=${encodeURIComponent(o.id)}`}
              onConfirmed={() => setConfirmed(true)}
            />
          </Suspense>
        ) : (
          <p role="alert">Card payments are not configured. Please contact the club.</p>
        )}
        <p className="muted small">
          Card details go straight to the card payment provider; this app never stores them.
        </p>
      </>
    );
  };

  return (
    <>
      <PageHeader title={title} back="/app/tabs/game" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {testPayments ? <TestPaymentsBanner /> : null}
          <section className="card">{body()}</section>
        </div>
      </IonContent>
    </>
  );
}

/** What the order is for and what it costs, with its status. */
function OrderSummary({ order: o }: { order: Order }) {
  return (
    <dl className="summary">
      <div>
        <dt>Club</dt>
        <dd data-testid="order-club">{o.clubName}</dd>
      </div>
      <div>
        <dt>Competition</dt>
        <dd>{o.competitionName}</dd>
      </div>
      <div>
        <dt>{o.buyBack ? 'Buy-back' : 'Entries'}</dt>
        <dd>
          {o.buyBack
            ? `Back in after round ${o.buyBack.round}`
            : `${o.entryCount} × ${formatPence(o.unitPricePence)}`}
        </dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd className="summary__total">{formatPence(o.amountPence)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <OrderStatusBadge status={o.status} />
        </dd>
      </div>
    </dl>
  );
}

/** How the order ended, good (a status) or bad (an alert), with what to do next. */
function Outcome({
  good = false,
  actions,
  children,
}: {
  good?: boolean;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className={good ? 'result result--good' : 'result result--bad'} role={good ? 'status' : 'alert'}>
        <IonIcon icon={good ? checkmarkCircleOutline : alertCircleOutline} aria-hidden="true" />
        <p>{children}</p>
      </div>
      <div className="button-row">{actions}</div>
    </>
  );
}

/**
 * After a declined card or an expired hold: a new order for the same entries, straight to its card
 * form, so nobody has to find the competition and choose the quantity again.
 */
function TryAgain({ order }: { order: Order }) {
  const create = useCreateOrder();
  const router = useIonRouter();
  // A buy-back is bought again from the entry on the game screen, while its window is open.
  if (order.buyBack) {
    return (
      <IonButton routerLink="/app/tabs/game" routerDirection="root">
        Back to the game
      </IonButton>
    );
  }
  const again = () =>
    create.mutate(
      { competitionId: order.competitionId, entries: order.entryCount },
      {
        onSuccess: async ({ order: next, payment }) => {
          await rememberPayment(next.id, payment);
          router.push(paymentPath(next.id), 'forward', 'replace');
        },
      },
    );
  return (
    <>
      <FormError message={create.isError ? create.error.message : null} />
      <IonButton onClick={again} disabled={create.isPending}>
        {create.isPending ? (
          <IonSpinner name="dots" />
        ) : (
          `Try again: ${order.entryCount === 1 ? '1 entry' : `${order.entryCount} entries`}`
        )}
      </IonButton>
      <IonButton routerLink="/app/tabs/game" routerDirection="root" fill="outline">
        Back to the game
      </IonButton>
    </>
  );
}

/** An order opened where its payment was not started (another tab, a link): its card form, in one tap. */
function ResumeHere({ order, summary }: { order: Order; summary: ReactNode }) {
  const payment = usePayOrder();
  return (
    <>
      {summary}
      <p className="muted">
        This order is waiting for payment. Unpaid orders expire on their own and cost nothing.
      </p>
      <FormError message={payment.error} />
      <div className="button-row">
        <IonButton onClick={() => payment.pay(order.id, { replace: true })} disabled={payment.isPending}>
          {payment.isPending ? <IonSpinner name="dots" /> : `Pay ${formatPence(order.amountPence)}`}
        </IonButton>
        <IonButton routerLink="/app/tabs/game" routerDirection="root" fill="outline">
          Back to the game
        </IonButton>
      </div>
    </>
  );
}

/** Straight to the pick screen of the first entry just paid for, not the top of the game tab. */
function pickLink(o: Order): string {
  const entry = o.entries.find((e) => e.status === 'active') ?? o.entries[0];
  const params = new URLSearchParams({ competition: o.competitionId, ...(entry ? { entry: entry.id } : {}) });
  return `/teamselections?${params.toString()}`;
}
