import type { CompetitionLive, CompetitionSummary, DemoRoundStarted } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/api.ts';
import { listenToLiveEvents } from '../../../lib/live-events.ts';
import { gameKeys } from '../../../lib/query-keys.ts';
import { patchScore, STATES_REFETCH_DEBOUNCE_MS, statesRefetchDelay } from './live-cache.ts';

const enc = encodeURIComponent;

/**
 * A running competition whose current round's deadline has passed: its matches are being played or
 * wait for results. Only then does a screen ask for live state or open the live stream, so a first
 * screen before the deadline costs no call for it.
 */
export const isRoundInPlay = (c: CompetitionSummary, now = Date.now()) =>
  c.status === 'running' && c.deadline !== null && Date.parse(c.deadline) <= now;

/** Under the competition's key: whatever refreshes the competition refreshes its live state too. */
export const liveKey = (competitionId: string) => [...gameKeys.competition(competitionId), 'live'] as const;

// GET /api/competitions/:id/live
export const fetchCompetitionLive = (id: string) =>
  http.get<CompetitionLive>(`/api/competitions/${enc(id)}/live`);
export const competitionLiveQuery = (id: string, enabled = true) =>
  queryOptions({
    queryKey: liveKey(id),
    queryFn: () => fetchCompetitionLive(id),
    // The live events keep it fresh; a fetch on focus is the fallback.
    staleTime: 60_000,
    enabled,
  });
export const useCompetitionLive = (id: string, enabled = true) => useQuery(competitionLiveQuery(id, enabled));

/**
 * Keeps the game's screens current on match day from the tab's one live stream. A live score shows at
 * once (written into every cached live view of the match); when it moved the goals or the feed's state,
 * the entries' states are fetched again, once for the changes that arrive together and no sooner than
 * a few seconds after the last fetch. A new minute alone fetches nothing. Results (a round may have
 * settled) or a resync refresh the game's data, once for a burst of them.
 */
export function useLiveUpdates(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const pending = new Map<string, ReturnType<typeof setTimeout>>();
    const later = (id: string, delay: number, run: () => void) => {
      // A fetch already on its way comes after this change: it brings it too.
      if (pending.has(id)) return;
      pending.set(
        id,
        setTimeout(() => {
          pending.delete(id);
          run();
        }, delay),
      );
    };
    const stop = listenToLiveEvents((event) => {
      if (event.type === 'live-score') {
        for (const [key, data] of client.getQueriesData<CompetitionLive>({ queryKey: gameKeys.all })) {
          if (key.at(-1) !== 'live' || !data?.fixtures) continue;
          const patched = patchScore(data, event);
          if (!patched.changed) continue;
          // Still dated by its last fetch: the states in it are that old.
          const fetchedAt = client.getQueryState(key)?.dataUpdatedAt ?? 0;
          client.setQueryData(key, patched.live, { updatedAt: fetchedAt });
          if (!patched.statesChanged) continue;
          later(JSON.stringify(key), statesRefetchDelay(fetchedAt, Date.now()), () => {
            void client.invalidateQueries({ queryKey: key, exact: true });
          });
        }
        return;
      }
      later('all', STATES_REFETCH_DEBOUNCE_MS, () => {
        void client.invalidateQueries({ queryKey: gameKeys.all });
      });
    });
    return () => {
      stop();
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, [client, enabled]);
}

// POST /api/admin/live/demo-round: the demo's sped-up match day.
export const playDemoRound = () =>
  http.post<DemoRoundStarted>('/api/admin/live/demo-round', { playSeconds: 180 });
export function usePlayDemoRound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: playDemoRound,
    onSuccess: () => client.invalidateQueries({ queryKey: gameKeys.all }),
  });
}
