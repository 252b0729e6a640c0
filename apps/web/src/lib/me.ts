import type { Me, Role } from '@lastman/api';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
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

/**
 * Whether the server has said that the session holds: not the copy of /api/me restored from the
 * device at start, nor one a refused call put in doubt (both stay invalidated until /api/me answers).
 * A member's calls that a screen makes by itself (a badge, a section) wait for it: asked on a session
 * that has ended meanwhile, they would be refused before /api/me says that nobody is signed in.
 */
export function useSessionConfirmed(): boolean {
  const client = useQueryClient();
  const me = useMe();
  // Reading `isStale` re-renders the caller when /api/me is invalidated or answers.
  return me.data != null && (!me.isStale || client.getQueryState(meQueryKey)?.isInvalidated === false);
}

const roleRank: Record<Role, number> = { player: 0, staff: 1, admin: 2 };
export const hasRole = (role: Role | null | undefined, needed: Role): boolean =>
  role != null && roleRank[role] >= roleRank[needed];
