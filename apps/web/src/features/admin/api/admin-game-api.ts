import type {
  CompetitionCreate,
  CompetitionDetail,
  CompetitionUpdate,
  Order,
  OrderList,
  OrderStatus,
  ReplayPreview,
  ReplayPreviewRequest,
  ResultUpdate,
  ResultUpdateResponse,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { gameKeys } from '../../game/api/game-api.ts';
import { orderKeys } from '../../payments/api/payments-api.ts';

const enc = encodeURIComponent;

export const adminKeys = {
  orders: (filters: AdminOrderFilters) => ['admin', 'orders', filters] as const,
  ordersAll: ['admin', 'orders'] as const,
  issues: ['admin', 'payment-issues'] as const,
};

export interface AdminOrderFilters {
  status?: OrderStatus | undefined;
  competitionId?: string | undefined;
  q?: string | undefined;
}

export interface PaymentIssue {
  id: string;
  orderId: string | null;
  kind: string;
  detail: string;
  createdAt: string;
  resolvedAt: string | null;
}

/** A competition's admin changes touch the game's lists and that competition. */
function useInvalidateCompetition() {
  const queryClient = useQueryClient();
  return (detail: CompetitionDetail) => {
    queryClient.setQueryData(gameKeys.competition(detail.competition.id), detail);
    void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
  };
}

// POST /api/admin/competitions
export const createCompetition = (input: CompetitionCreate) =>
  http.post<CompetitionDetail>('/api/admin/competitions', input);
export function useCreateCompetition() {
  const after = useInvalidateCompetition();
  return useMutation({ mutationFn: createCompetition, onSuccess: after });
}

// PATCH /api/admin/competitions/:id
export const updateCompetition = ({ id, patch }: { id: string; patch: CompetitionUpdate }) =>
  http.patch<CompetitionDetail>(`/api/admin/competitions/${enc(id)}`, patch);
export function useUpdateCompetition() {
  const after = useInvalidateCompetition();
  return useMutation({ mutationFn: updateCompetition, onSuccess: after });
}

// POST /api/admin/competitions/:id/open
export const openCompetition = (id: string) =>
  http.post<CompetitionDetail>(`/api/admin/competitions/${enc(id)}/open`);
export function useOpenCompetition() {
  const after = useInvalidateCompetition();
  return useMutation({ mutationFn: openCompetition, onSuccess: after });
}

// POST /api/admin/competitions/:id/cancel (refunds every paid entry)
export const cancelCompetition = (id: string) =>
  http.post<CompetitionDetail>(`/api/admin/competitions/${enc(id)}/cancel`);
export function useCancelCompetition() {
  const after = useInvalidateCompetition();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCompetition,
    onSuccess: (d) => {
      after(d);
      void queryClient.invalidateQueries({ queryKey: adminKeys.ordersAll });
    },
  });
}

// POST /api/admin/competitions/:id/replay (a "what if": nothing is saved)
export const replayCompetition = ({ id, rules }: { id: string; rules: ReplayPreviewRequest['rules'] }) =>
  http.post<ReplayPreview>(`/api/admin/competitions/${enc(id)}/replay`, { rules });
export const useReplayCompetition = () => useMutation({ mutationFn: replayCompetition });

// PUT /api/admin/fixtures/:id/result
export const setResult = ({ fixtureId, result }: { fixtureId: string; result: ResultUpdate }) =>
  http
    .request<ResultUpdateResponse>('PUT', `/api/admin/fixtures/${enc(fixtureId)}/result`, { body: result })
    .then((r) => r.data);
export function useSetResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResult,
    // A result re-settles competitions: everything of the game may change.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: gameKeys.all }),
  });
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
  queryOptions({ queryKey: adminKeys.orders(f), queryFn: () => fetchAdminOrders(f), staleTime: 5_000 });
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
    onSuccess: (order) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.ordersAll });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(order.competitionId) });
    },
  });
}

// GET /api/admin/payment-issues
export const fetchPaymentIssues = () => http.get<{ issues: PaymentIssue[] }>('/api/admin/payment-issues');
export const paymentIssuesQuery = queryOptions({ queryKey: adminKeys.issues, queryFn: fetchPaymentIssues });
export const usePaymentIssues = () => useQuery(paymentIssuesQuery);
