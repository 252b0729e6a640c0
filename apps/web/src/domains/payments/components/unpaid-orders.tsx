import { IonButton, IonSpinner } from '@ionic/react';
import { formatPence, orderItems } from '@lastman/api/format';
import { useQuery } from '@tanstack/react-query';
import { FormError } from '../../../ui/form-field.tsx';
import { myOrdersQuery, useCancelOrder } from '../api/payments-api.ts';
import { usePayOrder } from '../use-pay-order.ts';

/**
 * A checkout left before paying: its entries hold places but are not the player's yet. Each unpaid
 * order says so, with Pay (back to its card screen, on this device or any other) and Cancel (give
 * the places back). My orders are
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
  const payment = usePayOrder();
  if (pendingEntryIds.length === 0) return null;
  const pending = new Set(pendingEntryIds);
  const unpaid = (orders.data?.orders ?? []).filter(
    (o) =>
      o.status === 'pending' && o.competitionId === competitionId && o.entries.some((e) => pending.has(e.id)),
  );
  const count = pendingEntryIds.length;
  const busy = cancel.isPending || payment.isPending;
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
                {orderItems(o)}, {formatPence(o.amountPence)}: not paid, so not in the game yet.
              </span>
              <span className="unpaid__actions">
                <IonButton size="small" disabled={busy} onClick={() => payment.pay(o.id)}>
                  {payment.isPending && payment.orderId === o.id ? (
                    <IonSpinner name="dots" />
                  ) : (
                    `Pay ${formatPence(o.amountPence)}`
                  )}
                </IonButton>
                <IonButton size="small" fill="outline" disabled={busy} onClick={() => cancel.mutate(o.id)}>
                  {cancel.isPending && cancel.variables === o.id ? <IonSpinner name="dots" /> : 'Cancel'}
                </IonButton>
              </span>
            </li>
          ))}
        </ul>
      )}
      <FormError message={cancel.isError ? cancel.error.message : payment.error} />
    </div>
  );
}
