import { GameInputError, inputErrorCodes } from './errors.ts';
import { compareStrings } from './strings.ts';
import type { Fixture, FixtureStatus, Score, Season } from './types.ts';
import { dayNumber, minuteOfDay, ukLocalToUtc } from './uk-time.ts';

/** Kick-off assumed for a fixture whose time the data does not give. */
export const TBC_KICKOFF_TIME = '15:00';

const ROUND_RE = /^Matchday (\d+)$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw new GameInputError(inputErrorCodes.seasonFormat, message);
}

function describe(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function parseGoals(value: unknown, where: string): Score {
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    !value.every((goals) => Number.isSafeInteger(goals) && goals >= 0)
  ) {
    fail(`${where} must be [home goals, away goals] as two whole numbers, got ${describe(value)}`);
  }
  return { home: value[0], away: value[1] };
}

function parseStatus(value: unknown, where: string): 'postponed' | 'abandoned' | null {
  if (value === undefined) return null;
  if (value === 'postponed' || value === 'abandoned') return value;
  return fail(`${where}.status must be "postponed" or "abandoned" when present, got ${describe(value)}`);
}

function parseMatch(raw: unknown, index: number): Fixture {
  const at = `matches[${index}]`;
  if (!isRecord(raw)) fail(`${at} must be an object, got ${describe(raw)}`);
  const { round, date, time, team1, team2, score } = raw;
  if (typeof round !== 'string')
    fail(`${at}.round must be a string like "Matchday 1", got ${describe(round)}`);
  const roundMatch = ROUND_RE.exec(round);
  const roundNumber = roundMatch ? Number(roundMatch[1]) : 0;
  if (!roundMatch || roundNumber < 1 || !Number.isSafeInteger(roundNumber)) {
    fail(`${at}.round must look like "Matchday N" with N at least 1, got ${describe(round)}`);
  }
  if (typeof team1 !== 'string' || team1.trim() === '') {
    fail(`${at}.team1 must be a team name, got ${describe(team1)}`);
  }
  if (typeof team2 !== 'string' || team2.trim() === '') {
    fail(`${at}.team2 must be a team name, got ${describe(team2)}`);
  }
  const label = `${at} (${round}, ${team1} v ${team2})`;
  if (team1 === team2) fail(`${label}: a team cannot play itself`);
  if (typeof date !== 'string' || dayNumber(date) === null) {
    fail(`${label}: date must be a real calendar date YYYY-MM-DD, got ${describe(date)}`);
  }
  if (time !== undefined && (typeof time !== 'string' || minuteOfDay(time) === null)) {
    fail(`${label}: time must be HH:MM (24-hour UK time), got ${describe(time)}`);
  }
  let result: Score | null = null;
  if (Array.isArray(score)) {
    // The generator writes a score with no half-time as the bare full-time pair: "score": [0, 0].
    result = parseGoals(score, `${label}: score`);
  } else if (score !== undefined) {
    if (!isRecord(score)) fail(`${label}: score must be an object or [home, away], got ${describe(score)}`);
    if (score.ht !== undefined) parseGoals(score.ht, `${label}: score.ht`);
    if (score.ft !== undefined) result = parseGoals(score.ft, `${label}: score.ft`);
  }
  const flagged = parseStatus(raw.status, label);
  let status: FixtureStatus = result ? 'finished' : 'scheduled';
  if (flagged) {
    status = flagged;
    result = null;
  }
  const timeTbc = time === undefined;
  return {
    id: `${roundNumber}:${team1}:${team2}`,
    round: roundNumber,
    home: team1,
    away: team2,
    kickoff: ukLocalToUtc(date, timeTbc ? TBC_KICKOFF_TIME : time),
    date,
    timeTbc,
    result,
    status,
  };
}

/**
 * Reads a parsed openfootball season file ({ name, matches: [...] }) into teams and fixtures.
 * Times in the file are UK wall-clock times (GMT or BST); kick-offs come out in UTC.
 * Throws GameInputError naming the first problem found.
 */
export function parseOpenfootballSeason(json: unknown): Season {
  if (!isRecord(json)) fail(`the season must be a JSON object with "matches", got ${describe(json)}`);
  const { name, matches } = json;
  if (name !== undefined && typeof name !== 'string') fail(`"name" must be a string, got ${describe(name)}`);
  if (!Array.isArray(matches)) fail(`"matches" must be an array, got ${describe(matches)}`);
  if (matches.length === 0) fail('"matches" is empty: the season has no fixtures');
  const fixtures = matches.map(parseMatch);
  const ids = new Set<string>();
  const teams = new Set<string>();
  for (const fixture of fixtures) {
    if (ids.has(fixture.id)) {
      fail(`Matchday ${fixture.round} lists ${fixture.home} v ${fixture.away} more than once`);
    }
    ids.add(fixture.id);
    teams.add(fixture.home);
    teams.add(fixture.away);
  }
  return { name: name ?? '', teams: [...teams].sort(compareStrings), fixtures };
}
