import { useIonRouter } from '@ionic/react';
import { useResumeOrder } from './api/payments-api.ts';
import { paymentPath, rememberPayment } from './pending-payment.ts';

/**
 * "Pay" on an order not paid yet, from any screen: one call gives the order's card form (the same
 * order while it holds, a new one in its place otherwise), and the card screen opens. The navigation
 * follows the call's promise, not the calling component: the list that held the button may be
 * redrawn or gone by the time the answer comes.
 */
export function usePayOrder() {
  const resume = useResumeOrder();
  const router = useIonRouter();
  const pay = async (orderId: string, replace: boolean) => {
    const { order, payment } = await resume.mutateAsync(orderId);
    await rememberPayment(order.id, payment);
    router.push(paymentPath(order.id), 'forward', replace ? 'replace' : 'push');
  };
  return {
    /** `replace`: the card screen takes the place of the current one (from the card screen itself). */
    pay: (orderId: string, { replace = false } = {}) => {
      // A refusal is shown from the mutation's state; nothing else is left to do with it here.
      pay(orderId, replace).catch(() => undefined);
    },
    isPending: resume.isPending,
    orderId: resume.variables,
    error: resume.isError ? resume.error.message : null,
  };
}
