import { z } from 'zod';
import { EntryStatus, FixtureStatus } from './game.ts';
import { liveEntryStateText } from './rules.ts';

const Goals = z.number().int().min(0).max(99);

/** An admin's live score for a match being played: the club's own, shown and never settled. */
export const LiveScoreUpdate = z
  .object({ home: Goals, away: Goals, minute: z.number().int().min(0).max(130) })
  .strict()
  .meta({ id: 'LiveScoreUpdate' });
export type LiveScoreUpdate = z.infer<typeof LiveScoreUpdate>;

/**
 * How far a live score can be trusted: `live` fresh; `delayed` the feed has not reported the match
 * for a few minutes (shown as "feed delayed"); `corrected` the score went down lately (a goal
 * disallowed, shown as "score updated"); `final` full time; `waiting` not kicked off.
 */
export const LiveFeedState = z.enum(['waiting', 'live', 'delayed', 'corrected', 'final']);
export type LiveFeedState = z.infer<typeof LiveFeedState>;

export const LiveFixture = z
  .object({
    fixtureId: z.string(),
    seasonId: z.string(),
    round: z.number().int(),
    status: FixtureStatus,
    kickoff: z.string(),
    home: z.object({ id: z.string(), name: z.string(), shortName: z.string() }),
    away: z.object({ id: z.string(), name: z.string(), shortName: z.string() }),
    /** The score as it stands (the result once finished); null before kick-off. */
    homeGoals: z.number().int().nullable(),
    awayGoals: z.number().int().nullable(),
    minute: z.number().int().nullable(),
    feed: LiveFeedState,
    /** Where the live score comes from: the football feed, or the club's admin. */
    source: z.enum(['feed', 'club']).nullable(),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'LiveFixture' });
export type LiveFixture = z.infer<typeof LiveFixture>;

export const LiveEntryState = z.enum(['through', 'out-if', 'life-if', 'safe', 'life-lost', 'out', 'waiting']);
export type LiveEntryState = z.infer<typeof LiveEntryState>;

export { liveEntryStateText };
/** Fails to compile when a live state has no words on screen. */
export type LiveEntryStateWords = WordsForEveryState<typeof liveEntryStateText>;
type WordsForEveryState<T extends Record<LiveEntryState, string>> = T;

export const LiveCounts = z
  .object({
    stillIn: z.number().int(),
    inDanger: z.number().int(),
    out: z.number().int(),
    safe: z.number().int(),
    waiting: z.number().int(),
  })
  .meta({ id: 'LiveCounts' });

export const CompetitionLive = z
  .object({
    competitionId: z.string(),
    /** The round being played (locked, not settled), else the last settled one; null before any. */
    round: z.number().int().nullable(),
    settled: z.boolean(),
    fixtures: z.array(LiveFixture),
    entries: z.array(
      z.object({
        entryId: z.string(),
        playerName: z.string(),
        entryNumber: z.number().int().nullable(),
        status: EntryStatus,
        team: z.object({ id: z.string(), name: z.string() }).nullable(),
        fixtureId: z.string().nullable(),
        state: LiveEntryState,
      }),
    ),
    counts: LiveCounts,
    at: z.string(),
  })
  .meta({ id: 'CompetitionLive' });
export type CompetitionLive = z.infer<typeof CompetitionLive>;

/** The live streams (`GET /api/live`, a TV's) of the admin's club held open by the server process that answers. */
export const LiveConnections = z
  .object({ connections: z.number().int().min(0) })
  .meta({ id: 'LiveConnections' });
export type LiveConnections = z.infer<typeof LiveConnections>;

/** The events of `GET /api/live` (Server-Sent Events): each `data:` line is one of these as JSON. */
export const LiveEvent = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('live-score'),
      fixtureId: z.string(),
      seasonId: z.string(),
      homeGoals: z.number().int(),
      awayGoals: z.number().int(),
      minute: z.number().int().nullable(),
      feed: LiveFeedState,
      source: z.enum(['feed', 'club']),
    }),
    z.object({ type: z.literal('results'), seasonId: z.string().nullable() }),
    z.object({ type: z.literal('resync') }),
    // Quiz night: what changed, never an answer (each screen fetches what it may see).
    z.object({
      type: z.literal('quiz'),
      quizId: z.string(),
      what: z.enum(['opened', 'closed', 'marked', 'team', 'answered']),
    }),
  ])
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof LiveEvent>;

/** The demo's sped-up match day: how long its 90 minutes take. */
export const DemoRoundRequest = z
  .object({ playSeconds: z.number().int().min(10).max(1800).optional() })
  .strict()
  .meta({ id: 'DemoRoundRequest' });
export type DemoRoundRequest = z.infer<typeof DemoRoundRequest>;

export const DemoRoundStarted = z
  .object({
    competitionId: z.string(),
    round: z.number().int(),
    matches: z.number().int(),
    playMs: z.number().int(),
    /** When the stand-in's script started (its changes come this long after: kick-off, then each minute). */
    startedAt: z.string(),
  })
  .meta({ id: 'DemoRoundStarted' });
export type DemoRoundStarted = z.infer<typeof DemoRoundStarted>;
