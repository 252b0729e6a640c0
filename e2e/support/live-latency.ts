/// <reference lib="dom" />
import type { DemoRoundStarted } from '@lastman/api';
import type { Page } from '@playwright/test';

/**
 * The time from the demo's stand-in of football-data.org changing a match to a browser showing it.
 * The stand-in plays a script from `startedAt`: kick-off (minute 1) at once, then minute m at
 * m x playMs / 92 (scriptMatch in demo-match-day.ts); a goal is scored at one of those steps. The page
 * records each change of a match's score or minute as it reaches the DOM, so every minute shown dates
 * the stand-in's change it came from.
 */
export interface Shown {
  t: number;
  fixture: string;
  goals: string;
  minute: number | null;
}

/** For `addInitScript`: records every change of the live panel's scores and minutes in `window.__shown`. */
export function recordLiveScores() {
  const w = window as unknown as { __shown: Shown[] };
  w.__shown = [];
  const last = new Map<string, string>();
  const scan = () => {
    const t = Date.now();
    for (const row of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="live-score"]'))) {
      const fixture = row.dataset.fixture ?? '';
      const goals = row.querySelector('.live-score__goals')?.textContent ?? '';
      const minuteText = row.querySelector('.live-minute')?.textContent ?? '';
      const minute = /^\d+/.test(minuteText) ? Number.parseInt(minuteText, 10) : null;
      const key = `${goals}|${minute}`;
      if (last.get(fixture) === key) continue;
      last.set(fixture, key);
      w.__shown.push({ t, fixture, goals, minute });
    }
  };
  new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
}

export const shownOn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shown: Shown[] }).__shown);

/** The latest match minute the page has shown (0 before kick-off). */
export const lastMinuteShown = async (page: Page) =>
  Math.max(0, ...(await shownOn(page)).map((s) => s.minute ?? 0));

/** When the stand-in set a match to `minute`, by the demo round's answer. */
export function standInClock(started: DemoRoundStarted) {
  const startedAt = Date.parse(started.startedAt);
  const minuteMs = started.playMs / 92;
  return {
    minuteMs,
    changedAt: (minute: number) => startedAt + (minute === 1 ? 0 : Math.round(minute * minuteMs)),
  };
}

/**
 * Each stand-in change the page showed, made after `listeningAt` (earlier ones came with the page, not
 * pushed): the delay to the DOM of every match's each minute, and of the goals among them.
 */
export async function standInLatencies(page: Page, started: DemoRoundStarted, listeningAt: number) {
  const { changedAt } = standInClock(started);
  const shown = (await shownOn(page)).filter((s) => s.minute !== null && changedAt(s.minute) > listeningAt);
  const firstOf = new Map<string, Shown>();
  for (const s of shown) {
    const key = `${s.fixture}:${s.minute}`;
    if (!firstOf.has(key)) firstOf.set(key, s);
  }
  const all = [...firstOf.values()].map((s) => s.t - changedAt(s.minute as number));
  const goals = shown
    .filter((s, i) => {
      const before = shown.slice(0, i).findLast((p) => p.fixture === s.fixture);
      return before !== undefined && before.goals !== s.goals;
    })
    .map((s) => s.t - changedAt(s.minute as number));
  return { all, goals };
}

export function summary(ms: readonly number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return `median ${at(0.5)}, p90 ${at(0.9)}, max ${sorted.at(-1)} (n=${sorted.length})`;
}
