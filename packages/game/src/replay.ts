import { GameInputError, inputErrorCodes } from './errors.ts';
import { parseOpenfootballSeason } from './openfootball.ts';
import { poolPotPence, splitPot } from './pot.ts';
import { analyseRounds, type RoundAnalysis } from './rounds.ts';
import { type Rules, ruleValues } from './rules.ts';
import { type EntryPicks, type RoundResult, settleCompetition } from './settlement.ts';
import type { Season } from './types.ts';

export interface ReplayInput {
  readonly rules: Partial<Rules>;
  readonly startRound: number;
  readonly entryFeePence: number;
  readonly houseSharePercent: number;
  readonly entries: readonly EntryPicks[];
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
  const rules: Record<string, string> = {};
  for (const [name, setting] of Object.entries(value)) {
    if (!Object.hasOwn(ruleValues, name)) {
      throw new GameInputError(
        inputErrorCodes.unknownRule,
        `unknown rule "${name}" (rules are ${Object.keys(ruleValues).join(', ')})`,
      );
    }
    const allowed: readonly string[] = ruleValues[name as keyof Rules];
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
  return {
    rules: parseRules(json.rules),
    startRound,
    entryFeePence: wholeNumber(json.entryFeePence, 'entryFeePence', 0, 0, 1_000_000_000),
    houseSharePercent: wholeNumber(json.houseSharePercent, 'houseSharePercent', 0, 0, 100),
    entries: parseEntries(json.entries),
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
  });
  const pot = poolPotPence(input.entries.length * input.entryFeePence, input.houseSharePercent);
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
