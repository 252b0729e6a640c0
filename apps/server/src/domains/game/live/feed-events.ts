import type { LiveEvent } from '@lastman/api';
import type { EventHub } from '../../../lib/event-hub.ts';
import type { LiveChange } from '../football/live-scores.ts';

/**
 * Tells open screens the feed's new live scores: every club's (seasons are shared by every club), or
 * one club's (the demo round, played on fixtures no other club is using).
 */
export async function publishFeedChanges(
  events: EventHub,
  changes: readonly LiveChange[],
  clubId: string | null = null,
): Promise<void> {
  for (const c of changes) {
    await events.publish({
      clubId,
      type: 'live-score',
      data: {
        type: 'live-score',
        fixtureId: c.fixtureId,
        seasonId: c.seasonId,
        homeGoals: c.home,
        awayGoals: c.away,
        minute: c.minute,
        feed: c.corrected ? 'corrected' : 'live',
        source: 'feed',
      } satisfies LiveEvent,
    });
  }
}

/** Results came in (or may have): open screens fetch the round again (settlement may have moved on). */
export async function publishResults(
  events: EventHub,
  seasonId: string | null,
  clubId: string | null = null,
) {
  await events.publish({ clubId, type: 'results', data: { type: 'results', seasonId } satisfies LiveEvent });
}
