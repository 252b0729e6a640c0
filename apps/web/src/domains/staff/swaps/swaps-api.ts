import type { Colleague, ShiftSwap, SwapInput } from '@lastman/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { useInvalidateRota } from '../shifts/shifts-api.ts';

const enc = encodeURIComponent;

// Under the rota's key, so a change here refreshes the week as well.
export const swapKeys = {
  mySwaps: ['rota', 'swaps', 'mine'] as const,
  clubSwaps: ['rota', 'swaps', 'club'] as const,
  colleagues: ['rota', 'colleagues'] as const,
};

// GET /api/shift-swaps/mine, POST /api/shift-swaps/:id/answer
export const useMySwaps = () =>
  useQuery({
    queryKey: swapKeys.mySwaps,
    queryFn: () => http.get<{ swaps: ShiftSwap[] }>('/api/shift-swaps/mine'),
  });
export function useAnswerSwap() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      http.post<{ swap: ShiftSwap }>(`/api/shift-swaps/${enc(id)}/answer`, { accept }),
    onSuccess: after,
  });
}
// POST /api/shifts/:id/swaps, POST /api/shift-swaps/:id/withdraw
export function useOfferSwap() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: ({ shiftId, toUserId, otherShiftId }: { shiftId: string } & SwapInput) =>
      http.post<{ swap: ShiftSwap }>(`/api/shifts/${enc(shiftId)}/swaps`, {
        // No colleague: the shift is given to anyone who takes it.
        ...(toUserId && { toUserId }),
        ...(otherShiftId && { otherShiftId }),
      }),
    onSuccess: after,
  });
}
export function useWithdrawSwap() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (id: string) => http.post<{ swap: ShiftSwap }>(`/api/shift-swaps/${enc(id)}/withdraw`),
    onSuccess: after,
  });
}

// GET /api/staff/colleagues: whom a shift can be offered to, and their shifts to trade for.
/** With `forShift`, each colleague says whether they work then (and is not offered that shift). */
export const useColleagues = (enabled: boolean, forShift?: string) =>
  useQuery({
    queryKey: forShift ? [...swapKeys.colleagues, forShift] : swapKeys.colleagues,
    queryFn: () =>
      http.get<{ colleagues: Colleague[] }>(
        forShift ? `/api/staff/colleagues?forShift=${encodeURIComponent(forShift)}` : '/api/staff/colleagues',
      ),
    enabled,
  });

// GET /api/admin/shift-swaps, POST /api/admin/shift-swaps/:id/decision
export const useClubSwaps = (enabled: boolean) =>
  useQuery({
    queryKey: swapKeys.clubSwaps,
    queryFn: () => http.get<{ swaps: ShiftSwap[] }>('/api/admin/shift-swaps'),
    enabled,
  });
export function useDecideSwap() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      http.post<{ swap: ShiftSwap }>(`/api/admin/shift-swaps/${enc(id)}/decision`, { approve }),
    onSuccess: after,
  });
}
