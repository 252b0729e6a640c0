/** Money from the API is integer pence; times are UTC. Shown as £ and in UK (Europe/London) time. */

export { formatPence, formatPoundsTick, moneyTicks, penceAsPounds } from '@lastman/api/rules';

/** Building an Intl formatter costs about a millisecond; each is built on first use, not on load. */
function lazily<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

const london = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }));
const dateTime = london({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = london({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const timeOnly = london({ hour: '2-digit', minute: '2-digit' });
const dayKey = london({ year: 'numeric', month: '2-digit', day: '2-digit' });
const zone = london({ timeZoneName: 'short' });

/** "Sat 14 Sep, 15:00" in UK time. */
export const londonDateTime = (iso: string): string => dateTime().format(new Date(iso));
export const londonDate = (iso: string): string => dateOnly().format(new Date(iso));
export const londonTime = (iso: string): string => timeOnly().format(new Date(iso));
/** A key that groups fixtures by their UK calendar day. */
export const londonDayKey = (iso: string): string => dayKey().format(new Date(iso));
/** "BST" or "GMT" at that moment. */
export const londonZone = (iso: string): string =>
  zone()
    .formatToParts(new Date(iso))
    .find((p) => p.type === 'timeZoneName')?.value ?? 'UK time';

/** "2d 4h 10m", "3h 05m 09s", "45s"; null once passed. */
export function countdownText(msLeft: number): string | null {
  if (msLeft <= 0) return null;
  const s = Math.floor(msLeft / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return `${d}d ${h}h ${pad(m)}m`;
  if (h > 0) return `${h}h ${pad(m)}m ${pad(sec)}s`;
  if (m > 0) return `${m}m ${pad(sec)}s`;
  return `${sec}s`;
}

const ordinalRules = new Intl.PluralRules('en-GB', { type: 'ordinal' });
const ORDINAL_ENDINGS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
/** 1st, 2nd, 3rd, 4th, 11th, 22nd… */
export const ordinal = (n: number): string => `${n}${ORDINAL_ENDINGS[ordinalRules.select(n)] ?? 'th'}`;
