import type { ClockCode, ClockEntry, ClockStatus } from '@lastman/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

const enc = encodeURIComponent;

// Clock-in.
export const clockKeys = { status: ['clock', 'status'] as const, tills: ['clock', 'tills'] as const };

// GET /api/clock/status
export const useClockStatus = () =>
  useQuery({ queryKey: clockKeys.status, queryFn: () => http.get<ClockStatus>('/api/clock/status') });

function useClockAction<T>(fn: (arg: T) => Promise<ClockEntry>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clockKeys.status }),
  });
}
// POST /api/clock/in, /out, /break/start, /break/end
export const useClockIn = () =>
  useClockAction((token: string | undefined) =>
    http.post<ClockEntry>('/api/clock/in', token ? { token } : {}),
  );
export const useClockOut = () => useClockAction(() => http.post<ClockEntry>('/api/clock/out'));
export const useStartBreak = () => useClockAction(() => http.post<ClockEntry>('/api/clock/break/start'));
export const useEndBreak = () => useClockAction(() => http.post<ClockEntry>('/api/clock/break/end'));

// GET /api/clock/code (the admin's own screen, or a till device by its key)
export const fetchClockCode = (tillKey?: string) =>
  http
    .request<ClockCode>('GET', '/api/clock/code', tillKey ? { headers: { 'X-Till-Key': tillKey } } : {})
    .then((r) => r.data);

// GET/POST/DELETE /api/admin/clock/tills
export const useTills = (enabled: boolean) =>
  useQuery({
    queryKey: clockKeys.tills,
    queryFn: () =>
      http.get<{ tills: Array<{ id: string; name: string; createdAt: string }> }>('/api/admin/clock/tills'),
    enabled,
  });
export function useCreateTill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      http.post<{ till: { id: string; name: string }; url: string }>('/api/admin/clock/tills', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clockKeys.tills }),
  });
}
export function useRemoveTill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/admin/clock/tills/${enc(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clockKeys.tills }),
  });
}
