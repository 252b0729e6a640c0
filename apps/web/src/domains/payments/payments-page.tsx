import { IonButton, IonContent, IonSpinner } from '@ionic/react';
import type { OrderList } from '@lastman/api';
import { formatPence, londonDateTime, orderLine } from '@lastman/api/format';
import { describeVariants } from '@lastman/api/game/rules';
import { useQuery } from '@tanstack/react-query';
import { cardOutline } from 'ionicons/icons';
import { configQuery } from '../../lib/club.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormError } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import '../../ui/game-screens.css';
import { useMyOrders } from './api/payments-api.ts';
import { OrderStatusBadge } from './components/order-status-badge.tsx';
import { TestPaymentsBanner } from './components/test-payments-banner.tsx';
import { usePayOrder } from './use-pay-order.ts';

type OrderRow = OrderList['orders'][number];

/** My orders: status, amounts, receipts and refunds. */
export function PaymentsPage() {
  const orders = useMyOrders();
  const config = useQuery(configQuery);
  return (
    <>
      <PageHeader back="/app/tabs/selections" />
      <IonContent className="ion-padding">
        <div className="page-wide">
          {config.data?.testPayments ? <TestPaymentsBanner /> : null}
          {orders.isPending ? (
            <InlineLoading label="Loading your payments…" />
          ) : orders.isError ? (
            <p role="alert">{orders.error.message}</p>
          ) : orders.data.orders.length === 0 ? (
            <EmptyState
              icon={cardOutline}
              title="No payments yet"
              actions={<IonButton routerLink="/app/tabs/game">Buy entries</IonButton>}
            >
              <p>Your card payments for entries, and any refunds, will be listed here.</p>
            </EmptyState>
          ) : (
            <OrderSections orders={orders.data.orders} />
          )}
        </div>
      </IonContent>
    </>
  );
}

/** Checkouts that ended without a payment: nothing was taken, so they are kept out of the way. */
const unfinished = (o: OrderRow) => o.status === 'failed' || o.status === 'expired';

/**
 * What the player paid (and got back), and what still waits for payment; the attempts that ended
 * unpaid (expired, declined, cancelled, replaced) are folded into one closed section below.
 */
function OrderSections({ orders }: { orders: OrderRow[] }) {
  const newestFirst = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const shown = newestFirst.filter((o) => !unfinished(o));
  const folded = newestFirst.filter(unfinished);
  return (
    <>
      {shown.length > 0 ? (
        <section className="card" aria-label="Your orders">
          <ul className="list-plain">
            {shown.map((o) => (
              <OrderItem key={o.id} order={o} />
            ))}
          </ul>
        </section>
      ) : (
        <p className="muted">No payments yet: nothing has been taken from your card.</p>
      )}
      {folded.length > 0 ? (
        <details className="card unfinished-orders" data-testid="unfinished-orders">
          <summary>
            {folded.length === 1 ? '1 unfinished attempt' : `${folded.length} unfinished attempts`}
            <span className="muted small"> · nothing was charged</span>
          </summary>
          <ul className="list-plain">
            {folded.map((o) => (
              <OrderItem key={o.id} order={o} />
            ))}
          </ul>
        </details>
      ) : null}
    </>
  );
}

function OrderItem({ order: o }: { order: OrderRow }) {
  const payment = usePayOrder();
  const net = o.amountPence - o.refundedPence;
  return (
    <li className="order" data-order={o.id}>
      <div className="row">
        <h3>{o.competitionName}</h3>
        <OrderStatusBadge status={o.status} />
      </div>
      <div className="row">
        <span className="muted small">
          {londonDateTime(o.createdAt)} · {orderLine(o)}
        </span>
        <strong>{formatPence(o.amountPence)}</strong>
      </div>
      {o.failureReason && o.status !== 'pending' ? (
        <p className="small outcome outcome--eliminated">{o.failureReason}</p>
      ) : null}
      {o.refunds.map((r) => (
        <div key={r.id} className="row small" data-refund-status={r.status}>
          <span>
            {r.status === 'failed'
              ? 'Refund failed'
              : r.status === 'pending'
                ? 'Refund on its way'
                : 'Refund'}{' '}
            {londonDateTime(r.createdAt)}
            {r.entryIds.length > 0
              ? ` · ${r.entryIds.length} ${r.entryIds.length === 1 ? 'entry' : 'entries'}`
              : ''}
            {r.reason ? ` · ${r.reason}` : ''}
            {r.status === 'failed' && r.failureReason ? ` (${r.failureReason}: the club has been told)` : ''}
          </span>
          <span className={r.status === 'failed' ? 'muted' : undefined}>
            {r.status === 'failed' ? '' : '−'}
            {formatPence(r.amountPence)}
          </span>
        </div>
      ))}
      {o.status === 'pending' ? (
        <>
          <FormError message={payment.error} />
          <IonButton size="small" disabled={payment.isPending} onClick={() => payment.pay(o.id)}>
            {payment.isPending ? <IonSpinner name="dots" /> : 'Pay now'}
          </IonButton>
        </>
      ) : null}
      {o.paidAt ? (
        <details className="pick-list">
          <summary>Receipt</summary>
          <dl className="summary">
            <div>
              <dt>Paid to</dt>
              <dd data-testid="receipt-club">{o.clubName}</dd>
            </div>
            <div>
              <dt>Receipt for order</dt>
              <dd className="small">{o.shortNumber}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{londonDateTime(o.paidAt)}</dd>
            </div>
            <div>
              <dt>
                {o.buyBack ? 'Buy-back' : `${o.entryCount} × entry`} to {o.competitionName}
              </dt>
              <dd>{formatPence(o.amountPence)}</dd>
            </div>
            {o.refundedPence > 0 ? (
              <div>
                <dt>Refunded</dt>
                <dd>−{formatPence(o.refundedPence)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Total paid</dt>
              <dd className="summary__total">{formatPence(net)}</dd>
            </div>
            <div>
              <dt>Paid by</dt>
              <dd>
                {o.provider === 'cash'
                  ? 'Cash at the club'
                  : `${o.provider === 'test' ? 'Test card (no real money)' : 'Card'}${o.cardLast4 ? ` ending ${o.cardLast4}` : ''}`}
              </dd>
            </div>
          </dl>
          <div className="receipt-variants small" data-testid="receipt-variants">
            {describeVariants(o.variants).map((line) => (
              <p key={line.key}>
                <strong>{line.label}:</strong> {line.text}
              </p>
            ))}
          </div>
          <p className="muted small">A copy of this receipt was emailed to you.</p>
        </details>
      ) : null}
    </li>
  );
}
