import type { Club, ClubSettingsUpdate, Me } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { clubQuery } from '../../../lib/club.ts';
import { HttpError } from '../../../lib/http.ts';
import { meQueryKey } from '../../../lib/me.ts';

const enc = encodeURIComponent;

/** An occurrence as GET /api/events gives it (the events feature serves it). */
export interface EventOccurrence {
  id: string;
  seriesId: string | null;
  title: string;
  startsAt: string;
  endsAt: string;
  place: string | null;
  capacity: number | null;
  placesLeft: number | null;
}
/** A photo as GET /api/gallery/photos gives it (the gallery feature serves it). */
export interface GalleryPhoto {
  id: string;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  caption: string | null;
}

/** A section whose endpoint this build does not have (404) is left out, not shown as an error. */
export const isMissing = (error: unknown) => error instanceof HttpError && error.status === 404;
const noRetryWhenMissing = (count: number, error: unknown) => !isMissing(error) && count < 2;

const clubParam = (slug: string, first: boolean) => (slug ? `${first ? '?' : '&'}club=${enc(slug)}` : '');

export const clubHomeKeys = {
  events: (slug: string) => ['club-home', 'events', slug] as const,
  photos: (slug: string) => ['club-home', 'photos', slug] as const,
};

/** The next fortnight's events, soonest first. */
export const nextEventsQuery = (slug: string) =>
  queryOptions({
    queryKey: clubHomeKeys.events(slug),
    queryFn: () => {
      const from = new Date();
      const to = new Date(from.getTime() + 14 * 24 * 3600_000);
      return http.get<{ events: EventOccurrence[] }>(
        `/api/events?from=${enc(from.toISOString())}&to=${enc(to.toISOString())}${clubParam(slug, false)}`,
      );
    },
    staleTime: 60_000,
    retry: noRetryWhenMissing,
  });
export const useNextEvents = (slug: string | undefined) =>
  useQuery({ ...nextEventsQuery(slug ?? ''), enabled: slug !== undefined });

export const latestPhotosQuery = (slug: string) =>
  queryOptions({
    queryKey: clubHomeKeys.photos(slug),
    queryFn: () =>
      http.get<{ photos: GalleryPhoto[] }>(`/api/gallery/photos?limit=6${clubParam(slug, false)}`),
    staleTime: 60_000,
    retry: noRetryWhenMissing,
  });
export const useLatestPhotos = (slug: string | undefined) =>
  useQuery({ ...latestPhotosQuery(slug ?? ''), enabled: slug !== undefined });

// PATCH /api/admin/club: the club's address, hours and contact; the club in /api/me follows.
export function useUpdateClubDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClubSettingsUpdate) => http.patch<Club>('/api/admin/club', input),
    onSuccess: (club) => {
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, club } : me));
      queryClient.setQueryData(clubQuery.queryKey, club);
    },
  });
}
