import { IonButton, IonContent, IonIcon, IonRouterLink } from '@ionic/react';
import type { EventOccurrence } from '@lastman/api';
import { formatDay, formatEventPrice, londonDateTime, londonTime, penceAsPounds } from '@lastman/api/format';
import { londonDay } from '@lastman/api/time';
import { calendarOutline, chevronForwardOutline, settingsOutline } from 'ionicons/icons';
import { useMemo, useState } from 'react';
import { useClub } from '../../../lib/club.ts';
import { hasRole, useMe } from '../../../lib/me.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { feedUrl, useOccurrences } from './api/events-api.ts';
import { eventLink, useEventsClub } from './use-events-club.ts';
import './events.css';

const WEEK_MS = 7 * 86_400_000;

/** schema.org Event data for each date, so search engines read the club's events. */
function jsonLd(
  events: EventOccurrence[],
  clubName: string | undefined,
  origin: string,
  club: string | undefined,
) {
  const data = events.map((e) => ({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    startDate: e.startsAt,
    endDate: e.endsAt,
    eventStatus: e.movedFrom ? 'https://schema.org/EventRescheduled' : 'https://schema.org/EventScheduled',
    ...(e.movedFrom && { previousStartDate: e.movedFrom }),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: [e.place, clubName].filter(Boolean).join(', ') || 'The club' },
    url: `${origin}${eventLink(e.id, club)}`,
    ...(e.capacity !== null && {
      maximumAttendeeCapacity: e.capacity,
      remainingAttendeeCapacity: e.placesLeft,
    }),
    ...(e.pricePence > 0 && {
      offers: {
        '@type': 'Offer',
        price: penceAsPounds(e.pricePence),
        priceCurrency: 'GBP',
        availability: e.placesLeft === 0 ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
        url: `${origin}${eventLink(e.id, club)}`,
      },
    }),
    ...(clubName && { organizer: { '@type': 'Organization', name: clubName } }),
  }));
  // "<" escaped so that no text in a title can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

function placesNote(e: EventOccurrence): { text: string; tone: string } | null {
  if (e.kind === 'match') return { text: 'On the big screen', tone: 'info' };
  if (e.placesLeft === null) return null;
  if (e.placesLeft === 0) return { text: 'Full', tone: 'bad' };
  return {
    text: `${e.placesLeft} ${e.placesLeft === 1 ? 'place' : 'places'} left`,
    tone: e.placesLeft <= 3 ? 'warn' : 'good',
  };
}

export function EventsPage() {
  const me = useMe();
  const club = useClub();
  const slug = useEventsClub();
  const [weeks, setWeeks] = useState(6);
  // From the start of today (London) so tonight's event still shows after it began.
  const from = useMemo(() => {
    const d = new Date();
    d.setUTCHours(0, 0, 0, 0);
    return new Date(d.getTime() - 86_400_000).toISOString();
  }, []);
  const to = new Date(new Date(from).getTime() + weeks * WEEK_MS).toISOString();
  const list = useOccurrences(from, to, slug);
  const now = Date.now();
  const events = (list.data?.events ?? []).filter((e) => new Date(e.endsAt).getTime() > now);
  const days = new Map<string, EventOccurrence[]>();
  for (const e of events) {
    const key = londonDay(e.startsAt);
    days.set(key, [...(days.get(key) ?? []), e]);
  }
  const isAdmin = hasRole(me.data?.role, 'admin');
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <>
      <PageHeader back="/app/tabs/club" />
      <IonContent className="ion-padding">
        <div className="page-narrow events-page">
          {events.length > 0 ? (
            <script type="application/ld+json">{jsonLd(events, club.data?.name, origin, slug)}</script>
          ) : null}
          <div className="events-actions">
            {slug ? (
              <IonButton fill="outline" href={feedUrl(slug)} className="events-subscribe">
                <IonIcon aria-hidden="true" slot="start" icon={calendarOutline} />
                Subscribe in your calendar
              </IonButton>
            ) : null}
            {isAdmin ? (
              <IonButton fill="solid" routerLink="/admin/events">
                <IonIcon aria-hidden="true" slot="start" icon={settingsOutline} />
                Manage events
              </IonButton>
            ) : null}
          </div>
          {list.isPending ? (
            <InlineLoading label="Loading events…" />
          ) : list.isError ? (
            <div className="card">
              <p role="alert">We couldn’t load the events: {list.error.message}</p>
              <IonButton onClick={() => void list.refetch()}>Try again</IonButton>
            </div>
          ) : events.length === 0 ? (
            <div className="card">
              <EmptyState icon={calendarOutline} title="No upcoming events">
                <p>
                  Quiz nights, dinners and the matches the club shows on the big screen will be listed here.
                </p>
              </EmptyState>
            </div>
          ) : (
            [...days].map(([day, items]) => (
              <section key={day} className="events-day" aria-label={formatDay(day)}>
                <h2 className="events-day__heading">{formatDay(day)}</h2>
                {items.map((e) => {
                  const note = placesNote(e);
                  return (
                    <IonRouterLink
                      key={e.id}
                      routerLink={eventLink(e.id, slug)}
                      className="event-row-link"
                      data-testid="event-row"
                    >
                      <span className="event-row">
                        <span className="event-row__time">
                          {londonTime(e.startsAt)}
                          <span className="muted event-row__end">to {londonTime(e.endsAt)}</span>
                        </span>
                        <span className="event-row__body">
                          <strong className="event-row__title">{e.title}</strong>
                          {e.place ? <span className="muted">{e.place}</span> : null}
                          {e.kind === 'event' ? (
                            <span className="event-pill" data-testid="event-price">
                              {formatEventPrice(e.pricePence)}
                            </span>
                          ) : null}
                          {e.movedFrom ? (
                            <span className="event-pill event-pill--warn">
                              Moved from {londonDateTime(e.movedFrom)}
                            </span>
                          ) : null}
                          {e.myPlaces ? (
                            <span className="event-pill event-pill--going" data-testid="youre-going">
                              You’re going · {e.myPlaces} {e.myPlaces === 1 ? 'place' : 'places'}
                            </span>
                          ) : null}
                          {note && !(e.myPlaces && note.tone === 'bad') ? (
                            <span className={`event-pill event-pill--${note.tone}`}>{note.text}</span>
                          ) : null}
                        </span>
                        <IonIcon
                          icon={chevronForwardOutline}
                          aria-hidden="true"
                          className="event-row__chevron"
                        />
                      </span>
                    </IonRouterLink>
                  );
                })}
              </section>
            ))
          )}
          {list.isSuccess ? (
            <IonButton expand="block" fill="clear" onClick={() => setWeeks((w) => w + 6)}>
              Show later events
            </IonButton>
          ) : null}
        </div>
      </IonContent>
    </>
  );
}
