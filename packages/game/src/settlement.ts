import { GameInputError, inputErrorCodes } from './errors.ts';
import type { RoundAnalysis } from './rounds.ts';
import { teamOutcome } from './rounds.ts';
import { type BuyBack, defaultRules, MAX_LIVES, type Rules, survivesOutcome } from './rules.ts';
import { compareStrings } from './strings.ts';
import { teamLookup } from './team-lookup.ts';
import type { TeamId } from './types.ts';

export interface EntryPicks {
  readonly id: string;
  /** Team picked per round label; a Record keyed by the label as a string, or a Map keyed by number. */
  readonly picks: Readonly<Record<string, TeamId | null>> | ReadonlyMap<number, TeamId>;
}

export interface CompetitionInput {
  readonly rules?: Partial<Rules>;
  /** Every team of the season: the set a reuse cycle must exhaust, and the auto-pick order. */
  readonly teams: readonly TeamId[];
  /** The season's rounds, in label order (rounds before startRound are ignored). */
  readonly rounds: readonly RoundAnalysis[];
  readonly startRound: number;
  /** The entries in play: paid and active when the first round locked. */
  readonly entries: readonly EntryPicks[];
  /** Buying back in, when the competition offers it. */
  readonly buyBack?: BuyBack | null;
  /** Entries whose owners buy back the first time they are knocked out within the buy-back window. */
  readonly buyBacks?: readonly string[];
}

export interface RoundResult {
  readonly round: number;
  readonly status: 'played' | 'void';
  /** Entries still in after the round (after any rollover), sorted. */
  readonly survived: readonly string[];
  /** Entries knocked out in the round; after a rollover none; in an all-out split the joint winners. */
  readonly eliminated: readonly string[];
  readonly rollover: boolean;
  /** Entries that stayed in by losing a life, sorted; present when the rules have lives or buy-backs. */
  readonly livesLost?: readonly string[];
  /**
   * Entries knocked out in the round (so listed in `eliminated`) and bought back in for the next,
   * sorted; present when the rules have lives or buy-backs.
   */
  readonly boughtBack?: readonly string[];
}

export interface CompetitionResult {
  readonly rounds: readonly RoundResult[];
  readonly decided: boolean;
  readonly winners: readonly string[];
  readonly finalRound: number | null;
  /** The round before which settlement stopped because it has no result yet, if any. */
  readonly stoppedBefore: number | null;
}

/** No pick applies: the entry was not in, the round was void, or it had no usable pick. */
export const NO_PICK = -1;

/** The engine's compact form of a competition, compiled once and settled round by round. */
export interface CompiledCompetition {
  readonly rules: Rules;
  readonly teams: readonly TeamId[];
  readonly rounds: readonly RoundAnalysis[];
  readonly entryIds: readonly string[];
  /** Entry indices in plain string order of their ids. */
  readonly order: Int32Array;
  /** picks[entry * rounds.length + roundIndex]: team index or NO_PICK. */
  readonly picks: Int16Array;
  /** Per round: 1 where the team plays in the round. */
  readonly plays: readonly Uint8Array[];
  /** Per round: 1 where a pick of the team survives the round under the rules. */
  readonly survives: readonly Uint8Array[];
  /** The last round label an entry may be bought back after; -1 when buy-backs are off. */
  readonly buyBackUntil: number;
  /** Per entry: 1 where its owner buys back the first time it is knocked out within the window. */
  readonly buysBack: Uint8Array;
  /** Rounds report `livesLost` and `boughtBack` (lives or buy-backs in play). */
  readonly reportsVariants: boolean;
}

export interface CompetitionState {
  /** Index (into the compiled rounds) of the next round to settle. */
  readonly next: number;
  /** Entries still in, as indices in plain string order of their ids. */
  readonly active: Int32Array;
  /** Teams used in the current reuse cycle: a bitset of `words` 32-bit words per entry. */
  readonly used: Uint32Array;
  readonly usedCount: Uint16Array;
  /** The team each entry used per round (entry * rounds + round), NO_PICK where none. */
  readonly taken: Int16Array;
  /** Lives left per entry. */
  readonly lives: Uint8Array;
  /** Per entry: 1 once it has been bought back in. */
  readonly boughtBack: Uint8Array;
  readonly decided: boolean;
  readonly winners: Int32Array;
  readonly stoppedBefore: number | null;
  readonly results: readonly RoundResult[];
}

const ROUND_KEY_RE = /^(0|[1-9]\d*)$/;

function unknownTeam(entryId: string, round: string | number, team: unknown): never {
  throw new GameInputError(
    inputErrorCodes.unknownTeam,
    `entry "${entryId}": the pick for round ${round} names ${JSON.stringify(team)}, which is not a team of this season`,
  );
}

/** Picks keyed by something other than a round of the season: each must still be a round number and a team. */
function checkOtherKeys(
  entryId: string,
  record: Readonly<Record<number | string, TeamId | null>>,
  roundPosition: ReadonlyMap<string, number>,
  lookup: (name: string) => number,
): void {
  for (const key in record) {
    if (!ROUND_KEY_RE.test(key)) {
      throw new GameInputError(
        inputErrorCodes.replayInput,
        `entry "${entryId}": pick key ${JSON.stringify(key)} is not a round number`,
      );
    }
    const team = record[key];
    if (team !== null && team !== undefined && !roundPosition.has(key) && lookup(team) < 0) {
      unknownTeam(entryId, key, team);
    }
  }
}

/** Entry indices in plain string order of their ids; callers often pass them sorted already. */
function sortedOrder(ids: readonly string[]): Int32Array {
  const order = Int32Array.from(ids.keys());
  for (let i = 1; i < ids.length; i++) {
    if ((ids[i - 1] as string) > (ids[i] as string)) {
      return order.sort((a, b) => compareStrings(ids[a] as string, ids[b] as string));
    }
  }
  return order;
}

export function compileCompetition(input: CompetitionInput): CompiledCompetition {
  const rules: Rules = { ...defaultRules, ...input.rules };
  if (!Number.isSafeInteger(rules.lives) || rules.lives < 0 || rules.lives > MAX_LIVES) {
    throw new RangeError(`lives must be a whole number from 0 to ${MAX_LIVES}, got ${rules.lives}`);
  }
  const teams = input.teams;
  if (new Set(teams).size !== teams.length) throw new RangeError('the season lists a team twice');
  const lookup = teamLookup(teams);

  const rounds = input.rounds.filter((r) => r.round >= input.startRound);
  const roundCount = rounds.length;
  const roundPosition = new Map<string, number>();
  rounds.forEach((r, i) => {
    roundPosition.set(String(r.round), i);
  });

  const plays: Uint8Array[] = [];
  const survives: Uint8Array[] = [];
  for (const round of rounds) {
    const p = new Uint8Array(teams.length);
    const s = new Uint8Array(teams.length);
    for (const team of round.teams) {
      const t = lookup(team);
      if (t < 0) throw new RangeError(`round ${round.round} has a team missing from the season list`);
      p[t] = 1;
      s[t] = survivesOutcome(teamOutcome(round, team) ?? 'postponed', rules) ? 1 : 0;
    }
    plays.push(p);
    survives.push(s);
  }

  const entries = input.entries;
  const entryIds = entries.map((e) => e.id);
  const picks = new Int16Array(entries.length * roundCount).fill(NO_PICK);
  const seasonLabels = input.rounds.map((r) => r.round);
  const positionOfLabel = seasonLabels.map((label) => roundPosition.get(String(label)) ?? NO_PICK);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as EntryPicks;
    const base = i * roundCount;
    const source = entry.picks;
    if (source instanceof Map) {
      for (const [round, team] of source) {
        const t = lookup(team);
        if (t < 0) unknownTeam(entry.id, round, team);
        const position = roundPosition.get(String(round));
        if (position !== undefined) picks[base + position] = t;
      }
      continue;
    }
    const record = source as Readonly<Record<number, TeamId | null>>;
    let found = 0;
    for (let l = 0; l < seasonLabels.length; l++) {
      const team = record[seasonLabels[l] as number];
      if (team === undefined) continue;
      found++;
      if (team === null) continue;
      const t = lookup(team);
      if (t < 0) unknownTeam(entry.id, seasonLabels[l] as number, team);
      const position = positionOfLabel[l] as number;
      if (position >= 0) picks[base + position] = t;
    }
    if (found !== Object.keys(record).length) checkOtherKeys(entry.id, record, roundPosition, lookup);
  }

  const order = sortedOrder(entryIds);
  for (let k = 1; k < order.length; k++) {
    const id = entryIds[order[k] as number] as string;
    if (id === entryIds[order[k - 1] as number]) {
      throw new GameInputError(inputErrorCodes.replayInput, `entry id "${id}" is used twice`);
    }
  }
  const buyBack = input.buyBack ?? null;
  const buysBack = new Uint8Array(entries.length);
  if (buyBack !== null && input.buyBacks !== undefined && input.buyBacks.length > 0) {
    const position = new Map(entryIds.map((id, i) => [id, i]));
    for (const id of input.buyBacks) {
      const i = position.get(id);
      if (i === undefined) {
        throw new GameInputError(
          inputErrorCodes.replayInput,
          `"buyBacks" names "${id}", which is not an entry id`,
        );
      }
      buysBack[i] = 1;
    }
  }
  return {
    rules,
    teams,
    rounds,
    entryIds,
    order,
    picks,
    plays,
    survives,
    buyBackUntil: buyBack === null ? -1 : buyBack.untilRound,
    buysBack,
    reportsVariants: rules.lives > 0 || buyBack !== null,
  };
}

export function initialState(c: CompiledCompetition): CompetitionState {
  const n = c.entryIds.length;
  const words = (c.teams.length + 31) >>> 5;
  return {
    next: 0,
    active: c.order.slice(),
    used: new Uint32Array(n * words),
    usedCount: new Uint16Array(n),
    taken: new Int16Array(n * c.rounds.length).fill(NO_PICK),
    lives: new Uint8Array(n).fill(c.rules.lives),
    boughtBack: new Uint8Array(n),
    decided: false,
    winners: new Int32Array(0),
    stoppedBefore: null,
    results: [],
  };
}

function ids(c: CompiledCompetition, indices: Int32Array): string[] {
  const out = new Array<string>(indices.length);
  for (let k = 0; k < indices.length; k++) out[k] = c.entryIds[indices[k] as number] as string;
  return out;
}

interface MutableState {
  next: number;
  active: Int32Array;
  used: Uint32Array;
  usedCount: Uint16Array;
  taken: Int16Array;
  lives: Uint8Array;
  boughtBack: Uint8Array;
  decided: boolean;
  winners: Int32Array;
  stoppedBefore: number | null;
  results: RoundResult[];
}

const NONE = new Int32Array(0);

/** The entries knocked out (`out`) that buy back in, each once: they come back with no lives. */
function buyBack(c: CompiledCompetition, s: MutableState, out: Int32Array): Int32Array {
  let boughtCount = 0;
  const bought = new Int32Array(out.length);
  for (let k = 0; k < out.length; k++) {
    const i = out[k] as number;
    if (c.buysBack[i] === 1 && s.boughtBack[i] === 0) {
      s.boughtBack[i] = 1;
      s.lives[i] = 0;
      bought[boughtCount++] = i;
    }
  }
  return bought.subarray(0, boughtCount);
}

/** Survivors and bought-back entries, both in the order of `active`, merged to keep it. */
function inOrderOf(active: Int32Array, survivors: Int32Array, bought: Int32Array): Int32Array {
  const next = new Int32Array(survivors.length + bought.length);
  let a = 0;
  let b = 0;
  for (let k = 0; k < active.length; k++) {
    const i = active[k] as number;
    if (a < survivors.length && survivors[a] === i) {
      next[a + b] = i;
      a++;
    } else if (b < bought.length && bought[b] === i) {
      next[a + b] = i;
      b++;
    }
  }
  return next;
}

/** Settles round `s.next` into `s`, which it changes in place. Returns false if it could not. */
function settleInPlace(c: CompiledCompetition, s: MutableState): boolean {
  if (s.decided || s.stoppedBefore !== null || s.next >= c.rounds.length) return false;
  const r = s.next;
  const round = c.rounds[r] as RoundAnalysis;
  if (!round.played) {
    s.stoppedBefore = round.round;
    return false;
  }
  s.next = r + 1;
  const isLast = s.next === c.rounds.length;
  const active = s.active;

  const variants = c.reportsVariants ? { livesLost: [], boughtBack: [] } : {};

  if (round.isVoid) {
    s.results.push({
      round: round.round,
      status: 'void',
      survived: ids(c, active),
      eliminated: [],
      rollover: false,
      ...variants,
    });
    if (isLast) {
      s.decided = true;
      s.winners = active;
    }
    return true;
  }

  const teamCount = c.teams.length;
  const words = (teamCount + 31) >>> 5;
  const roundCount = c.rounds.length;
  const plays = c.plays[r] as Uint8Array;
  const survives = c.survives[r] as Uint8Array;
  const picks = c.picks;
  const used = s.used;
  const usedCount = s.usedCount;
  const taken = s.taken;
  const lives = s.lives;
  const autoPick = c.rules.missedPick === 'autoPick';
  const cycles = c.rules.reuse === 'afterAllUsed';

  // Survivors in the order of `active` (sorted), those saved by a life among them.
  const survivors = new Int32Array(active.length);
  const saved = new Int32Array(active.length);
  const out = new Int32Array(active.length);
  let survivorCount = 0;
  let savedCount = 0;
  let outCount = 0;
  for (let k = 0; k < active.length; k++) {
    const i = active[k] as number;
    const base = i * words;
    let t = picks[i * roundCount + r] as number;
    if (t >= 0 && (plays[t] === 0 || ((used[base + (t >>> 5)] as number) & (1 << (t & 31))) !== 0))
      t = NO_PICK;
    if (t < 0 && autoPick) {
      for (let u = 0; u < teamCount; u++) {
        if (plays[u] === 1 && ((used[base + (u >>> 5)] as number) & (1 << (u & 31))) === 0) {
          t = u;
          break;
        }
      }
    }
    let failed = t < 0;
    if (t >= 0) {
      taken[i * roundCount + r] = t;
      used[base + (t >>> 5)] = (used[base + (t >>> 5)] as number) | (1 << (t & 31));
      const count = (usedCount[i] as number) + 1;
      if (cycles && count === teamCount) {
        used.fill(0, base, base + words);
        usedCount[i] = 0;
      } else {
        usedCount[i] = count;
      }
      failed = survives[t] === 0;
    }
    if (!failed) survivors[survivorCount++] = i;
    else if ((lives[i] as number) > 0) {
      // Everyone out needs every entry failed with no life left, so a life lost here is never undone.
      lives[i] = (lives[i] as number) - 1;
      saved[savedCount++] = i;
      survivors[survivorCount++] = i;
    } else out[outCount++] = i;
  }

  if (survivorCount === 0 && active.length > 0) {
    if (c.rules.allOut === 'split') {
      s.results.push({
        round: round.round,
        status: 'played',
        survived: [],
        eliminated: ids(c, active),
        rollover: false,
        ...variants,
      });
      s.decided = true;
      s.winners = active;
      return true;
    }
    s.results.push({
      round: round.round,
      status: 'played',
      survived: ids(c, active),
      eliminated: [],
      rollover: true,
      ...variants,
    });
  } else {
    // Buy-backs come after the round and before the one-survivor check; none after the last round.
    const bought = !isLast && round.round <= c.buyBackUntil ? buyBack(c, s, out.subarray(0, outCount)) : NONE;
    const boughtCount = bought.length;
    const stillIn = survivors.subarray(0, survivorCount);
    s.results.push({
      round: round.round,
      status: 'played',
      survived: ids(c, stillIn),
      eliminated: ids(c, out.subarray(0, outCount)),
      rollover: false,
      ...(c.reportsVariants
        ? {
            livesLost: ids(c, saved.subarray(0, savedCount)),
            boughtBack: ids(c, bought),
          }
        : {}),
    });
    s.active = boughtCount === 0 ? stillIn.slice() : inOrderOf(active, stillIn, bought);
  }
  if (s.active.length === 1 || isLast) {
    s.decided = true;
    s.winners = s.active;
  }
  return true;
}

/** Settles the next round, leaving `state` untouched; returns the same state when nothing can be settled. */
export function settleNextRound(c: CompiledCompetition, state: CompetitionState): CompetitionState {
  const s: MutableState = {
    ...state,
    used: state.used.slice(),
    usedCount: state.usedCount.slice(),
    taken: state.taken.slice(),
    lives: state.lives.slice(),
    boughtBack: state.boughtBack.slice(),
    results: [...state.results],
  };
  return settleInPlace(c, s) ? s : { ...state, stoppedBefore: s.stoppedBefore };
}

/** Settles every round that can be settled, from the state given (by default the start). */
export function settleFrom(
  c: CompiledCompetition,
  state: CompetitionState = initialState(c),
): CompetitionState {
  const s: MutableState = {
    ...state,
    used: state.used.slice(),
    usedCount: state.usedCount.slice(),
    taken: state.taken.slice(),
    lives: state.lives.slice(),
    boughtBack: state.boughtBack.slice(),
    results: [...state.results],
  };
  while (settleInPlace(c, s)) {
    // each pass settles one round
  }
  return s;
}

export function competitionResult(c: CompiledCompetition, state: CompetitionState): CompetitionResult {
  const last = state.results[state.results.length - 1];
  return {
    rounds: state.results,
    decided: state.decided,
    winners: state.decided ? ids(c, state.winners) : [],
    finalRound: last === undefined ? null : last.round,
    stoppedBefore: state.stoppedBefore,
  };
}

/** Settles a whole competition: a pure function of rules, rounds with results, entries and picks. */
export function settleCompetition(input: CompetitionInput): CompetitionResult {
  const compiled = compileCompetition(input);
  return competitionResult(compiled, settleFrom(compiled));
}

export interface EntryRound {
  readonly round: number;
  /** The team that counted for the entry (its pick or an auto-pick); null if none. */
  readonly team: TeamId | null;
}

/** The teams an entry used, round by round, in the rounds settled so far. */
export function entryHistory(c: CompiledCompetition, state: CompetitionState, entryId: string): EntryRound[] {
  const i = c.entryIds.indexOf(entryId);
  if (i < 0) return [];
  const history: EntryRound[] = [];
  for (let r = 0; r < state.results.length; r++) {
    const t = state.taken[i * c.rounds.length + r] as number;
    history.push({
      round: (c.rounds[r] as RoundAnalysis).round,
      team: t < 0 ? null : (c.teams[t] as TeamId),
    });
  }
  return history;
}
