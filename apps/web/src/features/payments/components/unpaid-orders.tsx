import { IonButton, IonSpinner, useIonRouter } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { formatPence } from '../../../lib/format.ts';
import { FormError } from '../../../ui/form-field.tsx';
import { myOrdersQuery, useCancelOrder, useCreateOrder } from '../api/payments-api.ts';
import { paymentPath, recallPayment, rememberPayment } from '../pending-payment.ts';

/**
 * A checkout left before paying: its entries hold places but are not the player's yet. Each unpaid
 * order says so, with Pay (back to its card screen) and Cancel (give the places back). My orders are
 * asked for only when the competition shows unpaid entries, so the game screen's usual calls stay as
 * they are.
 */
export function UnpaidOrders({
  competitionId,
  pendingEntryIds,
}: {
  competitionId: string;
  pendingEntryIds: string[];
}) {
  const orders = useQuery({ ...myOrdersQuery, enabled: pendingEntryIds.length > 0 });
  const cancel = useCancelOrder();
  const create = useCreateOrder();
  const router = useIonRouter();
  if (pendingEntryIds.length === 0) return null;
  const pending = new Set(pendingEntryIds);
  const unpaid = (orders.data?.orders ?? []).filter(
    (o) =>
      o.status === 'pending' && o.competitionId === competitionId && o.entries.some((e) => pending.has(e.id)),
  );
  const count = pendingEntryIds.length;
  const busy = cancel.isPending || create.isPending;
  // The card screen needs the payment started on this device; from elsewhere, start the same order afresh.
  const pay = (orderId: string, entries: number) => {
    if (recallPayment(orderId)) {
      router.push(paymentPath(orderId), 'forward');
      return;
    }
    cancel.mutate(orderId, {
      onSuccess: () =>
        create.mutate(
          { competitionId, entries },
          {
            onSuccess: async ({ order, payment }) => {
              await rememberPayment(order.id, payment);
              router.push(paymentPath(order.id), 'forward');
            },
          },
        ),
    });
  };
  return (
    <div className="unpaid" data-testid="unpaid-orders">
      <h3>Not paid yet</h3>
      {unpaid.length === 0 ? (
        <p className="muted small">
          {count === 1 ? '1 entry is' : `${count} entries are`} waiting for payment
          {orders.isPending ? '…' : '.'}
        </p>
      ) : (
        <ul>
          {unpaid.map((o) => (
            <li key={o.id} className="unpaid__row">
              <span>
                {o.entryCount === 1 ? '1 entry' : `${o.entryCount} entries`}, {formatPence(o.amountPence)}:
                not paid, so not in the game yet.
              </span>
              <span className="unpaid__actions">
                <IonButton size="small" disabled={busy} onClick={() => pay(o.id, o.entryCount)}>
                  Pay {formatPence(o.amountPence)}
                </IonButton>
                <IonButton size="small" fill="outline" disabled={busy} onClick={() => cancel.mutate(o.id)}>
                  {cancel.isPending && cancel.variables === o.id ? <IonSpinner name="dots" /> : 'Cancel'}
                </IonButton>
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormError
        message={cancel.isError ? cancel.error.message : create.isError ? create.error.message : null}
      />
    </div>
  );
}
