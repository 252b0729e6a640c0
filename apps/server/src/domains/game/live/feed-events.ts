import type { LiveEvent } from '@lastman/api';
import type { EventHub } from '../../../lib/event-hub.ts';
import type { LiveChange } from '../football/live-scores.ts';

/** Tells every club's open screens the feed's new live scores (seasons are shared by every club). */
export async function publishFeedChanges(events: EventHub, changes: readonly LiveChange[]): Promise<void> {
  for (const c of changes) {
    await events.publish({
      clubId: null,
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
