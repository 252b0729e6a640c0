import type { ScreenList, ScreenPair, ScreenPaired, ScreenState } from '@lastman/api';
import { SCREEN_PAIRING } from '@lastman/api/game/rules';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../../lib/api.ts';
import { HttpError } from '../../../../lib/http.ts';
import { listenToLiveEvents } from '../../../../lib/live-events.ts';

const enc = encodeURIComponent;

export const screenKeys = {
  device: (slug: string) => ['screen', slug] as const,
  admin: ['admin', 'screens'] as const,
};

/**
 * What the TV screen shows, as one fetch: the device's screen as it stands (GET, by its cookie);
 * unknown, revoked or with its code run out (404), or pending with a code this page no longer holds
 * (a reload), it asks for a new code (POST). The code is told only once, so the page keeps it.
 */
export async function fetchScreen(queryClient: QueryClient, slug: string): Promise<ScreenState> {
  const previous = queryClient.getQueryData<ScreenState>(screenKeys.device(slug));
  try {
    const state = await http.get<ScreenState>(`/api/screens/current?club=${enc(slug)}`);
    if (state.paired) return state;
    if (previous && !previous.paired && previous.code) return { ...state, code: previous.code };
  } catch (error) {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
  }
  return http.post<ScreenState>('/api/screens', { club: slug });
}

/**
 * The screen's one data hook. Unpaired it asks every few seconds whether an admin has entered its
 * code; paired it refreshes the board every 10 s, in the background too (a TV has no focus), and a
 * failed refresh (the pub's Wi-Fi dropped) keeps the last board and tries again at the next tick.
 * Between ticks, `useScreen` refetches the moment the screen's live stream tells of a score or result.
 */
export function screenQuery(queryClient: QueryClient, slug: string, refreshMs: number) {
  return queryOptions({
    queryKey: screenKeys.device(slug),
    queryFn: () => fetchScreen(queryClient, slug),
    refetchInterval: (query) =>
      query.state.data?.paired ? refreshMs : SCREEN_PAIRING.pairingPollSeconds * 1000,
    refetchIntervalInBackground: true,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

export function useScreen(slug: string, refreshMs = SCREEN_PAIRING.refreshSeconds * 1000) {
  const queryClient = useQueryClient();
  const query = useQuery(screenQuery(queryClient, slug, refreshMs));
  const paired = query.data?.paired === true;
  useEffect(() => {
    // Paired only: the stream is the device's (by its cookie), refused until an admin pairs it.
    if (!paired) return;
    return listenToLiveEvents(
      () => void queryClient.invalidateQueries({ queryKey: screenKeys.device(slug) }),
      `/api/screens/current/live?club=${enc(slug)}`,
    );
  }, [paired, queryClient, slug]);
  return query;
}

// The club's admin: its paired screens, pairing one by its code, unpairing one.
export const fetchClubScreens = () => http.get<ScreenList>('/api/admin/screens');
export const clubScreensQuery = queryOptions({ queryKey: screenKeys.admin, queryFn: fetchClubScreens });
export const useClubScreens = () => useQuery(clubScreensQuery);

export function usePairScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScreenPair) => http.post<ScreenPaired>('/api/admin/screens/pair', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: screenKeys.admin }),
  });
}

export function useUnpairScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete<null>(`/api/admin/screens/${enc(id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: screenKeys.admin }),
  });
}
