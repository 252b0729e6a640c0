import type {
  Club,
  CompetitionSummary,
  EventOccurrence,
  EventOccurrenceDetail,
  GalleryPhoto,
  Menu,
} from '@lastman/api';
import { DAY_MS } from '@lastman/api/time';
import { publicClubOf, publicClubs } from '../domains/club/index.ts';
import {
  clubOccurrences,
  getOccurrence,
  listGalleryPhotos,
  parseOccurrenceId,
  readMenu,
} from '../domains/content/index.ts';
import { publicCompetitions } from '../domains/game/index.ts';
import { quizOfEvent } from '../domains/quiz/index.ts';
import { AppError } from '../lib/errors.ts';
import type { Services } from '../services.ts';

/**
 * What the club's public pages show, read as a visitor reads it: every domain through its public
 * functions, the same answers its API gives a signed-out caller of the club's link.
 */

type Svc = Pick<Services, 'db' | 'clock' | 'config' | 'storage'>;

/** How far ahead the club page and the sitemap list the club's dates. */
export const COMING_DAYS = 35;
export const SITEMAP_DAYS = 90;

export interface ClubLogo {
  contentType: string;
  bytes: Buffer;
}

export interface ClubPageData {
  club: Club;
  logo: ClubLogo | null;
  competitions: CompetitionSummary[];
  events: EventOccurrence[];
  menu: Menu;
  photos: GalleryPhoto[];
}

/** A quiz on at an event: its title and each team's entry fee in pence. */
export type EventQuiz = { title: string; teamFeePence: number };

/** A club's id as its link names it: lower case, letters, digits and dashes (see CLUB_SLUG). */
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** An event's id as the events API makes it: the event's id, maybe `_` and the date's key, or `match_` and a fixture's. */
const OCCURRENCE = /^[A-Za-z0-9_-]{1,200}$/;

export async function clubBySlug(services: Svc, slug: string) {
  if (!SLUG.test(slug)) return null;
  return publicClubOf(services.db, { slug });
}

export async function comingEvents(services: Svc, clubId: string, days: number): Promise<EventOccurrence[]> {
  const from = services.clock.now();
  const to = new Date(from.getTime() + days * DAY_MS);
  return (await clubOccurrences(services, { clubId, from, to })).map((r) => r.occurrence);
}

export async function clubPage(services: Svc, slug: string): Promise<ClubPageData | null> {
  const found = await clubBySlug(services, slug);
  if (!found) return null;
  const { club, logo } = found;
  const [competitions, events, menu, photos] = await Promise.all([
    publicCompetitions(services, null, { club: slug }),
    comingEvents(services, club.id, COMING_DAYS),
    readMenu(services, null, { club: slug }),
    listGalleryPhotos(services, null, { limit: 4, club: slug }),
  ]);
  return { club, logo, competitions, events, menu, photos };
}

export async function eventPage(
  services: Svc,
  slug: string,
  id: string,
): Promise<{
  club: Club;
  logo: ClubLogo | null;
  event: EventOccurrenceDetail | null;
  quiz: EventQuiz | null;
} | null> {
  const found = await clubBySlug(services, slug);
  if (!found) return null;
  if (!OCCURRENCE.test(id)) return { ...found, event: null, quiz: null };
  try {
    const event = await getOccurrence(services, null, { id, club: slug });
    // A date already over is not offered any more (nor listed in the sitemap).
    if (new Date(event.endsAt) <= services.clock.now()) return { ...found, event: null, quiz: null };
    const quiz = await quizOfEvent(services.db, {
      clubId: found.club.id,
      eventId: parseOccurrenceId(event.id).eventId,
    });
    return { ...found, event, quiz };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'VALIDATION_FAILED')) {
      return { ...found, event: null, quiz: null };
    }
    throw error;
  }
}

export async function menuPage(services: Svc, slug: string) {
  const found = await clubBySlug(services, slug);
  if (!found) return null;
  return { ...found, menu: await readMenu(services, null, { club: slug }) };
}

/** Every open club with its coming dates: the sitemap's entries. */
export async function sitemapEntries(services: Svc) {
  const clubs = await publicClubs(services.db);
  const out: { club: Club; events: EventOccurrence[] }[] = [];
  for (const club of clubs) out.push({ club, events: await comingEvents(services, club.id, SITEMAP_DAYS) });
  return out;
}
