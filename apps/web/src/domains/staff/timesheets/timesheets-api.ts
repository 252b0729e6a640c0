import type {
  ClockEntryAddInput,
  ClockEntryCorrectionInput,
  TimesheetEntry,
  TimesheetLayout,
  TimesheetReport,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

const enc = encodeURIComponent;

export const timesheetKeys = {
  all: ['timesheets'] as const,
  week: (week: string) => ['timesheets', 'week', week] as const,
  mine: (from: string, to: string) => ['timesheets', 'mine', from, to] as const,
};

// GET /api/admin/timesheets?from=&to=
export const timesheetWeekQuery = (week: string) =>
  queryOptions({
    queryKey: timesheetKeys.week(week),
    queryFn: () => http.get<TimesheetReport>(`/api/admin/timesheets?from=${enc(week)}&to=${enc(week)}`),
  });
export const useTimesheetWeek = (week: string) => useQuery(timesheetWeekQuery(week));

// GET /api/admin/timesheets?format=csv: the file's text, as the server wrote it.
/** The CSV and the file name the server gives it (the period, and for Sage whether all of it is approved). */
export async function fetchTimesheetCsv(week: string, layout: TimesheetLayout, sagePayment = '') {
  const { data, headers } = await http.request<string>(
    'GET',
    `/api/admin/timesheets?from=${enc(week)}&to=${enc(week)}&format=csv&layout=${enc(layout)}${
      layout === 'sage50' && sagePayment.trim() ? `&sagePayment=${enc(sagePayment.trim())}` : ''
    }`,
  );
  const named = /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1];
  return { text: data, filename: named ?? `timesheets-${layout}-${week}.csv` };
}

// GET /api/timesheets/mine?from=&to=
export const myHoursQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: timesheetKeys.mine(from, to),
    queryFn: () => http.get<TimesheetReport>(`/api/timesheets/mine?from=${enc(from)}&to=${enc(to)}`),
  });
export const useMyHours = (from: string, to: string) => useQuery(myHoursQuery(from, to));

function useInvalidateTimesheets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all });
}

// POST /api/admin/timesheets/approvals
export function useApproveWeek() {
  const after = useInvalidateTimesheets();
  return useMutation({
    mutationFn: (input: { week: string; userId?: string; confirmNotEnded?: true }) =>
      http.post<{ approved: number }>('/api/admin/timesheets/approvals', input),
    onSuccess: after,
  });
}

// DELETE /api/admin/timesheets/approvals/:week/:userId
export function useReopenWeek() {
  const after = useInvalidateTimesheets();
  return useMutation({
    mutationFn: ({ week, userId }: { week: string; userId: string }) =>
      http.delete(`/api/admin/timesheets/approvals/${enc(week)}/${enc(userId)}`),
    onSuccess: after,
  });
}

// PATCH /api/admin/clock-entries/:id
export function useCorrectEntry() {
  const after = useInvalidateTimesheets();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ClockEntryCorrectionInput }) =>
      http.patch<{ entry: TimesheetEntry }>(`/api/admin/clock-entries/${enc(id)}`, input),
    onSuccess: after,
  });
}

// POST /api/admin/clock-entries
export function useAddEntry() {
  const after = useInvalidateTimesheets();
  return useMutation({
    mutationFn: (input: ClockEntryAddInput) =>
      http.post<{ entry: TimesheetEntry }>('/api/admin/clock-entries', input),
    onSuccess: after,
  });
}
