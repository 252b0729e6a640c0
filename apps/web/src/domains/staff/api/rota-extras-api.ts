import type {
  Absence,
  AbsenceInput,
  Colleague,
  HolidayBalance,
  PositionRate,
  PositionRateInput,
  ShiftSwap,
  ShiftTemplate,
  ShiftTemplateInput,
  SwapInput,
} from '@lastman/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { rotaKeys } from '../shifts/shifts-api.ts';

const enc = encodeURIComponent;

// Under the rota's key, so a change here refreshes the week (which shows leave) as well.
export const rotaExtraKeys = {
  templates: ['rota', 'templates'] as const,
  myAbsences: ['rota', 'absences', 'mine'] as const,
  clubAbsences: ['rota', 'absences', 'club'] as const,
  myHoliday: ['rota', 'holiday', 'mine'] as const,
  clubHoliday: ['rota', 'holiday', 'club'] as const,
  mySwaps: ['rota', 'swaps', 'mine'] as const,
  clubSwaps: ['rota', 'swaps', 'club'] as const,
  colleagues: ['rota', 'colleagues'] as const,
  positionRates: ['rota', 'position-rates'] as const,
};

function useAfter() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rotaKeys.all });
}

// GET/POST/DELETE /api/admin/shift-templates
export const useTemplates = (enabled = true) =>
  useQuery({
    queryKey: rotaExtraKeys.templates,
    queryFn: () => http.get<{ templates: ShiftTemplate[] }>('/api/admin/shift-templates'),
    enabled,
  });
export function useCreateTemplate() {
  const after = useAfter();
  return useMutation({
    mutationFn: (input: ShiftTemplateInput) =>
      http.post<{ template: ShiftTemplate }>('/api/admin/shift-templates', input),
    onSuccess: after,
  });
}
export function useDeleteTemplate() {
  const after = useAfter();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/admin/shift-templates/${enc(id)}`),
    onSuccess: after,
  });
}

// GET /api/absences, POST /api/absences, DELETE /api/absences/:id
export const useMyAbsences = () =>
  useQuery({
    queryKey: rotaExtraKeys.myAbsences,
    queryFn: () => http.get<{ absences: Absence[] }>('/api/absences'),
  });
export function useRequestAbsence() {
  const after = useAfter();
  return useMutation({
    mutationFn: (input: AbsenceInput) => http.post<{ absence: Absence }>('/api/absences', input),
    onSuccess: after,
  });
}
export function useWithdrawAbsence() {
  const after = useAfter();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/absences/${enc(id)}`),
    onSuccess: after,
  });
}

// GET /api/admin/absences, POST /api/admin/absences/:id/decision
export const useClubAbsences = (enabled: boolean) =>
  useQuery({
    queryKey: rotaExtraKeys.clubAbsences,
    queryFn: () => http.get<{ absences: Absence[] }>('/api/admin/absences'),
    enabled,
  });
export function useDecideAbsence() {
  const after = useAfter();
  return useMutation({
    mutationFn: ({ id, ...decision }: { id: string; approve: boolean; confirmNegativeBalance?: true }) =>
      http.post<{ absence: Absence }>(`/api/admin/absences/${enc(id)}/decision`, decision),
    onSuccess: after,
  });
}

// GET /api/holiday/mine, GET /api/admin/holiday
export const useMyHoliday = () =>
  useQuery({
    queryKey: rotaExtraKeys.myHoliday,
    queryFn: () => http.get<HolidayBalance>('/api/holiday/mine'),
  });
export const useClubHoliday = (enabled: boolean) =>
  useQuery({
    queryKey: rotaExtraKeys.clubHoliday,
    queryFn: () => http.get<{ balances: HolidayBalance[] }>('/api/admin/holiday'),
    enabled,
  });

// GET /api/shift-swaps/mine, POST /api/shift-swaps/:id/answer
export const useMySwaps = () =>
  useQuery({
    queryKey: rotaExtraKeys.mySwaps,
    queryFn: () => http.get<{ swaps: ShiftSwap[] }>('/api/shift-swaps/mine'),
  });
export function useAnswerSwap() {
  const after = useAfter();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      http.post<{ swap: ShiftSwap }>(`/api/shift-swaps/${enc(id)}/answer`, { accept }),
    onSuccess: after,
  });
}
// POST /api/shifts/:id/swaps, POST /api/shift-swaps/:id/withdraw
export function useOfferSwap() {
  const after = useAfter();
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
  const after = useAfter();
  return useMutation({
    mutationFn: (id: string) => http.post<{ swap: ShiftSwap }>(`/api/shift-swaps/${enc(id)}/withdraw`),
    onSuccess: after,
  });
}

// GET /api/staff/colleagues: whom a shift can be offered to, and their shifts to trade for.
export const useColleagues = (enabled: boolean) =>
  useQuery({
    queryKey: rotaExtraKeys.colleagues,
    queryFn: () => http.get<{ colleagues: Colleague[] }>('/api/staff/colleagues'),
    enabled,
  });

// GET /api/admin/shift-swaps, POST /api/admin/shift-swaps/:id/decision
export const useClubSwaps = (enabled: boolean) =>
  useQuery({
    queryKey: rotaExtraKeys.clubSwaps,
    queryFn: () => http.get<{ swaps: ShiftSwap[] }>('/api/admin/shift-swaps'),
    enabled,
  });
export function useDecideSwap() {
  const after = useAfter();
  return useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean }) =>
      http.post<{ swap: ShiftSwap }>(`/api/admin/shift-swaps/${enc(id)}/decision`, { approve }),
    onSuccess: after,
  });
}

// GET /api/shifts/feed-link
export const useShiftFeed = () =>
  useQuery({
    queryKey: ['rota', 'feed'] as const,
    queryFn: () => http.get<{ url: string }>('/api/shifts/feed-link'),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The .ics of one of the viewer's shifts (a plain link: the browser hands it to the calendar). */
export const shiftIcsUrl = (id: string) => `/api/shifts/${enc(id)}.ics`;

// GET/PUT /api/admin/position-pay-rates: the rate for anyone in a position without a rate of their own.
export const usePositionRates = () =>
  useQuery({
    queryKey: rotaExtraKeys.positionRates,
    queryFn: () => http.get<{ rates: PositionRate[] }>('/api/admin/position-pay-rates'),
  });
export function useSetPositionRate() {
  const after = useAfter();
  return useMutation({
    mutationFn: (input: PositionRateInput) =>
      http.request('PUT', '/api/admin/position-pay-rates', { body: input }),
    onSuccess: after,
  });
}
