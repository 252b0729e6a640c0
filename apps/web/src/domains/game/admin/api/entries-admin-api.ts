import type {
  AdminEntryList,
  AdminEntryView,
  CashBuyBackCreated,
  CashEntryCreate,
  CashEntryCreated,
  EntryKnockedOut,
  Member,
  PickResponse,
  ResultPreview,
  ResultUpdate,
} from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';
import { paymentsAdminKeys, refundOrder } from '../../../payments/index.ts';
import { gameKeys } from '../../api/game-api.ts';

const enc = encodeURIComponent;

export const entriesKeys = {
  all: (competitionId: string) => ['admin', 'entries', competitionId] as const,
  list: (competitionId: string, search: string) => ['admin', 'entries', competitionId, search] as const,
};

// GET /api/admin/competitions/:id/entries?search=
export const fetchCompetitionEntries = (competitionId: string, search: string) =>
  http.get<AdminEntryList>(
    `/api/admin/competitions/${enc(competitionId)}/entries${search ? `?search=${enc(search)}` : ''}`,
  );
export const competitionEntriesQuery = (competitionId: string, search: string) =>
  queryOptions({
    queryKey: entriesKeys.list(competitionId, search),
    queryFn: () => fetchCompetitionEntries(competitionId, search),
  });
export const useCompetitionEntries = (competitionId: string, search: string) =>
  useQuery(competitionEntriesQuery(competitionId, search));

/** A knock-out, a reinstatement or a cash entry changes the entries, the competition and its history. */
function useEntriesChanged(competitionId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: entriesKeys.all(competitionId) });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'payouts', competitionId] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: gameKeys.competition(competitionId) });
    void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() });
  };
}

function useIssuesChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: paymentsAdminKeys.issues });
}

// POST /api/admin/competitions/:id/entries/:entryId/knock-out
export function useKnockOut(competitionId: string) {
  return useMutation({
    mutationFn: ({ entryId, reason, refund }: { entryId: string; reason: string; refund: boolean }) =>
      http.post<EntryKnockedOut>(
        `/api/admin/competitions/${enc(competitionId)}/entries/${enc(entryId)}/knock-out`,
        refund ? { reason, refund } : { reason },
      ),
    onSuccess: useEntriesChanged(competitionId),
    // A refused refund is listed under payments needing attention.
    onSettled: useIssuesChanged(),
  });
}

// POST /api/admin/competitions/:id/entries/:entryId/reinstate
export function useReinstate(competitionId: string) {
  return useMutation({
    mutationFn: (entryId: string) =>
      http.post<AdminEntryView>(
        `/api/admin/competitions/${enc(competitionId)}/entries/${enc(entryId)}/reinstate`,
      ),
    onSuccess: useEntriesChanged(competitionId),
  });
}

// POST /api/admin/competitions/:id/entries/:entryId/buy-back: cash at the bar, or a free rejoin.
export function useRecordBuyBack(competitionId: string) {
  return useMutation({
    mutationFn: ({ entryId, reference }: { entryId: string; reference?: string }) =>
      http.post<CashBuyBackCreated>(
        `/api/admin/competitions/${enc(competitionId)}/entries/${enc(entryId)}/buy-back`,
        reference ? { reference } : {},
      ),
    onSuccess: useEntriesChanged(competitionId),
  });
}

// POST /api/admin/orders/:id/refunds, for one entry from the entries list (a knocked-out one).
export function useRefundEntry(competitionId: string) {
  const changed = useEntriesChanged(competitionId);
  return useMutation({
    mutationFn: ({ orderId, entryId }: { orderId: string; entryId: string }) =>
      refundOrder({ orderId, entryIds: [entryId] }),
    onSuccess: changed,
    onSettled: useIssuesChanged(),
  });
}

// POST /api/admin/competitions/:id/cash-entries
export function useRecordCashEntry(competitionId: string) {
  return useMutation({
    mutationFn: (input: CashEntryCreate) =>
      http.post<CashEntryCreated>(`/api/admin/competitions/${enc(competitionId)}/cash-entries`, input),
    onSuccess: useEntriesChanged(competitionId),
  });
}

// PUT /api/admin/competitions/:id/entries/:entryId/picks/:round: the club picks for a name-only player.
export function usePickForEntry(competitionId: string) {
  const queryClient = useQueryClient();
  const changed = useEntriesChanged(competitionId);
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ entryId, round, teamId }: { entryId: string; round: number; teamId: string }) =>
      http
        .request<PickResponse>(
          'PUT',
          `/api/admin/competitions/${enc(competitionId)}/entries/${enc(entryId)}/picks/${round}`,
          { body: { teamId } },
        )
        .then((r) => r.data),
    onSuccess: (_, { round }) => {
      changed();
      void queryClient.invalidateQueries({ queryKey: gameKeys.roundFixtures(competitionId, round) });
    },
  });
}

// GET /api/admin/members: whom a cash entry can be recorded for.
export const useClubMembers = () =>
  useQuery({
    queryKey: ['admin', 'members'],
    queryFn: () => http.get<{ members: Member[] }>('/api/admin/members'),
  });

// POST /api/admin/fixtures/:id/result/preview: what saving the result would do (nothing is saved).
export function usePreviewResult() {
  return useMutation({
    mutationFn: ({ fixtureId, result }: { fixtureId: string; result: ResultUpdate }) =>
      http.post<ResultPreview>(`/api/admin/fixtures/${enc(fixtureId)}/result/preview`, result),
  });
}
