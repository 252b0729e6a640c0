import { z } from 'zod';
import { Id, requiredName } from '../common.ts';
import { defaultRules, MAX_ENTRY_FEE_PENCE, MAX_LIVES } from './rules.ts';

export const CompetitionStatus = z.enum(['draft', 'open', 'running', 'finished', 'cancelled']);
export type CompetitionStatus = z.infer<typeof CompetitionStatus>;
export const PrizeModel = z.enum(['pool', 'fixed', 'free']);
export type PrizeModel = z.infer<typeof PrizeModel>;
export const EntryStatus = z.enum(['pending', 'active', 'eliminated', 'won', 'refunded']);
export type EntryStatus = z.infer<typeof EntryStatus>;
export const FixtureStatus = z.enum(['scheduled', 'live', 'finished', 'postponed', 'abandoned']);
export type FixtureStatus = z.infer<typeof FixtureStatus>;
export const PickOutcome = z.enum(['survived', 'eliminated', 'void', 'invalid']);

export const CompetitionRules = z
  .object({
    draw: z.enum(['eliminate', 'survive']).default(defaultRules.draw),
    reuse: z.enum(['never', 'afterAllUsed']).default(defaultRules.reuse),
    missedPick: z.enum(['eliminate', 'autoPick']).default(defaultRules.missedPick),
    postponed: z.enum(['survive', 'eliminate']).default(defaultRules.postponed),
    allOut: z.enum(['rollover', 'split']).default(defaultRules.allOut),
    /** Lives each entry starts with: a knock-out costs a life instead while the entry has one. */
    lives: z
      .number()
      .int(`must be a whole number of lives: 0 to ${MAX_LIVES}`)
      .min(0, `must be 0 to ${MAX_LIVES} lives (0: the first knock-out is final)`)
      .max(MAX_LIVES, `must be 0 to ${MAX_LIVES} lives: choose ${MAX_LIVES} or fewer`)
      .default(defaultRules.lives),
  })
  .strict()
  .meta({ id: 'CompetitionRules' });
export type CompetitionRules = z.infer<typeof CompetitionRules>;

/** Each rule and each of its choices in plain words, for the admin form and the rules screen. */
export const ruleDescriptions = {
  draw: {
    label: 'When your team draws',
    choices: {
      eliminate: 'A draw knocks you out: only a win takes you through.',
      survive: 'A draw is enough: you are out only if your team loses.',
    },
  },
  reuse: {
    label: 'Picking a team again',
    choices: {
      never: 'Each team can be picked only once per entry for the whole competition.',
      afterAllUsed:
        'Each team once per entry; when an entry has used every team, it starts again with all of them.',
    },
  },
  missedPick: {
    label: 'No pick by the deadline',
    choices: {
      eliminate: 'An entry with no pick when the round locks is out.',
      autoPick:
        'We pick for you: the first team in alphabetical order that plays in the round and you have not used. If there is none, the entry is out.',
    },
  },
  postponed: {
    label: 'Your team’s match is postponed or abandoned',
    choices: {
      survive: 'You go through, and the team still counts as used.',
      eliminate: 'You are out, as if your team had lost.',
    },
  },
  allOut: {
    label: 'Everyone left goes out in the same round',
    choices: {
      rollover: 'Nobody goes out: everyone left plays on into the next round.',
      split: 'They all win and share the pot equally.',
    },
  },
} as const;

export const RuleChoice = z.object({ value: z.string(), description: z.string(), isDefault: z.boolean() });
export const RuleDescription = z.object({
  rule: z.enum(['draw', 'reuse', 'missedPick', 'postponed', 'allOut']),
  label: z.string(),
  choices: z.array(RuleChoice),
});
export const RuleDescriptionList = z
  .object({ rules: z.array(RuleDescription) })
  .meta({ id: 'RuleDescriptionList' });
export type RuleDescriptionList = z.infer<typeof RuleDescriptionList>;

const Pence = z.number().int().min(0).max(100_000_000);
const EntryFeePence = z
  .number()
  .int()
  .min(0)
  .max(MAX_ENTRY_FEE_PENCE, `must be at most ${MAX_ENTRY_FEE_PENCE} (£10,000)`);

const BuyBackUntilRound = z
  .number()
  .int('must be a round number')
  .min(1, "must be 1 (the competition's first round) or later")
  .max(60, 'must be a round of the season');
const BuyBackPrice = z
  .number()
  .int('must be whole pence')
  .min(0, 'must be 0 (a free rejoin) or more')
  .max(MAX_ENTRY_FEE_PENCE, `must be at most ${MAX_ENTRY_FEE_PENCE} (£10,000), the largest entry fee`);

/**
 * Buying back in: an entry knocked out in one of the competition's first `untilRound` rounds may be
 * bought back once, before the next round's deadline, for `pricePence` (0: a free rejoin). The
 * rounds are the competition's own: round 1 is its first (its starting gameweek), so "3" is a window
 * over its first three rounds whatever gameweek it starts on. Null: no buy-backs.
 */
export const BuyBack = z
  .object({ untilRound: BuyBackUntilRound, pricePence: BuyBackPrice })
  .strict()
  .meta({ id: 'BuyBack' });
export type BuyBack = z.infer<typeof BuyBack>;

/**
 * A buy-back as the admin sets it: a price left out is the competition's entry fee (0 when free).
 * Inlined in the requests that take it, without an OpenAPI id of its own: a named schema with an
 * optional field reads differently as input and as output, and the document refuses that.
 */
export const BuyBackInput = z
  .object({ untilRound: BuyBackUntilRound, pricePence: BuyBackPrice.optional() })
  .strict();
export type BuyBackInput = z.infer<typeof BuyBackInput>;

/** A few words from the club for players; shown on the competition's card and rules page. */
const CompetitionDescription = z.string().trim().max(500, 'must be at most 500 characters');

/** What stays editable once players have entered: the words, never the rules, fee or rounds. */
export const EDITABLE_WHILE_OPEN = ['name', 'description'] as const;

export const CompetitionCreate = z
  .object({
    name: requiredName(100, 'must not be empty'),
    description: CompetitionDescription.default(''),
    seasonId: Id,
    startRound: z.number().int().min(1).max(60),
    prizeModel: PrizeModel,
    entryFeePence: EntryFeePence.default(0),
    prizePence: Pence.default(0),
    maxEntriesPerPlayer: z.number().int().min(1).max(50).default(1),
    minEntries: z.number().int().min(1).max(10_000).default(2),
    houseSharePercent: z.number().int().min(0).max(100).default(0),
    deadlineMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    rules: CompetitionRules.default({ ...defaultRules }),
    buyBack: BuyBackInput.nullable().default(null),
  })
  .strict()
  .meta({ id: 'CompetitionCreate' });
export type CompetitionCreate = z.infer<typeof CompetitionCreate>;

export const CompetitionUpdate = z
  .object({
    name: requiredName(100, 'must not be empty'),
    description: CompetitionDescription,
    seasonId: Id,
    startRound: z.number().int().min(1).max(60),
    prizeModel: PrizeModel,
    entryFeePence: EntryFeePence,
    prizePence: Pence,
    maxEntriesPerPlayer: z.number().int().min(1).max(50),
    minEntries: z.number().int().min(1).max(10_000),
    houseSharePercent: z.number().int().min(0).max(100),
    deadlineMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60),
    rules: CompetitionRules,
    buyBack: BuyBackInput.nullable(),
  })
  .partial()
  .strict()
  .meta({ id: 'CompetitionUpdate' });
export type CompetitionUpdate = z.infer<typeof CompetitionUpdate>;

export const CompetitionIdParams = z.object({ id: Id });
export const CompetitionRoundParams = z.object({ id: Id, round: z.coerce.number().int().min(1).max(99) });
export const EntryRoundParams = z.object({ id: Id, round: z.coerce.number().int().min(1).max(99) });
export const SeasonRoundParams = z.object({ id: Id, round: z.coerce.number().int().min(1).max(99) });
export const FixtureIdParams = z.object({ id: Id });

export const CompetitionSummary = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    status: CompetitionStatus,
    prizeModel: PrizeModel,
    entryFeePence: z.number().int(),
    /** fixed/free: the prize the club set (0 if none); pool: confirmed entry fees less the house share. */
    potPence: z.number().int(),
    seasonId: z.string(),
    seasonName: z.string(),
    startRound: z.number().int(),
    /** The round being played or next to lock; the final round once finished; null if none left. */
    currentRound: z.number().int().nullable(),
    /** The current round's pick deadline, UTC ISO; null for a void round or none. */
    deadline: z.string().nullable(),
    /**
     * The round players pick for now: the first unsettled round whose deadline is still ahead (the
     * next round while the current one is locked and waits for results); null when none is open.
     */
    pickRound: z.number().int().nullable(),
    /** That round's pick deadline, UTC ISO; null with no pick round. */
    pickDeadline: z.string().nullable(),
    entriesTotal: z.number().int(),
    entriesRemaining: z.number().int(),
    myEntries: z.number().int(),
    maxEntriesPerPlayer: z.number().int(),
  })
  .meta({ id: 'CompetitionSummary' });
export type CompetitionSummary = z.infer<typeof CompetitionSummary>;

/** Whose competitions a visitor reads: the club of their link (members always read their own). */
export const ClubCompetitionsQuery = z.object({ club: z.string().max(100).optional() });

export const CompetitionList = z
  .object({ competitions: z.array(CompetitionSummary) })
  .meta({ id: 'CompetitionList' });
export type CompetitionList = z.infer<typeof CompetitionList>;

export const RoundInfo = z.object({
  round: z.number().int(),
  /** Pick deadline, UTC ISO; null in a void round (no pick needed). */
  deadline: z.string().nullable(),
  firstKickoff: z.string(),
  lastKickoff: z.string(),
  isVoid: z.boolean(),
  state: z.enum(['upcoming', 'locked', 'settled']),
  settledAt: z.string().nullable(),
  survivors: z.number().int().nullable(),
  eliminated: z.number().int().nullable(),
  /** Of the survivors, how many stayed in by losing a life; null until settled. */
  livesLost: z.number().int().nullable(),
  rollover: z.boolean(),
});
export type RoundInfo = z.infer<typeof RoundInfo>;

export const PickView = z
  .object({
    round: z.number().int(),
    teamId: z.string(),
    teamName: z.string(),
    auto: z.boolean(),
    outcome: PickOutcome.nullable(),
    /**
     * The pick lost and cost the entry a life instead of the entry itself (outcome "eliminated", the
     * entry still in): said "lost a life", as the card says, never "out".
     */
    lostLife: z.boolean().optional(),
  })
  .meta({ id: 'Pick' });
export type PickView = z.infer<typeof PickView>;

export const MyEntry = z
  .object({
    id: z.string(),
    status: EntryStatus,
    eliminatedRound: z.number().int().nullable(),
    /** The club knocked it out (a broken club rule): shown as "Removed by the club from round N: reason". */
    removedByClub: z.object({ fromRound: z.number().int(), reason: z.string() }).nullable(),
    /**
     * An admin's correction of a result put it out: the round and the corrected result ("Chelsea FC
     * 1–2 Arsenal FC"), shown as "Out in round N after a result correction: ...".
     */
    outByCorrection: z.object({ round: z.number().int(), result: z.string() }).nullable(),
    /** Lives left (0 when the competition has none): a knock-out costs one of these first. */
    livesLeft: z.number().int(),
    /** The rounds in which it lost a life and stayed in: its card says "lost a life", not "out". */
    livesLostRounds: z.array(z.number().int()).optional(),
    /** Bought back in after being knocked out in this round; null when not. */
    boughtBackRound: z.number().int().nullable().optional(),
    /**
     * It may be bought back in now: for this price (0: a free rejoin), until the next round's deadline.
     * Null when it may not (still in, bought back already, outside the window, no buy-backs).
     */
    buyBackOffer: z.object({ pricePence: z.number().int(), closesAt: z.string() }).nullable().optional(),
    createdAt: z.string(),
    picks: z.array(PickView),
  })
  .meta({ id: 'MyEntry' });
export type MyEntry = z.infer<typeof MyEntry>;

/** Which of the player's entries this is (1, 2, ...), or null when the player has only one. */
const EntryNumber = z.number().int().nullable();

export const Standing = z.object({
  entryId: z.string(),
  playerName: z.string(),
  entryNumber: EntryNumber,
  status: EntryStatus,
  eliminatedRound: z.number().int().nullable(),
  /** Lives left (0 when the competition has none). */
  livesLeft: z.number().int(),
});

export const CompetitionDetail = z
  .object({
    competition: CompetitionSummary.extend({
      rules: CompetitionRules,
      buyBack: BuyBack.nullable(),
      prizePence: z.number().int(),
      minEntries: z.number().int(),
      houseSharePercent: z.number().int(),
      deadlineMinutes: z.number().int(),
      finalRound: z.number().int().nullable(),
    }),
    rounds: z.array(RoundInfo),
    myEntries: z.array(MyEntry),
    standings: z.array(Standing),
    /** Set once finished: the winners and what each is owed. */
    payouts: z
      .object({
        winners: z.array(
          z.object({
            entryId: z.string(),
            playerName: z.string(),
            entryNumber: EntryNumber,
            pence: z.number().int(),
          }),
        ),
        remainderPence: z.number().int(),
      })
      .nullable(),
  })
  .meta({ id: 'CompetitionDetail' });
export type CompetitionDetail = z.infer<typeof CompetitionDetail>;

export const EntryView = z
  .object({ id: z.string(), competitionId: z.string(), status: EntryStatus, createdAt: z.string() })
  .meta({ id: 'Entry' });
export type EntryView = z.infer<typeof EntryView>;

export const PickRequest = z.object({ teamId: Id }).strict().meta({ id: 'PickRequest' });
export type PickRequest = z.infer<typeof PickRequest>;

export const PickResponse = PickView.extend({ entryId: z.string(), deadline: z.string().nullable() }).meta({
  id: 'PickResponse',
});
export type PickResponse = z.infer<typeof PickResponse>;

export const RoundPicks = z
  .object({
    round: z.number().int(),
    deadline: z.string().nullable(),
    /** false: only the caller's own picks are listed (before the deadline). */
    public: z.boolean(),
    picks: z.array(
      PickView.extend({
        entryId: z.string(),
        playerName: z.string(),
        entryNumber: EntryNumber,
        mine: z.boolean(),
      }),
    ),
    /** Picks per team; empty before the deadline. */
    counts: z.array(z.object({ teamId: z.string(), teamName: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'RoundPicks' });
export type RoundPicks = z.infer<typeof RoundPicks>;

export const MyEntryWithCompetition = MyEntry.extend({
  competitionId: z.string(),
  competitionName: z.string(),
  competitionStatus: CompetitionStatus,
  /** The order that bought the entry (payments); null for a free competition. */
  orderId: z.string().nullable(),
}).meta({ id: 'MyEntryWithCompetition' });

export const MyEntryList = z.object({ entries: z.array(MyEntryWithCompetition) }).meta({ id: 'MyEntryList' });
export type MyEntryList = z.infer<typeof MyEntryList>;

/** "What if": the competition's own picks settled again under other rules (admins). */
export const ReplayPreviewRequest = z
  .object({
    rules: CompetitionRules,
    /** Buy-backs to try, as if every owner knocked out in the window bought back; absent: as the competition has them. */
    buyBack: BuyBackInput.nullable().optional(),
  })
  .strict()
  .meta({
    id: 'ReplayPreviewRequest',
  });
export type ReplayPreviewRequest = z.input<typeof ReplayPreviewRequest>;

export const ReplayRound = z.object({
  round: z.number().int(),
  status: z.enum(['played', 'void']),
  survivors: z.number().int(),
  eliminated: z.number().int(),
  rollover: z.boolean(),
  /** Entries that stayed in by losing a life. */
  livesLost: z.number().int(),
  /** Entries knocked out in the round and bought back in. */
  boughtBack: z.number().int(),
});
export type ReplayRound = z.infer<typeof ReplayRound>;

export const ReplayOutcome = z.object({
  rules: CompetitionRules,
  buyBack: BuyBack.nullable(),
  rounds: z.array(ReplayRound),
  decided: z.boolean(),
  finalRound: z.number().int().nullable(),
  /** The winning entries, by player name (with the entry's number when a player has several). */
  winners: z.array(z.string()),
  /** What each winner would be paid, in pence; null while undecided. */
  payoutPence: z.number().int().nullable(),
  remainderPence: z.number().int(),
});
export type ReplayOutcome = z.infer<typeof ReplayOutcome>;

export const ReplayPreview = z
  .object({
    competitionId: z.string(),
    /** Entries in play (paid and confirmed when the first round locked). */
    entries: z.number().int(),
    /** The last settled round: the replay stops there, as the real competition has. */
    throughRound: z.number().int().nullable(),
    potPence: z.number().int(),
    actual: ReplayOutcome,
    variant: ReplayOutcome,
  })
  .meta({ id: 'ReplayPreview' });
export type ReplayPreview = z.infer<typeof ReplayPreview>;

// Pick history: one entry's picks round by round, from the standings (params: CompetitionEntryParams).
export const EntryPickHistory = z
  .object({
    entryId: z.string(),
    playerName: z.string(),
    entryNumber: EntryNumber,
    status: EntryStatus,
    eliminatedRound: z.number().int().nullable(),
    /** The viewer's own entry. */
    mine: z.boolean(),
    /** Only rounds whose deadline has passed: nobody sees a pick before then, not even its own player here. */
    picks: z.array(PickView),
  })
  .meta({ id: 'EntryPickHistory' });
export type EntryPickHistory = z.infer<typeof EntryPickHistory>;
