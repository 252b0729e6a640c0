import { readFileSync } from 'node:fs';

// Baseline for the spawned command: the same process start, file read and JSON parse, and one read of every pick.
const path = process.argv[2];
if (!path) throw new Error('usage: read-picks.ts <input.json>');
const input = JSON.parse(readFileSync(path, 'utf8')) as { entries: { picks: Record<string, string> }[] };
let characters = 0;
for (const entry of input.entries) {
  const picks = entry.picks;
  for (const round in picks) characters += picks[round]?.length ?? 0;
}
process.stdout.write(`${JSON.stringify({ characters })}\n`);
