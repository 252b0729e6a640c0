import { IonButton } from '@ionic/react';
import { type OrderList, OrderStatus } from '@lastman/api';
import { formatPence, londonDateTime, orderLine } from '@lastman/api/format';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { OrderStatusBadge, orderStatusLabel } from '../components/order-status-badge.tsx';
import {
  type AdminOrderFilters,
  useAdminOrders,
  usePaymentIssues,
  useRefundOrder,
  useResolvePaymentIssue,
} from './api/orders-admin-api.ts';

type OrderRow = OrderList['orders'][number];

/** The club's orders with filters and refunds, and the payments that need an admin's attention. */
export function OrdersAdmin({ competitions }: { competitions: { id: string; name: string }[] }) {
  const [filters, setFilters] = useState<AdminOrderFilters>({});
  const [search, setSearch] = useState('');
  const orders = useAdminOrders(filters);
  return (
    <>
      <PaymentIssues />
      <section className="card" aria-labelledby="admin-orders">
        <div className="card-heading">
          <h2 id="admin-orders">Orders</h2>
          <IonButton
            size="small"
            fill="clear"
            onClick={() => void orders.refetch()}
            disabled={orders.isFetching}
          >
            Refresh
          </IonButton>
        </div>
        <form
          className="toolbar"
          aria-label="Filter orders"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters({ ...filters, q: search.trim() || undefined });
          }}
        >
          <SelectField
            label="Status"
            id="orders-status"
            value={filters.status ?? ''}
            onValue={(value) => {
              const parsed = OrderStatus.safeParse(value);
              setFilters({ ...filters, status: parsed.success ? parsed.data : undefined });
            }}
          >
            <option value="">Any</option>
            {OrderStatus.options.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Competition"
            id="orders-competition"
            value={filters.competitionId ?? ''}
            onValue={(value) => setFilters({ ...filters, competitionId: value || undefined })}
          >
            <option value="">All</option>
            {competitions.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <div className="field">
            <label className="field__label" htmlFor="orders-q">
              Player or order
            </label>
            <input
              id="orders-q"
              className="field__control"
              value={search}
              placeholder="Name, email or order id"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <IonButton type="submit" size="small">
            Search
          </IonButton>
        </form>
        {orders.isPending ? (
          <InlineLoading />
        ) : orders.isError ? (
          <p role="alert">{orders.error.message}</p>
        ) : orders.data.orders.length === 0 ? (
          <p className="muted">No orders match.</p>
        ) : (
          <ul className="list-plain">
            {orders.data.orders.map((o) => (
              <AdminOrder key={o.id} order={o} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function AdminOrder({ order: o }: { order: OrderRow }) {
  const refund = useRefundOrder();
  const [presentAlert] = useIonAlert();
  const refundable = o.status === 'paid' || o.status === 'partially_refunded';
  // Entries still in play, and those the club knocked out (refundable though they played).
  const activeEntries = o.entries.filter(
    (e) => e.status === 'active' || e.status === 'pending' || e.removedByClub,
  );
  // Entries out of the game whose refund failed: the money is still owed to the player.
  const covered = new Set(o.refunds.filter((r) => r.status !== 'failed').flatMap((r) => r.entryIds));
  const owed = o.entries.filter((e) => e.status === 'refunded' && !covered.has(e.id)).map((e) => e.id);
  const ask = (entryIds: string[] | undefined, what: string, pence: number) =>
    void presentAlert({
      header: `Refund ${what}?`,
      message: `${formatPence(pence)} goes back to ${o.userName ?? 'the player'}${o.provider === 'cash' ? ' in cash, over the bar (nothing is asked of a card)' : "'s card"}; the ${entryIds?.length === 1 ? 'entry leaves' : 'entries leave'} the competition and the pot.`,
      // The reason typed here is the one the refund email gives the player.
      inputs: [
        {
          name: 'reason',
          type: 'textarea',
          label: 'Reason (in the email to the player)',
          placeholder: 'Reason, such as "Entered twice by mistake"',
          attributes: { maxlength: 500, 'aria-label': 'Reason for the refund' },
        },
      ],
      buttons: [
        { text: 'Keep', role: 'cancel' },
        {
          text: 'Refund',
          role: 'destructive',
          handler: (values: { reason?: string } | undefined) => {
            const reason = values?.reason?.trim();
            refund.mutate(
              { orderId: o.id, ...(entryIds ? { entryIds } : {}), ...(reason ? { reason } : {}) },
              { onSuccess: () => showToast(`Refunded ${formatPence(pence)}.`) },
            );
          },
        },
      ],
    });
  return (
    <li className="order" data-admin-order={o.id}>
      <div className="row">
        <h3>
          {o.userName ?? 'Player'}{' '}
          <span className="muted small">
            {o.userEmail || (o.provider === 'cash' ? 'name only, no app' : '')}
          </span>
        </h3>
        <OrderStatusBadge status={o.status} />
      </div>
      <div className="row small">
        <span className="muted">
          {o.competitionName} · {londonDateTime(o.createdAt)} · {orderLine(o)}
          {' · '}order {o.shortNumber}
          {o.provider === 'test' ? ' · test card' : ''}
          {o.provider === 'cash' ? ' · cash' : ''}
          {o.cardLast4 && o.provider !== 'cash' ? ` · card ending ${o.cardLast4}` : ''}
        </span>
        <span>
          <strong>{formatPence(o.amountPence)}</strong>
          {o.refundedPence > 0 ? ` (refunded ${formatPence(o.refundedPence)})` : ''}
        </span>
      </div>
      {o.failureReason ? <p className="small muted">{o.failureReason}</p> : null}
      {o.refunds
        .filter((r) => r.status !== 'succeeded')
        .map((r) => (
          <p key={r.id} className="small" data-refund-status={r.status}>
            {r.status === 'failed'
              ? `Refund of ${formatPence(r.amountPence)} failed${r.failureReason ? `: ${r.failureReason}` : ''}.`
              : `Refund of ${formatPence(r.amountPence)} waiting for Stripe's answer.`}
          </p>
        ))}
      {refundable ? (
        <div className="button-row">
          {activeEntries.length > 0 ? (
            <IonButton
              size="small"
              color="danger"
              fill="outline"
              disabled={refund.isPending}
              onClick={() =>
                // Without entry ids the server refunds every entry still owed, playing or not.
                ask(undefined, 'the whole order', (activeEntries.length + owed.length) * o.unitPricePence)
              }
            >
              {o.refundedPence > 0
                ? `Refund the rest (${formatPence(o.amountPence - o.refundedPence)} left)`
                : 'Refund order'}
            </IonButton>
          ) : null}
          {owed.length > 0 ? (
            <IonButton
              size="small"
              color="danger"
              disabled={refund.isPending}
              onClick={() =>
                ask(
                  owed,
                  owed.length === 1 ? 'the entry again' : 'the entries again',
                  owed.length * o.unitPricePence,
                )
              }
            >
              Retry refund
            </IonButton>
          ) : null}
          {activeEntries.length > 1
            ? o.entries.map((e, i) =>
                e.status === 'active' || e.status === 'pending' || e.removedByClub ? (
                  <IonButton
                    key={e.id}
                    size="small"
                    fill="outline"
                    disabled={refund.isPending}
                    onClick={() => ask([e.id], `entry ${i + 1}`, o.unitPricePence)}
                  >
                    Refund entry {i + 1}
                  </IonButton>
                ) : null,
              )
            : null}
        </div>
      ) : null}
      {refund.isError ? (
        <p role="alert" className="form-error">
          {refund.error.message}
        </p>
      ) : null}
    </li>
  );
}

function PaymentIssues() {
  const issues = usePaymentIssues();
  const resolve = useResolvePaymentIssue();
  const [presentAlert] = useIonAlert();
  const open = (issues.data?.issues ?? []).filter((i) => !i.resolvedAt);
  const ask = (id: string) =>
    void presentAlert({
      header: 'Resolve this payment issue?',
      message: 'It leaves this list. Say what was done, for the record (optional).',
      inputs: [
        {
          name: 'note',
          type: 'textarea',
          placeholder: 'e.g. paid back in cash',
          attributes: { maxlength: 1000 },
        },
      ],
      buttons: [
        { text: 'Keep', role: 'cancel' },
        {
          text: 'Resolve',
          handler: (values: { note?: string }) =>
            resolve.mutate(
              { id, ...(values.note?.trim() ? { note: values.note.trim() } : {}) },
              { onSuccess: () => showToast('Resolved.') },
            ),
        },
      ],
    });
  return (
    <section className="card" aria-labelledby="admin-issues">
      <h2 id="admin-issues">Payments needing attention</h2>
      {issues.isPending ? (
        <InlineLoading />
      ) : issues.isError ? (
        <p role="alert">{issues.error.message}</p>
      ) : open.length === 0 ? (
        <p className="muted">Nothing needs attention: no mismatched amounts or stuck payments.</p>
      ) : (
        <ul className="list-plain">
          {open.map((i) => (
            <li key={i.id} className="order" data-issue={i.kind}>
              <div className="row">
                <strong>{i.kind.replace(/_/g, ' ')}</strong>
                <span className="muted small">{londonDateTime(i.createdAt)}</span>
              </div>
              <p className="small">{i.detail}</p>
              <div className="row">
                {i.orderId ? <span className="muted small">Order {i.orderId}</span> : <span />}
                <IonButton size="small" fill="outline" disabled={resolve.isPending} onClick={() => ask(i.id)}>
                  Resolve
                </IonButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      {resolve.isError ? (
        <p role="alert" className="form-error">
          {resolve.error.message}
        </p>
      ) : null}
    </section>
  );
}
