import type { CompetitionLive, CompetitionSummary, DemoRoundStarted, LiveEvent } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../../lib/api.ts';
import { listenToLiveEvents } from '../../../lib/live-events.ts';
import { gameKeys } from '../../../lib/query-keys.ts';

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

/** Writes a live score into every cached live view that shows the match, at once (the states follow on refetch). */
function patchScore(
  live: CompetitionLive,
  event: Extract<LiveEvent, { type: 'live-score' }>,
): CompetitionLive {
  if (!live.fixtures.some((f) => f.fixtureId === event.fixtureId)) return live;
  return {
    ...live,
    fixtures: live.fixtures.map((f) =>
      f.fixtureId === event.fixtureId && f.status !== 'finished'
        ? {
            ...f,
            homeGoals: event.homeGoals,
            awayGoals: event.awayGoals,
            minute: event.minute,
            feed: event.feed,
            source: event.source,
          }
        : f,
    ),
  };
}

/**
 * Keeps the game's screens current on match day from the tab's one live stream: a live score shows at
 * once and the entries' states are fetched again; results (a round may have settled) or a resync
 * refresh the game's data.
 */
export function useLiveUpdates(enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return listenToLiveEvents((event) => {
      if (event.type === 'live-score') {
        const touched: (readonly unknown[])[] = [];
        for (const [key, data] of client.getQueriesData<CompetitionLive>({ queryKey: gameKeys.all })) {
          if (key.at(-1) !== 'live' || !data?.fixtures) continue;
          const next = patchScore(data, event);
          if (next !== data) {
            client.setQueryData(key, next);
            touched.push(key);
          }
        }
        for (const key of touched) void client.invalidateQueries({ queryKey: key, exact: true });
        return;
      }
      void client.invalidateQueries({ queryKey: gameKeys.all });
    });
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
