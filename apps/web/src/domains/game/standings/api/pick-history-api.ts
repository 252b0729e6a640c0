import type { EntryPickHistory } from '@lastman/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/api.ts';
import { gameKeys } from '../../api/game-api.ts';

const enc = encodeURIComponent;

// GET /api/competitions/:id/entries/:entryId/picks (under the competition's key: a settled round refreshes it)
export const fetchPickHistory = (competitionId: string, entryId: string) =>
  http.get<EntryPickHistory>(`/api/competitions/${enc(competitionId)}/entries/${enc(entryId)}/picks`);
export const pickHistoryQuery = (competitionId: string, entryId: string) =>
  queryOptions({
    queryKey: [...gameKeys.competition(competitionId), 'entry-picks', entryId] as const,
    queryFn: () => fetchPickHistory(competitionId, entryId),
    staleTime: 30_000,
  });
export const usePickHistory = (competitionId: string, entryId: string) =>
  useQuery(pickHistoryQuery(competitionId, entryId));
