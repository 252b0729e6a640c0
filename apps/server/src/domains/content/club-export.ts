import { eq } from 'drizzle-orm';
import type { ClubExportPart } from '../../lib/registries.ts';
import {
  eventExceptions,
  eventRegistrations,
  eventScreenMatches,
  events,
  eventWaitlist,
} from './events/schema.ts';
import { galleryAlbums, galleryPhotos } from './gallery/schema.ts';
import { menuCategories, menuItems } from './menu/schema.ts';

/** The content's tables in the club's export: events (with their dates, sign-ups, waiting lists, matches shown), the gallery and the menu. */
export const contentClubExport: ClubExportPart = async (db, { clubId }) => {
  const [
    eventRows,
    exceptionRows,
    registrationRows,
    waitlistRows,
    screenMatchRows,
    albumRows,
    photoRows,
    categoryRows,
    itemRows,
  ] = await Promise.all([
    db.select().from(events).where(eq(events.clubId, clubId)),
    db.select().from(eventExceptions).where(eq(eventExceptions.clubId, clubId)),
    db.select().from(eventRegistrations).where(eq(eventRegistrations.clubId, clubId)),
    db.select().from(eventWaitlist).where(eq(eventWaitlist.clubId, clubId)),
    db.select().from(eventScreenMatches).where(eq(eventScreenMatches.clubId, clubId)),
    db.select().from(galleryAlbums).where(eq(galleryAlbums.clubId, clubId)),
    db.select().from(galleryPhotos).where(eq(galleryPhotos.clubId, clubId)),
    db.select().from(menuCategories).where(eq(menuCategories.clubId, clubId)),
    db.select().from(menuItems).where(eq(menuItems.clubId, clubId)),
  ]);
  return {
    events: eventRows,
    eventExceptions: exceptionRows,
    eventRegistrations: registrationRows,
    eventWaitlist: waitlistRows,
    eventScreenMatches: screenMatchRows,
    galleryAlbums: albumRows,
    galleryPhotos: photoRows,
    menuCategories: categoryRows,
    menuItems: itemRows,
  };
};
