import { IonButton, IonContent } from '@ionic/react';
import type { ClubEvent, EventInput } from '@lastman/api';
import { EVENT_LIMITS } from '@lastman/api/content/rules';
import {
  formatEventPrice,
  formatPence,
  londonDateTime,
  londonTime,
  penceAsPounds,
  toPence,
} from '@lastman/api/format';
import { addDays, fromLondon, toLondon } from '@lastman/api/time';
import { calendarOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { showError, showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CheckboxField, FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  useAdminEvents,
  useCreateEvent,
  useDeleteEvent,
  useRemoveEventImage,
  useSetCancelled,
  useSetEventImage,
  useUpdateEvent,
} from './api/events-api.ts';
import { weekdayOf } from './rrule-days.ts';
import '../../../ui/admin.css';

import { SeriesDates } from './event-dates-admin.tsx';
import { ScreenMatches } from './screen-matches-admin.tsx';

type Repeat = 'none' | 'weekly' | 'fortnightly' | 'monthly' | 'custom';
const DAY_NAMES: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

interface FormState {
  title: string;
  description: string;
  date: string;
  start: string;
  end: string;
  place: string;
  repeat: Repeat;
  custom: string;
  capacity: string;
  price: string;
  teams: boolean;
  ticketUrl: string;
}

const EMPTY: FormState = {
  title: '',
  description: '',
  date: '',
  start: '20:00',
  end: '22:30',
  place: '',
  repeat: 'none',
  custom: '',
  capacity: '',
  price: '',
  teams: false,
  ticketUrl: '',
};

function repeatOf(rule: string | null): { repeat: Repeat; custom: string } {
  if (!rule) return { repeat: 'none', custom: '' };
  if (/^RRULE:FREQ=WEEKLY;BYDAY=[A-Z]{2}$/.test(rule)) return { repeat: 'weekly', custom: '' };
  if (/^RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=[A-Z]{2}$/.test(rule))
    return { repeat: 'fortnightly', custom: '' };
  if (rule === 'RRULE:FREQ=MONTHLY') return { repeat: 'monthly', custom: '' };
  return { repeat: 'custom', custom: rule };
}

function ruleOf(f: FormState): string | null {
  const day = weekdayOf(f.date);
  switch (f.repeat) {
    case 'none':
      return null;
    case 'weekly':
      return `RRULE:FREQ=WEEKLY;BYDAY=${day}`;
    case 'fortnightly':
      return `RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=${day}`;
    case 'monthly':
      return 'RRULE:FREQ=MONTHLY';
    default:
      return f.custom.trim() || null;
  }
}

/** "every Thursday", "every other Friday", "every month", or the rule itself. */
export function describeRule(rule: string | null): string {
  if (!rule) return 'one date';
  const weekly = /^RRULE:FREQ=WEEKLY(;INTERVAL=2)?;BYDAY=([A-Z]{2})$/.exec(rule);
  if (weekly) return `${weekly[1] ? 'every other' : 'every'} ${DAY_NAMES[weekly[2] ?? ''] ?? weekly[2]}`;
  if (rule === 'RRULE:FREQ=MONTHLY') return 'every month on this date';
  return rule.replace(/^RRULE:/, '');
}

function toForm(e: ClubEvent): FormState {
  const start = toLondon(e.startsAt);
  return {
    title: e.title,
    description: e.description,
    date: start.date,
    start: start.time,
    end: toLondon(e.endsAt).time,
    place: e.place,
    ...repeatOf(e.recurrence),
    capacity: e.capacity === null ? '' : String(e.capacity),
    price: e.pricePence > 0 ? penceAsPounds(e.pricePence) : '',
    teams: e.teams,
    ticketUrl: e.ticketUrl ?? '',
  };
}

/** Start and end in UTC from the London date and times; an end before the start is the next day. */
function times(f: FormState): { startsAt: string; endsAt: string } {
  const startsAt = fromLondon(f.date, f.start).toISOString();
  let endsAt = fromLondon(f.date, f.end).toISOString();
  if (endsAt <= startsAt) endsAt = fromLondon(addDays(f.date, 1), f.end).toISOString();
  return { startsAt, endsAt };
}

export function EventsAdminPage() {
  const events = useAdminEvents();
  const [editing, setEditing] = useState<ClubEvent | 'new' | null>(null);
  return (
    <>
      <PageHeader back="/events" />
      <IonContent className="ion-padding">
        <div className="page-narrow events-admin">
          {editing ? (
            <EventForm
              key={editing === 'new' ? 'new' : editing.id}
              event={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : (
            <IonButton expand="block" onClick={() => setEditing('new')}>
              New event
            </IonButton>
          )}
          {events.isPending ? (
            <InlineLoading label="Loading events…" />
          ) : events.isError ? (
            <div className="card">
              <p role="alert">We couldn’t load the events: {events.error.message}</p>
              <IonButton onClick={() => void events.refetch()}>Try again</IonButton>
            </div>
          ) : events.data.events.length === 0 ? (
            <div className="card">
              <EmptyState icon={calendarOutline} title="No events yet">
                <p>
                  Add the quiz, the karaoke or the darts league: members see them on the Events page and can
                  sign up.
                </p>
              </EmptyState>
            </div>
          ) : (
            events.data.events.map((e) => <EventCard key={e.id} event={e} onEdit={() => setEditing(e)} />)
          )}
          <ScreenMatches />
        </div>
      </IonContent>
    </>
  );
}

function EventForm({ event, onDone }: { event: ClubEvent | null; onDone: () => void }) {
  const [f, setF] = useState<FormState>(event ? toForm(event) : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const set =
    <K extends keyof FormState>(k: K) =>
    (v: FormState[K]) =>
      setF((s) => ({ ...s, [k]: v }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!f.title.trim()) return setError('Give the event a title.');
    if (!f.date || !f.start || !f.end) return setError('Give the date, the start time and the end time.');
    const capacity = f.capacity.trim() === '' ? null : Number(f.capacity);
    if (
      capacity !== null &&
      (!Number.isInteger(capacity) || capacity < 1 || capacity > EVENT_LIMITS.capacityMax)
    ) {
      return setError('Places must be a whole number of at least 1, or empty for no sign-ups.');
    }
    const pricePence = f.price.trim() === '' ? 0 : toPence(f.price);
    if (pricePence === null)
      return setError('Price must be pounds and pence, like 6 or 6.50, or empty for free.');
    if (pricePence > EVENT_LIMITS.priceMaxPence) {
      return setError(`Price must be at most ${formatPence(EVENT_LIMITS.priceMaxPence)} a person.`);
    }
    let when: { startsAt: string; endsAt: string };
    try {
      when = times(f);
    } catch {
      return setError('The date or a time is not valid.');
    }
    const input: EventInput = {
      title: f.title.trim(),
      description: f.description.trim(),
      place: f.place.trim(),
      ...when,
      recurrence: ruleOf(f),
      capacity,
      pricePence,
      teams: f.teams,
      ticketUrl: f.ticketUrl.trim() || null,
    };
    const done = {
      onSuccess: () => {
        showToast(event ? 'Event saved.' : 'Event created.');
        onDone();
      },
      onError: (err: Error) => setError(err.message),
    };
    if (event) update.mutate({ id: event.id, patch: input }, done);
    else create.mutate(input, done);
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-label={event ? 'Edit event' : 'New event'}>
      <h2>{event ? `Edit “${event.title}”` : 'New event'}</h2>
      <FormField label="Title" name="title" value={f.title} onValue={set('title')} />
      <FormField
        label="Description"
        name="description"
        value={f.description}
        onValue={set('description')}
        rows={3}
      />
      <FormField label="Date (UK)" name="date" type="date" value={f.date} onValue={set('date')} />
      <div className="admin-two-up">
        <FormField label="Starts (UK time)" name="start" type="time" value={f.start} onValue={set('start')} />
        <FormField label="Ends (UK time)" name="end" type="time" value={f.end} onValue={set('end')} />
      </div>
      <FormField
        label="Place"
        name="place"
        value={f.place}
        onValue={set('place')}
        helper="e.g. The back bar"
      />
      <SelectField label="Repeats" name="repeat" value={f.repeat} onValue={(v) => set('repeat')(v as Repeat)}>
        <option value="none">Does not repeat</option>
        <option value="weekly">Every week{f.date ? ` on ${DAY_NAMES[weekdayOf(f.date)]}` : ''}</option>
        <option value="fortnightly">Every other week</option>
        <option value="monthly">Every month on this date</option>
        <option value="custom">Custom rule (RRULE)</option>
      </SelectField>
      {f.repeat === 'custom' ? (
        <FormField
          label="Recurrence rule"
          name="custom"
          value={f.custom}
          onValue={set('custom')}
          helper="e.g. RRULE:FREQ=MONTHLY;BYDAY=1FR (first Friday)"
        />
      ) : null}
      <FormField
        label="Places"
        name="capacity"
        type="number"
        inputMode="numeric"
        value={f.capacity}
        onValue={set('capacity')}
        helper="Leave empty when there is no sign-up."
      />
      <FormField
        label="Price a person, £"
        name="price"
        inputMode="decimal"
        value={f.price}
        onValue={set('price')}
        helper="Leave empty when it is free."
      />
      <CheckboxField
        label="Sign up as teams (a quiz): each team takes one place"
        checked={f.teams}
        onChange={set('teams')}
      />
      <FormField
        label="Ticket link (optional)"
        name="ticketUrl"
        type="url"
        value={f.ticketUrl}
        onValue={set('ticketUrl')}
      />
      <FormError message={error} />
      <div className="event-buttons">
        <IonButton type="submit" disabled={create.isPending || update.isPending}>
          {event ? 'Save event' : 'Create event'}
        </IonButton>
        <IonButton fill="clear" onClick={onDone}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}

function EventCard({ event, onEdit }: { event: ClubEvent; onEdit: () => void }) {
  const [present] = useIonAlert();
  const setCancelled = useSetCancelled();
  const remove = useDeleteEvent();
  const [showDates, setShowDates] = useState(false);
  const confirmDelete = () =>
    present({
      header: `Delete “${event.title}”?`,
      message: 'Every date and every sign-up goes with it. To keep them on record, cancel the event instead.',
      buttons: [
        { text: 'Keep it', role: 'cancel' },
        {
          text: 'Delete',
          role: 'destructive',
          handler: () =>
            remove.mutate(event.id, { onSuccess: () => showToast('Event deleted.'), onError: showError }),
        },
      ],
    });
  return (
    <article className="card" data-testid="admin-event">
      <h2>{event.title}</h2>
      <p>
        {londonDateTime(event.startsAt)}–{londonTime(event.endsAt)}, {describeRule(event.recurrence)}
        {event.place ? ` · ${event.place}` : ''}
      </p>
      <p>
        {event.cancelled ? <span className="event-pill event-pill--bad">Cancelled</span> : null}{' '}
        {event.capacity !== null ? (
          <span className="event-pill">
            {event.capacity} {event.teams ? 'teams' : 'places'}
          </span>
        ) : (
          <span className="event-pill">No sign-up</span>
        )}{' '}
        <span className="event-pill" data-testid="event-price">
          {formatEventPrice(event.pricePence)}
        </span>
      </p>
      <div className="admin-event-buttons">
        <IonButton fill="outline" onClick={onEdit}>
          Edit
        </IonButton>
        <IonButton fill="outline" onClick={() => setShowDates((s) => !s)} aria-expanded={showDates}>
          {showDates ? 'Hide dates' : event.recurrence ? 'Dates and sign-ups' : 'Sign-ups'}
        </IonButton>
        <IonButton
          fill="outline"
          color={event.cancelled ? 'success' : 'medium'}
          onClick={() =>
            setCancelled.mutate(
              { id: event.id, cancelled: !event.cancelled },
              {
                onSuccess: () => showToast(event.cancelled ? 'Event restored.' : 'Event cancelled.'),
                onError: showError,
              },
            )
          }
        >
          {event.cancelled ? 'Restore event' : event.recurrence ? 'Cancel the whole series' : 'Cancel event'}
        </IonButton>
        <IonButton fill="clear" color="danger" onClick={confirmDelete}>
          Delete
        </IonButton>
      </div>
      <EventPicture event={event} />
      {showDates && !event.cancelled ? <SeriesDates event={event} /> : null}
    </article>
  );
}

function EventPicture({ event }: { event: ClubEvent }) {
  const upload = useSetEventImage();
  const remove = useRemoveEventImage();
  return (
    <div className="admin-event-picture">
      {event.imageUrl ? <img src={event.imageUrl} alt="" className="event-image" /> : null}
      <label className="admin-file-label">
        <span>
          {upload.isPending ? 'Uploading…' : event.imageUrl ? 'Change the picture' : 'Add a picture'}
        </span>
        <input
          type="file"
          accept="image/*,.heic,.heif"
          name="eventImage"
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              upload.mutate(
                { id: event.id, file },
                { onSuccess: () => showToast('Picture saved.'), onError: showError },
              );
          }}
        />
      </label>
      {event.imageUrl ? (
        <IonButton
          fill="clear"
          color="medium"
          onClick={() =>
            remove.mutate(event.id, { onSuccess: () => showToast('Picture removed.'), onError: showError })
          }
        >
          Remove the picture
        </IonButton>
      ) : null}
    </div>
  );
}
