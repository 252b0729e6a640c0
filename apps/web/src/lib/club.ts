import type { ClientConfig, Club } from '@lastman/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './api.ts';
import { CLUB_SLUG_KEY } from './session.ts';
import { storage } from './storage/storage.ts';

export async function fetchClub(): Promise<Club> {
  const slug = await storage.get(CLUB_SLUG_KEY).catch(() => '');
  return http.get<Club>(slug ? `/api/club?slug=${encodeURIComponent(slug)}` : '/api/club');
}

export const clubQuery = queryOptions({ queryKey: ['club'], queryFn: fetchClub, staleTime: 10 * 60_000 });
export const useClub = () => useQuery(clubQuery);

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => http.get<ClientConfig>('/api/config'),
  staleTime: 60 * 60_000,
});
