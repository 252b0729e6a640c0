import type {
  ClubEvent,
  EventExceptionInput,
  EventInput,
  EventOccurrenceDetail,
  EventOccurrenceList,
  EventPatch,
  MyWaitlistEntry,
  PhoneBookingInput,
  Registration,
  RegistrationInput,
  RegistrationList,
  ScreenMatchList,
  WaitlistInput,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';

const enc = encodeURIComponent;
const clubPart = (club: string | undefined) => (club ? `&club=${enc(club)}` : '');

export const eventKeys = {
  all: ['events'] as const,
  range: (from: string, to: string, club: string | undefined) =>
    ['events', 'range', from, to, club ?? ''] as const,
  one: (id: string, club: string | undefined) => ['events', 'one', id, club ?? ''] as const,
  admin: ['admin', 'events'] as const,
  registrations: (id: string) => ['admin', 'events', 'registrations', id] as const,
  screenMatches: (from: string, to: string) => ['admin', 'screen-matches', from, to] as const,
};

// GET /api/events?from&to[&club]
export const occurrencesQuery = (from: string, to: string, club: string | undefined) =>
  queryOptions({
    queryKey: eventKeys.range(from, to, club),
    queryFn: () =>
      http.get<EventOccurrenceList>(`/api/events?from=${enc(from)}&to=${enc(to)}${clubPart(club)}`),
  });
export const useOccurrences = (from: string, to: string, club: string | undefined) =>
  useQuery(occurrencesQuery(from, to, club));

// GET /api/events/:id[?club]
export const occurrenceQuery = (id: string, club: string | undefined) =>
  queryOptions({
    queryKey: eventKeys.one(id, club),
    queryFn: () =>
      http.get<{ event: EventOccurrenceDetail }>(`/api/events/${enc(id)}${club ? `?club=${enc(club)}` : ''}`),
    enabled: id !== '',
  });
export const useOccurrence = (id: string, club: string | undefined) => useQuery(occurrenceQuery(id, club));

/** The .ics address of an event, a series or one date. */
export const icsUrl = (id: string, club?: string) =>
  `/api/events/${enc(id)}.ics${club ? `?club=${enc(club)}` : ''}`;
/** The club's feed as a calendar app subscribes to it (webcal://). */
export const feedUrl = (slug: string, origin = window.location.origin) =>
  `${origin.replace(/^https?:/, 'webcal:')}/api/clubs/${enc(slug)}/calendar.ics`;

function useInvalidateEvents() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
    void queryClient.invalidateQueries({ queryKey: eventKeys.admin });
  };
}

// POST /api/events/:id/registrations
export const registerFor = ({ id, input }: { id: string; input: RegistrationInput }) =>
  http.post<{ placesLeft: number | null }>(`/api/events/${enc(id)}/registrations`, input);
export function useRegister() {
  return useMutation({ mutationFn: registerFor, onSuccess: useInvalidateEvents() });
}

// DELETE /api/events/:id/registrations/mine
export const cancelMine = (id: string) => http.delete<null>(`/api/events/${enc(id)}/registrations/mine`);
export function useCancelRegistration() {
  return useMutation({ mutationFn: cancelMine, onSuccess: useInvalidateEvents() });
}

// POST /api/events/:id/waitlist
export const joinWaitlist = ({ id, input }: { id: string; input: WaitlistInput }) =>
  http.post<{ entry: MyWaitlistEntry }>(`/api/events/${enc(id)}/waitlist`, input);
export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist, onSuccess: useInvalidateEvents() });
}

// DELETE /api/events/:id/waitlist/mine
export const leaveWaitlist = (id: string) => http.delete<null>(`/api/events/${enc(id)}/waitlist/mine`);
export function useLeaveWaitlist() {
  return useMutation({ mutationFn: leaveWaitlist, onSuccess: useInvalidateEvents() });
}

// ---- The admin's ----

// GET /api/admin/events
export const adminEventsQuery = queryOptions({
  queryKey: eventKeys.admin,
  queryFn: () => http.get<{ events: ClubEvent[] }>('/api/admin/events'),
});
export const useAdminEvents = () => useQuery(adminEventsQuery);

// POST /api/admin/events
export const createEvent = (input: EventInput) => http.post<{ event: ClubEvent }>('/api/admin/events', input);
export function useCreateEvent() {
  return useMutation({ mutationFn: createEvent, onSuccess: useInvalidateEvents() });
}

// PATCH /api/admin/events/:id
export const updateEvent = ({ id, patch }: { id: string; patch: EventPatch }) =>
  http.patch<{ event: ClubEvent }>(`/api/admin/events/${enc(id)}`, patch);
export function useUpdateEvent() {
  return useMutation({ mutationFn: updateEvent, onSuccess: useInvalidateEvents() });
}

// POST /api/admin/events/:id/cancel and /restore
export const setCancelled = ({ id, cancelled }: { id: string; cancelled: boolean }) =>
  http.post<{ event: ClubEvent }>(`/api/admin/events/${enc(id)}/${cancelled ? 'cancel' : 'restore'}`);
export function useSetCancelled() {
  return useMutation({ mutationFn: setCancelled, onSuccess: useInvalidateEvents() });
}

// DELETE /api/admin/events/:id
export const deleteEvent = (id: string) => http.delete<null>(`/api/admin/events/${enc(id)}`);
export function useDeleteEvent() {
  return useMutation({ mutationFn: deleteEvent, onSuccess: useInvalidateEvents() });
}

// PUT /api/admin/events/:id/exceptions
export const saveException = ({ id, input }: { id: string; input: EventExceptionInput }) =>
  http
    .request<{ event: ClubEvent }>('PUT', `/api/admin/events/${enc(id)}/exceptions`, { body: input })
    .then((r) => r.data);
export function useSaveException() {
  return useMutation({ mutationFn: saveException, onSuccess: useInvalidateEvents() });
}

// DELETE /api/admin/events/:id/exceptions/:exceptionId
export const removeException = ({ id, exceptionId }: { id: string; exceptionId: string }) =>
  http.delete<{ event: ClubEvent }>(`/api/admin/events/${enc(id)}/exceptions/${enc(exceptionId)}`);
export function useRemoveException() {
  return useMutation({ mutationFn: removeException, onSuccess: useInvalidateEvents() });
}

// GET /api/admin/events/:id/registrations
export const registrationsQuery = (id: string) =>
  queryOptions({
    queryKey: eventKeys.registrations(id),
    queryFn: () => http.get<RegistrationList>(`/api/admin/events/${enc(id)}/registrations`),
  });
export const useRegistrations = (id: string) => useQuery(registrationsQuery(id));

// POST /api/admin/events/:id/registrations (a phone booking)
export const addPhoneBooking = ({ id, input }: { id: string; input: PhoneBookingInput }) =>
  http.post<{ registration: Registration; placesLeft: number | null }>(
    `/api/admin/events/${enc(id)}/registrations`,
    input,
  );
export function useAddPhoneBooking() {
  return useMutation({ mutationFn: addPhoneBooking, onSuccess: useInvalidateEvents() });
}

// DELETE /api/admin/events/:id/registrations/:registrationId
export const removeAttendee = ({ id, registrationId }: { id: string; registrationId: string }) =>
  http.delete<null>(`/api/admin/events/${enc(id)}/registrations/${enc(registrationId)}`);
export function useRemoveAttendee() {
  return useMutation({ mutationFn: removeAttendee, onSuccess: useInvalidateEvents() });
}

// GET /api/admin/screen-matches?from&to
export const screenMatchesQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: eventKeys.screenMatches(from, to),
    queryFn: () => http.get<ScreenMatchList>(`/api/admin/screen-matches?from=${enc(from)}&to=${enc(to)}`),
  });
export const useScreenMatches = (from: string, to: string) => useQuery(screenMatchesQuery(from, to));

// PUT and DELETE /api/admin/screen-matches/:fixtureId
export const setScreenMatch = ({ fixtureId, chosen }: { fixtureId: string; chosen: boolean }) =>
  chosen
    ? http.request<null>('PUT', `/api/admin/screen-matches/${enc(fixtureId)}`).then((r) => r.data)
    : http.delete<null>(`/api/admin/screen-matches/${enc(fixtureId)}`);
export function useSetScreenMatch() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateEvents();
  return useMutation({
    mutationFn: setScreenMatch,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'screen-matches'] });
      invalidate();
    },
  });
}

// PUT /api/admin/events/:id/image (the picture's own bytes) and DELETE
export const setEventImage = async ({ id, file }: { id: string; file: Blob }) =>
  (await http.request<{ event: ClubEvent }>('PUT', `/api/admin/events/${enc(id)}/image`, { body: file }))
    .data;
export function useSetEventImage() {
  return useMutation({ mutationFn: setEventImage, onSuccess: useInvalidateEvents() });
}
export const removeEventImage = (id: string) =>
  http.delete<{ event: ClubEvent }>(`/api/admin/events/${enc(id)}/image`);
export function useRemoveEventImage() {
  return useMutation({ mutationFn: removeEventImage, onSuccess: useInvalidateEvents() });
}
