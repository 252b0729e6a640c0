import { DAY_MS } from '@lastman/api/time';
import type { Services } from '../../services.ts';
import { pruneNotifications } from './retention.ts';

/** Each registered pass in turn; one failing does not stop the others. */
async function runAllReminderPasses(
  services: Pick<Services, 'db' | 'clock' | 'registries'>,
  log: { error(obj: unknown, msg: string): void },
) {
  for (const [name, pass] of services.registries.reminderPasses.entries()) {
    try {
      await pass(services);
    } catch (err) {
      log.error({ err }, `${name} reminder pass failed`);
    }
  }
}

export interface NotificationJobs {
  stop(): Promise<void>;
}

const PRUNE_AFTER_START_MS = 5 * 60_000;

/**
 * The notification jobs of one server process: the delivery worker (every second, so a push leaves
 * within seconds of its event in any process), the reminder pass (every minute) and the retention
 * (five minutes after the process starts, then daily: notifications past NOTIFICATION_RETENTION_DAYS go).
 * All are safe in every process: deliveries are claimed with SKIP LOCKED, reminders by their unique
 * key, and a second process's prune finds nothing left to delete.
 */
export function startNotificationJobs(
  services: Pick<Services, 'db' | 'clock' | 'notifier' | 'registries'>,
  log: { error(obj: unknown, msg: string): void },
  { reminderMs = 60_000, deliveryMs = 1000 }: { reminderMs?: number; deliveryMs?: number } = {},
): NotificationJobs {
  services.notifier.start(deliveryMs);
  let running: Promise<void> | null = null;
  const pass = () => {
    running ??= runAllReminderPasses(services, log)
      .then(() => services.notifier.kick())
      .catch((err: unknown) => log.error({ err }, 'reminder pass failed'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void pass(), reminderMs);
  timer.unref();
  void pass();
  const prune = () =>
    void pruneNotifications(services.db, services.clock.now()).catch((err: unknown) =>
      log.error({ err }, 'old notifications not pruned'),
    );
  // Not at start, with everything else: a few minutes in, then daily.
  const firstPrune = setTimeout(prune, PRUNE_AFTER_START_MS);
  firstPrune.unref();
  const retention = setInterval(prune, DAY_MS);
  retention.unref();
  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(firstPrune);
      clearInterval(retention);
      if (running) await running;
      await services.notifier.stop();
    },
  };
}
