import type { Db } from '../../db/client.ts';
import { type NotifyContext, notify } from './notify.ts';
import { openClubIds, switchDeploymentAlert } from './queries.ts';

// Alerts to a club's admins, and to every club's admins of a problem of the deployment itself.

type Ctx = NotifyContext;

/** Something for the club's admins: a contact message, a payment issue, a flagged competition. */
export async function notifyAdmins(
  ctx: Ctx,
  { clubId, title, body, link }: { clubId: string; title: string; body: string; link: string },
) {
  await notify(ctx, { clubId, audience: 'admins', kind: 'admin', title, body, link });
}

/**
 * A problem of the deployment itself (every club's, not one club's), told to the admins of every
 * open club when it starts (`active`) and again when it ends, once each however many server
 * processes see it: the state last told is kept in the database, and only the process that changes
 * it tells. An end is told only after a start was. True when this call told the admins.
 */
export async function alertEveryClubsAdmins(
  ctx: Omit<NotifyContext, 'db'> & { db: Db },
  {
    problem,
    active,
    title,
    body,
    link,
  }: { problem: string; active: boolean; title: string; body: string; link: string },
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.clock.now();
    const changed = await switchDeploymentAlert(tx, {
      name: `alert:${problem}`,
      state: active ? 'on' : 'off',
      at,
    });
    if (!changed) return false;
    for (const clubId of await openClubIds(tx)) {
      await notifyAdmins({ ...ctx, db: tx }, { clubId, title, body, link });
    }
    return true;
  });
}
