import { IonButton, IonContent, IonIcon, IonRouterLink } from '@ionic/react';
import { formatPence, londonDateTime } from '@lastman/api/format';
import {
  calendarOutline,
  callOutline,
  chatbubblesOutline,
  createOutline,
  helpBuoyOutline,
  imagesOutline,
  informationCircleOutline,
  listOutline,
  mailOutline,
  restaurantOutline,
} from 'ionicons/icons';
import { type ReactNode, useId, useState } from 'react';
import { useClub } from '../../lib/club.ts';
import { hasRole, useMe, useSessionConfirmed } from '../../lib/me.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useMenu } from '../content/index.ts';
import { useClubCompetitions, useCompetitions, VisitorCompetitions } from '../game/index.ts';
import { isMissing, useLatestPhotos, useNextEvents } from './api/club-home-api.ts';
import { ClubDetailsForm } from './components/club-details-form.tsx';
import { OpeningHours } from './components/opening-hours.tsx';
import './club.css';

const tiles = [
  { href: '/events', icon: calendarOutline, title: 'Events', text: 'What’s on at the club' },
  { href: '/gallery', icon: imagesOutline, title: 'Gallery', text: 'Photos from the club' },
  { href: '/menu', icon: restaurantOutline, title: 'Food & drink', text: 'Our menu' },
  { href: '/rules', icon: listOutline, title: 'Rules', text: 'How the game works' },
  { href: '/support', icon: helpBuoyOutline, title: 'Help', text: 'Questions and answers' },
  { href: '/contact', icon: chatbubblesOutline, title: 'Contact', text: 'Message the club' },
  { href: '/about', icon: informationCircleOutline, title: 'About', text: 'About Lastman' },
] as const;

function Section({
  title,
  link,
  testId,
  children,
}: {
  title: string;
  link?: { to: string; text: string };
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="card club-section" aria-labelledby={id} data-testid={testId}>
      <div className="card-heading">
        <h2 id={id}>{title}</h2>
        {link ? (
          <IonRouterLink routerLink={link.to} className="club-section__link">
            {link.text}
          </IonRouterLink>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A section's loading and failure lines; a section whose endpoint is missing (404) is not drawn. */
function sectionState(q: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}): ReactNode | 'hide' | null {
  if (q.isError && isMissing(q.error)) return 'hide';
  if (q.isPending) return <p className="muted">Loading…</p>;
  if (q.isError) return <p className="muted">This could not be loaded just now.</p>;
  return null;
}

function NextEvents({ slug }: { slug: string | undefined }) {
  const events = useNextEvents(slug);
  const state = sectionState(events);
  if (state === 'hide') return null;
  const list = events.data?.events.slice(0, 3) ?? [];
  return (
    <Section title="Coming up" link={{ to: '/events', text: 'All events' }} testId="club-events">
      {state ??
        (list.length === 0 ? (
          <p className="muted">Nothing in the diary for the next two weeks.</p>
        ) : (
          <ul className="club-list">
            {list.map((e) => (
              <li key={e.id}>
                <strong>{e.title}</strong>
                <span className="muted">
                  {londonDateTime(e.startsAt)}
                  {e.place ? ` · ${e.place}` : ''}
                  {e.placesLeft !== null ? ` · ${e.placesLeft} places left` : ''}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </Section>
  );
}

function MenuHighlights() {
  const menu = useMenu();
  const state = sectionState(menu);
  if (state === 'hide') return null;
  // A club that shows guests only its uploaded PDF has no dishes of the app's to put here.
  if (menu.data?.guestsSee === 'pdf') {
    return (
      <Section title="Food and drink" link={{ to: '/menu', text: 'Full menu' }} testId="club-menu">
        <p className="muted">The club's menu is a PDF: open it to see today's food and drink.</p>
      </Section>
    );
  }
  const available = menu.data?.categories.flatMap((c) => c.items.filter((i) => i.available)) ?? [];
  if (!state && available.length === 0) return null;
  return (
    <Section title="On the menu today" link={{ to: '/menu', text: 'Full menu' }} testId="club-menu">
      {state ?? (
        <ul className="club-list">
          {available.slice(0, 4).map((i) => (
            <li key={i.id} className="club-list__row">
              <span>{i.name}</span>
              <strong>{formatPence(i.pricePence)}</strong>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function LatestPhotos({ slug }: { slug: string | undefined }) {
  const photos = useLatestPhotos(slug);
  const state = sectionState(photos);
  if (state === 'hide') return null;
  if (!state && photos.data?.photos.length === 0) return null;
  return (
    <Section title="Latest photos" link={{ to: '/gallery', text: 'Gallery' }} testId="club-photos">
      {state ?? (
        <div className="club-photos">
          {photos.data?.photos.map((p) => (
            <IonRouterLink key={p.id} routerLink="/gallery" className="club-photos__item">
              <img src={p.thumbnailUrl} alt={p.caption ?? 'A photo from the club'} loading="lazy" />
            </IonRouterLink>
          ))}
        </div>
      )}
    </Section>
  );
}

/** A visitor's view: the fee, the pot and the next deadline of what they could join. */
function VisitorCompetitionsSection({ slug }: { slug: string | undefined }) {
  const competitions = useClubCompetitions(slug);
  if ((competitions.data?.competitions.length ?? 0) === 0) return null;
  return (
    <Section title="Competitions" link={{ to: '/signup', text: 'Join' }} testId="club-competitions">
      <VisitorCompetitions slug={slug} />
    </Section>
  );
}

function RunningCompetitions({ signedIn }: { signedIn: boolean }) {
  // What the device kept shows at once; the server is asked once it has confirmed the session.
  const confirmed = useSessionConfirmed();
  const competitions = useCompetitions(signedIn && confirmed);
  if (!signedIn) return null;
  const state = sectionState(competitions);
  if (state === 'hide') return null;
  const running =
    competitions.data?.competitions.filter((c) => c.status === 'open' || c.status === 'running') ?? [];
  if (!state && running.length === 0) return null;
  return (
    <Section title="Competitions" link={{ to: '/app/tabs/game', text: 'Play' }} testId="club-competitions">
      {state ?? (
        <ul className="club-list">
          {running.map((c) => (
            <li key={c.id}>
              <strong>{c.name}</strong>
              <span className="muted">
                {c.status === 'open' ? 'Open for entries' : 'Under way'} · {c.entriesRemaining} of{' '}
                {c.entriesTotal} entries left{c.potPence > 0 ? ` · prize ${formatPence(c.potPence)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The Club tab: the club's home, with what is on, what to eat, photos, the game and how to find it. */
export function ClubPage() {
  const me = useMe();
  const club = useClub().data;
  const name = me.data?.club?.name ?? club?.name;
  const isAdmin = hasRole(me.data?.role, 'admin');
  const [editing, setEditing] = useState(false);
  const hasDetails = club && (club.address || club.phone || club.contactEmail || club.openingHours);
  return (
    <>
      <PageHeader title={name ?? 'Club'} />
      <IonContent className="ion-padding">
        <div className="page-wide">
          <section className="hero-banner" aria-labelledby="club-hero">
            <h2 id="club-hero">{name ? `Welcome to ${name}` : 'Welcome'}</h2>
            <p>What’s on, the menu, photos and the game. Open to everyone.</p>
          </section>
          <div className="club-home">
            <NextEvents slug={club?.slug} />
            <MenuHighlights />
            {me.data === null ? (
              <VisitorCompetitionsSection slug={club?.slug} />
            ) : (
              <RunningCompetitions signedIn={Boolean(me.data)} />
            )}
            <LatestPhotos slug={club?.slug} />
            {club && (hasDetails || isAdmin) ? (
              <Section title="Find us" testId="club-details">
                {editing ? (
                  <ClubDetailsForm club={club} onDone={() => setEditing(false)} />
                ) : (
                  <>
                    {club.openingHours ? <OpeningHours week={club.openingHours} now={new Date()} /> : null}
                    {club.address ? <p className="club-address">{club.address}</p> : null}
                    <div className="club-contact">
                      {club.phone ? (
                        <IonButton fill="outline" href={`tel:${club.phone.replace(/[^\d+]/g, '')}`}>
                          <IonIcon slot="start" icon={callOutline} aria-hidden="true" />
                          {club.phone}
                        </IonButton>
                      ) : null}
                      {club.contactEmail ? (
                        <IonButton fill="outline" href={`mailto:${club.contactEmail}`}>
                          <IonIcon slot="start" icon={mailOutline} aria-hidden="true" />
                          <span className="club-contact__email">{club.contactEmail}</span>
                        </IonButton>
                      ) : null}
                    </div>
                    {!hasDetails ? (
                      <p className="muted">
                        Add the address, opening hours and contact so players can find you.
                      </p>
                    ) : null}
                    {isAdmin ? (
                      <IonButton fill="clear" onClick={() => setEditing(true)}>
                        <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
                        Edit club details
                      </IonButton>
                    ) : null}
                  </>
                )}
              </Section>
            ) : null}
          </div>
          <nav aria-label="Club" className="tile-grid">
            {tiles.map((t) => (
              <IonRouterLink key={t.href} routerLink={t.href} className="tile">
                <IonIcon icon={t.icon} aria-hidden="true" />
                <strong>{t.title}</strong>
                <span>{t.text}</span>
              </IonRouterLink>
            ))}
          </nav>
        </div>
      </IonContent>
    </>
  );
}
