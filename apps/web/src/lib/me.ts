import type { Me, Role } from '@lastman/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './api.ts';
import { HttpError } from './http.ts';

export type { Me, Role };

/**
 * The signed-in user, or null when signed out. The session is checked first (null, not 401, when
 * signed out) so a visitor's browser logs no failed request.
 */
export async function fetchMe(): Promise<Me | null> {
  const current = await http.get<{ session?: unknown } | null>('/api/auth/get-session');
  if (!current?.session) return null;
  try {
    return await http.get<Me>('/api/me');
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryKey = ['me'] as const;
export const meQuery = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 5 * 60_000 });
export const useMe = () => useQuery(meQuery);

const roleRank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };
export const hasRole = (role: Role | undefined, needed: Role): boolean =>
  role !== undefined && roleRank[role] >= roleRank[needed];
