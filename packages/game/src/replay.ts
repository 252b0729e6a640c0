import { GameInputError, inputErrorCodes } from './errors.ts';
import { parseOpenfootballSeason } from './openfootball.ts';
import { poolPotPence, splitPot } from './pot.ts';
import { analyseRounds, type RoundAnalysis } from './rounds.ts';
import {
  type BuyBack,
  type ChoiceRules,
  MAX_ENTRY_FEE_PENCE,
  MAX_LIVES,
  type Rules,
  ruleValues,
} from './rules.ts';
import { type EntryPicks, type RoundResult, settleCompetition } from './settlement.ts';
import type { Season } from './types.ts';

export interface ReplayInput {
  readonly rules: Partial<Rules>;
  readonly startRound: number;
  readonly entryFeePence: number;
  readonly houseSharePercent: number;
  readonly entries: readonly EntryPicks[];
  /** Buying back in, when offered (null: off). */
  readonly buyBack: BuyBack | null;
  /** Entries whose owners buy back the first time they are knocked out within the window. */
  readonly buyBacks: readonly string[];
}

export interface ReplayOutput {
  readonly rounds: readonly RoundResult[];
  readonly decided: boolean;
  readonly winners: readonly string[];
  readonly finalRound: number | null;
  readonly potPence: number;
  readonly payouts: Readonly<Record<string, number>>;
  readonly remainderPence: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw new GameInputError(inputErrorCodes.replayInput, message);
}

function wholeNumber(value: unknown, name: string, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    fail(`"${name}" must be a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`);
  }
  return value;
}

function parseRules(value: unknown): Partial<Rules> {
  if (value === undefined) return {};
  if (!isRecord(value)) fail(`"rules" must be an object, got ${JSON.stringify(value)}`);
  const rules: Record<string, string | number> = {};
  const names = [...Object.keys(ruleValues), 'lives'];
  for (const [name, setting] of Object.entries(value)) {
    if (name === 'lives') {
      if (
        typeof setting !== 'number' ||
        !Number.isSafeInteger(setting) ||
        setting < 0 ||
        setting > MAX_LIVES
      ) {
        throw new GameInputError(
          inputErrorCodes.unknownRule,
          `rule "lives" cannot be ${JSON.stringify(setting)}: use a whole number from 0 to ${MAX_LIVES}`,
        );
      }
      rules[name] = setting;
      continue;
    }
    if (!Object.hasOwn(ruleValues, name)) {
      throw new GameInputError(
        inputErrorCodes.unknownRule,
        `unknown rule "${name}" (rules are ${names.join(', ')})`,
      );
    }
    const allowed: readonly string[] = ruleValues[name as keyof ChoiceRules];
    if (typeof setting !== 'string' || !allowed.includes(setting)) {
      throw new GameInputError(
        inputErrorCodes.unknownRule,
        `rule "${name}" cannot be ${JSON.stringify(setting)}: use ${allowed.map((v) => `"${v}"`).join(' or ')}`,
      );
    }
    rules[name] = setting;
  }
  return rules as Partial<Rules>;
}

function parseBuyBack(value: unknown, startRound: number): BuyBack | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) {
    fail(
      `"buyBack" must be an object like { "untilRound": 5, "pricePence": 500 }, got ${JSON.stringify(value)}`,
    );
  }
  for (const key of Object.keys(value)) {
    if (key !== 'untilRound' && key !== 'pricePence') {
      fail(`"buyBack" has an unknown key ${JSON.stringify(key)} (keys are "untilRound" and "pricePence")`);
    }
  }
  if (value.untilRound === undefined)
    fail('"buyBack" needs "untilRound": the last round after which an entry may buy back');
  const untilRound = wholeNumber(
    value.untilRound,
    'buyBack.untilRound',
    startRound,
    1,
    Number.MAX_SAFE_INTEGER,
  );
  if (untilRound < startRound) {
    fail(
      `"buyBack.untilRound" ${untilRound} is before the start round ${startRound}: use ${startRound} or later`,
    );
  }
  const pricePence = wholeNumber(value.pricePence, 'buyBack.pricePence', 0, 0, MAX_ENTRY_FEE_PENCE);
  return { untilRound, pricePence };
}

function parseBuyBacks(value: unknown, buyBack: BuyBack | null, entries: readonly EntryPicks[]): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`"buyBacks" must be an array of entry ids, got ${JSON.stringify(value)}`);
  if (value.length > 0 && buyBack === null) {
    fail('"buyBacks" needs a "buyBack" object saying until which round and at what price');
  }
  const known = new Set(entries.map((e) => e.id));
  const seen = new Set<string>();
  for (const id of value) {
    if (typeof id !== 'string') fail(`"buyBacks" must list entry ids as strings, got ${JSON.stringify(id)}`);
    if (!known.has(id)) fail(`"buyBacks" names "${id}", which is not an entry id`);
    if (seen.has(id)) fail(`"buyBacks" names "${id}" twice (an entry buys back at most once)`);
    seen.add(id);
  }
  return [...seen];
}

function parseEntries(value: unknown): EntryPicks[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`"entries" must be an array, got ${JSON.stringify(value)}`);
  const entries: EntryPicks[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const entry: unknown = value[i];
    if (!isRecord(entry)) fail(`entries[${i}] must be an object with "id" and "picks"`);
    const { id, picks } = entry;
    if (typeof id !== 'string') fail(`entries[${i}].id must be a string, got ${JSON.stringify(id)}`);
    if (picks !== undefined && !isRecord(picks)) {
      fail(`entry "${id}": "picks" must be an object of round number to team name`);
    }
    entries[i] = { id, picks: (picks ?? {}) as Record<string, string> };
  }
  return entries;
}

/** Checks a parsed replay input (the JSON of the `replay` command's --input file). */
export function parseReplayInput(json: unknown, rounds: readonly RoundAnalysis[]): ReplayInput {
  if (!isRecord(json)) fail('the input must be a JSON object with "rules", "startRound" and "entries"');
  const first = rounds[0]?.round ?? 1;
  const last = rounds[rounds.length - 1]?.round ?? 1;
  const startRound = wholeNumber(json.startRound, 'startRound', first, 1, Number.MAX_SAFE_INTEGER);
  if (!rounds.some((r) => r.round === startRound)) {
    fail(`"startRound" ${startRound} is not a round of the season (rounds ${first} to ${last})`);
  }
  const entries = parseEntries(json.entries);
  const buyBack = parseBuyBack(json.buyBack, startRound);
  return {
    rules: parseRules(json.rules),
    startRound,
    entryFeePence: wholeNumber(json.entryFeePence, 'entryFeePence', 0, 0, 1_000_000_000),
    houseSharePercent: wholeNumber(json.houseSharePercent, 'houseSharePercent', 0, 0, 100),
    entries,
    buyBack,
    buyBacks: parseBuyBacks(json.buyBacks, buyBack, entries),
  };
}

/** Settles a competition against a season's real results, as the `replay` command prints it. */
export function replay(
  season: Season,
  input: ReplayInput,
  rounds = analyseRounds(season.fixtures),
): ReplayOutput {
  const result = settleCompetition({
    rules: input.rules,
    teams: season.teams,
    rounds,
    startRound: input.startRound,
    entries: input.entries,
    buyBack: input.buyBack,
    buyBacks: input.buyBacks,
  });
  let boughtBack = 0;
  for (const round of result.rounds) boughtBack += round.boughtBack?.length ?? 0;
  const pot = poolPotPence(
    input.entries.length * input.entryFeePence + boughtBack * (input.buyBack?.pricePence ?? 0),
    input.houseSharePercent,
  );
  const { payouts, remainderPence } = result.decided
    ? splitPot(pot, result.winners)
    : { payouts: {}, remainderPence: 0 };
  return {
    rounds: result.rounds,
    decided: result.decided,
    winners: result.winners,
    finalRound: result.finalRound,
    potPence: pot,
    payouts,
    remainderPence,
  };
}

/** The whole `replay` command on parsed JSON: season file and input file. */
export function runReplay(seasonJson: unknown, inputJson: unknown): ReplayOutput {
  const season = parseOpenfootballSeason(seasonJson);
  const rounds = analyseRounds(season.fixtures);
  return replay(season, parseReplayInput(inputJson, rounds), rounds);
}
