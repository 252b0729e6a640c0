import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyseRound,
  type Fixture,
  liveCounts,
  liveEntryState,
  liveRound,
  type Rules,
  ruleValues,
  type Score,
  scoreSurvives,
  settleCompetition,
} from '../src/index.ts';
import { fx } from './helpers.ts';

const noScores = () => null;
const scores = (map: Record<string, [number, number]>) => (id: string) => {
  const s = map[id];
  return s ? { home: s[0], away: s[1] } : null;
};

/** Round 1: A v B and C v D being played, E v F finished 2-0, G v H postponed. */
function matchDay(): { fixtures: Fixture[]; round: ReturnType<typeof analyseRound> } {
  const fixtures = [
    fx(1, '2024-08-17', 'A', 'B', null),
    fx(1, '2024-08-17', 'C', 'D', null),
    fx(1, '2024-08-17', 'E', 'F', [2, 0]),
    { ...fx(1, '2024-08-18', 'G', 'H', null), status: 'postponed' as const },
  ];
  return { fixtures, round: analyseRound(1, fixtures) };
}

describe('a score against a pick', () => {
  it('survives a win, and a draw only where draws survive', () => {
    const f = { home: 'A', away: 'B' };
    expect(scoreSurvives(f, { home: 1, away: 0 }, 'A')).toBe(true);
    expect(scoreSurvives(f, { home: 1, away: 0 }, 'B')).toBe(false);
    expect(scoreSurvives(f, { home: 1, away: 1 }, 'B')).toBe(false);
    expect(scoreSurvives(f, { home: 1, away: 1 }, 'B', { draw: 'survive' })).toBe(true);
  });
});

describe('live entry state', () => {
  const { fixtures, round } = matchDay();
  const ab = (fixtures[0] as Fixture).id;

  it('is waiting before kick-off, then through or out-if as the score stands', () => {
    expect(liveEntryState(round, 'A', noScores)).toBe('waiting');
    expect(liveEntryState(round, 'A', scores({ [ab]: [1, 0] }))).toBe('through');
    expect(liveEntryState(round, 'B', scores({ [ab]: [1, 0] }))).toBe('out-if');
    // A goal taken back: the state follows the score, either way.
    expect(liveEntryState(round, 'B', scores({ [ab]: [0, 0] }))).toBe('out-if');
    expect(liveEntryState(round, 'B', scores({ [ab]: [0, 0] }), { draw: 'survive' })).toBe('through');
  });

  it('is safe or out only once the match is over, by the rules', () => {
    expect(liveEntryState(round, 'E', noScores)).toBe('safe');
    expect(liveEntryState(round, 'F', noScores)).toBe('out');
    // A postponed match: survives under the default rule, out under the other.
    expect(liveEntryState(round, 'G', noScores)).toBe('safe');
    expect(liveEntryState(round, 'H', noScores, { postponed: 'eliminate' })).toBe('out');
    // A live score on a finished match is ignored: the result counts.
    expect(liveEntryState(round, 'F', scores({ [(fixtures[2] as Fixture).id]: [0, 3] }))).toBe('out');
  });

  it('no pick is out under "no pick, you are out", waiting under auto-pick; a void round is safe', () => {
    expect(liveEntryState(round, null, noScores)).toBe('out');
    expect(liveEntryState(round, null, noScores, { missedPick: 'autoPick' })).toBe('waiting');
    const voidRound = analyseRound(2, [
      fx(2, '2024-08-14', 'A', 'B', null),
      fx(2, '2024-09-20', 'C', 'D', null),
      fx(2, '2024-10-20', 'E', 'F', null),
    ]);
    expect(voidRound.isVoid).toBe(true);
    expect(liveEntryState(voidRound, 'A', noScores)).toBe('safe');
  });

  it('with a life left, a losing pick stays in by losing it, live and at full time', () => {
    const lives = { lives: 1 };
    expect(liveEntryState(round, 'B', scores({ [ab]: [1, 0] }), lives, 1)).toBe('life-if');
    expect(liveEntryState(round, 'B', scores({ [ab]: [1, 0] }), lives, 0)).toBe('out-if');
    expect(liveEntryState(round, 'A', scores({ [ab]: [1, 0] }), lives, 1)).toBe('through');
    expect(liveEntryState(round, 'F', noScores, lives, 1)).toBe('life-lost');
    expect(liveEntryState(round, null, noScores, lives, 1)).toBe('life-lost');
    // Lives left without lives in the rules count for nothing.
    expect(liveEntryState(round, 'B', scores({ [ab]: [1, 0] }), {}, 1)).toBe('out-if');
    const live = liveRound(
      round,
      [
        { id: 'e1', team: 'B', livesLeft: 1 },
        { id: 'e2', team: 'F', livesLeft: 1 },
      ],
      new Map([[ab, { home: 2, away: 1 }]]),
      lives,
    );
    expect(live.counts).toEqual({ stillIn: 2, inDanger: 0, out: 0, safe: 0, waiting: 0 });
  });

  it('counts entries still in and in danger', () => {
    const live = liveRound(
      round,
      [
        { id: 'e1', team: 'A' },
        { id: 'e2', team: 'B' },
        { id: 'e3', team: 'C' },
        { id: 'e4', team: 'E' },
        { id: 'e5', team: 'F' },
        { id: 'e6', team: null },
      ],
      new Map([[ab, { home: 2, away: 1 }]]),
    );
    expect(live.entries.map((e) => e.state)).toEqual(['through', 'out-if', 'waiting', 'safe', 'out', 'out']);
    expect(live.counts).toEqual({ stillIn: 3, inDanger: 1, out: 2, safe: 1, waiting: 1 });
    expect(liveCounts([])).toEqual({ stillIn: 0, inDanger: 0, out: 0, safe: 0, waiting: 0 });
  });
});

const anyRules = fc.record({
  draw: fc.constantFrom(...ruleValues.draw),
  reuse: fc.constantFrom(...ruleValues.reuse),
  missedPick: fc.constantFrom(...ruleValues.missedPick),
  postponed: fc.constantFrom(...ruleValues.postponed),
  allOut: fc.constantFrom(...ruleValues.allOut),
  lives: fc.integer({ min: 0, max: 3 }),
}) as fc.Arbitrary<Rules>;
const goals = fc.integer({ min: 0, max: 6 });

describe('live state against settlement (properties)', () => {
  it('"through if it ends like this" is exactly what settlement decides when it ends like this', () => {
    fc.assert(
      fc.property(
        anyRules,
        fc.array(fc.tuple(goals, goals), { minLength: 2, maxLength: 2 }),
        (rules, raw) => {
          const teams = ['A', 'B', 'C', 'D'];
          const live = [fx(1, '2024-08-17', 'A', 'B', null), fx(1, '2024-08-17', 'C', 'D', null)];
          const liveScores = new Map<string, Score>(
            live.map((f, i) => [f.id, { home: raw[i]?.[0] ?? 0, away: raw[i]?.[1] ?? 0 }]),
          );
          const during = analyseRound(1, live);
          const ended = analyseRound(
            1,
            live.map((f) => ({ ...f, status: 'finished' as const, result: liveScores.get(f.id) ?? null })),
          );
          // Two entries per team so an all-out rollover cannot hide an elimination; one entry stays safe.
          const entries = teams.flatMap((t) => [`${t}1`, `${t}2`].map((id) => ({ id, team: t })));
          const result = settleCompetition({
            rules,
            teams,
            rounds: [ended],
            startRound: 1,
            entries: entries.map((e) => ({ id: e.id, picks: { 1: e.team } })),
          });
          const settled = result.rounds[0];
          // Every entry starts with the rules' lives, as in settlement.
          const withLives = entries.map((e) => ({ ...e, livesLeft: rules.lives }));
          const states = liveRound(during, withLives, liveScores, rules).entries;
          const finals = liveRound(ended, withLives, new Map(), rules).entries;
          const ends = { through: 'safe', 'life-if': 'life-lost', 'out-if': 'out' } as Record<string, string>;
          for (const [i, s] of states.entries()) {
            const final = finals[i]?.state;
            expect(ends[s.state]).toBe(final);
            if (settled && !settled.rollover && settled.status === 'played') {
              expect(settled.survived.includes(s.id)).toBe(s.state !== 'out-if');
              expect((settled.livesLost ?? []).includes(s.id)).toBe(s.state === 'life-if');
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
