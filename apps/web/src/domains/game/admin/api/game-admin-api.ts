import type {
  CompetitionCreate,
  CompetitionDetail,
  CompetitionReviewList,
  CompetitionUpdate,
  FootballDataState,
  PayoutCreate,
  PayoutSummary,
  ReplayPreview,
  ReplayPreviewRequest,
  ResultCorrectionList,
  ResultUpdate,
  ResultUpdateResponse,
  SeasonUpload,
  SeasonUploadResult,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';
import { paymentsAdminKeys } from '../../../payments/index.ts';
import { gameKeys } from '../../api/game-api.ts';

const enc = encodeURIComponent;

export const adminKeys = {
  payoutsAll: ['admin', 'payouts'] as const,
  payouts: (competitionId: string) => ['admin', 'payouts', competitionId] as const,
  reviews: ['admin', 'competition-reviews'] as const,
  correctionsAll: ['admin', 'corrections'] as const,
  corrections: (seasonId: string, round: number) => ['admin', 'corrections', seasonId, round] as const,
  footballData: ['admin', 'football-data'] as const,
};

// GET /api/admin/football/data
export const fetchFootballData = () => http.get<FootballDataState>('/api/admin/football/data');
export const footballDataQuery = () =>
  queryOptions({ queryKey: adminKeys.footballData, queryFn: fetchFootballData, staleTime: 60_000 });
export const useFootballData = () => useQuery(footballDataQuery());

// POST /api/platform/seasons
export const uploadSeason = (input: SeasonUpload) =>
  http.post<SeasonUploadResult>('/api/platform/seasons', input);
export function useUploadSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSeason,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.footballData });
      void queryClient.invalidateQueries({ queryKey: gameKeys.seasons() });
    },
  });
}

/** A competition's admin changes touch the game's lists and that competition. */
function useInvalidateCompetition() {
  const queryClient = useQueryClient();
  return (detail: CompetitionDetail) => {
    queryClient.setQueryData(gameKeys.competition(detail.competition.id), detail);
    void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
  };
}

// POST /api/admin/competitions
export const createCompetition = (input: CompetitionCreate) =>
  http.post<CompetitionDetail>('/api/admin/competitions', input);
export function useCreateCompetition() {
  const after = useInvalidateCompetition();
  return useMutation({ mutationFn: createCompetition, onSuccess: after });
}

// PATCH /api/admin/competitions/:id
export const updateCompetition = ({ id, patch }: { id: string; patch: CompetitionUpdate }) =>
  http.patch<CompetitionDetail>(`/api/admin/competitions/${enc(id)}`, patch);
export function useUpdateCompetition() {
  const after = useInvalidateCompetition();
  return useMutation({ mutationFn: updateCompetition, onSuccess: after });
}

// POST /api/admin/competitions/:id/open
export const openCompetition = (id: string) =>
  http.post<CompetitionDetail>(`/api/admin/competitions/${enc(id)}/open`);
export function useOpenCompetition() {
  const after = useInvalidateCompetition();
  return useMutation({ mutationFn: openCompetition, onSuccess: after });
}

// POST /api/admin/competitions/:id/cancel (refunds every paid entry)
export const cancelCompetition = (id: string) =>
  http.post<CompetitionDetail>(`/api/admin/competitions/${enc(id)}/cancel`);
export function useCancelCompetition() {
  const after = useInvalidateCompetition();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCompetition,
    onSuccess: (d) => {
      after(d);
      void queryClient.invalidateQueries({ queryKey: paymentsAdminKeys.ordersAll });
    },
  });
}

// POST /api/admin/competitions/:id/replay (a "what if": nothing is saved)
export const replayCompetition = ({ id, ...body }: { id: string } & ReplayPreviewRequest) =>
  http.post<ReplayPreview>(`/api/admin/competitions/${enc(id)}/replay`, body);
export const useReplayCompetition = () => useMutation({ mutationFn: replayCompetition });

// PUT /api/admin/fixtures/:id/result
export const setResult = ({ fixtureId, result }: { fixtureId: string; result: ResultUpdate }) =>
  http
    .request<ResultUpdateResponse>('PUT', `/api/admin/fixtures/${enc(fixtureId)}/result`, { body: result })
    .then((r) => r.data);
export function useSetResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setResult,
    // A result re-settles competitions: everything of the game may change, and winners with it.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: gameKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.payoutsAll });
      void queryClient.invalidateQueries({ queryKey: adminKeys.reviews });
      void queryClient.invalidateQueries({ queryKey: adminKeys.correctionsAll });
    },
  });
}

// GET /api/admin/seasons/:id/rounds/:round/corrections
export const fetchRoundCorrections = (seasonId: string, round: number) =>
  http.get<ResultCorrectionList>(`/api/admin/seasons/${enc(seasonId)}/rounds/${round}/corrections`);
export const roundCorrectionsQuery = (seasonId: string, round: number) =>
  queryOptions({
    queryKey: adminKeys.corrections(seasonId, round),
    queryFn: () => fetchRoundCorrections(seasonId, round),
  });
export const useRoundCorrections = (seasonId: string | undefined, round: number | null) =>
  useQuery({ ...roundCorrectionsQuery(seasonId ?? '', round ?? 0), enabled: !!seasonId && round !== null });

// GET /api/admin/competitions/:id/payouts
export const fetchPayouts = (competitionId: string) =>
  http.get<PayoutSummary>(`/api/admin/competitions/${enc(competitionId)}/payouts`);
export const payoutsQuery = (competitionId: string) =>
  queryOptions({ queryKey: adminKeys.payouts(competitionId), queryFn: () => fetchPayouts(competitionId) });
export const usePayouts = (competitionId: string) => useQuery(payoutsQuery(competitionId));

/** A payout or a cleared review changes the competition's payouts and the list of reviews. */
function usePayoutsChanged() {
  const queryClient = useQueryClient();
  return (summary: PayoutSummary) => {
    queryClient.setQueryData(adminKeys.payouts(summary.competitionId), summary);
    void queryClient.invalidateQueries({ queryKey: adminKeys.reviews });
  };
}

// POST /api/admin/competitions/:id/payouts
export const recordPayout = ({ competitionId, payout }: { competitionId: string; payout: PayoutCreate }) =>
  http.post<PayoutSummary>(`/api/admin/competitions/${enc(competitionId)}/payouts`, payout);
export function useRecordPayout() {
  return useMutation({ mutationFn: recordPayout, onSuccess: usePayoutsChanged() });
}

// POST /api/admin/competitions/:id/review/clear
export const clearReview = (competitionId: string) =>
  http.post<PayoutSummary>(`/api/admin/competitions/${enc(competitionId)}/review/clear`);
export function useClearReview() {
  return useMutation({ mutationFn: clearReview, onSuccess: usePayoutsChanged() });
}

// GET /api/admin/competition-reviews
export const fetchReviews = () => http.get<CompetitionReviewList>('/api/admin/competition-reviews');
export const reviewsQuery = queryOptions({ queryKey: adminKeys.reviews, queryFn: fetchReviews });
export const useCompetitionReviews = () => useQuery(reviewsQuery);
