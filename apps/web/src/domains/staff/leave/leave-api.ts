import type { Absence, AbsenceInput, HolidayBalance } from '@lastman/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { useInvalidateRota } from '../shifts/shifts-api.ts';

const enc = encodeURIComponent;

// Under the rota's key, so a change here refreshes the week (which shows leave) as well.
export const leaveKeys = {
  myAbsences: ['rota', 'absences', 'mine'] as const,
  clubAbsences: ['rota', 'absences', 'club'] as const,
  myHoliday: ['rota', 'holiday', 'mine'] as const,
  clubHoliday: ['rota', 'holiday', 'club'] as const,
};

// GET /api/absences, POST /api/absences, DELETE /api/absences/:id
export const useMyAbsences = () =>
  useQuery({
    queryKey: leaveKeys.myAbsences,
    queryFn: () => http.get<{ absences: Absence[] }>('/api/absences'),
  });
export function useRequestAbsence() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (input: AbsenceInput) => http.post<{ absence: Absence }>('/api/absences', input),
    onSuccess: after,
  });
}
export function useWithdrawAbsence() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/absences/${enc(id)}`),
    onSuccess: after,
  });
}

// GET /api/admin/absences, POST /api/admin/absences/:id/decision
export const useClubAbsences = (enabled: boolean) =>
  useQuery({
    queryKey: leaveKeys.clubAbsences,
    queryFn: () => http.get<{ absences: Absence[] }>('/api/admin/absences'),
    enabled,
  });
export function useDecideAbsence() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: ({ id, ...decision }: { id: string; approve: boolean; confirmNegativeBalance?: true }) =>
      http.post<{ absence: Absence }>(`/api/admin/absences/${enc(id)}/decision`, decision),
    onSuccess: after,
  });
}

// GET /api/holiday/mine, GET /api/admin/holiday
export const useMyHoliday = () =>
  useQuery({
    queryKey: leaveKeys.myHoliday,
    queryFn: () => http.get<HolidayBalance>('/api/holiday/mine'),
  });
export const useClubHoliday = (enabled: boolean) =>
  useQuery({
    queryKey: leaveKeys.clubHoliday,
    queryFn: () => http.get<{ balances: HolidayBalance[] }>('/api/admin/holiday'),
    enabled,
  });
