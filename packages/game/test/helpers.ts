import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Fixture, RoundAnalysis, Season } from '../src/index.ts';
import { analyseRounds, parseOpenfootballSeason, ukLocalToUtc } from '../src/index.ts';

/** The openfootball seasons the project ships (identical copies of shared/data/football). */
export const DATA_DIR = path.resolve(import.meta.dirname, '../../../apps/server/seed/football');
export const SEASONS = ['2020-21', '2021-22', '2022-23', '2023-24', '2024-25', '2025-26'] as const;

export function seasonPath(season: string): string {
  return `${DATA_DIR}/premier-league-${season}.json`;
}

export function loadSeasonJson(season: string): unknown {
  return JSON.parse(readFileSync(seasonPath(season), 'utf8'));
}

export function loadSeason(season: string): { season: Season; rounds: RoundAnalysis[] } {
  const parsed = parseOpenfootballSeason(loadSeasonJson(season));
  return { season: parsed, rounds: analyseRounds(parsed.fixtures) };
}

/** A hand-made fixture: `score` null for no result. */
export function fx(
  round: number,
  date: string,
  home: string,
  away: string,
  score: [number, number] | null,
  time = '15:00',
): Fixture {
  return {
    id: `${round}:${home}:${away}:${date}`,
    round,
    home,
    away,
    kickoff: ukLocalToUtc(date, time),
    date,
    timeTbc: false,
    result: score ? { home: score[0], away: score[1] } : null,
    status: score ? 'finished' : 'scheduled',
  };
}

/** Adds days to a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A weekly round of fixtures on consecutive Saturdays from 2024-08-17. */
export function weekly(round: number, games: [string, string, [number, number] | null][]): Fixture[] {
  const date = addDays('2024-08-17', (round - 1) * 7);
  return games.map(([home, away, score]) => fx(round, date, home, away, score));
}
