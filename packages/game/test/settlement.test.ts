import { describe, expect, it } from 'vitest';
import {
  analyseRounds,
  compareStrings,
  compileCompetition,
  entryHistory,
  type Fixture,
  GameInputError,
  initialState,
  type Rules,
  settleCompetition,
  settleFrom,
  settleNextRound,
} from '../src/index.ts';
import { fx, weekly } from './helpers.ts';

type Picks = Record<string, string>;

function settle(
  fixtures: Fixture[],
  entries: Record<string, Picks>,
  rules: Partial<Rules> = {},
  startRound = 1,
) {
  const teams = [...new Set(fixtures.flatMap((f) => [f.home, f.away]))].sort(compareStrings);
  return settleCompetition({
    rules,
    teams,
    rounds: analyseRounds(fixtures),
    startRound,
    entries: Object.entries(entries).map(([id, picks]) => ({ id, picks })),
  });
}

// Four teams, two games a week. A beats B, C and D draw, unless a round says otherwise.
const basic = (round: number, score2: [number, number] = [1, 1]) =>
  weekly(round, [
    ['A', 'B', [2, 0]],
    ['C', 'D', score2],
  ]);
const season = (rounds: number) => Array.from({ length: rounds }, (_, i) => basic(i + 1)).flat();

describe('settling a round', () => {
  it('a win survives, a loss is eliminated, a draw is eliminated by default', () => {
    const r = settle(season(3), { w: { 1: 'A' }, l: { 1: 'B' }, d: { 1: 'C' }, w2: { 1: 'A' } });
    expect(r.rounds[0]).toEqual({
      round: 1,
      status: 'played',
      survived: ['w', 'w2'],
      eliminated: ['d', 'l'],
      rollover: false,
    });
  });

  it('draw: survive keeps a drawing pick in', () => {
    const r = settle(season(3), { w: { 1: 'A' }, d: { 1: 'C' }, l: { 1: 'B' } }, { draw: 'survive' });
    expect(r.rounds[0]?.survived).toEqual(['d', 'w']);
  });

  it('a missed pick is eliminated by default', () => {
    const r = settle(season(3), { w: { 1: 'A' }, none: {}, x: { 2: 'A' } });
    expect(r.rounds[0]?.eliminated).toEqual(['none', 'x']);
    expect(r).toMatchObject({ decided: true, winners: ['w'], finalRound: 1 });
  });

  it('autoPick takes the first usable team in plain string order that plays, and uses it up', () => {
    const fixtures = [
      ...weekly(1, [
        ['b', 'A', [0, 1]],
        ['C', 'D', [1, 0]],
      ]),
      ...weekly(2, [
        ['A', 'C', [0, 1]],
        ['b', 'D', [1, 0]],
      ]),
      ...weekly(3, [
        ['A', 'D', [1, 1]],
        ['b', 'C', [0, 0]],
      ]),
    ];
    // Round 1: auto-pick A (uppercase sorts before lowercase), which wins. Round 2: A is used, so C, which wins.
    const r = settle(fixtures, { auto: {}, other: { 1: 'C', 2: 'C' } }, { missedPick: 'autoPick' });
    expect(r.rounds[0]?.survived).toEqual(['auto', 'other']);
    expect(r.rounds[1]).toMatchObject({ survived: ['auto'], eliminated: ['other'] });
    const compiled = compileCompetition({
      rules: { missedPick: 'autoPick' },
      teams: ['A', 'C', 'D', 'b'],
      rounds: analyseRounds(fixtures),
      startRound: 1,
      entries: [{ id: 'auto', picks: {} }],
    });
    const state = settleFrom(compiled);
    expect(entryHistory(compiled, state, 'auto')).toEqual([{ round: 1, team: 'A' }]);
  });

  it('autoPick eliminates an entry with no usable team left', () => {
    const fixtures = [
      ...weekly(1, [['A', 'B', [1, 0]]]),
      ...weekly(2, [['A', 'B', [0, 1]]]),
      ...weekly(3, [['A', 'B', [1, 0]]]),
    ];
    const r = settle(fixtures, { e: { 1: 'A', 2: 'B' }, f: { 1: 'A', 2: 'B' } }, { missedPick: 'autoPick' });
    expect(r.rounds[2]).toMatchObject({ round: 3, survived: ['e', 'f'], rollover: true });
    expect(r).toMatchObject({ decided: true, winners: ['e', 'f'], finalRound: 3 });
  });

  it('a pick of a team used before counts as no pick (reuse: never)', () => {
    const r = settle(
      season(3),
      { again: { 1: 'A', 2: 'A' }, fresh: { 1: 'A', 2: 'C' }, keep: { 1: 'A', 2: 'A' } },
      {
        draw: 'survive',
      },
    );
    expect(r.rounds[1]).toMatchObject({ survived: ['fresh'], eliminated: ['again', 'keep'] });
  });

  it('a pick of a team that does not play in the round counts as no pick', () => {
    const fixtures = [...weekly(1, [['A', 'B', [1, 0]]]), ...weekly(2, [['C', 'D', [1, 0]]]), ...basic(3)];
    const r = settle(fixtures, { a: { 1: 'A', 2: 'A' }, c: { 1: 'A', 2: 'C' } });
    expect(r.rounds[1]).toMatchObject({ survived: ['c'], eliminated: ['a'] });
  });

  it('reuse: afterAllUsed starts a new cycle once every team of the season was used', () => {
    const picks = { 1: 'A', 2: 'B', 3: 'C', 4: 'D', 5: 'A', 6: 'A' };
    const r = settle(season(7), { cycle: picks, twin: picks }, { draw: 'survive', reuse: 'afterAllUsed' });
    // B loses in round 2 and A is used again in round 6: both rounds roll over, as both entries pick alike.
    expect(r.rounds.map((x) => x.rollover)).toEqual([false, true, false, false, false, true, true]);
    expect(r.rounds[4]?.survived).toEqual(['cycle', 'twin']);
    expect(r.rounds[4]).toMatchObject({ round: 5, rollover: false });
    const never = settle(season(7), { cycle: picks, twin: picks }, { draw: 'survive' });
    expect(never.rounds[4]).toMatchObject({ round: 5, survived: ['cycle', 'twin'], rollover: true });
  });

  it('a postponed pick survives and uses its team; postponed: eliminate knocks it out', () => {
    const fixtures = [
      ...weekly(1, [
        ['A', 'B', [1, 0]],
        ['C', 'D', null],
      ]),
      ...basic(2),
      ...basic(3),
    ];
    const r = settle(fixtures, { p: { 1: 'C', 2: 'C' }, w: { 1: 'A', 2: 'A' }, q: { 1: 'D', 2: 'A' } });
    expect(r.rounds[0]?.survived).toEqual(['p', 'q', 'w']);
    expect(r.rounds[1]).toMatchObject({ survived: ['q'], eliminated: ['p', 'w'] });
    const strict = settle(fixtures, { p: { 1: 'C' }, w: { 1: 'A' } }, { postponed: 'eliminate' });
    expect(strict.rounds[0]).toMatchObject({ survived: ['w'], eliminated: ['p'] });
  });

  it('a fixture rescheduled out of its round is postponed for the round', () => {
    const fixtures = [
      fx(1, '2024-08-17', 'A', 'B', [1, 0]),
      fx(1, '2024-08-17', 'C', 'D', [1, 0]),
      fx(1, '2024-09-20', 'E', 'F', [5, 0]),
      ...weekly(2, [
        ['A', 'B', [1, 0]],
        ['C', 'D', [1, 0]],
        ['E', 'F', [1, 0]],
      ]),
    ];
    const r = settle(fixtures, { e: { 1: 'E' }, f: { 1: 'F' }, l: { 1: 'B' } }, { postponed: 'survive' });
    expect(r.rounds[0]).toMatchObject({ survived: ['e', 'f'], eliminated: ['l'] });
  });

  it('a team with two fixtures in the round: the earliest counts', () => {
    const fixtures = [
      fx(1, '2024-08-17', 'A', 'B', [0, 1], '12:30'),
      fx(1, '2024-08-18', 'A', 'C', [3, 0]),
      fx(1, '2024-08-17', 'D', 'E', [1, 0]),
      ...basic(2),
    ];
    const r = settle(fixtures, { a: { 1: 'A' }, c: { 1: 'C' }, d: { 1: 'D' } });
    expect(r.rounds[0]).toMatchObject({ survived: ['d'], eliminated: ['a', 'c'] });
  });

  it('rollover: when everybody still in is eliminated, all of them play on and their picks stay used', () => {
    const r = settle(season(3), { x: { 1: 'B', 2: 'B', 3: 'A' }, y: { 1: 'D', 2: 'A' }, z: { 1: 'A' } });
    expect(r.rounds[0]).toEqual({
      round: 1,
      status: 'played',
      survived: ['z'],
      eliminated: ['x', 'y'],
      rollover: false,
    });
    expect(r.winners).toEqual(['z']);
    const all = settle(season(3), { x: { 1: 'B', 2: 'B', 3: 'A' }, y: { 1: 'D', 2: 'A', 3: 'C' } });
    expect(all.rounds).toEqual([
      { round: 1, status: 'played', survived: ['x', 'y'], eliminated: [], rollover: true },
      { round: 2, status: 'played', survived: ['y'], eliminated: ['x'], rollover: false },
    ]);
    expect(all).toMatchObject({ decided: true, winners: ['y'], finalRound: 2 });
  });

  it('allOut: split ends the competition with the joint winners listed as eliminated', () => {
    const r = settle(season(3), { x: { 1: 'B' }, y: { 1: 'D' }, z: { 1: 'C' } }, { allOut: 'split' });
    expect(r.rounds).toEqual([
      { round: 1, status: 'played', survived: [], eliminated: ['x', 'y', 'z'], rollover: false },
    ]);
    expect(r).toMatchObject({ decided: true, winners: ['x', 'y', 'z'], finalRound: 1 });
  });

  it('the season running out with several still in shares the pot', () => {
    const r = settle(season(2), { x: { 1: 'A', 2: 'C' }, y: { 1: 'A', 2: 'D' } }, { draw: 'survive' });
    expect(r).toMatchObject({ decided: true, winners: ['x', 'y'], finalRound: 2 });
  });

  it('a single entry wins after the first played round', () => {
    const r = settle(season(3), { solo: {} });
    expect(r.rounds).toEqual([
      { round: 1, status: 'played', survived: ['solo'], eliminated: [], rollover: true },
    ]);
    expect(r.winners).toEqual(['solo']);
  });

  it('with no entries every round is listed and the season end decides nothing but the end', () => {
    const r = settle(season(3), {});
    expect(r.rounds).toHaveLength(3);
    expect(r).toMatchObject({ decided: true, winners: [], finalRound: 3 });
  });

  it('a void round decides nothing: its picks neither eliminate nor use a team', () => {
    const voidRound = [
      fx(2, '2024-08-24', 'A', 'B', [0, 1]),
      fx(2, '2024-10-01', 'C', 'D', [1, 0]),
      fx(2, '2024-11-01', 'E', 'F', [1, 0]),
    ];
    const fixtures = [
      ...weekly(1, [
        ['A', 'B', [1, 0]],
        ['C', 'D', [1, 0]],
        ['E', 'F', [1, 0]],
      ]),
      ...voidRound,
      ...weekly(3, [
        ['A', 'B', [1, 0]],
        ['C', 'D', [0, 1]],
        ['E', 'F', [1, 0]],
      ]),
    ];
    const r = settle(fixtures, {
      v: { 1: 'C', 2: 'A', 3: 'A' },
      w: { 1: 'E', 3: 'E' },
      l: { 1: 'C', 3: 'C' },
    });
    expect(r.rounds[1]).toEqual({
      round: 2,
      status: 'void',
      survived: ['l', 'v', 'w'],
      eliminated: [],
      rollover: false,
    });
    expect(r.rounds[2]).toMatchObject({ round: 3, survived: ['v'], eliminated: ['l', 'w'] });
    expect(r.winners).toEqual(['v']);
  });

  it('stops before a round that has not been played and stays undecided', () => {
    const fixtures = [...basic(1), ...weekly(2, [['A', 'B', null]]), ...basic(3)];
    const r = settle(fixtures, { x: { 1: 'A', 2: 'A' }, y: { 1: 'A' } });
    expect(r).toMatchObject({ decided: false, winners: [], finalRound: 1, stoppedBefore: 2 });
    const none = settle([...weekly(1, [['A', 'B', null]]), ...basic(2)], { x: {}, y: {} });
    expect(none).toMatchObject({ rounds: [], decided: false, finalRound: null, stoppedBefore: 1 });
  });

  it('starts at startRound and ignores picks for earlier rounds', () => {
    const r = settle(season(4), { x: { 1: 'B', 3: 'A' }, y: { 1: 'A', 3: 'B' } }, {}, 3);
    expect(r.rounds).toEqual([
      { round: 3, status: 'played', survived: ['x'], eliminated: ['y'], rollover: false },
    ]);
  });

  it('accepts picks as a Map and sorts ids in plain string order', () => {
    const teams = ['A', 'B', 'C', 'D'];
    const r = settleCompetition({
      teams,
      rounds: analyseRounds(season(3)),
      startRound: 1,
      entries: ['b', 'B', 'a10', 'a9', 'Z'].map((id) => ({ id, picks: new Map([[1, 'A']]) })),
    });
    expect(r.rounds[0]?.survived).toEqual(['B', 'Z', 'a10', 'a9', 'b']);
  });

  it('refuses an unknown team, a duplicate entry id and a bad round key, naming them', () => {
    const base = { teams: ['A', 'B', 'C', 'D'], rounds: analyseRounds(season(2)), startRound: 1 };
    expect(() => settleCompetition({ ...base, entries: [{ id: 'e1', picks: { 9: 'Q' } }] })).toThrow(
      /entry "e1": the pick for round 9 names "Q"/,
    );
    expect(() =>
      settleCompetition({
        ...base,
        entries: [
          { id: 'e1', picks: {} },
          { id: 'e1', picks: {} },
        ],
      }),
    ).toThrow(GameInputError);
    expect(() => settleCompetition({ ...base, entries: [{ id: 'e1', picks: { x: 'A' } }] })).toThrow(
      /pick key "x" is not a round number/,
    );
  });

  it('settling round by round gives the same as settling all at once, and leaves each state untouched', () => {
    const compiled = compileCompetition({
      teams: ['A', 'B', 'C', 'D'],
      rounds: analyseRounds(season(5)),
      startRound: 1,
      rules: { draw: 'survive' },
      entries: [
        { id: 'x', picks: { 1: 'A', 2: 'C', 3: 'D', 4: 'B' } },
        { id: 'y', picks: { 1: 'A', 2: 'D', 3: 'C' } },
      ],
    });
    const start = initialState(compiled);
    const one = settleNextRound(compiled, start);
    expect(start.results).toHaveLength(0);
    expect(one.results).toHaveLength(1);
    const two = settleNextRound(compiled, one);
    expect(one.results).toHaveLength(1);
    expect(settleFrom(compiled, two)).toEqual(settleFrom(compiled));
  });
});
