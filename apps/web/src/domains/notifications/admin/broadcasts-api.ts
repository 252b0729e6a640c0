import type { BroadcastAccepted, BroadcastInput, BroadcastList } from '@lastman/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/api.ts';

export const broadcastKeys = { list: () => ['admin', 'broadcasts'] as const };

// GET /api/admin/broadcasts: what was sent, and whom a message would reach now.
export const fetchBroadcasts = () => http.get<BroadcastList>('/api/admin/broadcasts');
export const broadcastsQuery = queryOptions({ queryKey: broadcastKeys.list(), queryFn: fetchBroadcasts });
export const useBroadcasts = () => useQuery(broadcastsQuery);

// POST /api/admin/broadcasts
export function useSendBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BroadcastInput) => http.post<BroadcastAccepted>('/api/admin/broadcasts', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: broadcastKeys.list() }),
  });
}
