import type { Order, OrderList, OrderStatus, PaymentIssue } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';
import { gameKeys } from '../../../../lib/query-keys.ts';
import { orderKeys } from '../../api/payments-api.ts';

const enc = encodeURIComponent;

export const paymentsAdminKeys = {
  orders: (filters: AdminOrderFilters) => ['admin', 'orders', filters] as const,
  ordersAll: ['admin', 'orders'] as const,
  issues: ['admin', 'payment-issues'] as const,
};

export interface AdminOrderFilters {
  status?: OrderStatus | undefined;
  competitionId?: string | undefined;
  q?: string | undefined;
}

// GET /api/admin/orders
export const fetchAdminOrders = (f: AdminOrderFilters) => {
  const q = new URLSearchParams();
  if (f.status) q.set('status', f.status);
  if (f.competitionId) q.set('competitionId', f.competitionId);
  if (f.q) q.set('q', f.q);
  const qs = q.toString();
  return http.get<OrderList>(`/api/admin/orders${qs ? `?${qs}` : ''}`);
};
export const adminOrdersQuery = (f: AdminOrderFilters) =>
  queryOptions({
    queryKey: paymentsAdminKeys.orders(f),
    queryFn: () => fetchAdminOrders(f),
    staleTime: 5_000,
  });
export const useAdminOrders = (f: AdminOrderFilters) => useQuery(adminOrdersQuery(f));

// POST /api/admin/orders/:id/refunds
export const refundOrder = ({
  orderId,
  entryIds,
  reason,
}: {
  orderId: string;
  entryIds?: string[];
  reason?: string;
}) =>
  http.post<Order>(`/api/admin/orders/${enc(orderId)}/refunds`, {
    ...(entryIds ? { entryIds } : {}),
    ...(reason ? { reason } : {}),
  });
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    // A refused refund is listed under payments needing attention.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentsAdminKeys.issues }),
    onSuccess: (order) => {
      void queryClient.invalidateQueries({ queryKey: paymentsAdminKeys.ordersAll });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(order.competitionId) });
    },
  });
}

// GET /api/admin/payment-issues
export const fetchPaymentIssues = () => http.get<{ issues: PaymentIssue[] }>('/api/admin/payment-issues');
export const paymentIssuesQuery = queryOptions({
  queryKey: paymentsAdminKeys.issues,
  queryFn: fetchPaymentIssues,
});
export const usePaymentIssues = () => useQuery(paymentIssuesQuery);

// POST /api/admin/payment-issues/:id/resolve
export const resolvePaymentIssue = ({ id, note }: { id: string; note?: string }) =>
  http.post<PaymentIssue>(`/api/admin/payment-issues/${enc(id)}/resolve`, note ? { note } : {});
export function useResolvePaymentIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolvePaymentIssue,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentsAdminKeys.issues }),
  });
}
