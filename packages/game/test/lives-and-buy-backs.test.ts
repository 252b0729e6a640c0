import { describe, expect, it } from 'vitest';
import {
  analyseRounds,
  type BuyBack,
  type CompetitionInput,
  compareStrings,
  compileCompetition,
  type Fixture,
  initialState,
  type Rules,
  settleCompetition,
  settleNextRound,
} from '../src/index.ts';
import { weekly } from './helpers.ts';

type Picks = Record<string, string>;

function settle(
  fixtures: Fixture[],
  entries: Record<string, Picks>,
  rules: Partial<Rules> = {},
  buyBack: BuyBack | null = null,
  buyBacks: string[] = [],
) {
  const teams = [...new Set(fixtures.flatMap((f) => [f.home, f.away]))].sort(compareStrings);
  return settleCompetition({
    rules,
    teams,
    rounds: analyseRounds(fixtures),
    startRound: 1,
    entries: Object.entries(entries).map(([id, picks]) => ({ id, picks })),
    buyBack,
    buyBacks,
  });
}

// Each week A beats B and C draws with D; E beats F.
const week = (round: number) =>
  weekly(round, [
    ['A', 'B', [2, 0]],
    ['C', 'D', [1, 1]],
    ['E', 'F', [3, 1]],
  ]);
const season = (rounds: number) => Array.from({ length: rounds }, (_, i) => week(i + 1)).flat();

describe('lives', () => {
  it('a loss, a draw and a missed pick each cost a life instead of the entry', () => {
    const r = settle(
      season(4),
      { win: { 1: 'A', 2: 'E' }, loss: { 1: 'B', 2: 'A' }, draw: { 1: 'C', 2: 'E' }, none: { 2: 'A' } },
      { lives: 1 },
    );
    expect(r.rounds[0]).toEqual({
      round: 1,
      status: 'played',
      survived: ['draw', 'loss', 'none', 'win'],
      eliminated: [],
      rollover: false,
      livesLost: ['draw', 'loss', 'none'],
      boughtBack: [],
    });
    expect(r.rounds[1]?.survived).toEqual(['draw', 'loss', 'none', 'win']);
  });

  it('a used or non-playing team costs a life; with no life left the entry is out', () => {
    const r = settle(
      season(4),
      { a: { 1: 'A', 2: 'A', 3: 'A' }, b: { 1: 'A', 2: 'E', 3: 'C' } },
      { lives: 1 },
    );
    expect(r.rounds.map((x) => [x.livesLost, x.eliminated])).toEqual([
      [[], []],
      [['a'], []],
      [['b'], ['a']],
    ]);
    expect(r).toMatchObject({ decided: true, winners: ['b'], finalRound: 3 });
  });

  it('everyone out is decided after lives: only when every entry failed with no life left', () => {
    const entries = { x: { 1: 'B', 2: 'B' }, y: { 1: 'D', 2: 'F' } };
    const rollover = settle(season(3), entries, { lives: 1 });
    expect(rollover.rounds[0]).toMatchObject({
      survived: ['x', 'y'],
      livesLost: ['x', 'y'],
      rollover: false,
    });
    expect(rollover.rounds[1]).toMatchObject({ survived: ['x', 'y'], eliminated: [], rollover: true });
    const split = settle(season(3), entries, { lives: 1, allOut: 'split' });
    expect(split).toMatchObject({ decided: true, winners: ['x', 'y'], finalRound: 2 });
    expect(split.rounds[1]).toMatchObject({
      survived: [],
      eliminated: ['x', 'y'],
      livesLost: [],
      boughtBack: [],
    });
  });

  it('without lives or buy-backs the rounds carry no new fields', () => {
    const r = settle(season(2), { a: { 1: 'A' }, b: { 1: 'B' } });
    expect(Object.keys(r.rounds[0] ?? {})).toEqual(['round', 'status', 'survived', 'eliminated', 'rollover']);
  });

  it('refuses lives outside 0 to 3', () => {
    expect(() => settle(season(1), {}, { lives: 4 })).toThrow(/lives must be a whole number from 0 to 3/);
    expect(() => settle(season(1), {}, { lives: -1 })).toThrow(RangeError);
  });
});

describe('buy-backs', () => {
  const until2: BuyBack = { untilRound: 2, pricePence: 500 };

  it('one survivor and one entry bought back: the game goes on', () => {
    const r = settle(
      season(4),
      { a: { 1: 'A', 2: 'E', 3: 'C' }, b: { 1: 'B', 2: 'E', 3: 'A' } },
      {},
      until2,
      ['b'],
    );
    expect(r.rounds[0]).toEqual({
      round: 1,
      status: 'played',
      survived: ['a'],
      eliminated: ['b'],
      rollover: false,
      livesLost: [],
      boughtBack: ['b'],
    });
    expect(r.rounds[1]).toMatchObject({ survived: ['a', 'b'], eliminated: [] });
    expect(r).toMatchObject({ decided: true, winners: ['b'], finalRound: 3 });
  });

  it('is bought back once, with no lives, and keeps its used teams', () => {
    const r = settle(
      season(4),
      { a: { 1: 'A', 2: 'E', 3: 'F' }, b: { 1: 'B', 2: 'B', 3: 'B' }, c: { 1: 'A', 2: 'E', 3: 'A' } },
      { lives: 1 },
      until2,
      ['b'],
    );
    // b loses its life in round 1, is out in round 2 (B again) and bought back with no life, so using
    // B a third time puts it out for good; a and c spend their lives in round 3 and all fail in round 4.
    expect(r.rounds.map((x) => [x.livesLost, x.eliminated, x.boughtBack])).toEqual([
      [['b'], [], []],
      [[], ['b'], ['b']],
      [['a', 'c'], ['b'], []],
      [[], [], []],
    ]);
    expect(r.rounds[3]?.rollover).toBe(true);
    expect(r.winners).toEqual(['a', 'c']);
  });

  it('not after the window, not after the last round, not after an all-out split', () => {
    const late = settle(
      season(4),
      { a: { 1: 'A', 2: 'A' }, b: { 1: 'A', 2: 'E', 3: 'E' }, c: { 1: 'E' } },
      {},
      { untilRound: 1, pricePence: 0 },
      ['a'],
    );
    expect(late.rounds[1]).toMatchObject({ eliminated: ['a', 'c'], boughtBack: [] });
    const last = settle(
      season(1),
      { a: { 1: 'A' }, b: { 1: 'B' }, c: { 1: 'A' } },
      {},
      { untilRound: 1, pricePence: 0 },
      ['b'],
    );
    expect(last).toMatchObject({ decided: true, winners: ['a', 'c'] });
    expect(last.rounds[0]?.boughtBack).toEqual([]);
    const split = settle(season(3), { a: { 1: 'B' }, b: { 1: 'D' } }, { allOut: 'split' }, until2, [
      'a',
      'b',
    ]);
    expect(split).toMatchObject({ decided: true, winners: ['a', 'b'], finalRound: 1 });
    expect(split.rounds[0]?.boughtBack).toEqual([]);
  });

  it('a buy-back object with nobody buying still reports the lists', () => {
    const r = settle(season(2), { a: { 1: 'A' }, b: { 1: 'B' } }, {}, until2);
    expect(r.rounds[0]).toMatchObject({ livesLost: [], boughtBack: [] });
    expect(r.winners).toEqual(['a']);
  });

  it('round by round equals all at once, lives and buy-backs included', () => {
    const fixtures = season(5);
    const teams = [...new Set(fixtures.flatMap((f) => [f.home, f.away]))].sort(compareStrings);
    const input: CompetitionInput = {
      rules: { lives: 2 },
      teams,
      rounds: analyseRounds(fixtures),
      startRound: 1,
      entries: [
        { id: 'a', picks: { 1: 'B', 2: 'D', 3: 'F', 4: 'A' } },
        { id: 'b', picks: { 1: 'A', 2: 'E', 3: 'C', 4: 'B', 5: 'F' } },
        { id: 'c', picks: { 1: 'E', 2: 'A', 3: 'B', 4: 'D' } },
      ],
      buyBack: { untilRound: 4, pricePence: 100 },
      buyBacks: ['a', 'c'],
    };
    const c = compileCompetition(input);
    let state = initialState(c);
    for (let k = 0; k < 6; k++) state = settleNextRound(c, state);
    expect(state.results).toEqual(settleCompetition(input).rounds);
    expect(Array.from(state.lives)).toEqual([0, 0, 0]);
  });
});
