import { GAME_SCREEN_STATUSES, type GameScreen } from '@lastman/api';
import type { Viewer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { listCompetitions } from '../competitions/queries.ts';
import { competitionDetail } from '../competitions/service.ts';

const shown: ReadonlySet<string> = new Set(GAME_SCREEN_STATUSES);

/**
 * The game screen's data for the viewer's club: what the list and each competition's detail gave
 * in one call per competition before, composed on the server so the screen costs one request.
 */
export async function gameScreen(db: Db, viewer: Viewer, now: number): Promise<GameScreen> {
  const rows = await listCompetitions(db, viewer.clubId, { includeDrafts: false });
  const competitions = [];
  for (const row of rows) {
    if (shown.has(row.status)) competitions.push(await competitionDetail(db, viewer, row.id, now));
  }
  return { competitions };
}
