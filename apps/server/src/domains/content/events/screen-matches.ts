import type { ScreenMatch } from '@lastman/api';
import type { Viewer } from '../../../http/guards.ts';
import { AppError, notFound } from '../../../lib/errors.ts';
import { isBlackoutKickoff } from './blackout.ts';
import { checkRange, type Svc } from './event-views.ts';
import {
  addScreenMatch,
  chosenScreenMatches,
  deleteScreenMatch,
  findMatch,
  listMatchesInRange,
} from './queries.ts';

// ---- Matches on the big screen ----

const BLACKOUT_REASON =
  'That match kicks off between 14:45 and 17:15 on a Saturday (UK time): the 3 pm blackout means no UK pub may show it.';

/** The fixtures in a range the admin may pick from, each saying whether it is chosen and whether it falls in the blackout. */
export async function listScreenMatches(
  services: Svc,
  viewer: Viewer,
  input: { from: string; to: string },
): Promise<ScreenMatch[]> {
  const { from, to } = checkRange(input.from, input.to);
  const matches = await listMatchesInRange(services.db, { from, to });
  const chosen = await chosenScreenMatches(services.db, {
    clubId: viewer.clubId,
    fixtureIds: matches.map((m) => m.id),
  });
  return matches.map((m) => ({
    fixtureId: m.id,
    title: `${m.homeName} v ${m.awayName}`,
    kickoffAt: m.kickoffAt.toISOString(),
    kickoffTbc: m.kickoffTbc,
    chosen: chosen.has(m.id),
    blackout: isBlackoutKickoff(m.kickoffAt),
  }));
}

export async function chooseScreenMatch(services: Svc, viewer: Viewer, { fixtureId }: { fixtureId: string }) {
  const m = await findMatch(services.db, { fixtureId });
  if (!m) throw notFound('That match');
  if (m.status === 'postponed' || m.status === 'abandoned') {
    throw new AppError('VALIDATION_FAILED', `That match is ${m.status}, so it cannot go on the big screen.`);
  }
  if (isBlackoutKickoff(m.kickoffAt)) throw new AppError('BLACKOUT_MATCH', BLACKOUT_REASON);
  await addScreenMatch(services.db, { clubId: viewer.clubId, fixtureId });
}

export async function unchooseScreenMatch(
  services: Svc,
  viewer: Viewer,
  { fixtureId }: { fixtureId: string },
) {
  if (!(await deleteScreenMatch(services.db, { clubId: viewer.clubId, fixtureId }))) {
    throw notFound('That match on the big screen');
  }
}
