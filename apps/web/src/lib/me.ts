import type { Me, Role } from '@lastman/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './api.ts';
import { isTransientFailure, retryDelayMs } from './retry.ts';
import { meQueryKey, readSession } from './session-follower.ts';

export type { Me, Role };

let sessionExpiresAt: string | undefined;
/** When the session read by the last `fetchMe` expires (for the refresh timer: no second read). */
export const lastSessionExpiry = (): string | undefined => sessionExpiresAt;

/** The signed-in user, or null when the server says nobody is signed in (see readSession). */
export async function fetchMe(): Promise<Me | null> {
  const read = await readSession(http);
  sessionExpiresAt = read.expiresAt;
  return read.me;
}

export { meQueryKey };
export const meQuery = queryOptions({
  queryKey: meQueryKey,
  queryFn: fetchMe,
  staleTime: 5 * 60_000,
  // Who is signed in is asked again until the server answers, however long that takes.
  retry: (_count, error) => isTransientFailure(error),
  retryDelay: retryDelayMs,
});
export const useMe = () => useQuery(meQuery);

const roleRank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };
export const hasRole = (role: Role | null | undefined, needed: Role): boolean =>
  role != null && roleRank[role] >= roleRank[needed];
