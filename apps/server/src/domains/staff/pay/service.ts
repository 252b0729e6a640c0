import type { PayRateInput } from '@lastman/api';
import type { z } from 'zod';
import type { Viewer } from '../../../http/guards.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { staffOfClub } from '../people/queries.ts';
import { positionRatesOf, setPositionRate } from './queries.ts';
import { setRateFrom } from './rates.ts';

type Db = Pick<Services, 'db'>;

/** Sets a staff member's own hourly rate from a London day on (see setRateFrom for the default day). */
export async function changePayRate(
  services: Pick<Services, 'db' | 'clock'>,
  viewer: Viewer,
  { userId, input }: { userId: string; input: z.infer<typeof PayRateInput> },
) {
  return services.db.transaction(async (tx) => {
    const [person] = await staffOfClub(tx, { clubId: viewer.clubId, userIds: [userId] });
    if (!person) throw notFound('The staff member');
    const effectiveFrom = await setRateFrom(tx, {
      clubId: viewer.clubId,
      userId,
      hourlyRatePence: input.hourlyRatePence,
      from: input.from,
      setBy: viewer.userId,
      now: services.clock.now(),
    });
    return { effectiveFrom };
  });
}

// ---- Pay rate per position: the fallback for a person with no rate of their own ----

export async function listPositionRates(services: Db, viewer: Viewer) {
  return { rates: await positionRatesOf(services.db, { clubId: viewer.clubId }) };
}

export async function changePositionRate(
  services: Db,
  viewer: Viewer,
  input: { position: string; hourlyRatePence: number | null },
) {
  await setPositionRate(services.db, { clubId: viewer.clubId, ...input });
}
