import type { Db } from '../../../db/client.ts';
import { tryLockCompetitionAdvisory } from '../../../db/competition-locks.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { EventHub } from '../../../lib/event-hub.ts';
import type { Registries } from '../../../lib/registries.ts';
import { revealDemoResults } from '../fixtures/index.ts';
import { publishResults } from '../live/feed-events.ts';
import { notifyRoundsSettled } from '../notices.ts';
import { listCompetitionsInPlay } from './queries.ts';
import { advanceCompetition } from './settle.ts';

export interface PassSummary {
  competitions: number;
  settledRounds: number;
  skippedLocked: number;
}

/**
 * One pass of the settlement job: reveals demo results the clock has passed, then moves every open or
 * running competition on. Each competition in its own transaction under a try-lock, so with several
 * server processes each competition is settled by exactly one of them, and a crash mid-way rolls back.
 */
export async function runSettlementPass({
  db,
  clock,
  registries,
  events,
}: {
  db: Db;
  clock: Clock;
  registries: Registries;
  /** When given, the club's open screens hear of a round that locked or settled, once it is saved. */
  events?: EventHub | undefined;
}): Promise<PassSummary> {
  const now = clock.now().getTime();
  await revealDemoResults(db, now);
  const due = await listCompetitionsInPlay(db);
  const summary: PassSummary = { competitions: due.length, settledRounds: 0, skippedLocked: 0 };
  for (const { id, clubId, seasonId, status: before } of due) {
    let moved = false;
    await db.transaction(async (tx) => {
      if (!(await tryLockCompetitionAdvisory(tx, id))) {
        summary.skippedLocked++;
        return;
      }
      const result = await advanceCompetition(tx, { competitionId: id, now });
      summary.settledRounds += result.settled.length;
      moved = result.settled.length > 0 || result.status !== before;
      // In the same transaction: results are sent exactly once, by the process that settled the round.
      await notifyRoundsSettled(
        { db: tx, clock, registries },
        {
          competitionId: id,
          rounds: result.settled,
          finished: result.status === 'finished',
          buyBacks: result.buyBacks,
        },
      );
    });
    // After the commit: a screen that fetches on hearing it sees the round locked or settled.
    if (moved && events) await publishResults(events, seasonId, clubId);
  }
  return summary;
}

export interface SettlementWorker {
  /** Runs a pass now (after a result is entered); passes never overlap within a process. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

export function startSettlementWorker(opts: {
  db: Db;
  clock: Clock;
  registries: Registries;
  events?: EventHub;
  intervalMs?: number;
  log?: { error(obj: unknown, msg: string): void };
}): SettlementWorker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) return running;
    running = runSettlementPass(opts)
      .then(() => undefined)
      .catch((err: unknown) => opts.log?.error({ err }, 'settlement pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void pass(), opts.intervalMs ?? 30_000);
  timer.unref();
  void pass();
  return {
    kick: pass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
