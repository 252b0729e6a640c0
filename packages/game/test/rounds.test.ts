import { describe, expect, it } from 'vitest';
import {
  analyseRound,
  analyseRounds,
  roundDeadline,
  roundOutcomes,
  roundSettleState,
  teamOutcome,
} from '../src/index.ts';
import { fx, loadSeason } from './helpers.ts';

const HOUR = 3_600_000;

describe('round analysis on hand-made rounds', () => {
  it('takes the lower median date and marks fixtures more than 3 days away as rescheduled out', () => {
    const r = analyseRound(1, [
      fx(1, '2024-08-17', 'A', 'B', [1, 0]),
      fx(1, '2024-08-18', 'C', 'D', [1, 1]),
      fx(1, '2024-08-21', 'E', 'F', [0, 2]),
      fx(1, '2024-08-22', 'G', 'H', [0, 2]),
    ]);
    expect(r.referenceDate).toBe('2024-08-18');
    expect(r.fixtures.map((f) => f.rescheduledOut)).toEqual([false, false, false, true]);
    expect(r.isVoid).toBe(false);
    expect(teamOutcome(r, 'A')).toBe('win');
    expect(teamOutcome(r, 'B')).toBe('loss');
    expect(teamOutcome(r, 'C')).toBe('draw');
    expect(teamOutcome(r, 'F')).toBe('win');
    expect(teamOutcome(r, 'G')).toBe('postponed');
    expect(teamOutcome(r, 'Z')).toBeNull();
    expect(r.teams).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
  });

  it('is void when fewer than half of the fixtures lie in the window, and not when exactly half do', () => {
    const half = analyseRound(2, [
      fx(2, '2024-08-14', 'A', 'B', [1, 0]),
      fx(2, '2024-08-17', 'C', 'D', [1, 0]),
      fx(2, '2024-09-20', 'E', 'F', [1, 0]),
      fx(2, '2024-10-20', 'G', 'H', [1, 0]),
    ]);
    expect(half.referenceDate).toBe('2024-08-17');
    expect(half.isVoid).toBe(false);
    const fewer = analyseRound(3, [
      fx(3, '2024-08-10', 'A', 'B', [1, 0]),
      fx(3, '2024-08-17', 'C', 'D', [1, 0]),
      fx(3, '2024-09-20', 'E', 'F', [1, 0]),
      fx(3, '2024-10-20', 'G', 'H', [1, 0]),
      fx(3, '2024-11-20', 'I', 'J', [1, 0]),
    ]);
    expect(fewer.referenceDate).toBe('2024-09-20');
    expect(fewer.isVoid).toBe(true);
    expect(roundDeadline(fewer)).toBeNull();
    expect(fewer.teams).toHaveLength(10);
  });

  it('counts the earliest fixture of a team that has two in the round', () => {
    const r = analyseRound(4, [
      fx(4, '2024-08-18', 'A', 'C', [0, 3]),
      fx(4, '2024-08-17', 'A', 'B', [2, 0], '12:30'),
      fx(4, '2024-08-17', 'D', 'E', null, '17:30'),
    ]);
    expect(teamOutcome(r, 'A')).toBe('win');
    expect(teamOutcome(r, 'C')).toBe('win');
    expect(teamOutcome(r, 'D')).toBe('postponed');
    expect(roundOutcomes(r)).toEqual({ A: 'win', B: 'loss', C: 'win', D: 'postponed', E: 'postponed' });
  });

  it('puts the deadline at the first counted kick-off minus the deadline minutes', () => {
    const r = analyseRound(5, [
      fx(5, '2024-08-10', 'X', 'Y', [1, 0], '12:30'),
      fx(5, '2024-08-17', 'A', 'B', [1, 0], '12:30'),
      fx(5, '2024-08-17', 'C', 'D', [1, 0], '17:30'),
      fx(5, '2024-08-18', 'E', 'F', null, '16:30'),
    ]);
    expect(new Date(roundDeadline(r) ?? 0).toISOString()).toBe('2024-08-17T10:30:00.000Z');
    expect(new Date(roundDeadline(r, 90) ?? 0).toISOString()).toBe('2024-08-17T10:00:00.000Z');
  });

  it('settles when every counted fixture has a result, or 48 hours after the last counted kick-off', () => {
    const open = analyseRound(6, [
      fx(6, '2024-08-17', 'A', 'B', [1, 0]),
      fx(6, '2024-08-18', 'C', 'D', null, '16:30'),
      fx(6, '2024-12-01', 'E', 'F', null),
    ]);
    const last = open.lastCountedKickoff ?? 0;
    expect(new Date(last).toISOString()).toBe('2024-08-18T15:30:00.000Z');
    expect(roundSettleState(open, last + 47 * HOUR)).toEqual({
      ready: false,
      reason: 'waiting',
      settlesBy: last + 48 * HOUR,
    });
    expect(roundSettleState(open, last + 48 * HOUR)).toEqual({ ready: true, reason: 'grace-expired' });
    const done = analyseRound(6, [
      fx(6, '2024-08-17', 'A', 'B', [1, 0]),
      fx(6, '2024-08-18', 'C', 'D', [2, 2], '16:30'),
      fx(6, '2024-12-01', 'E', 'F', null),
    ]);
    expect(roundSettleState(done, last)).toEqual({ ready: true, reason: 'all-results' });
  });

  it('orders rounds by label', () => {
    const rounds = analyseRounds([fx(10, '2024-10-01', 'A', 'B', null), fx(2, '2024-08-24', 'A', 'B', null)]);
    expect(rounds.map((r) => r.round)).toEqual([2, 10]);
    expect(rounds.every((r) => !r.played)).toBe(true);
  });
});

describe('round analysis on the real seasons', () => {
  it('2022-23 Matchday 7 (the Queen’s death weekend) was moved later as a whole and is void', () => {
    const { rounds } = loadSeason('2022-23');
    const md7 = rounds.find((r) => r.round === 7);
    expect(md7?.isVoid).toBe(true);
    expect(md7?.played).toBe(true);
    expect(md7?.fixtures.every((f) => f.fixture.date > '2023-01-01')).toBe(true);
    expect(rounds.filter((r) => r.isVoid).map((r) => r.round)).toEqual([7]);
  });

  it('2020-21 Matchday 1: Burnley v Man Utd was rescheduled out to January and counts as postponed', () => {
    const { rounds } = loadSeason('2020-21');
    const md1 = rounds.find((r) => r.round === 1);
    expect(md1?.referenceDate).toBe('2020-09-13');
    expect(md1?.isVoid).toBe(false);
    const burnley = md1?.fixtures.find((f) => f.fixture.home === 'Burnley FC');
    expect(burnley?.fixture.date).toBe('2021-01-12');
    expect(burnley?.rescheduledOut).toBe(true);
    expect(md1 && teamOutcome(md1, 'Burnley FC')).toBe('postponed');
    expect(md1 && teamOutcome(md1, 'Manchester United FC')).toBe('postponed');
    expect(md1 && teamOutcome(md1, 'Arsenal FC')).toBe('win');
    expect(md1?.teams).toHaveLength(20);
    // First kick-off Sat 12 Sep 2020 12:30 BST.
    expect(md1 && new Date(roundDeadline(md1) ?? 0).toISOString()).toBe('2020-09-12T10:30:00.000Z');
  });

  it('2025-26: Man City v Crystal Palace is postponed in Matchday 31 and does not set its deadline', () => {
    const { rounds } = loadSeason('2025-26');
    const md31 = rounds.find((r) => r.round === 31);
    expect(md31?.isVoid).toBe(false);
    expect(md31 && teamOutcome(md31, 'Manchester City FC')).toBe('postponed');
    expect(md31 && teamOutcome(md31, 'Crystal Palace FC')).toBe('postponed');
    // Wolves v Arsenal was played early (2026-02-18): rescheduled out of the round.
    const early = md31?.fixtures.find((f) => f.fixture.home === 'Wolverhampton Wanderers FC');
    expect(early?.rescheduledOut).toBe(true);
    expect(early?.fixture.result).not.toBeNull();
    expect(md31?.played).toBe(true);
    expect(rounds.filter((r) => r.played).map((r) => r.round)).toEqual([
      ...Array.from({ length: 29 }, (_, i) => i + 1),
      31,
    ]);
  });

  it('finds the void rounds of every season', () => {
    const voids = Object.fromEntries(
      (['2020-21', '2021-22', '2022-23', '2023-24', '2024-25', '2025-26'] as const).map((s) => [
        s,
        loadSeason(s)
          .rounds.filter((r) => r.isVoid)
          .map((r) => r.round),
      ]),
    );
    expect(voids).toEqual({
      '2020-21': [18],
      '2021-22': [18, 30],
      '2022-23': [7],
      '2023-24': [],
      '2024-25': [],
      '2025-26': [],
    });
  });
});
