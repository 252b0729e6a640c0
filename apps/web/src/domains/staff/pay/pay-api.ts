import type { PositionRate, PositionRateInput } from '@lastman/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { useInvalidateRota } from '../shifts/shifts-api.ts';

const enc = encodeURIComponent;

export const payKeys = {
  positionRates: ['rota', 'position-rates'] as const,
};

// PUT /api/admin/staff/:userId/pay-rate: a person's own hourly rate (null: their position's, if any)
// from a London day on (without one: today, or all their hours for a first rate).
export function useSetPayRate() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: async ({
      userId,
      ...body
    }: {
      userId: string;
      hourlyRatePence: number | null;
      from?: string;
    }) =>
      (
        await http.request<{ effectiveFrom: string }>('PUT', `/api/admin/staff/${enc(userId)}/pay-rate`, {
          body,
        })
      ).data,
    onSuccess: after,
  });
}

// PUT /api/admin/staff/:userId/payroll-number: the person's employee number in payroll software.
export function useSetPayrollNumber() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: ({ userId, payrollNumber }: { userId: string; payrollNumber: string | null }) =>
      http.request('PUT', `/api/admin/staff/${enc(userId)}/payroll-number`, { body: { payrollNumber } }),
    onSuccess: after,
  });
}

// GET/PUT /api/admin/position-pay-rates: the rate for anyone in a position without a rate of their own.
export const usePositionRates = () =>
  useQuery({
    queryKey: payKeys.positionRates,
    queryFn: () => http.get<{ rates: PositionRate[] }>('/api/admin/position-pay-rates'),
  });
export function useSetPositionRate() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (input: PositionRateInput) =>
      http.request('PUT', '/api/admin/position-pay-rates', { body: input }),
    onSuccess: after,
  });
}
