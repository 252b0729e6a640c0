import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyseRounds,
  type CompetitionState,
  competitionResult,
  compileCompetition,
  initialState,
  mulberry32,
  parseOpenfootballSeason,
  parseReplayInput,
  type RoundResult,
  runReplay,
  settleFrom,
  settleNextRound,
  splitPot,
} from '../src/index.ts';
import { addDays } from './helpers.ts';
import { type RawInput, referenceReplay } from './reference.ts';

type RawSeason = Parameters<typeof referenceReplay>[0];

const NAMES = [
  'Alpha FC',
  'alpha FC',
  'Beta & Co',
  'Beta',
  'Gamma AFC',
  'Delta',
  'Épsilon',
  'Zeta FC',
  'AFC Eta',
];
const TIMES = ['12:30', '15:00', '17:30', '20:00', '01:30', undefined];

interface Shape {
  teamCount: number;
  roundCount: number;
  entryCount: number;
  seed: number;
  startRound: number;
  rules: Record<string, string | number>;
  fee: number;
  house: number;
  /** Buy-back window (offset from the start round) and price; null when off. */
  buyBack: { after: number; price: number } | null;
  /** The share of entries whose owners buy back, in tenths. */
  buyBackTenths: number;
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  teamCount: fc.integer({ min: 2, max: NAMES.length }),
  roundCount: fc.integer({ min: 1, max: 9 }),
  entryCount: fc.integer({ min: 0, max: 14 }),
  seed: fc.integer(),
  startRound: fc.integer({ min: 1, max: 9 }),
  rules: fc.record(
    {
      draw: fc.constantFrom('eliminate', 'survive'),
      reuse: fc.constantFrom('never', 'afterAllUsed'),
      missedPick: fc.constantFrom('eliminate', 'autoPick'),
      postponed: fc.constantFrom('survive', 'eliminate'),
      allOut: fc.constantFrom('rollover', 'split'),
      lives: fc.integer({ min: 0, max: 3 }),
    },
    { requiredKeys: [] },
  ),
  fee: fc.integer({ min: 0, max: 5000 }),
  house: fc.integer({ min: 0, max: 100 }),
  buyBack: fc.option(
    fc.record({ after: fc.integer({ min: 0, max: 9 }), price: fc.integer({ min: 0, max: 1_000_000 }) }),
  ),
  buyBackTenths: fc.integer({ min: 0, max: 10 }),
});

/** A random season in openfootball's format: blanks, doubles, reschedules, void and unplayed rounds. */
function buildSeason(shape: Shape): RawSeason {
  const random = mulberry32(shape.seed);
  const teams = NAMES.slice(0, shape.teamCount);
  const matches: RawSeason['matches'] = [];
  const unplayedFrom = random() < 0.3 ? 1 + Math.floor(random() * shape.roundCount) : shape.roundCount + 1;
  const spread = random() < 0.5 ? 0.1 : 0.45;
  for (let round = 1; round <= shape.roundCount; round++) {
    const order = [...teams].sort(() => random() - 0.5);
    const pairs: [string, string][] = [];
    for (let i = 0; i + 1 < order.length; i += 2) pairs.push([order[i] as string, order[i + 1] as string]);
    if (random() < 0.2 && pairs.length > 1) pairs.pop();
    if (random() < 0.2 && teams.length > 2)
      pairs.push([order[0] as string, order[order.length - 1] as string]);
    if (random() < 0.15 && pairs.length > 1)
      pairs.push([order[0] as string, order[3 % order.length] as string]);
    const base = addDays('2024-08-17', round * 7);
    const seen = new Set<string>();
    for (const [home, away] of pairs) {
      if (home === away || seen.has(`${home}|${away}`)) continue;
      seen.add(`${home}|${away}`);
      const moved = random() < spread;
      const date = addDays(base, moved ? Math.round((random() - 0.5) * 60) : Math.floor(random() * 3));
      const time = TIMES[Math.floor(random() * TIMES.length)];
      const played = round < unplayedFrom && random() < 0.9;
      const postponed = !played && random() < 0.3;
      matches.push({
        round: `Matchday ${round}`,
        date,
        ...(time === undefined || postponed ? {} : { time }),
        team1: home,
        team2: away,
        score: played ? { ft: [Math.floor(random() * 3), Math.floor(random() * 3)] } : {},
        ...(postponed ? { status: 'postponed' } : {}),
      });
    }
    if (!matches.some((m) => m.round === `Matchday ${round}`)) {
      matches.push({
        round: `Matchday ${round}`,
        date: base,
        team1: teams[0] as string,
        team2: teams[1] as string,
      });
    }
  }
  return { matches };
}

function buildInput(shape: Shape, season: RawSeason): RawInput {
  const random = mulberry32(shape.seed ^ 0x5bd1e995);
  const teams = [...new Set(season.matches.flatMap((m) => [m.team1, m.team2]))];
  const labels = [...new Set(season.matches.map((m) => Number(m.round.slice(9))))];
  const entries = Array.from({ length: shape.entryCount }, (_, i) => {
    const picks: Record<string, string> = {};
    for (const label of labels) {
      if (random() < 0.85) picks[String(label)] = teams[Math.floor(random() * teams.length)] as string;
    }
    const id = ['e', 'E', 'e1', 'e10', 'e9', 'Z', 'a'][i % 7] + String(i);
    return { id, picks };
  });
  const startRound = Math.min(shape.startRound, Math.max(...labels));
  const buyBacks = entries.filter(() => random() * 10 < shape.buyBackTenths).map((e) => e.id);
  return {
    rules: shape.rules,
    startRound,
    entryFeePence: shape.fee,
    houseSharePercent: shape.house,
    entries,
    ...(shape.buyBack === null
      ? {}
      : {
          buyBack: { untilRound: startRound + shape.buyBack.after, pricePence: shape.buyBack.price },
          buyBacks,
        }),
  };
}

function compileFor(season: RawSeason, input: RawInput) {
  const parsed = parseOpenfootballSeason(season);
  const rounds = analyseRounds(parsed.fixtures);
  const replayInput = parseReplayInput(input, rounds);
  return compileCompetition({
    rules: replayInput.rules,
    teams: parsed.teams,
    rounds,
    startRound: replayInput.startRound,
    entries: replayInput.entries,
    buyBack: replayInput.buyBack,
    buyBacks: replayInput.buyBacks,
  });
}

const competitionArb = shapeArb.map((shape) => {
  const season = buildSeason(shape);
  return { season, input: buildInput(shape, season) };
});

const RUNS = { numRuns: 1500 };
const TIMEOUT = 120_000;

describe('settlement properties over random competitions', () => {
  it(
    'agrees with the plain reference loop',
    () => {
      const seen = { livesLost: 0, boughtBack: 0, rolloverWithLives: 0 };
      fc.assert(
        fc.property(competitionArb, ({ season, input }) => {
          const output = runReplay(season, input);
          expect(output).toEqual(referenceReplay(season, input));
          if (output.rounds.some((r) => (r.livesLost?.length ?? 0) > 0)) seen.livesLost++;
          if (output.rounds.some((r) => (r.boughtBack?.length ?? 0) > 0)) seen.boughtBack++;
          if (Number(input.rules?.lives ?? 0) > 0 && output.rounds.some((r) => r.rollover))
            seen.rolloverWithLives++;
        }),
        { numRuns: 3000 },
      );
      // The random competitions do reach the new rules, not only their defaults.
      expect(seen.livesLost).toBeGreaterThan(100);
      expect(seen.boughtBack).toBeGreaterThan(100);
      expect(seen.rolloverWithLives).toBeGreaterThan(10);
    },
    TIMEOUT,
  );

  it(
    'uses at most one team per entry and round, a team that plays, and never a forbidden reuse',
    () => {
      fc.assert(
        fc.property(competitionArb, ({ season, input }) => {
          const c = compileFor(season, input);
          const state = settleFrom(c);
          const cycles = c.rules.reuse === 'afterAllUsed';
          for (let i = 0; i < c.entryIds.length; i++) {
            const used = new Set<number>();
            for (let r = 0; r < state.results.length; r++) {
              const t = state.taken[i * c.rounds.length + r] as number;
              if (t < 0) continue;
              expect(c.rounds[r]?.isVoid).toBe(false);
              expect(c.plays[r]?.[t]).toBe(1);
              expect(used.has(t)).toBe(false);
              used.add(t);
              if (cycles && used.size === c.teams.length) used.clear();
            }
          }
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'is deterministic and idempotent',
    () => {
      fc.assert(
        fc.property(competitionArb, ({ season, input }) => {
          const first = runReplay(season, input);
          expect(runReplay(structuredClone(season), structuredClone(input))).toEqual(first);
          const c = compileFor(season, input);
          const done = settleFrom(c);
          const again = settleFrom(c, done);
          expect(competitionResult(c, again)).toEqual(competitionResult(c, done));
          expect(again.taken).toEqual(done.taken);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'settling one round at a time equals settling all at once',
    () => {
      fc.assert(
        fc.property(competitionArb, ({ season, input }) => {
          const c = compileFor(season, input);
          const all = settleFrom(c);
          let state: CompetitionState = initialState(c);
          for (let guard = 0; guard < 50; guard++) {
            const next = settleNextRound(c, state);
            const progressed = next.results.length > state.results.length;
            state = next;
            if (!progressed) break;
          }
          expect(competitionResult(c, state)).toEqual(competitionResult(c, all));
          expect(state.taken).toEqual(all.taken);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'settling with results known up to round k gives a prefix of the full settlement',
    () => {
      fc.assert(
        fc.property(competitionArb, fc.integer({ min: 0, max: 9 }), ({ season, input }, k) => {
          const full = runReplay(season, input);
          const truncated: RawSeason = {
            matches: season.matches.map((m) => (Number(m.round.slice(9)) > k ? { ...m, score: {} } : m)),
          };
          const partial = runReplay(truncated, input);
          expect(partial.rounds).toEqual(full.rounds.filter((r) => r.round <= k));
          if (full.decided && (full.finalRound ?? 0) <= k) expect(partial).toEqual(full);
          if (partial.decided) expect(partial).toEqual(full);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'never brings an eliminated entry back, except all of a round’s entries by a rollover or one bought back once',
    () => {
      fc.assert(
        fc.property(competitionArb, ({ season, input }) => {
          const output = runReplay(season, input);
          let inPlay = (input.entries ?? []).map((e) => e.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          const out = new Set<string>();
          const bought = new Set<string>();
          const lives = new Map<string, number>(inPlay.map((id) => [id, Number(input.rules?.lives ?? 0)]));
          const reports = Number(input.rules?.lives ?? 0) > 0 || input.buyBack !== undefined;
          output.rounds.forEach((round: RoundResult, index) => {
            expect(round.livesLost !== undefined).toBe(reports);
            expect(round.boughtBack !== undefined).toBe(reports);
            const livesLost = round.livesLost ?? [];
            const boughtBack = round.boughtBack ?? [];
            const sorted = (ids: readonly string[]) => [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
            expect(round.survived).toEqual(sorted(round.survived));
            expect(round.eliminated).toEqual(sorted(round.eliminated));
            for (const id of round.survived) expect(out.has(id)).toBe(false);
            expect(livesLost).toEqual(sorted(livesLost));
            expect(boughtBack).toEqual(sorted(boughtBack));
            if (round.status === 'void' || round.rollover) {
              expect(round.survived).toEqual(inPlay);
              expect(round.eliminated).toEqual([]);
              expect([livesLost, boughtBack]).toEqual([[], []]);
              // Everyone out happens only when nobody had a life left.
              if (round.rollover) for (const id of inPlay) expect(lives.get(id)).toBe(0);
            } else if (round.survived.length === 0 && inPlay.length > 0) {
              expect(round.eliminated).toEqual(inPlay);
              expect(output.winners).toEqual(inPlay);
              expect(index).toBe(output.rounds.length - 1);
              for (const id of inPlay) expect(lives.get(id)).toBe(0);
              expect(boughtBack).toEqual([]);
            } else {
              expect(sorted([...round.survived, ...round.eliminated])).toEqual(inPlay);
              for (const id of livesLost) {
                expect(round.survived).toContain(id);
                expect(lives.get(id)).toBeGreaterThan(0);
                lives.set(id, (lives.get(id) ?? 0) - 1);
              }
              for (const id of round.eliminated) expect(lives.get(id)).toBe(0);
              for (const id of boughtBack) {
                expect(round.eliminated).toContain(id);
                expect(input.buyBacks).toContain(id);
                expect(bought.has(id)).toBe(false);
                expect(round.round).toBeLessThanOrEqual(input.buyBack?.untilRound ?? -1);
                bought.add(id);
              }
              for (const id of round.eliminated) if (!boughtBack.includes(id)) out.add(id);
            }
            inPlay = sorted([...round.survived, ...boughtBack]);
          });
          if (output.decided && output.rounds.at(-1)?.survived.length) expect(output.winners).toEqual(inPlay);
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'pays out the whole pot: equal shares plus the remainder',
    () => {
      fc.assert(
        fc.property(competitionArb, ({ season, input }) => {
          const output = runReplay(season, input);
          const n = input.entries?.length ?? 0;
          const bought = output.rounds.reduce((sum, r) => sum + (r.boughtBack?.length ?? 0), 0);
          const gross = n * (input.entryFeePence ?? 0) + bought * (input.buyBack?.pricePence ?? 0);
          expect(output.potPence).toBe(Math.floor((gross * (100 - (input.houseSharePercent ?? 0))) / 100));
          const paid = Object.values(output.payouts);
          if (!output.decided || output.winners.length === 0) {
            expect(paid).toEqual([]);
            expect(output.remainderPence).toBe(0);
            return;
          }
          expect(paid.reduce((a, b) => a + b, 0) + output.remainderPence).toBe(output.potPence);
          expect(new Set(paid).size).toBe(1);
          expect(output.remainderPence).toBeLessThan(output.winners.length);
          expect(Object.keys(output.payouts).sort()).toEqual([...output.winners].sort());
        }),
        RUNS,
      );
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 1e12 }),
          fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 50 }),
          (pot, winners) => {
            const { payouts, remainderPence } = splitPot(pot, winners);
            const shares = winners.map((w) => payouts[w] ?? -1);
            expect(shares.reduce((a, b) => a + b, 0) + remainderPence).toBe(pot);
            expect(remainderPence).toBeGreaterThanOrEqual(0);
            expect(remainderPence).toBeLessThan(winners.length);
          },
        ),
        { numRuns: 2000 },
      );
    },
    TIMEOUT,
  );
});
