import { z } from 'zod';
import { Id, requiredName, requiredText } from '../common.ts';

/** Quiz night: the quizmaster's quiz, the teams' phones and the pub's TV. */

export const QUIZ_LIMITS = {
  titleMax: 120,
  promptMax: 500,
  answerMax: 300,
  choiceMax: 120,
  choicesMin: 2,
  choicesMax: 8,
  roundsMax: 20,
  questionsPerRoundMax: 50,
  pointsMax: 100,
  secondsMin: 5,
  secondsMax: 600,
  secondsDefault: 60,
  teamNameMax: 40,
  codeLength: 6,
  /** A team's entry fee at most, in pence: a pub quiz's pound or two, with room for a charity night. */
  teamFeeMaxPence: 5000,
  /** A tie-break's answer: a whole or decimal number this size at most. */
  tieBreakAnswerMax: 1_000_000_000,
} as const;

export const QuizKind = z.enum(['choice', 'text', 'number', 'picture']);
export type QuizKind = z.infer<typeof QuizKind>;
export const QuizNumberMode = z.enum(['exact', 'closest']);
export const QuizStatus = z.enum(['draft', 'running', 'finished']);

const NUMBER = /^-?\d+(\.\d+)?$/;

export const QuizQuestionInput = z
  .object({
    prompt: requiredText(QUIZ_LIMITS.promptMax),
    kind: QuizKind,
    choices: z
      .array(requiredName(QUIZ_LIMITS.choiceMax))
      .min(QUIZ_LIMITS.choicesMin)
      .max(QUIZ_LIMITS.choicesMax)
      .optional(),
    /** The right answer; for a word or picture question, alternatives separated by `|`. */
    answer: requiredName(QUIZ_LIMITS.answerMax).describe(
      'The right answer: for a choice question one of its choices as written, for a number question a number, for a word or picture question alternatives separated by |. Only a choice question has choices, only a number question a numberMode, and a picture question needs its imageKey.',
    ),
    numberMode: QuizNumberMode.optional(),
    points: z.number().int().min(0).max(QUIZ_LIMITS.pointsMax).optional(),
    seconds: z.number().int().min(QUIZ_LIMITS.secondsMin).max(QUIZ_LIMITS.secondsMax).optional(),
    /** A picture question's image, as `POST /api/admin/quizzes/images` stored it. */
    imageKey: z
      .string()
      .max(200)
      .regex(/^quiz\/[\w./-]+$/, 'must be a key the image upload gave')
      .optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.kind === 'choice') {
      if (!q.choices)
        ctx.addIssue({ code: 'custom', path: ['choices'], message: 'a choice question needs its choices' });
      else if (!q.choices.includes(q.answer)) {
        ctx.addIssue({ code: 'custom', path: ['answer'], message: 'must be one of the choices, as written' });
      }
    } else if (q.choices) {
      ctx.addIssue({ code: 'custom', path: ['choices'], message: 'only a choice question has choices' });
    }
    if (q.kind === 'number' && !NUMBER.test(q.answer.replace(/[,\s]/g, ''))) {
      ctx.addIssue({
        code: 'custom',
        path: ['answer'],
        message: 'a number question needs a number as its answer',
      });
    }
    if (q.numberMode && q.kind !== 'number') {
      ctx.addIssue({
        code: 'custom',
        path: ['numberMode'],
        message: 'only a number question has a number mode',
      });
    }
    if (q.kind === 'picture' && !q.imageKey) {
      ctx.addIssue({ code: 'custom', path: ['imageKey'], message: 'a picture question needs its picture' });
    }
  });
export type QuizQuestionInput = z.infer<typeof QuizQuestionInput>;

export const QuizRoundInput = z
  .object({
    title: requiredName(QUIZ_LIMITS.titleMax),
    questions: z.array(QuizQuestionInput).min(1).max(QUIZ_LIMITS.questionsPerRoundMax),
  })
  .strict();

export const QuizInput = z
  .object({
    title: requiredName(QUIZ_LIMITS.titleMax),
    rounds: z.array(QuizRoundInput).min(1).max(QUIZ_LIMITS.roundsMax),
  })
  .strict();
export type QuizInput = z.infer<typeof QuizInput>;

/** A quiz from a CSV file: `round,prompt,kind,choices,answer,points`, choices separated by `|`. */
export const QuizImport = z
  .object({ title: requiredName(QUIZ_LIMITS.titleMax), csv: z.string().min(1, 'is required').max(200_000) })
  .strict();
export type QuizImport = z.infer<typeof QuizImport>;

/** Next week's quiz from this one: the same questions, a new code, no teams. */
export const QuizCopy = z.object({ title: requiredName(QUIZ_LIMITS.titleMax).optional() }).strict();
export type QuizCopy = z.infer<typeof QuizCopy>;

export const QuizIdParams = z.object({ id: Id }).strict();
export const QuizTeamParams = z.object({ id: Id, teamId: Id }).strict();

/** The night around the quiz: its event, each team's entry fee, and whether unpaid teams are on the board. */
export const QuizNight = z
  .object({
    eventId: Id.nullable().optional(),
    teamFeePence: z.number().int().min(0).max(QUIZ_LIMITS.teamFeeMaxPence).optional(),
    leaderboardPaidOnly: z.boolean().optional(),
  })
  .strict();
export type QuizNight = z.infer<typeof QuizNight>;

/** The quizmaster records a team's fee paid in cash at the bar (or takes the record back). */
export const QuizTeamPayment = z.object({ paid: z.boolean() }).strict();
export type QuizTeamPayment = z.infer<typeof QuizTeamPayment>;
export const QuizAnswerParams = z.object({ id: Id, answerId: Id }).strict();
export const QuizQuestionParams = z.object({ id: Id, questionId: Id }).strict();

export const QuizSummary = z
  .object({
    id: z.string(),
    title: z.string(),
    joinCode: z.string(),
    status: QuizStatus,
    questionCount: z.number().int(),
    teamCount: z.number().int(),
    createdAt: z.string(),
    /** The club's event it is the quiz of, or null. */
    eventId: z.string().nullable(),
    teamFeePence: z.number().int(),
    leaderboardPaidOnly: z.boolean(),
  })
  .meta({ id: 'QuizSummary' });
export type QuizSummary = z.infer<typeof QuizSummary>;

export const QuizCreated = z.object({ quiz: QuizSummary }).meta({ id: 'QuizCreated' });
export const QuizList = z.object({ quizzes: z.array(QuizSummary) }).meta({ id: 'QuizList' });
export type QuizList = z.infer<typeof QuizList>;

export const QuizLeaderboard = z
  .object({
    teams: z.array(
      z.object({
        name: z.string(),
        score: z.number().int(),
        rank: z.number().int(),
        /** Present for a team a tie-break put ahead of the teams it was tied with. */
        wonTieBreak: z.literal(true).optional(),
      }),
    ),
  })
  .meta({ id: 'QuizLeaderboard' });
export type QuizLeaderboard = z.infer<typeof QuizLeaderboard>;

/** A question as teams and the TV see it: its answer only once it has closed. */
export const QuizQuestionPublic = z
  .object({
    id: z.string(),
    position: z.number().int(),
    count: z.number().int(),
    round: z.number().int(),
    roundTitle: z.string(),
    lastInRound: z.boolean(),
    prompt: z.string(),
    kind: QuizKind,
    choices: z.array(z.string()).nullable(),
    imageUrl: z.string().nullable(),
    points: z.number().int(),
    seconds: z.number().int(),
    openedAt: z.string(),
    closesAt: z.string(),
    state: z.enum(['open', 'closed']),
    answer: z.string().nullable(),
    /** A tie-break: the tied teams' names (only they answer it; it scores no points). Null otherwise. */
    tieBreak: z.object({ teams: z.array(z.string()) }).nullable(),
  })
  .meta({ id: 'QuizQuestionPublic' });
export type QuizQuestionPublic = z.infer<typeof QuizQuestionPublic>;

export const QuizJoin = z
  .object({
    code: z.string().trim().min(1, 'is required').max(20),
    teamName: requiredName(QUIZ_LIMITS.teamNameMax),
  })
  .strict();
export type QuizJoin = z.infer<typeof QuizJoin>;

export const QuizJoined = z
  .object({
    team: z.object({ id: z.string(), name: z.string() }),
    quiz: z.object({ id: z.string(), title: z.string(), teamFeePence: z.number().int() }),
  })
  .meta({ id: 'QuizJoined' });
export type QuizJoined = z.infer<typeof QuizJoined>;

export const QuizTeamState = z
  .object({
    quiz: z.object({ id: z.string(), title: z.string(), status: QuizStatus, teamFeePence: z.number().int() }),
    /** `paid`: the team's entry fee is paid, or the quiz is free. */
    team: z.object({ id: z.string(), name: z.string(), paid: z.boolean() }),
    question: QuizQuestionPublic.nullable(),
    /** The team's answer to the question on show, with its mark once the question has closed. */
    yourAnswer: z.object({ answer: z.string(), correct: z.boolean().nullable() }).nullable(),
    leaderboard: QuizLeaderboard.shape.teams,
  })
  .meta({ id: 'QuizTeamState' });
export type QuizTeamState = z.infer<typeof QuizTeamState>;

export const QuizAnswerInput = z.object({ answer: requiredName(QUIZ_LIMITS.answerMax) }).strict();
export const QuizAnswerSaved = z
  .object({ answer: z.string(), answeredAt: z.string() })
  .meta({ id: 'QuizAnswerSaved' });

export const QuizAnswerAdmin = z
  .object({
    id: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    answer: z.string(),
    correct: z.boolean().nullable(),
    overridden: z.boolean(),
    answeredAt: z.string(),
  })
  .meta({ id: 'QuizAnswerAdmin' });
export type QuizAnswerAdmin = z.infer<typeof QuizAnswerAdmin>;

export const QuizQuestionAdmin = z
  .object({
    id: z.string(),
    position: z.number().int(),
    round: z.number().int(),
    roundTitle: z.string(),
    prompt: z.string(),
    kind: QuizKind,
    choices: z.array(z.string()).nullable(),
    answer: z.string(),
    numberMode: QuizNumberMode,
    points: z.number().int(),
    seconds: z.number().int(),
    imageUrl: z.string().nullable(),
    state: z.enum(['waiting', 'open', 'closed']),
    openedAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    answers: z.array(QuizAnswerAdmin),
    tieBreak: z.object({ teams: z.array(z.string()) }).nullable(),
  })
  .meta({ id: 'QuizQuestionAdmin' });
export type QuizQuestionAdmin = z.infer<typeof QuizQuestionAdmin>;

export const QuizAdminView = z
  .object({
    quiz: QuizSummary.extend({ currentPosition: z.number().int() }),
    questions: z.array(QuizQuestionAdmin),
    teams: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        /** When its entry fee was paid (null: not yet, or a free quiz), and how. */
        paidAt: z.string().nullable(),
        paidHow: z.enum(['cash']).nullable(),
      }),
    ),
    leaderboard: QuizLeaderboard.shape.teams,
  })
  .meta({ id: 'QuizAdminView' });
export type QuizAdminView = z.infer<typeof QuizAdminView>;

/**
 * A tie-break once the questions are done: a nearest-number question for the teams sharing `rank`
 * (1 unless the quizmaster names another). It opens at once; closing it orders those teams.
 */
export const QuizTieBreak = z
  .object({
    prompt: requiredText(QUIZ_LIMITS.promptMax),
    answer: z.number().min(-QUIZ_LIMITS.tieBreakAnswerMax).max(QUIZ_LIMITS.tieBreakAnswerMax),
    seconds: z.number().int().min(QUIZ_LIMITS.secondsMin).max(QUIZ_LIMITS.secondsMax).optional(),
    rank: z.number().int().min(1).max(1000).optional(),
  })
  .strict();
export type QuizTieBreak = z.infer<typeof QuizTieBreak>;

export const QuizMark = z.object({ correct: z.boolean() }).strict();
export const QuizMarked = z.object({ answer: QuizAnswerAdmin }).meta({ id: 'QuizMarked' });
export type QuizMarked = z.infer<typeof QuizMarked>;

/** The paired TV: the club's running quiz (or none), its question, and the leaderboard. */
export const QuizScreenState = z
  .object({
    quiz: z
      .object({
        id: z.string(),
        title: z.string(),
        joinCode: z.string(),
        status: QuizStatus,
        teamCount: z.number().int(),
      })
      .nullable(),
    question: QuizQuestionPublic.nullable(),
    answered: z.number().int(),
    leaderboard: QuizLeaderboard.shape.teams,
  })
  .meta({ id: 'QuizScreenState' });
export type QuizScreenState = z.infer<typeof QuizScreenState>;

export const QuizSettings = z.object({ staffCanRun: z.boolean() }).strict().meta({ id: 'QuizSettings' });
export type QuizSettings = z.infer<typeof QuizSettings>;

export const QuizImageStored = z
  .object({ imageKey: z.string(), url: z.string() })
  .meta({ id: 'QuizImageStored' });

/** The live events of a quiz (data: the quiz's id only: each screen fetches what it may see). */
export const QUIZ_EVENT = 'quiz';
