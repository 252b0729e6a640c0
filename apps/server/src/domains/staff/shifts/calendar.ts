import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ICalCalendar } from 'ical-generator';
import type { Viewer } from '../../../http/guards.ts';
import { notFound } from '../../../lib/errors.ts';
import type { Services } from '../../../services.ts';
import { newCalendar } from '../../content/index.ts';
import { staffOfClub } from '../people/queries.ts';
import { type ShiftRow, shiftById, upcomingPublishedShifts } from './queries.ts';

// A staff member's shifts in their own calendar: an .ics per shift, and a private feed whose link is
// signed for that person (nothing stored; a new AUTH_SECRET ends every feed link).

type Svc = Pick<Services, 'db' | 'config' | 'clock'>;
const DAY_MS = 86_400_000;

function feedSignature(secret: string, userId: string, clubId: string): string {
  return createHmac('sha256', secret)
    .update(`shift-feed|${userId}|${clubId}`)
    .digest('base64url')
    .slice(0, 32);
}

/** A person's feed of one club's shifts (a person may work at several clubs). */
export function feedToken(secret: string, userId: string, clubId: string): string {
  return `${userId}.${clubId}.${feedSignature(secret, userId, clubId)}`;
}

/** The person and club a feed token names, if the signature is the server's own. */
export function feedOwner(secret: string, token: string): { userId: string; clubId: string } | null {
  const [userId, clubId, signature, ...rest] = token.split('.');
  if (!userId || !clubId || !signature || rest.length > 0) return null;
  const expected = Buffer.from(feedSignature(secret, userId, clubId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, clubId } : null;
}

/**
 * In UTC (`Z`): ical-generator writes a Date with a TZID in the process's own zone, which is not
 * London on a UTC server, so a summer shift would move an hour.
 */
function addShift(cal: ICalCalendar, s: ShiftRow, opts: { host: string; url: string }) {
  cal.createEvent({
    id: `shift-${s.id}@${opts.host}`,
    summary: `Shift: ${s.position}`,
    description:
      [s.breakMinutes ? `Break ${s.breakMinutes} minutes.` : '', s.notes ?? ''].filter(Boolean).join(' ') ||
      undefined,
    url: opts.url,
    start: s.startsAt,
    end: s.endsAt,
  });
}

const opts = (services: Pick<Services, 'config'>) => ({
  host: new URL(services.config.PUBLIC_URL).host,
  url: `${services.config.PUBLIC_URL}/staffschedules?view=mine`,
});

/** One of the viewer's own published shifts as an .ics file. */
export async function shiftIcs(services: Svc, viewer: Viewer, { shiftId }: { shiftId: string }) {
  const s = await shiftById(services.db, { clubId: viewer.clubId, shiftId });
  if (!s || s.userId !== viewer.userId || s.status !== 'published') throw notFound('Your shift');
  const cal = newCalendar('My shifts');
  addShift(cal, s, opts(services));
  return cal.toString();
}

export function shiftFeedUrl(services: Pick<Services, 'config'>, viewer: Viewer) {
  return {
    url: `${services.config.PUBLIC_URL}/api/rota/feed/${feedToken(services.config.AUTH_SECRET, viewer.userId, viewer.clubId)}.ics`,
  };
}

/** The feed a calendar app subscribes to: the person's published shifts from a month ago on. */
export async function shiftFeed(services: Svc, { token }: { token: string }) {
  const owner = feedOwner(services.config.AUTH_SECRET, token);
  // Still staff of that club: a person who left it, or is a player there now, has no feed.
  const [staff] = owner
    ? await staffOfClub(services.db, { clubId: owner.clubId, userIds: [owner.userId] })
    : [];
  if (!owner || !staff) throw notFound('That calendar');
  const { clubId, userId } = owner;
  // No name in it: the feed is read by calendar services the person never sees.
  const cal = newCalendar('My shifts');
  const from = new Date(services.clock.now().getTime() - 30 * DAY_MS);
  for (const { shift } of await upcomingPublishedShifts(services.db, { clubId, userId, from, limit: 500 }))
    addShift(cal, shift, opts(services));
  return cal.toString();
}
