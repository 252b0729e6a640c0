import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// The game package's own independent replay loop, the command's reference.
import { mulberry32 } from '@lastman/game';
import { describe, expect, it } from 'vitest';
import {
  type RawInput,
  randomEntries,
  randomRules,
  referenceReplay,
} from '../../../../packages/game/test/reference.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const SEASONS = ['2020-21', '2021-22', '2022-23', '2023-24', '2024-25', '2025-26'] as const;

function seasonPath(season: string): string {
  return join(import.meta.dirname, `../../seed/football/premier-league-${season}.json`);
}

function loadSeasonJson(season: string): unknown {
  return JSON.parse(readFileSync(seasonPath(season), 'utf8'));
}

const dir = mkdtempSync(join(tmpdir(), 'lms-replay-'));
let fileCount = 0;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function lms(args: string[], viaNpm = false): Promise<Run> {
  const [command, argv] = viaNpm
    ? ['npm', ['run', '-s', 'lms', '--', ...args]]
    : [join(ROOT, 'node_modules/.bin/node'), ['--import', 'tsx', 'apps/server/src/cli/lms.ts', ...args]];
  return new Promise((done) => {
    execFile(command, argv, { cwd: ROOT, maxBuffer: 1 << 30 }, (error, stdout, stderr) => {
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

function writeInput(content: unknown): string {
  const path = join(dir, `input-${++fileCount}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

async function replay(season: string, input: unknown, viaNpm = false): Promise<Run> {
  return lms(['replay', '--season', season, '--input', writeInput(input)], viaNpm);
}

describe('lms replay (spawned)', () => {
  it('prints exactly the contract example through npm run -s', async () => {
    const input = {
      rules: {
        draw: 'eliminate',
        reuse: 'never',
        missedPick: 'eliminate',
        postponed: 'survive',
        allOut: 'rollover',
      },
      startRound: 1,
      entryFeePence: 1000,
      houseSharePercent: 10,
      entries: [
        { id: 'e1', picks: { '1': 'Arsenal FC', '2': 'Liverpool FC' } },
        { id: 'e2', picks: { '1': 'Everton FC' } },
      ],
    };
    const run = await replay(seasonPath('2020-21'), input, true);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toEqual({
      rounds: [
        { round: 1, status: 'played', survived: ['e1', 'e2'], eliminated: [], rollover: false },
        { round: 2, status: 'played', survived: ['e1'], eliminated: ['e2'], rollover: false },
      ],
      decided: true,
      winners: ['e1'],
      finalRound: 2,
      potPence: 1800,
      payouts: { e1: 1800 },
      remainderPence: 0,
    });
  }, 30_000);

  it('agrees with the reference loop on every season, for many rule sets and entries', async () => {
    const runs: Promise<void>[] = [];
    let seed = 1;
    for (const name of SEASONS) {
      const season = loadSeasonJson(name) as Parameters<typeof referenceReplay>[0];
      for (let k = 0; k < 6; k++) {
        const random = mulberry32(seed++);
        const startRound = k === 0 ? 1 : 1 + Math.floor(random() * 30);
        const input: RawInput = {
          rules: k === 0 ? {} : randomRules(random),
          startRound,
          entryFeePence: [0, 500, 1000, 333][k % 4],
          houseSharePercent: [0, 10, 25, 7][k % 4],
          entries: randomEntries(random, [0, 1, 7, 60, 300, 1000][k] ?? 10, season, startRound),
        };
        runs.push(
          replay(seasonPath(name), input).then((run) => {
            expect(run.stderr, `${name} #${k}`).toBe('');
            expect(run.code).toBe(0);
            expect(JSON.parse(run.stdout), `${name} #${k} ${JSON.stringify(input.rules)}`).toEqual(
              referenceReplay(season, input),
            );
          }),
        );
      }
    }
    await Promise.all(runs);
  }, 300_000);

  it('settles 100,000 entries over the whole 2024-25 season like the reference', async () => {
    const season = loadSeasonJson('2024-25') as Parameters<typeof referenceReplay>[0];
    const random = mulberry32(2024);
    const input: RawInput = {
      rules: { draw: 'eliminate', reuse: 'afterAllUsed', missedPick: 'autoPick' },
      startRound: 1,
      entryFeePence: 500,
      houseSharePercent: 15,
      entries: randomEntries(random, 100_000, season, 1),
    };
    const started = performance.now();
    const run = await replay(seasonPath('2024-25'), input);
    const elapsed = performance.now() - started;
    expect(run.stderr).toBe('');
    const output = JSON.parse(run.stdout);
    expect(output).toEqual(referenceReplay(season, input));
    expect(output.potPence).toBe(Math.floor((100_000 * 500 * 85) / 100));
    expect(elapsed).toBeLessThan(60_000);
  }, 300_000);

  it('stops before 2025-26 Matchday 30, which has no result yet, and stays undecided', async () => {
    const run = await replay(seasonPath('2025-26'), {
      startRound: 25,
      entryFeePence: 100,
      entries: [
        { id: 'a', picks: { 25: 'Arsenal FC' } },
        { id: 'b', picks: { 25: 'Arsenal FC' } },
      ],
      rules: { missedPick: 'autoPick', draw: 'survive' },
    });
    const output = JSON.parse(run.stdout);
    expect(output.rounds.map((r: { round: number }) => r.round).at(-1)).toBe(29);
    expect(output).toMatchObject({
      decided: false,
      winners: [],
      payouts: {},
      remainderPence: 0,
      potPence: 200,
    });
    expect(output.finalRound).toBe(29);
    const none = JSON.parse((await replay(seasonPath('2025-26'), { startRound: 30, entries: [] })).stdout);
    expect(none).toEqual({
      rounds: [],
      decided: false,
      winners: [],
      finalRound: null,
      potPence: 0,
      payouts: {},
      remainderPence: 0,
    });
  }, 30_000);

  it('lists 2022-23 Matchday 7 as void', async () => {
    const output = JSON.parse(
      (await replay(seasonPath('2022-23'), { startRound: 6, entries: [], entryFeePence: 0 })).stdout,
    );
    expect(output.rounds[1]).toEqual({
      round: 7,
      status: 'void',
      survived: [],
      eliminated: [],
      rollover: false,
    });
    expect(output).toMatchObject({ decided: true, winners: [], finalRound: 38 });
    expect(output.rounds).toHaveLength(33);
  }, 30_000);

  it('plays lives and buy-backs like the reference on every season', async () => {
    const runs: Promise<void>[] = [];
    let seed = 500;
    for (const name of SEASONS) {
      const season = loadSeasonJson(name) as Parameters<typeof referenceReplay>[0];
      for (let k = 0; k < 4; k++) {
        const random = mulberry32(seed++);
        const startRound = k === 0 ? 1 : 1 + Math.floor(random() * 30);
        const entries = randomEntries(random, [5, 40, 300, 1000][k] ?? 10, season, startRound);
        const input: RawInput = {
          rules: { ...randomRules(random), lives: k % 4 },
          startRound,
          entryFeePence: 500,
          houseSharePercent: 10,
          entries,
          ...(k === 0
            ? {}
            : {
                buyBack: { untilRound: startRound + k, pricePence: [0, 250, 1_000_000][k % 3] ?? 0 },
                buyBacks: entries.filter((_, i) => i % k === 0).map((e) => e.id),
              }),
        };
        runs.push(
          replay(seasonPath(name), input).then((run) => {
            expect(run.stderr, `${name} #${k}`).toBe('');
            expect(JSON.parse(run.stdout), `${name} #${k}`).toEqual(referenceReplay(season, input));
          }),
        );
      }
    }
    await Promise.all(runs);
  }, 300_000);

  it('2024-25 with 1,000 entries: lives 1 and a buy-back until round 3 against the classic game', async () => {
    const season = loadSeasonJson('2024-25') as Parameters<typeof referenceReplay>[0];
    const entries = randomEntries(mulberry32(2024), 1000, season, 1);
    const base = { startRound: 1, entryFeePence: 1000, houseSharePercent: 10, entries };
    const everyOther = entries.filter((_, i) => i % 2 === 0).map((e) => e.id);
    const [classic, lives, buyBack] = await Promise.all(
      [
        base,
        { ...base, rules: { lives: 1 } },
        { ...base, buyBack: { untilRound: 3, pricePence: 500 }, buyBacks: everyOther },
      ].map(async (input) => {
        const run = await replay(seasonPath('2024-25'), input);
        const output = JSON.parse(run.stdout);
        expect(output).toEqual(referenceReplay(season, input as RawInput));
        return output as {
          rounds: { survived: string[]; livesLost?: string[]; boughtBack?: string[] }[];
          finalRound: number;
          potPence: number;
        };
      }),
    );
    const inPlay = (o: NonNullable<typeof classic>) =>
      o.rounds.map((r) => r.survived.length + (r.boughtBack?.length ?? 0));
    expect(classic?.rounds[0]).not.toHaveProperty('livesLost');
    expect(inPlay(classic as NonNullable<typeof classic>)).toEqual([403, 197, 48, 12, 3, 1]);
    expect(inPlay(lives as NonNullable<typeof lives>)).toEqual([1000, 670, 336, 132, 42, 13, 4, 2, 2, 2, 1]);
    expect(lives?.rounds.map((r) => r.livesLost?.length)).toEqual([597, 206, 149, 36, 9, 2, 0, 1, 0, 0, 0]);
    // Every other owner buys back: 478 buy-backs in rounds 1 to 3 (none after the window).
    expect(buyBack?.rounds.map((r) => r.boughtBack?.length)).toEqual([300, 101, 77, 0, 0, 0]);
    expect(buyBack?.rounds.map((r) => r.survived.length)).toEqual([403, 335, 116, 54, 8, 1]);
    expect(inPlay(buyBack as NonNullable<typeof buyBack>)).toEqual([703, 436, 193, 54, 8, 1]);
    const bought = 300 + 101 + 77;
    expect(buyBack?.potPence).toBe(Math.floor(((1000 * 1000 + bought * 500) * 90) / 100));
  }, 120_000);

  it('refuses bad input with a message naming the problem, and prints nothing on stdout', async () => {
    const season = seasonPath('2024-25');
    const cases: [Promise<Run>, RegExp][] = [
      [
        replay(season, { entries: [{ id: 'x', picks: { 3: 'Leeds United FC' } }] }),
        /"Leeds United FC".*not a team/,
      ],
      [replay(season, '{"entries": ['), /not valid JSON/],
      [replay(season, { rules: { draw: 'sometimes' } }), /rule "draw" cannot be "sometimes"/],
      [replay(season, { rules: { reuse: 'always' } }), /rule "reuse" cannot be "always"/],
      [replay(season, { rules: { drawn: 'survive' } }), /unknown rule "drawn"/],
      [
        replay(season, { rules: { lives: '1' } }),
        /rule "lives" cannot be "1": use a whole number from 0 to 3/,
      ],
      [replay(season, { rules: { lives: 4 } }), /rule "lives" cannot be 4/],
      [replay(season, { startRound: 5, buyBack: { untilRound: 4 } }), /before the start round 5/],
      [replay(season, { buyBack: { untilRound: 3, pricePence: -1 } }), /"buyBack.pricePence" must be/],
      [replay(season, { buyBack: { untilRound: 3, pricePence: 1_000_001 } }), /from 0 to 1000000/],
      [replay(season, { buyBack: { pricePence: 100 } }), /needs "untilRound"/],
      [replay(season, { buyBack: 3 }), /"buyBack" must be an object/],
      [replay(season, { entries: [{ id: 'a' }], buyBacks: ['a'] }), /"buyBacks" needs a "buyBack"/],
      [replay(season, { buyBack: { untilRound: 3 }, buyBacks: ['zz'] }), /"zz", which is not an entry id/],
      [replay(season, { startRound: 39 }), /"startRound" 39 is not a round/],
      [replay(season, { entryFeePence: -5 }), /"entryFeePence" must be a whole number/],
      [replay(season, { houseSharePercent: 101 }), /"houseSharePercent"/],
      [replay(season, { entries: [{ id: 1 }] }), /entries\[0\]\.id must be a string/],
      [replay(season, { entries: [{ id: 'a' }, { id: 'a' }] }), /"a" is used twice/],
      [replay(season, []), /must be a JSON object/],
      [replay(writeInput({ matches: [{ round: 'Matchday 1' }] }), {}), /matches\[0\]\.team1/],
      [replay(join(dir, 'missing.json'), {}), /cannot read the season file/],
      [lms(['replay', '--season', season]), /missing --input/],
      [lms(['replay', '--input', season]), /missing --season/],
      [lms(['replay', '--season', season, '--input']), /--input/],
      [lms(['replay', '--season', season, '--input', season, '--fast']), /Unknown option '--fast'/],
      [lms(['replicate']), /unknown command "replicate"/],
      [lms([]), /missing command/],
    ];
    for (const [pending, message] of cases) {
      const run = await pending;
      expect(run.code, run.stderr).not.toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
    }
  }, 60_000);
});
