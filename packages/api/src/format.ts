// Every date, time, money and hours text the screens, emails and CSV files show, each written once.
// Instants are shown in UK (Europe/London) time; a calendar date 'YYYY-MM-DD' is shown as itself, in
// any time zone. Money is integer pence. No zod and no import but time.ts, so the web app's first
// chunk can import this (`@lastman/api/format`).

import { epochMs, type Instant, londonNumericFormat, londonOffsetMinutes, toLondon } from './time.ts';

/** Building an Intl formatter costs about a millisecond: each is built on first use, then kept. */
function lazily<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

const inLondon = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', ...options }));
/** A calendar date is formatted at its UTC noon, in UTC: the same day whatever the zone. */
const onCalendar = (options: Intl.DateTimeFormatOptions) =>
  lazily(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options }));
const noonOf = (date: string) => new Date(`${date}T12:00:00Z`);

const dateTimeFmt = inLondon({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const dateFmt = inLondon({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const timeFmt = inLondon({ hour: '2-digit', minute: '2-digit' });
const dayKeyFmt = inLondon({ year: 'numeric', month: '2-digit', day: '2-digit' });
const weekdayTimeFmt = inLondon({ weekday: 'short', hour: '2-digit', minute: '2-digit' });
const whenLongFmt = inLondon({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});
const longDayFmt = inLondon({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const weekdayFmt = inLondon({ weekday: 'long' });
const dayWordsFmt = onCalendar({ weekday: 'long', day: 'numeric', month: 'long' });
const shortDayFmt = onCalendar({ weekday: 'short', day: 'numeric', month: 'short' });
const dateShortFmt = onCalendar({ day: 'numeric', month: 'short', year: 'numeric' });
const dateLongFmt = onCalendar({ day: 'numeric', month: 'long', year: 'numeric' });

// Instants, in London time.

/** "Sat 14 Sep, 15:00". */
export const londonDateTime = (at: Instant): string => dateTimeFmt().format(epochMs(at));
/** "Sat, 14 Sep 2024". */
export const londonDate = (at: Instant): string => dateFmt().format(epochMs(at));
/** "15:00". */
export const londonTime = (at: Instant): string => timeFmt().format(epochMs(at));
/** "14/09/2024": a key that groups fixtures by their UK calendar day. */
export const londonDayKey = (at: Instant): string => dayKeyFmt().format(epochMs(at));
/**
 * "BST" or "GMT" at that moment, as Intl names them in en-GB: from London's offset, which the
 * conversions already know, rather than a formatter that loads ICU's zone names (30-50 ms of a
 * slowed phone's first page, for the deadline's two letters).
 */
export const londonZone = (at: Instant): string => (londonOffsetMinutes(epochMs(at)) === 60 ? 'BST' : 'GMT');
/** "Sat 18:00": a deadline within the week. */
export const londonWeekdayTime = (at: Instant): string => weekdayTimeFmt().format(epochMs(at));
/** "Saturday 5 December at 18:00". */
export const londonWhenLong = (at: Instant): string => whenLongFmt().format(epochMs(at));
/** "Saturday, 5 December 2026". */
export const londonLongDay = (at: Instant): string => longDayFmt().format(epochMs(at));
/** "Saturday": the weekday in London. */
export const londonWeekday = (at: Instant): string => weekdayFmt().format(epochMs(at));
/** "05/12/2026, 18:00:05": a moment to the second, for a record. */
export const londonNumeric = (at: Instant): string => londonNumericFormat().format(epochMs(at));
/** "2026-12-05 18:00": London date and time as an admin's log or error names them. */
export function londonStamp(at: Instant): string {
  const { date, time } = toLondon(at);
  return `${date} ${time}`;
}
/** "Saturday 5 December": a London day in words, for messages people read (never "2026-12-05"). */
export const londonDayWords = (at: Instant): string => formatDay(toLondon(at).date);
/** "Saturday 5 December, 18:00". */
export function londonWhenWords(at: Instant): string {
  const { date, time } = toLondon(at);
  return `${formatDay(date)}, ${time}`;
}

// Calendar dates ('YYYY-MM-DD').

/** "Monday 9 November". */
export const formatDay = (date: string): string => dayWordsFmt().format(noonOf(date));
/** "Mon 9 Nov". */
export const formatShortDay = (date: string): string => shortDayFmt().format(noonOf(date));
/** "3 Mar 2026". */
export const formatDate = (date: string): string => dateShortFmt().format(noonOf(date));
/** "23 November 2026". */
export const formatLongDate = (date: string): string => dateLongFmt().format(noonOf(date));

// Numbers and money.

const numberFmt = lazily(() => new Intl.NumberFormat('en-GB'));
const hoursFmt = lazily(() => new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }));
const gbpFmt = lazily(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));
const ordinalRules = lazily(() => new Intl.PluralRules('en-GB', { type: 'ordinal' }));
const ORDINAL_ENDINGS: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1234567 → "1,234,567". */
export const formatNumber = (n: number): string => numberFmt().format(n);
/** 1st, 2nd, 3rd, 4th, 11th, 22nd… */
export const ordinal = (n: number): string => `${n}${ORDINAL_ENDINGS[ordinalRules().select(n)] ?? 'th'}`;

/** Integer pence as pounds the British way: 105000 → "£1,050.00", -250 → "-£2.50". */
export const formatPence = (pence: number): string => gbpFmt().format(pence / 100);

/** What one place at an event costs: 600 → "£6.00 a person", 0 → "Free". */
export const formatEventPrice = (pence: number): string =>
  pence > 0 ? `${formatPence(pence)} a person` : 'Free';

/** What an order bought, in words: "1 entry", "3 entries" or "a buy-back after round 3". */
export function orderItems(order: { entryCount: number; buyBack?: { round: number } | null }): string {
  if (order.buyBack) return `a buy-back after round ${order.buyBack.round}`;
  return order.entryCount === 1 ? '1 entry' : `${order.entryCount} entries`;
}

/** An order's line on a receipt: "2 entries × £5.00", or "a buy-back after round 3, £5.00". */
export function orderLine(order: {
  entryCount: number;
  unitPricePence: number;
  buyBack?: { round: number } | null;
}): string {
  return order.buyBack
    ? `${orderItems(order)}, ${formatPence(order.unitPricePence)}`
    : `${orderItems(order)} × ${formatPence(order.unitPricePence)}`;
}

/**
 * Pence as pounds with two decimals and no sign (1250 → "12.50"): money in a CSV file for a
 * spreadsheet, and an amount field's starting text.
 */
export function penceAsPounds(pence: number): string {
  const abs = Math.abs(Math.trunc(pence));
  return `${pence < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "10", "10.5", "£10.50", " 4.5 " → pence; null when not a sum of pounds and pence. */
export function toPence(text: string): number | null {
  const m = /^£?\s*(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/**
 * The ticks of a money axis from 0 to at least `maxPence`: whole pounds in steps of 1, 2 or 5 times
 * a power of ten, about `count` of them, never two alike (£0, £1 for a penny; £0, £500, £1,000, £1,500
 * for £1,250). The last tick is the axis' top.
 */
export function moneyTicks(maxPence: number, count = 4): number[] {
  const top = Math.max(1, Math.ceil(Math.max(0, maxPence) / 100));
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? top);
  const ticks: number[] = [];
  for (let pounds = 0; ; pounds += step) {
    ticks.push(pounds * 100);
    if (pounds >= top) break;
  }
  return ticks;
}

/** A money axis' tick, whole pounds: "£0", "£500", "£1,500". */
export const formatPoundsTick = (pence: number): string => `£${formatNumber(Math.round(pence / 100))}`;

// Durations and hours.

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

/** 395 → "6 h 35 min"; 45 → "45 min"; 0 → "0 h". Lateness too: 75 → "1 h 15 min", never "75 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0 && m > 0) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Hours to two decimals at most: 7.5 → "7.5 h", -14.514 → "-14.51 h", 1234.567 → "1,234.57 h". */
export const formatHours = (hours: number): string =>
  `${hoursFmt().format(Math.round(hours * 100) / 100 || 0)} h`;

/** "22:00" for minutes after midnight (1320). */
export const clockText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Hours to the quarter hour: 7.4 → "7.5 h" (the rota's shifts and totals). */
export const quarterHours = (hours: number): string => `${Math.round(hours * 4) / 4} h`;

/** Hours in words, whole or to a tenth: 8 → "8 hours", 8.25 → "8.3 hours" (the working-time warnings). */
export const hoursWords = (hours: number): string =>
  Number.isInteger(hours) ? `${hours} hours` : `${hours.toFixed(1)} hours`;

/** Minutes as hours with two decimals for a CSV file: 450 → "7.50". */
export const csvHours = (minutes: number): string => (minutes / 60).toFixed(2);
