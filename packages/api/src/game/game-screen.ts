import { z } from 'zod';
import { CompetitionDetail } from './game.ts';

/**
 * Everything the game screen shows, in one call: each competition a player can see there (open,
 * running and finished ones of the viewer's club) with the viewer's entries, picks and standings.
 * One call however many competitions the club runs, so a pub's shared address stays under its limit.
 */
export const GameScreen = z.object({ competitions: z.array(CompetitionDetail) }).meta({ id: 'GameScreen' });
export type GameScreen = z.infer<typeof GameScreen>;

/** The competition states the game screen shows; drafts and cancelled ones live in the admin area. */
export const GAME_SCREEN_STATUSES = ['open', 'running', 'finished'] as const;
