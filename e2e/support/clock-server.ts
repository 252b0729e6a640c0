/**
 * A second browser-test server whose clock the test moves: the real app (same build, same database
 * code, demo club seeded) built with the test clock of `apps/server/src/lib/clock.ts`. The test that
 * forks it sends `{ type: 'set', to: ISO }` over the IPC channel; the settlement worker then runs a
 * pass at once. Production's `main.ts` has no such channel: its clock is the system's.
 */
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { startSettlementWorker } from '../../apps/server/src/domains/game/settlement/worker.ts';
import { startPaymentsWorker } from '../../apps/server/src/domains/payments/provider/worker.ts';
import { createTestClock } from '../../apps/server/src/lib/clock.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';

type Message = { type: 'set'; to: string };

const clock = createTestClock(new Date());
const config = loadConfig();
const database = openDatabase({ dataDir: config.DATA_DIR });
await database.migrate();
const app = await buildApp({ config, database, clock });
await seedDemo(app.services.db, app.services.auth, clock.now());
await app.listen({ port: config.PORT, host: config.HOST });
const settlement = startSettlementWorker({
  db: app.services.db,
  clock,
  registries: app.services.registries,
  events: app.services.events,
  log: app.log,
});
const payments = startPaymentsWorker(app.services, app.log);

process.on('message', (raw: Message) => {
  if (raw.type !== 'set') return;
  clock.set(raw.to);
  void settlement.kick().then(() => process.send?.({ type: 'ok', now: clock.now().toISOString() }));
});

const stop = async () => {
  await app.close();
  await settlement.stop();
  await payments.stop();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
process.on('disconnect', () => void stop());
process.send?.({ type: 'ready', now: clock.now().toISOString() });
