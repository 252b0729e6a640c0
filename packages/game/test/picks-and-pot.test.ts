import { describe, expect, it } from 'vitest';
import {
  analyseRound,
  autoPickTeam,
  pickRejections,
  poolPotPence,
  potPence,
  roundDeadline,
  splitPot,
  usedTeams,
  validatePick,
} from '../src/index.ts';
import { fx } from './helpers.ts';

const teams = ['A', 'B', 'C', 'D', 'E', 'F'];
const round = analyseRound(3, [
  fx(3, '2024-08-17', 'A', 'B', null, '12:30'),
  fx(3, '2024-08-17', 'C', 'D', null),
  fx(3, '2024-10-01', 'E', 'B', null),
]);
const voidRound = analyseRound(4, [
  fx(4, '2024-08-24', 'A', 'B', null),
  fx(4, '2024-10-01', 'C', 'D', null),
  fx(4, '2024-11-01', 'E', 'F', null),
]);
const base = { rules: {}, seasonTeams: teams, round, entryActive: true, earlierPicks: ['A'] };

describe('pick validation', () => {
  it('accepts a team that plays in the round and was not used, also one rescheduled out of it', () => {
    expect(validatePick(base, 'C')).toEqual({ ok: true });
    expect(validatePick(base, 'E')).toEqual({ ok: true });
  });

  it('refuses with a typed reason', () => {
    expect(validatePick({ ...base, entryActive: false }, 'C')).toEqual({
      ok: false,
      reason: pickRejections.entryNotActive,
    });
    expect(validatePick(base, 'Q')).toEqual({ ok: false, reason: pickRejections.unknownTeam });
    expect(validatePick(base, 'F')).toEqual({ ok: false, reason: pickRejections.teamNotPlaying });
    expect(validatePick(base, 'A')).toEqual({ ok: false, reason: pickRejections.teamAlreadyUsed });
    expect(validatePick({ ...base, round: voidRound }, 'C')).toEqual({
      ok: false,
      reason: pickRejections.roundVoid,
    });
  });

  it('refuses a pick at or after the deadline', () => {
    const deadline = roundDeadline(round) ?? 0;
    expect(new Date(deadline).toISOString()).toBe('2024-08-17T10:30:00.000Z');
    expect(validatePick({ ...base, now: deadline - 1 }, 'C')).toEqual({ ok: true });
    expect(validatePick({ ...base, now: deadline }, 'C')).toEqual({
      ok: false,
      reason: pickRejections.deadlinePassed,
    });
    expect(validatePick({ ...base, now: deadline + 30 * 60_000, deadlineMinutes: 0 }, 'C')).toEqual({
      ok: true,
    });
  });

  it('under afterAllUsed, frees every team once all of them were used', () => {
    const all = ['A', 'B', 'C', 'D', 'E', 'F'];
    expect(usedTeams({}, teams, all)).toEqual(new Set(all));
    expect(usedTeams({ reuse: 'afterAllUsed' }, teams, all)).toEqual(new Set());
    expect(usedTeams({ reuse: 'afterAllUsed' }, teams, [...all, 'C'])).toEqual(new Set(['C']));
    expect(validatePick({ ...base, rules: { reuse: 'afterAllUsed' }, earlierPicks: all }, 'A')).toEqual({
      ok: true,
    });
  });

  it('auto-picks the first usable team in plain string order that plays', () => {
    expect(autoPickTeam({}, teams, round, ['A'])).toBe('B');
    expect(autoPickTeam({}, teams, round, ['A', 'B', 'C', 'D', 'E'])).toBeNull();
  });
});

describe('pot and payouts', () => {
  it('pool: sum of fees less the house share, rounded down', () => {
    expect(poolPotPence(3 * 1000, 10)).toBe(2700);
    expect(poolPotPence(7 * 333, 7)).toBe(2167);
    expect(poolPotPence(0, 0)).toBe(0);
    expect(potPence({ model: 'pool', confirmedFeesPence: [500, 500, 250], houseSharePercent: 15 })).toBe(
      1062,
    );
    expect(poolPotPence(Number.MAX_SAFE_INTEGER, 1)).toBe(Math.floor((Number.MAX_SAFE_INTEGER / 100) * 99));
    expect(() => poolPotPence(100, 101)).toThrow(/house share/);
    expect(() => poolPotPence(1.5, 10)).toThrow(/whole pence/);
  });

  it('fixed and free: the prize the club set, 0 if none', () => {
    expect(potPence({ model: 'fixed', prizePence: 5000 })).toBe(5000);
    expect(potPence({ model: 'free' })).toBe(0);
    expect(potPence({ model: 'free', prizePence: 2500 })).toBe(2500);
  });

  it('splits equally, rounded down, the remainder staying with the club', () => {
    expect(splitPot(1000, ['a', 'b', 'c'])).toEqual({
      payouts: { a: 333, b: 333, c: 333 },
      remainderPence: 1,
    });
    expect(splitPot(1800, ['e1'])).toEqual({ payouts: { e1: 1800 }, remainderPence: 0 });
    expect(splitPot(1800, [])).toEqual({ payouts: {}, remainderPence: 0 });
  });
});
