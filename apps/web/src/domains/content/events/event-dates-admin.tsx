import { IonButton } from '@ionic/react';
import type { ClubEvent, EventOccurrence, Registration } from '@lastman/api';
import { EVENT_LIMITS } from '@lastman/api/content/rules';
import { londonDateTime } from '@lastman/api/format';
import { fromLondon, toLondon } from '@lastman/api/time';
import { type FormEvent, useMemo, useState } from 'react';
import { paths } from '../../../app/paths.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  useAddPhoneBooking,
  useOccurrences,
  useRegistrations,
  useRemoveAttendee,
  useRemoveException,
  useSaveException,
} from './api/events-api.ts';
import '../../../ui/admin.css';

/** The coming dates of an event, each with its sign-ups; in a series, cancel or move one date. */
export function SeriesDates({ event }: { event: ClubEvent }) {
  const range = useMemo(() => {
    const from = new Date();
    return { from: from.toISOString(), to: new Date(from.getTime() + 12 * 7 * 86_400_000).toISOString() };
  }, []);
  const dates = useOccurrences(range.from, range.to, undefined);
  const restore = useRemoveException();
  const mine = (dates.data?.events ?? []).filter((o) => o.seriesId === event.id).slice(0, 10);
  const cancelled = event.exceptions.filter((x) => x.cancelled);
  return (
    <div className="admin-dates">
      {cancelled.length > 0 ? (
        <>
          <h3>Cancelled dates</h3>
          <ul className="admin-date-list">
            {cancelled.map((x) => (
              <li key={x.id}>
                <span>{londonDateTime(x.originalStartsAt)}</span>
                <IonButton
                  size="small"
                  fill="outline"
                  onClick={() =>
                    restore.mutate(
                      { id: event.id, exceptionId: x.id },
                      { onSuccess: () => showToast('Date restored.'), onError: showError },
                    )
                  }
                >
                  Restore
                </IonButton>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h3>Coming dates</h3>
      {dates.isPending ? (
        <InlineLoading />
      ) : mine.length === 0 ? (
        <p className="muted">No dates in the next twelve weeks.</p>
      ) : (
        <ul className="admin-date-list">
          {mine.map((o) => (
            <OccurrenceRow key={o.id} event={event} occurrence={o} />
          ))}
        </ul>
      )}
    </div>
  );
}

function OccurrenceRow({ event, occurrence }: { event: ClubEvent; occurrence: EventOccurrence }) {
  const save = useSaveException();
  const [mode, setMode] = useState<'none' | 'move' | 'signups'>('none');
  const start = toLondon(occurrence.startsAt);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const original = occurrence.movedFrom ?? occurrence.startsAt;
  const duration = new Date(occurrence.endsAt).getTime() - new Date(occurrence.startsAt).getTime();
  const cancelDate = () =>
    save.mutate(
      { id: event.id, input: { originalStartsAt: original, cancelled: true } },
      { onSuccess: () => showToast('That date is cancelled; the others stay.'), onError: showError },
    );
  const move = (e: FormEvent) => {
    e.preventDefault();
    const startsAt = fromLondon(date, time).toISOString();
    const endsAt = new Date(new Date(startsAt).getTime() + duration).toISOString();
    save.mutate(
      { id: event.id, input: { originalStartsAt: original, cancelled: false, startsAt, endsAt } },
      {
        onSuccess: () => {
          showToast('Date moved.');
          setMode('none');
        },
        onError: showError,
      },
    );
  };
  return (
    <li data-testid="admin-date">
      <span>
        {londonDateTime(occurrence.startsAt)}
        {occurrence.movedFrom ? (
          <span className="muted"> (moved from {londonDateTime(occurrence.movedFrom)})</span>
        ) : null}
        {occurrence.placesLeft !== null && occurrence.capacity !== null ? (
          <span className="muted">
            {' '}
            · {occurrence.capacity - occurrence.placesLeft} of {occurrence.capacity} places taken
          </span>
        ) : null}
      </span>
      <span className="admin-date-actions">
        {occurrence.capacity !== null ? (
          <IonButton
            size="small"
            fill="outline"
            onClick={() => setMode(mode === 'signups' ? 'none' : 'signups')}
          >
            Sign-ups
          </IonButton>
        ) : null}
        {event.recurrence ? (
          <>
            <IonButton size="small" fill="outline" onClick={() => setMode(mode === 'move' ? 'none' : 'move')}>
              Move
            </IonButton>
            <IonButton size="small" fill="outline" color="medium" onClick={cancelDate}>
              Cancel date
            </IonButton>
          </>
        ) : null}
      </span>
      {mode === 'move' ? (
        <form className="admin-move" onSubmit={move} aria-label="Move this date">
          <div className="admin-two-up">
            <FormField label="New date (UK)" name="moveDate" type="date" value={date} onValue={setDate} />
            <FormField
              label="New start (UK time)"
              name="moveTime"
              type="time"
              value={time}
              onValue={setTime}
            />
          </div>
          <IonButton type="submit" size="small" disabled={save.isPending}>
            Move this date
          </IonButton>
        </form>
      ) : null}
      {mode === 'signups' ? <SignUps id={occurrence.id} /> : null}
    </li>
  );
}

const placesWord = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`;

/** A date's bookings: the admin adds one taken by phone, removes one (its places go to the waiting list), prints the list. */
function SignUps({ id }: { id: string }) {
  const list = useRegistrations(id);
  const remove = useRemoveAttendee();
  const [present] = useIonAlert();
  if (list.isPending) return <InlineLoading />;
  if (list.isError) return <p role="alert">{list.error.message}</p>;
  const confirmRemove = (r: Registration) =>
    present({
      header: `Remove ${r.name}?`,
      message: `Their ${placesWord(r.places)} come free and go to the first on the waiting list who fits.`,
      buttons: [
        { text: 'Keep', role: 'cancel' },
        {
          text: 'Remove',
          role: 'destructive',
          handler: () =>
            remove.mutate(
              { id, registrationId: r.id },
              { onSuccess: () => showToast(`${r.name} removed.`), onError: showError },
            ),
        },
      ],
    });
  const { registrations, waitlist, placesTaken, placesLeft } = list.data;
  return (
    <div className="admin-signups">
      <p className="muted" data-testid="signup-totals">
        {registrations.length} {registrations.length === 1 ? 'booking' : 'bookings'},{' '}
        {placesWord(placesTaken)} taken{placesLeft !== null ? `, ${placesWord(placesLeft)} left` : ''}
        {waitlist.length > 0 ? `, ${waitlist.length} waiting` : ''}
      </p>
      <IonButton
        size="small"
        fill="outline"
        routerLink={`${paths.eventAttendees}?id=${encodeURIComponent(id)}`}
      >
        Attendee list to print
      </IonButton>
      {registrations.length === 0 ? <p className="muted">No bookings yet.</p> : null}
      <ol>
        {registrations.map((r) => (
          <li key={r.id} data-testid="signup" className="admin-signup">
            <span>
              {r.teamName && !r.byPhone ? (
                <>
                  <strong>{r.teamName}</strong> ({r.teamSize}) · {r.name}
                </>
              ) : (
                <strong>{r.name}</strong>
              )}{' '}
              · {placesWord(r.places)}
              {r.byPhone ? (
                <>
                  {' '}
                  · <span className="event-pill">By phone</span>
                  {r.phone ? (
                    <>
                      {' '}
                      <a href={`tel:${r.phone.replace(/[^0-9+]/g, '')}`}>{r.phone}</a>
                    </>
                  ) : null}
                </>
              ) : (
                <>
                  {' '}
                  · <a href={`mailto:${r.email}`}>{r.email}</a>
                </>
              )}
            </span>
            <IonButton
              size="small"
              fill="clear"
              color="danger"
              onClick={() => confirmRemove(r)}
              aria-label={`Remove ${r.name}`}
            >
              Remove
            </IonButton>
          </li>
        ))}
      </ol>
      {waitlist.length > 0 ? (
        <>
          <h4>Waiting list</h4>
          <ol>
            {waitlist.map((w) => (
              <li key={w.id} data-testid="waiting">
                {w.name} · {placesWord(w.places)}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <PhoneBookingForm id={id} left={placesLeft} />
    </div>
  );
}

function PhoneBookingForm({ id, left }: { id: string; left: number | null }) {
  const add = useAddPhoneBooking();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [places, setPlaces] = useState('1');
  const [error, setError] = useState<string | null>(null);
  if (left === 0) {
    return <p className="muted">Full: remove a booking or raise the places to take a phone booking.</p>;
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!name.trim()) return setError('Give the caller’s name.');
    add.mutate(
      { id, input: { name: name.trim(), phone: phone.trim() || null, places: Number(places) } },
      {
        onSuccess: () => {
          showToast(`${name.trim()} booked by phone.`);
          setName('');
          setPhone('');
          setPlaces('1');
        },
        onError: (err) => setError(err.message),
      },
    );
  };
  const most = Math.min(EVENT_LIMITS.placesMax, left ?? EVENT_LIMITS.placesMax);
  return (
    <form className="admin-phone-booking" onSubmit={submit} noValidate aria-label="Add a phone booking">
      <h4>Add a phone booking</h4>
      <FormField label="Name" name="guestName" value={name} onValue={setName} autoComplete="off" />
      <FormField
        label="Phone number (optional)"
        name="guestPhone"
        type="tel"
        value={phone}
        onValue={setPhone}
        autoComplete="off"
      />
      <SelectField label="Places" name="guestPlaces" value={places} onValue={setPlaces}>
        {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {placesWord(n)}
          </option>
        ))}
      </SelectField>
      <FormError message={error} />
      <IonButton type="submit" disabled={add.isPending}>
        Add booking
      </IonButton>
    </form>
  );
}
