import type {
  CompetitionDetail,
  CompetitionList,
  EntryView,
  GameScreen,
  PickResponse,
  RoundFixtures,
  RoundPicks,
  RuleDescriptionList,
  SeasonList,
  SeasonRound,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';
import { isOnline, OFFLINE_MESSAGE } from '../../../lib/online.ts';

import { gameKeys } from '../../../lib/query-keys.ts';

const enc = encodeURIComponent;

export { gameKeys };

// GET /api/competitions
export const fetchCompetitions = () => http.get<CompetitionList>('/api/competitions');
export const competitionsQuery = (enabled = true) =>
  queryOptions({ queryKey: gameKeys.competitions(), queryFn: fetchCompetitions, staleTime: 15_000, enabled });
export const useCompetitions = (enabled = true) => useQuery(competitionsQuery(enabled));

// GET /api/club/competitions?club=<slug>: what a visitor sees of a club's competitions (fee, pot, deadline).
export const fetchClubCompetitions = (slug: string) =>
  http.get<CompetitionList>(`/api/club/competitions?club=${enc(slug)}`);
export const clubCompetitionsQuery = (slug: string) =>
  queryOptions({
    queryKey: [...gameKeys.competitions(), 'club', slug] as const,
    queryFn: () => fetchClubCompetitions(slug),
    staleTime: 60_000,
  });
export const useClubCompetitions = (slug: string | undefined) =>
  useQuery({ ...clubCompetitionsQuery(slug ?? ''), enabled: slug !== undefined });

// GET /api/game: the game screen in one call. Each competition's detail seeds its own query, so
// the pick, rules and selections screens open without asking again.
export const fetchGameScreen = () => http.get<GameScreen>('/api/game');
export const gameScreenQuery = (enabled = true) =>
  queryOptions({
    queryKey: gameKeys.screen(),
    queryFn: async ({ client }) => {
      const screen = await fetchGameScreen();
      const updatedAt = Date.now();
      for (const detail of screen.competitions) {
        client.setQueryData(gameKeys.competition(detail.competition.id), detail, { updatedAt });
      }
      return screen;
    },
    staleTime: 15_000,
    enabled,
  });
export const useGameScreen = (enabled = true) => useQuery(gameScreenQuery(enabled));

// GET /api/competitions/:id
export const fetchCompetition = (id: string) => http.get<CompetitionDetail>(`/api/competitions/${enc(id)}`);
export const competitionQuery = (id: string) =>
  queryOptions({
    queryKey: gameKeys.competition(id),
    queryFn: () => fetchCompetition(id),
    staleTime: 15_000,
  });
export const useCompetition = (id: string) => useQuery({ ...competitionQuery(id), enabled: id !== '' });

// GET /api/competitions/:id/rounds/:round/fixtures
export const fetchRoundFixtures = (id: string, round: number) =>
  http.get<RoundFixtures>(`/api/competitions/${enc(id)}/rounds/${round}/fixtures`);
export const roundFixturesQuery = (id: string, round: number) =>
  queryOptions({
    queryKey: gameKeys.roundFixtures(id, round),
    queryFn: () => fetchRoundFixtures(id, round),
    staleTime: 15_000,
  });
export const useRoundFixtures = (id: string, round: number | null) =>
  useQuery({ ...roundFixturesQuery(id, round ?? 0), enabled: round !== null && id !== '' });

// GET /api/competitions/:id/rounds/:round/picks
export const fetchRoundPicks = (id: string, round: number) =>
  http.get<RoundPicks>(`/api/competitions/${enc(id)}/rounds/${round}/picks`);
export const roundPicksQuery = (id: string, round: number) =>
  queryOptions({ queryKey: gameKeys.roundPicks(id, round), queryFn: () => fetchRoundPicks(id, round) });
export const useRoundPicks = (id: string, round: number | null) =>
  useQuery({ ...roundPicksQuery(id, round ?? 0), enabled: round !== null });

// GET /api/competition-rules
export const fetchRuleDescriptions = () => http.get<RuleDescriptionList>('/api/competition-rules');
export const ruleDescriptionsQuery = queryOptions({
  queryKey: gameKeys.rules(),
  queryFn: fetchRuleDescriptions,
  staleTime: 60 * 60_000,
});
export const useRuleDescriptions = () => useQuery(ruleDescriptionsQuery);

// GET /api/seasons
export const fetchSeasons = () => http.get<SeasonList>('/api/seasons');
export const seasonsQuery = (enabled = true) =>
  queryOptions({ queryKey: gameKeys.seasons(), queryFn: fetchSeasons, staleTime: 60_000, enabled });
export const useSeasons = (enabled = true) => useQuery(seasonsQuery(enabled));

// GET /api/seasons/:id/rounds/:round
export const fetchSeasonRound = (id: string, round: number) =>
  http.get<SeasonRound>(`/api/seasons/${enc(id)}/rounds/${round}`);
export const seasonRoundQuery = (id: string, round: number) =>
  queryOptions({
    queryKey: gameKeys.seasonRound(id, round),
    queryFn: () => fetchSeasonRound(id, round),
    staleTime: 30_000,
  });
export const useSeasonRound = (id: string | undefined, round: number | null, refetchMs?: number) =>
  useQuery({
    ...seasonRoundQuery(id ?? '', round ?? 0),
    enabled: Boolean(id) && round !== null,
    ...(refetchMs ? { refetchInterval: refetchMs } : {}),
  });

// POST /api/competitions/:id/entries
export const joinCompetition = (id: string) => http.post<EntryView>(`/api/competitions/${enc(id)}/entries`);
export function useJoinCompetition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinCompetition,
    onSuccess: (_entry, id) => {
      void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(id) });
    },
  });
}

// PUT /api/entries/:id/picks/:round
export interface PickInput {
  competitionId: string;
  entryId: string;
  round: number;
  teamId: string;
}
export const makePick = ({ entryId, round, teamId }: PickInput) =>
  http
    .request<PickResponse>('PUT', `/api/entries/${enc(entryId)}/picks/${round}`, { body: { teamId } })
    .then((r) => r.data);
export function useMakePick() {
  const queryClient = useQueryClient();
  return useMutation({
    // Never parked silently while offline (the default): refused at once, with the reason.
    networkMode: 'always',
    mutationFn: (input: PickInput) => {
      if (!isOnline())
        throw new Error(
          `${OFFLINE_MESSAGE} Your pick was not sent: confirm it again when you are back online.`,
        );
      return makePick(input);
    },
    onSuccess: (_pick, { competitionId, round }) => {
      void queryClient.invalidateQueries({ queryKey: gameKeys.roundFixtures(competitionId, round) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.roundPicks(competitionId, round) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(competitionId) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.screen() });
    },
  });
}

// DELETE /api/entries/:id/picks/:round
export const removePick = ({ entryId, round }: Omit<PickInput, 'teamId'>) =>
  http.delete<null>(`/api/entries/${enc(entryId)}/picks/${round}`);
export function useRemovePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePick,
    onSuccess: (_r, { competitionId, round }) => {
      void queryClient.invalidateQueries({ queryKey: gameKeys.roundFixtures(competitionId, round) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.roundPicks(competitionId, round) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.competition(competitionId) });
      void queryClient.invalidateQueries({ queryKey: gameKeys.screen() });
    },
  });
}
