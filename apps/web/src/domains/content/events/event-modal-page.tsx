import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { EVENT_LIMITS } from '@lastman/api/content/rules';
import {
  formatEventPrice,
  londonDateTime,
  londonLongDay,
  londonTime,
  londonZone,
  ordinal,
} from '@lastman/api/format';
import { calendarNumberOutline, downloadOutline, ticketOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useMe } from '../../../lib/me.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  icsUrl,
  useCancelRegistration,
  useJoinWaitlist,
  useLeaveWaitlist,
  useOccurrence,
  useRegister,
} from './api/events-api.ts';
import { useEventsClub } from './use-events-club.ts';
import './events.css';

export function EventModalPage() {
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const club = useEventsClub();
  const me = useMe();
  const detail = useOccurrence(id, me.data ? undefined : club);
  const back = `/events${club && !me.data ? `?club=${encodeURIComponent(club)}` : ''}`;

  if (!id) {
    return (
      <>
        <PageHeader back="/events" />
        <IonContent className="ion-padding">
          <div className="page-narrow card">
            <EmptyState
              icon={calendarNumberOutline}
              title="Event details"
              actions={<IonButton routerLink="/events">See all events</IonButton>}
            >
              <p>Pick an event from the events list to see its date, time, place and description here.</p>
            </EmptyState>
          </div>
        </IonContent>
      </>
    );
  }

  return (
    <>
      <PageHeader back={back} />
      <IonContent className="ion-padding">
        <div className="page-narrow event-detail">
          {detail.isPending ? (
            <InlineLoading label="Loading the event…" />
          ) : detail.isError ? (
            <div className="card">
              <EmptyState
                icon={calendarNumberOutline}
                title="We couldn’t show this event"
                actions={<IonButton routerLink={back}>See all events</IonButton>}
              >
                <p>{detail.error.message} It may have been cancelled or moved.</p>
              </EmptyState>
            </div>
          ) : (
            <>
              <article className="card">
                {detail.data.event.imageUrl ? (
                  <img src={detail.data.event.imageUrl} alt="" className="event-image" />
                ) : null}
                <h1>{detail.data.event.title}</h1>
                <dl className="event-detail__facts">
                  <div>
                    <dt>When</dt>
                    <dd>
                      {londonLongDay(detail.data.event.startsAt)}, {londonTime(detail.data.event.startsAt)}–
                      {londonTime(detail.data.event.endsAt)} ({londonZone(detail.data.event.startsAt)})
                    </dd>
                  </div>
                  {detail.data.event.movedFrom ? (
                    <div>
                      <dt>Moved</dt>
                      <dd>from {londonDateTime(detail.data.event.movedFrom)}</dd>
                    </div>
                  ) : null}
                  {detail.data.event.place ? (
                    <div>
                      <dt>Where</dt>
                      <dd>{detail.data.event.place}</dd>
                    </div>
                  ) : null}
                  {detail.data.event.kind === 'event' ? (
                    <div>
                      <dt>Price</dt>
                      <dd data-testid="event-price">{formatEventPrice(detail.data.event.pricePence)}</dd>
                    </div>
                  ) : null}
                  {detail.data.event.capacity !== null ? (
                    <div>
                      <dt>Places</dt>
                      <dd>
                        {detail.data.event.placesLeft === 0
                          ? `Full (${detail.data.event.capacity} ${detail.data.event.teams ? 'teams' : 'places'})${detail.data.event.waitlistLength > 0 ? `, ${detail.data.event.waitlistLength} waiting` : ''}`
                          : `${detail.data.event.placesLeft} of ${detail.data.event.capacity} left${detail.data.event.teams ? ' (one per team)' : ''}`}
                      </dd>
                    </div>
                  ) : null}
                </dl>
                {detail.data.event.description ? (
                  <p className="event-detail__description">{detail.data.event.description}</p>
                ) : null}
                <div className="event-buttons">
                  <IonButton fill="outline" href={icsUrl(detail.data.event.id, club)} download="event.ics">
                    <IonIcon aria-hidden="true" slot="start" icon={downloadOutline} />
                    Add to calendar
                  </IonButton>
                  {detail.data.event.ticketUrl ? (
                    <IonButton
                      fill="outline"
                      href={detail.data.event.ticketUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <IonIcon aria-hidden="true" slot="start" icon={ticketOutline} />
                      Buy tickets
                    </IonButton>
                  ) : null}
                </div>
              </article>
              <SignUp eventId={detail.data.event.id} signedIn={!!me.data} event={detail.data.event} />
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

type Detail = NonNullable<ReturnType<typeof useOccurrence>['data']>['event'];

const placesWord = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

function PlacesChoice({
  max,
  value,
  onValue,
  label,
}: {
  max: number;
  value: string;
  onValue: (v: string) => void;
  label: string;
}) {
  return (
    <SelectField label={label} name="places" value={value} onValue={onValue}>
      {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
        <option key={n} value={n}>
          {placesWord(n)}
        </option>
      ))}
    </SelectField>
  );
}

function NoSignUpNeeded() {
  return (
    <section className="card">
      <h2>Sign-up</h2>
      <p>No sign-up needed: just come along.</p>
    </section>
  );
}

function LogInToSignUp() {
  return (
    <section className="card">
      <h2>Sign up</h2>
      <p>Log in or create an account to take a place.</p>
      <IonButton expand="block" routerLink="/login">
        Log in to sign up
      </IonButton>
    </section>
  );
}

/** The member's booking, which they may give up. */
function YourBooking({ eventId, mine }: { eventId: string; mine: NonNullable<Detail['myRegistration']> }) {
  const cancel = useCancelRegistration();
  const [present] = useIonAlert();
  const confirmCancel = () =>
    present({
      header: mine.places > 1 ? `Give up your ${mine.places} places?` : 'Give up your place?',
      message: 'The first on the waiting list, or anyone else, can then have them.',
      buttons: [
        { text: 'Keep my booking', role: 'cancel' },
        {
          text: 'Cancel my booking',
          role: 'destructive',
          handler: () =>
            cancel.mutate(eventId, {
              onSuccess: () => showToast('Your booking is cancelled.'),
              onError: showError,
            }),
        },
      ],
    });
  return (
    <section className="card event-going" aria-live="polite">
      <h2>You’re going</h2>
      <p data-testid="my-registration">
        {mine.teamName
          ? `Team “${mine.teamName}”, ${mine.teamSize} ${mine.teamSize === 1 ? 'player' : 'players'}.`
          : `You have ${placesWord(mine.places)} booked.`}{' '}
        We’ve sent you an email with the details.
      </p>
      <IonButton
        expand="block"
        color="danger"
        fill="outline"
        onClick={confirmCancel}
        disabled={cancel.isPending}
      >
        Cancel my booking
      </IonButton>
    </section>
  );
}

/** The member's place on the waiting list, which they may leave. */
function YourWaitlistPlace({
  eventId,
  waiting,
}: {
  eventId: string;
  waiting: NonNullable<Detail['myWaitlist']>;
}) {
  const leave = useLeaveWaitlist();
  return (
    <section className="card" aria-live="polite">
      <h2>On the waiting list</h2>
      <p data-testid="my-waitlist">
        You’re <strong>{ordinal(waiting.position)}</strong> on the waiting list, for{' '}
        {placesWord(waiting.places)}. When enough places come free we book you in at once and tell you.
      </p>
      <IonButton
        expand="block"
        color="medium"
        fill="outline"
        disabled={leave.isPending}
        onClick={() =>
          leave.mutate(eventId, {
            onSuccess: () => showToast('You’ve left the waiting list.'),
            onError: showError,
          })
        }
      >
        Leave the waiting list
      </IonButton>
    </section>
  );
}

function SignUp({ eventId, signedIn, event }: { eventId: string; signedIn: boolean; event: Detail }) {
  const register = useRegister();
  const join = useJoinWaitlist();
  const [teamName, setTeamName] = useState('');
  const [teamSize, setTeamSize] = useState('4');
  const [places, setPlaces] = useState('1');
  const [waitPlaces, setWaitPlaces] = useState('1');
  const [wantList, setWantList] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (event.kind === 'match') return null;
  if (event.capacity === null) return <NoSignUpNeeded />;
  if (!signedIn) return <LogInToSignUp />;
  const mine = event.myRegistration;
  if (mine) return <YourBooking eventId={eventId} mine={mine} />;
  if (event.myWaitlist) return <YourWaitlistPlace eventId={eventId} waiting={event.myWaitlist} />;
  const left = event.placesLeft ?? 0;
  // The waiting list is for more places than are free: all of them when the date is full.
  const fewestToWait = left + 1;
  const mostToWait = Math.min(EVENT_LIMITS.placesMax, event.capacity);
  if (left === 0 || (wantList && fewestToWait <= mostToWait)) {
    const waitValue = String(Math.max(Number(waitPlaces), fewestToWait));
    const waiting = event.waitlistLength;
    return (
      <section className="card">
        <h2>{left === 0 ? 'Full: join the waiting list' : 'Join the waiting list'}</h2>
        <p>
          {left === 0 ? 'Sorry, this date is full.' : `Only ${placesWord(left)} left.`}
          {waiting > 0 ? ` ${waiting === 1 ? '1 person is' : `${waiting} people are`} already waiting.` : ''}{' '}
          Join the waiting list and we’ll book you in as soon as enough places come free.
        </p>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            join.mutate(
              { id: eventId, input: { places: Number(waitValue) } },
              {
                onSuccess: (r) => showToast(`You’re ${ordinal(r.entry.position)} on the waiting list.`),
                onError: (err) => setError(err.message),
              },
            );
          }}
          noValidate
        >
          {event.teams ? null : (
            <SelectField label="Places you need" name="places" value={waitValue} onValue={setWaitPlaces}>
              {Array.from({ length: mostToWait - fewestToWait + 1 }, (_, i) => fewestToWait + i).map((n) => (
                <option key={n} value={n}>
                  {placesWord(n)}
                </option>
              ))}
            </SelectField>
          )}
          <FormError message={error} />
          <IonButton type="submit" expand="block" disabled={join.isPending}>
            Join the waiting list
          </IonButton>
          {left > 0 ? (
            <IonButton expand="block" fill="clear" onClick={() => setWantList(false)}>
              Book the places left instead
            </IonButton>
          ) : null}
        </form>
      </section>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const size = Number(teamSize);
    if (event.teams) {
      if (!teamName.trim()) return setError('Give your team a name.');
      if (teamName.trim().length > EVENT_LIMITS.teamNameMax)
        return setError(`Keep the team name under ${EVENT_LIMITS.teamNameMax} characters.`);
      if (!Number.isInteger(size) || size < 1 || size > EVENT_LIMITS.teamSizeMax) {
        return setError(`A team has 1 to ${EVENT_LIMITS.teamSizeMax} players.`);
      }
    }
    const n = Math.min(Number(places), left);
    register.mutate(
      { id: eventId, input: event.teams ? { teamName: teamName.trim(), teamSize: size } : { places: n } },
      {
        onSuccess: () =>
          showToast(event.teams ? 'Your team is signed up.' : `You’re going: ${placesWord(n)} booked.`),
        onError: (err) => setError(err.message),
      },
    );
  };
  const most = Math.min(EVENT_LIMITS.placesMax, left);
  return (
    <section className="card">
      <h2>{event.teams ? 'Sign up your team' : 'Book'}</h2>
      <form onSubmit={submit} noValidate>
        {event.teams ? (
          <>
            <FormField
              label="Team name"
              name="teamName"
              value={teamName}
              onValue={setTeamName}
              autoComplete="off"
            />
            <FormField
              label="Players in the team"
              name="teamSize"
              type="number"
              inputMode="numeric"
              value={teamSize}
              onValue={setTeamSize}
              helper="A team takes one place, whatever its size."
            />
          </>
        ) : (
          <PlacesChoice label="How many places?" max={most} value={places} onValue={setPlaces} />
        )}
        {!event.teams && left < EVENT_LIMITS.placesMax ? (
          <p className="muted">Only {placesWord(left)} left.</p>
        ) : null}
        <FormError message={error} />
        <IonButton type="submit" expand="block" disabled={register.isPending}>
          {event.teams
            ? 'Sign up our team'
            : Number(places) > 1
              ? `Book ${placesWord(Math.min(Number(places), left))}`
              : 'Book my place'}
        </IonButton>
        {!event.teams && left < Math.min(EVENT_LIMITS.placesMax, event.capacity) ? (
          <IonButton expand="block" fill="clear" onClick={() => setWantList(true)}>
            Need more places? Join the waiting list
          </IonButton>
        ) : null}
      </form>
    </section>
  );
}
