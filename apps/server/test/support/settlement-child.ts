/**
 * One settlement pass in a process of its own, as a second server would run it: the database from
 * DATABASE_URL, the clock fixed at SETTLE_AT. Prints the pass's summary as JSON.
 */
import { openDatabase } from '../../src/db/client.ts';
import { GAME_NOTIFICATION_KINDS } from '../../src/domains/game/index.ts';
import { runSettlementPass } from '../../src/domains/game/settlement/worker.ts';
import { createTestClock } from '../../src/lib/clock.ts';
import { createRegistries } from '../../src/lib/registries.ts';

const url = process.env.DATABASE_URL;
const at = process.env.SETTLE_AT;
if (!url || !at) throw new Error('DATABASE_URL and SETTLE_AT are required');
// The kinds its results are sent as: what building the app would register, without an app.
const registries = createRegistries();
for (const kind of GAME_NOTIFICATION_KINDS) registries.notificationKinds.register(kind.kind, kind);
const database = openDatabase({ databaseUrl: url });
if (process.env.WAIT_FOR_GO) {
  // Connected and ready; the test starts every worker at once by writing a line to each.
  await database.ping();
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdin.destroy(); // else the open pipe keeps the process alive after the pass
}
try {
  const summary = await runSettlementPass({ db: database.db, clock: createTestClock(at), registries });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} finally {
  await database.close();
}
