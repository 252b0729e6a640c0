import type { NotificationPreferences } from '@lastman/api';
import { clockText } from '@lastman/api/format';
import { minutesIntoDay } from '@lastman/api/time';
import type { NotificationKind } from './kinds.ts';
import type { ChannelChoice, notificationPreferences } from './schema.ts';

export type PreferenceRow = typeof notificationPreferences.$inferSelect;

export const DEFAULT_TIME_ZONE = 'Europe/London';

/** The channels a user chose for a kind, or the kind's defaults; email of news only with consent. */
export function channelsFor(row: PreferenceRow | undefined, kind: NotificationKind): ChannelChoice {
  const chosen = row?.channels[kind.kind] ?? kind.defaults;
  const consent = !kind.emailNeedsConsent || Boolean(row?.newsEmailConsentAt);
  return { push: chosen.push, email: chosen.email && consent, inApp: chosen.inApp };
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** True inside the user's quiet hours (a window that may run past midnight); never when off. */
export function inQuietHours(row: PreferenceRow | undefined, at: Date): boolean {
  if (!row?.quietEnabled) return false;
  const m = minutesIntoDay(at, row.timeZone);
  const { quietStart: s, quietEnd: e } = row;
  if (s === e) return false;
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/** The preference centre as the API shows it: every kind the viewer may get, with its channels. */
export function preferencesView(
  row: PreferenceRow | undefined,
  isStaff: boolean,
  kinds: readonly NotificationKind[],
): NotificationPreferences {
  return {
    timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE,
    quietHours: {
      enabled: row?.quietEnabled ?? false,
      start: clockText(row?.quietStart ?? 22 * 60),
      end: clockText(row?.quietEnd ?? 7 * 60),
    },
    kinds: kinds
      .filter((k) => isStaff || !k.staffOnly)
      .map((k) => ({ kind: k.kind, label: k.label, ...channelsFor(row, k) })),
  };
}

export function quietMinutes(input: NotificationPreferences['quietHours']) {
  return { quietEnabled: input.enabled, quietStart: minutesOf(input.start), quietEnd: minutesOf(input.end) };
}
