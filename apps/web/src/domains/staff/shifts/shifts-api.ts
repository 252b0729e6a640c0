import type {
  RotaWeek,
  ShiftCheck,
  ShiftInput,
  ShiftPlacement,
  ShiftTemplate,
  ShiftTemplateInput,
  ShiftUpdate,
  StaffShifts,
} from '@lastman/api';
import { daysBetween, laterByLondonDays, londonDay } from '@lastman/api/time';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

const enc = encodeURIComponent;

export const rotaKeys = {
  all: ['rota'] as const,
  week: (week: string) => ['rota', 'week', week] as const,
  mine: ['rota', 'mine'] as const,
  templates: ['rota', 'templates'] as const,
};

// GET /api/admin/rota?week=
export const rotaWeekQuery = (week: string) =>
  queryOptions({
    queryKey: rotaKeys.week(week),
    queryFn: () => http.get<RotaWeek>(`/api/admin/rota?week=${enc(week)}`),
  });
export const useRotaWeek = (week: string, enabled = true) => useQuery({ ...rotaWeekQuery(week), enabled });

// GET /api/shifts/mine
export const myShiftsQuery = queryOptions({
  queryKey: rotaKeys.mine,
  queryFn: () => http.get<StaffShifts>('/api/shifts/mine'),
});
export const useMyShifts = () => useQuery(myShiftsQuery);

/** Everything under the rota's key: the week shows leave and swaps, so their changes refresh it too. */
export function useInvalidateRota() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: rotaKeys.all });
}

// POST /api/admin/shifts
export function useCreateShift() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (input: ShiftInput) =>
      http.post<{ shift: RotaWeek['shifts'][number] }>('/api/admin/shifts', input),
    onSuccess: after,
  });
}

// PATCH /api/admin/shifts/:id
export function useUpdateShift() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: ShiftUpdate }) =>
      http.patch<{ shift: RotaWeek['shifts'][number] }>(`/api/admin/shifts/${enc(id)}`, patch),
    onSuccess: after,
  });
}

// DELETE /api/admin/shifts/:id
export function useDeleteShift() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/admin/shifts/${enc(id)}`),
    onSuccess: after,
  });
}

/** The shift as it shows on its new day before the server answers: same London times, that day. */
function placed(shift: RotaWeek['shifts'][number], to: ShiftPlacement, staffName: string | null) {
  const days = daysBetween(londonDay(shift.startsAt), to.day);
  const later = (iso: string) => laterByLondonDays(iso, days).toISOString();
  return {
    ...shift,
    userId: to.userId,
    staffName,
    startsAt: later(shift.startsAt),
    endsAt: later(shift.endsAt),
    status: 'draft' as const,
  };
}

export interface Placement {
  week: string;
  shift: RotaWeek['shifts'][number];
  to: ShiftPlacement;
  /** The name shown in the moved shift until the server answers. */
  staffName: string | null;
  copy: boolean;
}

// POST /api/admin/shifts/:id/move and /copy: the week shows the shift in its new place at once, and
// puts it back where it was if the server refuses (the message is the mutation's error).
export function usePlaceShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shift, to, copy }: Placement) =>
      http.post<{ shift: RotaWeek['shifts'][number] }>(
        `/api/admin/shifts/${enc(shift.id)}/${copy ? 'copy' : 'move'}`,
        to,
      ),
    onMutate: async ({ week, shift, to, staffName, copy }) => {
      const key = rotaKeys.week(week);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<RotaWeek>(key);
      if (before) {
        const moved = placed(shift, to, staffName);
        queryClient.setQueryData<RotaWeek>(key, {
          ...before,
          shifts: copy
            ? [...before.shifts, { ...moved, id: `copy-of-${shift.id}`, warnings: [] }]
            : before.shifts.map((s) => (s.id === shift.id ? moved : s)),
        });
      }
      return { key, before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) queryClient.setQueryData(context.key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: rotaKeys.all }),
  });
}

// POST /api/admin/shift-checks: the warnings a shift would have, as the admin edits it.
export const checkShift = (input: ShiftInput & { id?: string }) =>
  http.post<ShiftCheck>('/api/admin/shift-checks', input);

// POST /api/admin/rota/publish
export function usePublishWeek() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (week: string) => http.post<{ published: number }>('/api/admin/rota/publish', { week }),
    onSuccess: after,
  });
}

// POST /api/admin/rota/copy
export function useCopyWeek() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (input: { from: string; to: string }) =>
      http.post<{ copied: number; skipped: number }>('/api/admin/rota/copy', input),
    onSuccess: after,
  });
}

// POST /api/shifts/:id/claim
export function useClaimShift() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (id: string) => http.post(`/api/shifts/${enc(id)}/claim`),
    onSuccess: after,
  });
}

// GET/POST/DELETE /api/admin/shift-templates
export const useTemplates = (enabled = true) =>
  useQuery({
    queryKey: rotaKeys.templates,
    queryFn: () => http.get<{ templates: ShiftTemplate[] }>('/api/admin/shift-templates'),
    enabled,
  });
export function useCreateTemplate() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (input: ShiftTemplateInput) =>
      http.post<{ template: ShiftTemplate }>('/api/admin/shift-templates', input),
    onSuccess: after,
  });
}
export function useDeleteTemplate() {
  const after = useInvalidateRota();
  return useMutation({
    mutationFn: (id: string) => http.delete(`/api/admin/shift-templates/${enc(id)}`),
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
