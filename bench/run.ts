import { fuzzBenchmark } from './fuzz.ts';
import { pickRushBenchmark } from './pick-rush.ts';
import { remindersBenchmark } from './reminders.ts';
import { replaySeasonBenchmark } from './replay-season.ts';
import { settleRoundBenchmark } from './settle-round.ts';
import { type Benchmark, formatFigures } from './timing.ts';
import { tvScreenBenchmark } from './tv-screen.ts';
import { lighthouseBenchmark, webBundleBenchmark } from './web.ts';

// Add a benchmark: write a module exporting a Benchmark and list it here.
const benchmarks: readonly Benchmark[] = [
  replaySeasonBenchmark,
  settleRoundBenchmark,
  pickRushBenchmark,
  webBundleBenchmark,
  lighthouseBenchmark,
  fuzzBenchmark,
  // Notifications.
  remindersBenchmark,
  // The pub's TV screen through a match day.
  tvScreenBenchmark,
];

async function main(selected: readonly string[]): Promise<void> {
  const chosen = selected.length === 0 ? benchmarks : benchmarks.filter((b) => selected.includes(b.name));
  if (chosen.length === 0) {
    throw new Error(
      `no benchmark named ${selected.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`,
    );
  }
  for (const benchmark of chosen) {
    console.log(`${benchmark.name}: ${benchmark.description}`);
    console.log(formatFigures(await benchmark.run()));
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
