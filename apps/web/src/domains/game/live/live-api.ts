import type { CompetitionLive, CompetitionSummary, DemoRoundStarted, SeasonRound } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/api.ts';
import { listenToLiveEvents } from '../../../lib/live-events.ts';
import { gameKeys } from '../../../lib/query-keys.ts';
import {
  patchScore,
  patchSeasonRound,
  STATES_REFETCH_DEBOUNCE_MS,
  statesRefetchDelay,
} from './live-cache.ts';

const enc = encodeURIComponent;

/**
 * A competition whose current round's deadline has passed: its matches are being played or wait for
 * results. An open one counts too from its first deadline (the server marks it running at its next
 * settlement pass, within seconds). Only then does a screen ask for the competition's live state, so
 * a first screen before the deadline costs no call for it.
 */
export const isRoundInPlay = (c: CompetitionSummary, now = Date.now()) =>
  (c.status === 'running' || c.status === 'open') && c.deadline !== null && Date.parse(c.deadline) <= now;

/**
 * A competition a screen waits on for match day: open or running. The game screen holds the tab's
 * live stream while it shows one, so a round that kicks off (or is moved to now, as the demo does)
 * reaches it without a reload.
 */
export const awaitsMatchDay = (c: CompetitionSummary) => c.status === 'running' || c.status === 'open';

/** The game's screens are fetched again at most this often for scores of matches they do not show. */
export const SCREEN_REFETCH_GAP_MS = 5000;

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
export function useLiveUpdates(enabled: boolean, watchedSeasons: readonly string[] = []) {
  const client = useQueryClient();
  // One string: the effect (and the stream) stays put while the same seasons are watched.
  const seasons = [...new Set(watchedSeasons)].sort().join(' ');
  useEffect(() => {
    if (!enabled) return;
    const watched = new Set(seasons.split(' ').filter(Boolean));
    let screenFetchedAt = 0;
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
        let shown = false;
        for (const [key, data] of client.getQueriesData<SeasonRound>({ queryKey: gameKeys.all })) {
          if (key[1] !== 'season' || !data?.fixtures) continue;
          const patched = patchSeasonRound(data, event);
          if (patched !== data) client.setQueryData(key, patched);
        }
        for (const [key, data] of client.getQueriesData<CompetitionLive>({ queryKey: gameKeys.all })) {
          if (key.at(-1) !== 'live' || !data?.fixtures) continue;
          if (data.fixtures.some((f) => f.fixtureId === event.fixtureId)) shown = true;
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
        // A match of a watched season is being played and no live view shows it: a round has kicked
        // off since the screen was fetched. Fetch the screen again, and the live panel appears.
        if (!shown && watched.has(event.seasonId)) {
          const delay = Math.max(
            STATES_REFETCH_DEBOUNCE_MS,
            screenFetchedAt + SCREEN_REFETCH_GAP_MS - Date.now(),
          );
          later('screen', delay, () => {
            screenFetchedAt = Date.now();
            void client.invalidateQueries({ queryKey: gameKeys.competitions() });
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
  }, [client, enabled, seasons]);
}

/** Longest a timer waits in one go (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Fetches the game's screens again when the next of these deadlines passes: the round locks, its
 * picks show, and the live panel appears on a screen left open, without a reload.
 */
export function useRefetchAtDeadlines(deadlines: readonly (string | null)[]) {
  const client = useQueryClient();
  const now = Date.now();
  const next = Math.min(
    ...deadlines.map((d) => (d === null ? Number.POSITIVE_INFINITY : Date.parse(d))).filter((t) => t > now),
  );
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    const timer = setTimeout(
      // A second after the deadline: the server's clock and this one's may differ a little.
      () => void client.invalidateQueries({ queryKey: gameKeys.all }),
      Math.min(MAX_TIMER_MS, Math.max(0, next - Date.now() + 1000)),
    );
    return () => clearTimeout(timer);
  }, [client, next]);
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
