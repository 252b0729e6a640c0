import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseRounds, GameInputError, parseOpenfootballSeason } from '../src/index.ts';
import { DATA_DIR, loadSeason, SEASONS } from './helpers.ts';

const match = (extra: Record<string, unknown> = {}) => ({
  round: 'Matchday 1',
  date: '2024-08-17',
  time: '15:00',
  team1: 'Arsenal FC',
  team2: 'Chelsea FC',
  score: { ft: [2, 1] },
  ...extra,
});

function parseError(json: unknown): string {
  try {
    parseOpenfootballSeason(json);
  } catch (error) {
    expect(error).toBeInstanceOf(GameInputError);
    return (error as Error).message;
  }
  throw new Error('expected the season to be refused');
}

describe('openfootball parsing', () => {
  it('reads every real season: 20 teams, 380 fixtures, kick-offs in UTC', () => {
    for (const name of SEASONS) {
      const { season } = loadSeason(name);
      expect(season.teams).toHaveLength(20);
      expect(season.fixtures).toHaveLength(380);
      expect([...season.teams].sort()).toEqual(season.teams);
    }
  });

  it('converts BST and GMT kick-offs', () => {
    const { season } = loadSeason('2025-26');
    const opener = season.fixtures.find((f) => f.home === 'Liverpool FC' && f.round === 1);
    expect(opener && new Date(opener.kickoff).toISOString()).toBe('2025-08-15T19:00:00.000Z');
    expect(opener?.result).toEqual({ home: 4, away: 2 });
    expect(opener?.status).toBe('finished');
    const winter = parseOpenfootballSeason({
      name: 'x',
      matches: [match({ date: '2024-12-26', time: '12:30' })],
    });
    expect(new Date(winter.fixtures[0]?.kickoff ?? 0).toISOString()).toBe('2024-12-26T12:30:00.000Z');
  });

  it('flags the postponed 2025-26 Man City v Crystal Palace and assumes 15:00 UK time', () => {
    const { season } = loadSeason('2025-26');
    const postponed = season.fixtures.filter((f) => f.status === 'postponed');
    expect(postponed).toHaveLength(1);
    const [f] = postponed;
    expect(f).toMatchObject({
      round: 31,
      home: 'Manchester City FC',
      away: 'Crystal Palace FC',
      date: '2026-03-21',
    });
    expect(f?.timeTbc).toBe(true);
    expect(f?.result).toBeNull();
    expect(new Date(f?.kickoff ?? 0).toISOString()).toBe('2026-03-21T15:00:00.000Z');
    expect(season.fixtures.filter((x) => x.result === null)).toHaveLength(89);
  });

  it('reads the bundled 2026-27 Premier League and Championship as the 2026-27 snapshot has them', () => {
    const read = (file: string) =>
      parseOpenfootballSeason(JSON.parse(readFileSync(`${DATA_DIR}/${file}.json`, 'utf8')));
    const pl = read('premier-league-2026-27');
    expect(pl.name).toBe('English Premier League 2026/27');
    expect([pl.teams.length, pl.fixtures.length]).toEqual([20, 380]);
    // Matchdays 1-4 played (three as a bare "score": [0, 0] pair), the rest to come.
    expect(pl.fixtures.filter((f) => f.status === 'finished')).toHaveLength(40);
    expect(analyseRounds(pl.fixtures)).toHaveLength(38);
    const ch = read('championship-2026-27');
    expect(ch.name).toBe('English Championship 2026/27');
    expect([ch.teams.length, ch.fixtures.length]).toEqual([24, 552]);
    expect(ch.fixtures.filter((f) => f.status === 'finished')).toHaveLength(83);
    expect(analyseRounds(ch.fixtures)).toHaveLength(46);
    // From Matchday 25 the kick-off times are not fixed yet: 15:00 UK time is assumed.
    expect(ch.fixtures.filter((f) => f.timeTbc)).toHaveLength(264);
  });

  it('treats an empty score or a missing ft as no result, and ignores a missing ht', () => {
    const s = parseOpenfootballSeason({
      name: 'x',
      matches: [
        match({ score: {} }),
        match({ team1: 'Everton FC', score: { ht: [0, 0] } }),
        match({ team1: 'Fulham FC', score: { ft: [0, 0] } }),
        match({ team1: 'Brentford FC', score: undefined }),
        // 2026-27's files write a score without a half-time as the bare full-time pair.
        match({ team1: 'Burnley FC', score: [0, 0] }),
      ],
    });
    expect(s.fixtures.map((f) => f.result)).toEqual([
      null,
      null,
      { home: 0, away: 0 },
      null,
      { home: 0, away: 0 },
    ]);
    expect(s.fixtures.map((f) => f.status)).toEqual([
      'scheduled',
      'scheduled',
      'finished',
      'scheduled',
      'finished',
    ]);
  });

  it('names the problem in a malformed file', () => {
    expect(parseError([])).toMatch(/JSON object with "matches"/);
    expect(parseError({ name: 'x' })).toMatch(/"matches" must be an array/);
    expect(parseError({ matches: [] })).toMatch(/no fixtures/);
    expect(parseError({ matches: [match({ round: 'Week 1' })] })).toMatch(/matches\[0\]\.round .*"Week 1"/);
    expect(parseError({ matches: [match({ date: '2024-02-30' })] })).toMatch(
      /matches\[0\] \(Matchday 1, Arsenal FC v Chelsea FC\): date .*"2024-02-30"/,
    );
    expect(parseError({ matches: [match(), match({ time: '25:00' })] })).toMatch(
      /matches\[1\].*time .*"25:00"/,
    );
    expect(parseError({ matches: [match({ team2: 'Arsenal FC' })] })).toMatch(/cannot play itself/);
    expect(parseError({ matches: [match({ team2: 7 })] })).toMatch(/team2 must be a team name/);
    expect(parseError({ matches: [match({ score: { ft: [1] } })] })).toMatch(/score\.ft must be/);
    expect(parseError({ matches: [match({ score: { ft: [1, -1] } })] })).toMatch(/score\.ft must be/);
    expect(parseError({ matches: [match({ score: [1] })] })).toMatch(/: score must be \[home goals/);
    expect(parseError({ matches: [match({ score: 'x' })] })).toMatch(/score must be an object or/);
    expect(parseError({ matches: [match({ status: 'cancelled' })] })).toMatch(/status must be/);
    expect(parseError({ matches: [match(), match()] })).toMatch(/more than once/);
  });
});
