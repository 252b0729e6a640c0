import type { Order, OrderCreated, OrderList, TestCardResult } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { gameKeys } from '../../../lib/query-keys.ts';

const enc = encodeURIComponent;

export const orderKeys = {
  all: ['orders'] as const,
  mine: () => [...orderKeys.all, 'mine'] as const,
  one: (id: string) => [...orderKeys.all, 'one', id] as const,
};

// GET /api/orders
export const fetchMyOrders = () => http.get<OrderList>('/api/orders');
export const myOrdersQuery = queryOptions({
  queryKey: orderKeys.mine(),
  queryFn: fetchMyOrders,
  staleTime: 10_000,
});
export const useMyOrders = () => useQuery(myOrdersQuery);

// GET /api/orders/:id (polled while the payment provider has not confirmed it)
export const fetchOrder = (id: string) => http.get<Order>(`/api/orders/${enc(id)}`);
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: orderKeys.one(id), queryFn: () => fetchOrder(id), staleTime: 0 });
export const useOrder = (id: string, poll: boolean) =>
  useQuery({
    ...orderQuery(id),
    enabled: id !== '',
    refetchInterval: (q) => (poll && q.state.data?.status === 'pending' ? 1500 : false),
  });

// POST /api/orders
export const createOrder = (input: { competitionId: string; entries: number }) =>
  http.post<OrderCreated>('/api/orders', input);
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (created, { competitionId }) => {
      queryClient.setQueryData(orderKeys.one(created.order.id), created.order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(competitionId) });
    },
  });
}

/** After a payment settles: the order, my orders, and the competition (entries and pot) change. */
export function useInvalidateAfterPayment() {
  const queryClient = useQueryClient();
  return (order: Order) => {
    queryClient.setQueryData(orderKeys.one(order.id), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
    void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
    void queryClient.invalidateQueries({ queryKey: gameKeys.competition(order.competitionId) });
  };
}

// POST /api/payments/test/confirm (the offline test provider only)
export const payWithTestCard = (input: { clientSecret: string; cardNumber: string }) =>
  http.post<TestCardResult>('/api/payments/test/confirm', input);
export function usePayWithTestCard() {
  const after = useInvalidateAfterPayment();
  return useMutation({ mutationFn: payWithTestCard, onSuccess: (result) => after(result.order) });
}

// POST /api/orders/:id/resume (Pay on a checkout left unpaid: its card form again, or a new order in its place)
export const resumeOrder = (id: string) => http.post<OrderCreated>(`/api/orders/${enc(id)}/resume`);
export function useResumeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeOrder,
    onSuccess: (created) => {
      queryClient.setQueryData(orderKeys.one(created.order.id), created.order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.mine() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(created.order.competitionId) });
    },
  });
}

// POST /api/orders/:id/cancel (the owner backs out of an unpaid order; its places are given back)
export const cancelOrder = (id: string) => http.post<Order>(`/api/orders/${enc(id)}/cancel`);
export function useCancelOrder() {
  const after = useInvalidateAfterPayment();
  return useMutation({ mutationFn: cancelOrder, onSuccess: after });
}
