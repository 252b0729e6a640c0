import type { ClientConfig, Club } from '@lastman/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './api.ts';
import { useMe } from './me.ts';
import { CLUB_SLUG_KEY } from './session.ts';
import { storage } from './storage/storage.ts';

export async function fetchClub(): Promise<Club> {
  const slug = await storage.get(CLUB_SLUG_KEY).catch(() => '');
  return http.get<Club>(slug ? `/api/club?slug=${encodeURIComponent(slug)}` : '/api/club');
}

export const clubQuery = queryOptions({ queryKey: ['club'], queryFn: fetchClub, staleTime: 10 * 60_000 });

/**
 * The club the app shows: a signed-in member's own, which /api/me already carries (no call of its
 * own), or for a visitor the club of this address or of their `/c/<slug>` link.
 */
export function useClub(): { data: Club | undefined } {
  const me = useMe();
  const visitor = useQuery({ ...clubQuery, enabled: me.data === null });
  return { data: me.data?.club ?? visitor.data };
}

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => http.get<ClientConfig>('/api/config'),
  staleTime: 60 * 60_000,
});
