/** @jsxRuntime automatic @jsxImportSource react */
// (A pragma, as tsx, which runs the server, does not read apps/server/tsconfig.json's jsx setting.)
import type { Club, CompetitionSummary, EventOccurrence, EventOccurrenceDetail, Menu } from '@lastman/api';
import { WEEKDAYS } from '@lastman/api/club/rules';
import { ALLERGEN_LABELS, ALLERGENS, DIETARY_LABELS } from '@lastman/api/content/rules';
import {
  formatEventPrice,
  formatPence,
  londonDateTime,
  londonTime,
  londonWhenLong,
} from '@lastman/api/format';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { scriptJson } from './json-ld.ts';
import type { ClubPageData, EventQuiz } from './read.ts';
import { pageCss } from './styles.ts';
import { clubColours } from './theme.ts';

/**
 * The club's public pages as plain HTML and CSS: rendered here with React's server renderer, no
 * script sent, readable with JavaScript off. Every button that does something opens the app at its
 * screen through the club's link (`/c/<club>?open=<screen>`), which remembers the club first.
 */

export interface Head {
  title: string;
  description: string;
  url: string;
  image: string;
  jsonLd: unknown;
}

/** The app at one of its screens, entered by the club's link (the app remembers the club, then goes on). */
export function appLink(slug: string, screen: string, code?: string | null): string {
  const query = new URLSearchParams({ open: screen });
  if (code) query.set('code', code);
  return `/c/${encodeURIComponent(slug)}?${query.toString()}`;
}

export const clubPath = (slug: string) => `/c/${encodeURIComponent(slug)}`;
export const eventPath = (slug: string, id: string) => `${clubPath(slug)}/events/${encodeURIComponent(id)}`;
export const menuPath = (slug: string) => `${clubPath(slug)}/menu`;

export function renderPage(
  club: Pick<Club, 'primaryColor' | 'secondaryColor' | 'name'> | null,
  head: Head,
  body: ReactNode,
) {
  const colours = clubColours(club ?? { primaryColor: '', secondaryColor: '' });
  const html = renderToString(
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="canonical" href={head.url} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content={colours.primary} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={club?.name ?? 'Lastman'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={head.url} />
        <meta property="og:image" content={head.image} />
        <meta property="og:image:type" content="image/png" />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:locale" content="en_GB" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={head.image} />
        <style
          // Our own CSS; the colours are checked hex values
          dangerouslySetInnerHTML={{ __html: pageCss(colours) }}
        />
        {head.jsonLd ? (
          <script
            type="application/ld+json"
            // scriptJson escapes every < > & a club typed
            dangerouslySetInnerHTML={{ __html: scriptJson(head.jsonLd) }}
          />
        ) : null}
      </head>
      <body>{body}</body>
    </html>,
  );
  return `<!doctype html>${html}`;
}

function Banner({
  club,
  logoUrl,
  back,
}: {
  club: Club;
  logoUrl: string | null;
  back?: { href: string; label: string };
}) {
  return (
    <header className="banner">
      <div className="wrap">
        {back ? (
          <a className="back" href={back.href}>
            ← {back.label}
          </a>
        ) : null}
        <div className="brand">
          {logoUrl ? <img className="logo" src={logoUrl} alt="" width={64} height={64} /> : null}
          <div>
            <p className="club-name">
              <a href={clubPath(club.slug)}>{club.name}</a>
            </p>
            {club.address ? <p className="address">{oneLine(club.address)}</p> : null}
          </div>
        </div>
      </div>
    </header>
  );
}

/** An address typed on several lines, on one. */
const oneLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(', ');

function Footer() {
  return (
    <footer className="footer">
      <div className="wrap">
        <p>
          Last Man Standing, events and the menu, run with <a href="/about">Lastman</a>.
        </p>
      </div>
    </footer>
  );
}

function placesText(e: EventOccurrence): string | null {
  if (e.placesLeft === null) return null;
  if (e.placesLeft === 0) return 'Fully booked';
  return `${e.placesLeft} ${e.placesLeft === 1 ? 'place' : 'places'} left`;
}

function EventRow({ slug, event }: { slug: string; event: EventOccurrence }) {
  const places = placesText(event);
  return (
    <li className="event">
      <a href={eventPath(slug, event.id)}>
        <time dateTime={event.startsAt}>{londonDateTime(event.startsAt)}</time>
        <span className="event-title">{event.title}</span>
        {event.kind === 'event' ? (
          <span className="muted" data-testid="event-price">
            {formatEventPrice(event.pricePence)}
          </span>
        ) : null}
        {places ? <span className="muted">{places}</span> : null}
      </a>
    </li>
  );
}

function CompetitionCard({ slug, c, code }: { slug: string; c: CompetitionSummary; code: string | null }) {
  const deadline = c.pickDeadline ?? c.deadline;
  return (
    <li className="card" data-visitor-competition={c.name}>
      <h3>{c.name}</h3>
      <p className="facts">
        <span>{c.entryFeePence > 0 ? `${formatPence(c.entryFeePence)} an entry` : 'Free to enter'}</span>
        <span data-testid="visitor-pot">Pot {formatPence(c.potPence)}</span>
      </p>
      {deadline ? (
        <p data-testid="visitor-deadline">Next deadline {londonDateTime(deadline)} (UK time)</p>
      ) : null}
      <p className="muted">
        {c.entriesRemaining} of {c.entriesTotal} {c.entriesTotal === 1 ? 'entry' : 'entries'} still in
      </p>
      <a className="button" href={appLink(slug, '/app/tabs/game', code)}>
        Play
      </a>
    </li>
  );
}

function Hours({ club }: { club: Club }) {
  const hours = club.openingHours;
  if (!hours) return null;
  return (
    <section aria-labelledby="hours">
      <h2 id="hours">Opening hours</h2>
      <table className="hours">
        <tbody>
          {WEEKDAYS.map((day) => {
            const t = hours[day];
            return (
              <tr key={day}>
                <th scope="row">{day.charAt(0).toUpperCase() + day.slice(1)}</th>
                <td>{t ? `${t.open} to ${t.close}` : 'Closed'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Contact({ club }: { club: Club }) {
  if (!club.address && !club.phone && !club.contactEmail) return null;
  return (
    <section aria-labelledby="contact">
      <h2 id="contact">Find us</h2>
      {club.address ? <address className="address-block">{club.address}</address> : null}
      <ul className="plain">
        {club.phone ? (
          <li>
            Phone <a href={`tel:${club.phone.replace(/\s+/g, '')}`}>{club.phone}</a>
          </li>
        ) : null}
        {club.contactEmail ? (
          <li>
            Email <a href={`mailto:${club.contactEmail}`}>{club.contactEmail}</a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

const dietText = (d: keyof typeof DIETARY_LABELS) => DIETARY_LABELS[d];

function Dish({ item }: { item: Menu['categories'][number]['items'][number] }) {
  return (
    <li className="dish">
      <div className="dish-head">
        <span className="dish-name">{item.name}</span>
        <span className="price">{formatPence(item.pricePence)}</span>
      </div>
      {item.description ? <p className="muted">{item.description}</p> : null}
      {item.dietary.length > 0 ? (
        <p className="tags">
          {item.dietary.map((d) => (
            <span key={d} className="tag">
              {dietText(d)}
            </span>
          ))}
        </p>
      ) : null}
      {item.allergens.length > 0 ? (
        <p className="allergens">Contains: {item.allergens.map((a) => ALLERGEN_LABELS[a]).join(', ')}</p>
      ) : (
        <p className="allergens">None of the 14 allergens</p>
      )}
      {item.mayContain.length > 0 ? (
        <p className="allergens">May contain: {item.mayContain.map((a) => ALLERGEN_LABELS[a]).join(', ')}</p>
      ) : null}
      {!item.available ? <p className="muted">Not available today</p> : null}
    </li>
  );
}

export function ClubPage({
  data,
  code,
  shareImage,
}: {
  data: ClubPageData;
  code: string | null;
  shareImage: string;
}) {
  const { club, competitions, events, menu, photos } = data;
  const today = menu.categories.flatMap((c) => c.items.filter((i) => i.available)).slice(0, 6);
  return (
    <>
      <Banner club={club} logoUrl={club.logoUrl} />
      <main className="wrap">
        <section className="hero" aria-labelledby="welcome">
          <h1 id="welcome">{club.name}</h1>
          <p>Quiz nights, the football on the big screens, food and our Last Man Standing competitions.</p>
          <div className="actions">
            <a className="button" href={appLink(club.slug, '/signup', code)} data-testid="join">
              Join {club.name}
            </a>
            <a className="button secondary" href={appLink(club.slug, '/login', code)}>
              Sign in
            </a>
          </div>
        </section>

        <section aria-labelledby="competitions" data-testid="visitor-competitions">
          <h2 id="competitions">Last Man Standing</h2>
          {competitions.length === 0 ? (
            <p className="muted">No competition is open just now. Join to hear when the next one starts.</p>
          ) : (
            <ul className="cards">
              {competitions.map((c) => (
                <CompetitionCard key={c.id} slug={club.slug} c={c} code={code} />
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="events">
          <h2 id="events">Coming up</h2>
          {events.length === 0 ? (
            <p className="muted">Nothing is on the calendar for the next few weeks.</p>
          ) : (
            <ul className="events">
              {events.slice(0, 14).map((e) => (
                <EventRow key={e.id} slug={club.slug} event={e} />
              ))}
            </ul>
          )}
          <a className="button secondary" href={appLink(club.slug, '/events', code)}>
            Every event in the app
          </a>
        </section>

        <section aria-labelledby="menu">
          <h2 id="menu">On the menu today</h2>
          {today.length === 0 ? (
            <p className="muted">See the club's menu for today's food.</p>
          ) : (
            <ul className="dishes">
              {today.map((item) => (
                <li key={item.id} className="dish-head">
                  <span className="dish-name">{item.name}</span>
                  <span className="price">{formatPence(item.pricePence)}</span>
                </li>
              ))}
            </ul>
          )}
          <a className="button secondary" href={menuPath(club.slug)}>
            The whole menu, with allergens
          </a>
        </section>

        {photos.length > 0 ? (
          <section aria-labelledby="photos">
            <h2 id="photos">Photos</h2>
            <ul className="photos">
              {photos.map((p) => (
                <li key={p.id}>
                  <img
                    src={p.thumbnailUrl}
                    alt={p.caption ?? `A photo at ${club.name}`}
                    width={320}
                    height={320}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <div className="two">
          <Hours club={club} />
          <Contact club={club} />
        </div>
        <p className="share-note">
          <a href={shareImage}>The picture this page shows when shared</a>
        </p>
      </main>
      <Footer />
    </>
  );
}

export function EventPage({
  club,
  event,
  quiz = null,
}: {
  club: Club;
  event: EventOccurrenceDetail;
  quiz?: EventQuiz | null;
}) {
  const places = placesText(event);
  const book = event.kind === 'event' && (event.capacity !== null || event.teams);
  return (
    <>
      <Banner club={club} logoUrl={club.logoUrl} back={{ href: clubPath(club.slug), label: club.name }} />
      <main className="wrap">
        <article className="event-page">
          <h1>{event.title}</h1>
          <dl className="facts-list">
            <dt>When</dt>
            <dd>
              <time dateTime={event.startsAt}>{londonWhenLong(event.startsAt)}</time> to{' '}
              <time dateTime={event.endsAt}>{londonTime(event.endsAt)}</time> (UK time)
            </dd>
            <dt>Where</dt>
            <dd>
              {club.name}
              {event.place ? `, ${event.place}` : ''}
              {club.address ? <span className="muted block">{club.address}</span> : null}
            </dd>
            {event.kind === 'event' ? (
              <>
                <dt>Price</dt>
                <dd data-testid="event-price">{formatEventPrice(event.pricePence)}</dd>
              </>
            ) : null}
            {places ? (
              <>
                <dt>Places</dt>
                <dd data-testid="places-left">{places}</dd>
              </>
            ) : null}
            {quiz ? (
              <>
                <dt>Quiz</dt>
                <dd data-testid="event-quiz">
                  A quiz is on: {quiz.title}. Teams join on a phone with the code on the pub's TV
                  {quiz.teamFeePence > 0
                    ? `; ${formatPence(quiz.teamFeePence)} a team, paid at the bar.`
                    : ', free.'}
                </dd>
              </>
            ) : null}
            {event.movedFrom ? (
              <>
                <dt>Moved</dt>
                <dd>It was to start {londonDateTime(event.movedFrom)}.</dd>
              </>
            ) : null}
          </dl>
          {event.imageUrl ? (
            <img className="event-image" src={event.imageUrl} alt="" width={800} height={450} />
          ) : null}
          {event.description ? <p className="description">{event.description}</p> : null}
          <div className="actions">
            {book ? (
              <a
                className="button"
                href={appLink(club.slug, `/event-modal?id=${event.id}`)}
                data-testid="book"
              >
                {event.placesLeft === 0 ? 'Join the waiting list' : 'Book a place'}
              </a>
            ) : (
              <a className="button" href={appLink(club.slug, `/event-modal?id=${event.id}`)}>
                Open in the app
              </a>
            )}
            {event.ticketUrl ? (
              <a className="button secondary" href={event.ticketUrl} rel="noopener">
                Tickets
              </a>
            ) : null}
            <a
              className="button secondary"
              href={`/api/events/${encodeURIComponent(event.id)}.ics?club=${encodeURIComponent(club.slug)}`}
            >
              Add to calendar
            </a>
          </div>
        </article>
      </main>
      <Footer />
    </>
  );
}

export function MenuPage({ club, menu }: { club: Club; menu: Menu }) {
  const categories = menu.categories.filter((c) => c.items.length > 0);
  return (
    <>
      <Banner club={club} logoUrl={club.logoUrl} back={{ href: clubPath(club.slug), label: club.name }} />
      <main className="wrap">
        <h1>Food and drink</h1>
        {menu.allergensCheckedOn ? (
          <p className="muted">
            Allergens checked by the club; tell the bar about any allergy when you order.
          </p>
        ) : null}
        <div className="actions">
          <a className="button secondary" href={menu.pdf.url}>
            The menu as a PDF
          </a>
          <a className="button secondary" href={appLink(club.slug, '/menu')}>
            Filter by allergen in the app
          </a>
        </div>
        {categories.length === 0 ? (
          <p>The club's menu is its PDF: open it above.</p>
        ) : (
          categories.map((c) => (
            <section key={c.id} aria-labelledby={`cat-${c.id}`}>
              <h2 id={`cat-${c.id}`}>{c.name}</h2>
              <ul className="dishes">
                {c.items.map((item) => (
                  <Dish key={item.id} item={item} />
                ))}
              </ul>
            </section>
          ))
        )}
        <section aria-labelledby="allergens">
          <h2 id="allergens">The 14 allergens</h2>
          <p className="muted">Each dish lists which of these it contains, and which it may contain.</p>
          <ul className="allergen-list">
            {ALLERGENS.map((a) => (
              <li key={a}>{ALLERGEN_LABELS[a]}</li>
            ))}
          </ul>
        </section>
      </main>
      <Footer />
    </>
  );
}

export function NotFoundPage({ club, what }: { club: Club | null; what: string }) {
  return (
    <>
      {club ? <Banner club={club} logoUrl={club.logoUrl} /> : null}
      <main className="wrap">
        <h1>{what}</h1>
        <p>The link may be old, or the address mistyped.</p>
        <div className="actions">
          {club ? (
            <a className="button" href={clubPath(club.slug)}>
              Back to {club.name}
            </a>
          ) : (
            <a className="button" href="/">
              Open Lastman
            </a>
          )}
        </div>
      </main>
      <Footer />
    </>
  );
}
