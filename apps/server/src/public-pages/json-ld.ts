import type { Club, EventOccurrence, EventOccurrenceDetail } from '@lastman/api';
import { WEEKDAYS } from '@lastman/api/club/rules';
import { penceAsPounds } from '@lastman/api/format';
import { londonIsoWithOffset } from '@lastman/api/time';

/**
 * The schema.org data of the public pages (JSON-LD), as Google reads it for rich results: the club
 * as a pub with its address and hours, each date as an Event with its place and times.
 */

type Json = { [key: string]: Json } | Json[] | string | number | boolean | null;

/** A UK postcode, as people type it (with or without its space). */
const POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;

/**
 * The club's address, typed as free text ("12 High Street, Ambridge, AB1 2CD"), as a PostalAddress:
 * the postcode found where it is, the part before it the town, the rest the street.
 */
export function postalAddress(club: Pick<Club, 'address' | 'name'>): { [key: string]: Json } {
  const text = club.address?.trim() ?? '';
  const parts = text
    .split(/[\n,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  let postalCode: string | null = null;
  const rest: string[] = [];
  for (const part of parts) {
    const m = POSTCODE.exec(part);
    if (m && postalCode === null) {
      postalCode = `${m[1]} ${m[2]}`.toUpperCase();
      const left = part.replace(m[0], '').trim();
      if (left) rest.push(left);
    } else {
      rest.push(part);
    }
  }
  const locality = rest.length > 1 ? rest.pop() : undefined;
  return {
    '@type': 'PostalAddress',
    streetAddress: rest.join(', ') || club.name,
    ...(locality && { addressLocality: locality }),
    ...(postalCode && { postalCode }),
    addressCountry: 'GB',
  };
}

const DAY_URL: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
  sunday: 'https://schema.org/Sunday',
};

export function clubJsonLd(
  club: Club,
  { url, image, events }: { url: string; image: string; events: { event: EventOccurrence; url: string }[] },
): { [key: string]: Json } {
  const hours = club.openingHours;
  return {
    '@context': 'https://schema.org',
    '@type': 'BarOrPub',
    '@id': `${url}#club`,
    name: club.name,
    url,
    image,
    ...(club.logoUrl && { logo: club.logoUrl }),
    address: postalAddress(club),
    ...(club.phone && { telephone: club.phone }),
    ...(club.contactEmail && { email: club.contactEmail }),
    ...(hours && {
      openingHoursSpecification: WEEKDAYS.flatMap((day) => {
        const times = hours[day];
        return times
          ? [
              {
                '@type': 'OpeningHoursSpecification',
                dayOfWeek: DAY_URL[day],
                opens: times.open,
                closes: times.close,
              },
            ]
          : [];
      }),
    }),
    event: events.map((e) =>
      eventJsonLd(club, e.event, { url: e.url, clubUrl: url, image: null, context: false }),
    ),
  };
}

export function eventJsonLd(
  club: Club,
  event: EventOccurrence | EventOccurrenceDetail,
  {
    url,
    clubUrl,
    image,
    context = true,
  }: { url: string; clubUrl: string; image: string | null; context?: boolean },
): { [key: string]: Json } {
  const description = 'description' in event ? event.description : undefined;
  return {
    ...(context && { '@context': 'https://schema.org' }),
    '@type': 'Event',
    name: event.title,
    startDate: londonIsoWithOffset(event.startsAt),
    endDate: londonIsoWithOffset(event.endsAt),
    eventStatus: event.movedFrom
      ? 'https://schema.org/EventRescheduled'
      : 'https://schema.org/EventScheduled',
    ...(event.movedFrom && { previousStartDate: londonIsoWithOffset(event.movedFrom) }),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: event.place ? `${club.name}, ${event.place}` : club.name,
      address: postalAddress(club),
    },
    ...(description && { description }),
    ...(image && { image: [image] }),
    url,
    organizer: { '@type': 'Organization', name: club.name, url: clubUrl },
    ...offers(event, url),
  };
}

/** An offer only for a date that costs something: a price of its own, or tickets sold elsewhere. */
function offers(event: EventOccurrence | EventOccurrenceDetail, url: string): { [key: string]: Json } {
  const { pricePence } = event;
  const ticketUrl = 'ticketUrl' in event ? event.ticketUrl : null;
  if (!pricePence && !ticketUrl) return {};
  const soldOut = event.placesLeft === 0;
  return {
    offers: {
      '@type': 'Offer',
      url: ticketUrl ?? url,
      ...(pricePence > 0 && { price: penceAsPounds(pricePence), priceCurrency: 'GBP' }),
      availability: soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    },
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: what a club typed can never close the script
 * or open a comment (`</script>`, `<!--`), and the two line separators JavaScript dislikes are escaped.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
