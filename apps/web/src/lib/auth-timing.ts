export const REFRESH_MARGIN_MS = 5 * 60_000;

/** Refreshes the session 5 minutes before it expires (the original's token refresh margin). */
export function refreshDelay(expiresAt: string | number | Date, now = Date.now()): number {
  return Math.max(0, new Date(expiresAt).getTime() - REFRESH_MARGIN_MS - now);
}
