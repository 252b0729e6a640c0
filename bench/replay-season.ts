import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  analyseRounds,
  mulberry32,
  parseOpenfootballSeason,
  parseReplayInput,
  type RoundAnalysis,
  replay,
  teamOutcome,
} from '@lastman/game';
import { type Benchmark, type Figure, medianMs } from './timing.ts';

const ROOT = resolve(import.meta.dirname, '..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const SEASON = resolve(import.meta.dirname, '../apps/server/seed/football/premier-league-2024-25.json');
const ENTRIES = 100_000;

/**
 * Entries of mixed skill: each round an entry picks, with its skill as the chance, a winner it has not
 * used, else any unused team that plays; a few skip rounds. Some entries are near perfect, so the
 * competition runs the whole season with many entries still in.
 */
function generateInput(teams: readonly string[], rounds: readonly RoundAnalysis[]) {
  const random = mulberry32(20242025);
  const entries: { id: string; picks: Record<string, string> }[] = [];
  for (let i = 0; i < ENTRIES; i++) {
    const skill = i % 10 === 0 ? 1 : random();
    const used = new Set<string>();
    const picks: Record<string, string> = {};
    for (const round of rounds) {
      if (used.size === teams.length) used.clear();
      if (random() < 0.01) continue;
      const open = round.teams.filter((t) => !used.has(t));
      const winners = open.filter((t) => teamOutcome(round, t) === 'win');
      const pool = random() < skill && winners.length > 0 ? winners : open;
      const team = pool[Math.floor(random() * pool.length)];
      if (team === undefined) continue;
      used.add(team);
      picks[String(round.round)] = team;
    }
    entries.push({ id: `entry-${((i * 7919) % ENTRIES).toString().padStart(6, '0')}`, picks });
  }
  return {
    rules: {
      draw: 'eliminate',
      reuse: 'afterAllUsed',
      missedPick: 'autoPick',
      postponed: 'survive',
      allOut: 'rollover',
    },
    startRound: 1,
    entryFeePence: 1000,
    houseSharePercent: 10,
    entries,
  };
}

function spawnMs(args: string[]): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) => {
    execFile(NODE, args, { cwd: ROOT, maxBuffer: 1 << 30 }, (error, _stdout, stderr) => {
      if (error) fail(new Error(`${args.join(' ')} failed: ${stderr}`));
      else done(performance.now() - started);
    });
  });
}

export const replaySeasonBenchmark: Benchmark = {
  name: 'replay-season',
  description: `replay of the whole 2024-25 season with ${ENTRIES.toLocaleString('en-GB')} generated entries`,
  async run(): Promise<Figure[]> {
    const seasonJson: unknown = JSON.parse(readFileSync(SEASON, 'utf8'));
    const season = parseOpenfootballSeason(seasonJson);
    const rounds = analyseRounds(season.fixtures);
    const input = generateInput(season.teams, rounds);
    const dir = mkdtempSync(join(tmpdir(), 'lms-bench-'));
    const inputPath = join(dir, 'input.json');
    writeFileSync(inputPath, JSON.stringify(input));
    try {
      const parsedInput: unknown = JSON.parse(readFileSync(inputPath, 'utf8'));
      const entries = (parsedInput as typeof input).entries;
      const readEveryPick = await medianMs(5, () => {
        let characters = 0;
        for (const entry of entries) {
          const picks = entry.picks;
          for (const round in picks) characters += picks[round]?.length ?? 0;
        }
        return characters;
      });
      let output: ReturnType<typeof replay> | undefined;
      const settlement = await medianMs(5, () => {
        output = replay(season, parseReplayInput(parsedInput, rounds), rounds);
      });
      const spawnBaseline = await medianMs(3, () =>
        spawnMs(['--import', 'tsx', 'bench/read-picks.ts', inputPath]),
      );
      const command = await medianMs(3, () =>
        spawnMs([
          '--import',
          'tsx',
          'apps/server/src/cli/lms.ts',
          'replay',
          '--season',
          SEASON,
          '--input',
          inputPath,
        ]),
      );
      const last = output?.rounds.at(-1);
      console.log(
        `  (${output?.rounds.length} rounds listed, ${last?.survived.length ?? 0} still in after round ${last?.round}, ` +
          `${output?.winners.length} winners; input ${(JSON.stringify(input).length / 1e6).toFixed(1)} MB)`,
      );
      return [
        { label: 'baseline: read every pick once (in process)', ms: readEveryPick },
        {
          label: 'settlement (in process)',
          ms: settlement,
          against: 'baseline: read every pick once (in process)',
        },
        { label: 'baseline: spawn, parse input, read every pick', ms: spawnBaseline },
        {
          label: 'whole command (spawned)',
          ms: command,
          against: 'baseline: spawn, parse input, read every pick',
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
