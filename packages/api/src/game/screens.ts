import { z } from 'zod';
import { Id, requiredName } from '../common.ts';
import { LiveFeedState } from './live.ts';
import { normaliseScreenCode, SCREEN_PAIRING } from './rules.ts';

/** The club as its TV screen shows it: the name and colours, nothing of its members. */
export const ScreenClub = z
  .object({
    slug: z.string(),
    name: z.string(),
    primaryColor: z.string(),
    secondaryColor: z.string(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: 'ScreenClub' });
export type ScreenClub = z.infer<typeof ScreenClub>;

/** POST /api/screens: the screen page opened at /c/<club>/screen asks for a pairing code. */
export const ScreenStart = z.object({ club: z.string().min(1).max(100) }).strict();
export type ScreenStart = z.infer<typeof ScreenStart>;

export const ScreenCurrentQuery = z.object({ club: z.string().min(1).max(100) }).strict();

/** The code as typed: its letters and digits in either case, spaces and dashes anywhere between. */
const codeChar = `[${SCREEN_PAIRING.codeAlphabet}${SCREEN_PAIRING.codeAlphabet.toLowerCase()}]`;
const typedCode = new RegExp(`^[\\s-]*(?:${codeChar}[\\s-]*){${SCREEN_PAIRING.codeLength}}$`);

/** POST /api/admin/screens/pair: the code the TV shows, as the admin types it. */
export const ScreenPair = z
  .object({
    code: z
      .string()
      .max(20)
      .regex(typedCode, `must be the ${SCREEN_PAIRING.codeLength} letters and digits the TV shows`)
      .transform(normaliseScreenCode),
    name: requiredName(SCREEN_PAIRING.nameMax).optional(),
  })
  .strict();
export type ScreenPair = z.input<typeof ScreenPair>;

export const ScreenIdParams = z.object({ id: Id }).strict();

/** One match of the round as the screen shows it: teams, kick-off, the score as it stands. */
export const ScreenFixture = z
  .object({
    id: z.string(),
    kickoff: z.string(),
    status: z.enum(['scheduled', 'live', 'finished', 'postponed', 'abandoned']),
    home: z.object({ name: z.string(), shortName: z.string() }),
    away: z.object({ name: z.string(), shortName: z.string() }),
    /** The score as it stands: the result once finished, else the live score (the club's own entry, else the feed's). */
    homeScore: z.int().nullable(),
    awayScore: z.int().nullable(),
    /** The minute of a match being played, when known. */
    minute: z.int().nullable(),
    /** Whether the live score is current, delayed, just corrected, final or not yet heard. */
    feed: LiveFeedState,
    /** Entries that picked each side (after the deadline only; null before it). */
    homePicks: z.int().nullable(),
    awayPicks: z.int().nullable(),
  })
  .meta({ id: 'ScreenFixture' });
export type ScreenFixture = z.infer<typeof ScreenFixture>;

/** The last settled round's outcome: who is through and who went out (first name and initial). */
export const ScreenRoundResult = z
  .object({
    round: z.int(),
    settledAt: z.string(),
    rollover: z.boolean(),
    survivors: z.array(z.string()),
    survivorsCount: z.int(),
    eliminated: z.array(z.string()),
    eliminatedCount: z.int(),
  })
  .meta({ id: 'ScreenRoundResult' });
export type ScreenRoundResult = z.infer<typeof ScreenRoundResult>;

export const ScreenCompetition = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(['open', 'running', 'finished']),
    potPence: z.int(),
    entriesTotal: z.int(),
    entriesRemaining: z.int(),
    /** The round on screen: being played, or next to lock. */
    round: z.int().nullable(),
    roundState: z.enum(['upcoming', 'locked']).nullable(),
    roundDeadline: z.string().nullable(),
    /** The next deadline players pick before (may be a later round while this one is played). */
    nextDeadline: z.object({ round: z.int(), at: z.string() }).nullable(),
    fixtures: z.array(ScreenFixture),
    /** Teams carrying the most entries this round, once its deadline has passed (picks are secret before). */
    topTeams: z.array(z.object({ name: z.string(), shortName: z.string(), entries: z.int() })).nullable(),
    /**
     * After the deadline, the entries still in going into the round by their live state as the scores
     * stand: through (winning, won, or kept in by a life), in danger (would go out if it ended like
     * this), out (lost at full time, or no pick where that is out), waiting (not kicked off). Null
     * before the deadline.
     */
    standing: z.object({ through: z.int(), inDanger: z.int(), out: z.int(), waiting: z.int() }).nullable(),
    /**
     * The same entries by name ("Sam T."), as the room reads them: through (a life kept counts), in
     * danger, out. At most 60 names each; the standing's counts give the rest. Null before the deadline.
     */
    boards: z
      .object({ through: z.array(z.string()), inDanger: z.array(z.string()), out: z.array(z.string()) })
      .nullable(),
    lastResult: ScreenRoundResult.nullable(),
    /** What an entry costs (0: free to enter), for the join panel. */
    entryFeePence: z.int(),
  })
  .meta({ id: 'ScreenCompetition' });
export type ScreenCompetition = z.infer<typeof ScreenCompetition>;

export const ScreenEvent = z
  .object({ id: z.string(), title: z.string(), startsAt: z.string(), place: z.string() })
  .meta({ id: 'ScreenEvent' });
export type ScreenEvent = z.infer<typeof ScreenEvent>;

/** Everything a paired screen shows, in one answer. */
export const ScreenBoard = z
  .object({
    competition: ScreenCompetition.nullable(),
    /** The club's other competitions open or being played: the screen's slides rotate through them. */
    others: z.array(ScreenCompetition),
    /** The club's own page, where a player joins: the screen's QR code. */
    joinUrl: z.string(),
    /** What is on at the club tonight (until 5 am). */
    tonight: z.array(ScreenEvent),
    generatedAt: z.string(),
  })
  .meta({ id: 'ScreenBoard' });
export type ScreenBoard = z.infer<typeof ScreenBoard>;

/** The screen as its device sees it: unpaired with a code to show, or paired with its board. */
export const ScreenState = z
  .discriminatedUnion('paired', [
    z.object({
      paired: z.literal(false),
      club: ScreenClub,
      code: z.string(),
      codeExpiresAt: z.string(),
    }),
    z.object({ paired: z.literal(true), club: ScreenClub, board: ScreenBoard }),
  ])
  .meta({ id: 'ScreenState' });
export type ScreenState = z.infer<typeof ScreenState>;

/** A paired screen in the club's admin list. */
export const ScreenView = z
  .object({
    id: z.string(),
    name: z.string(),
    pairedAt: z.string(),
    pairedBy: z.string().nullable(),
    lastSeenAt: z.string().nullable(),
  })
  .meta({ id: 'ScreenView' });
export type ScreenView = z.infer<typeof ScreenView>;

export const ScreenList = z.object({ screens: z.array(ScreenView) }).meta({ id: 'ScreenList' });
export type ScreenList = z.infer<typeof ScreenList>;

export const ScreenPaired = z.object({ screen: ScreenView }).meta({ id: 'ScreenPaired' });
export type ScreenPaired = z.infer<typeof ScreenPaired>;
