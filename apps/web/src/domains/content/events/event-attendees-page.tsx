import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { londonLongDay, londonTime, londonZone } from '@lastman/api/format';
import { printOutline } from 'ionicons/icons';
import { useLocation } from 'react-router-dom';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { useOccurrence, useRegistrations } from './api/events-api.ts';
import '../../../ui/admin.css';
import './events.css';

/** One date's attendee list for the door: names, places, phone bookings marked, the total. Prints on plain paper. */
export function EventAttendeesPage() {
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const event = useOccurrence(id, undefined);
  const list = useRegistrations(id);
  return (
    <>
      <PageHeader back="/admin/events" />
      <IonContent className="ion-padding">
        <div className="page-narrow attendees-print">
          <div className="no-print event-buttons">
            <IonButton onClick={() => window.print()}>
              <IonIcon aria-hidden="true" slot="start" icon={printOutline} />
              Print
            </IonButton>
          </div>
          {event.isPending || list.isPending ? (
            <InlineLoading label="Loading the attendee list…" />
          ) : event.isError || list.isError ? (
            <p role="alert">{(event.error ?? list.error)?.message}</p>
          ) : (
            <article aria-label="Attendee list">
              <h1>{event.data.event.title}</h1>
              <p>
                {londonLongDay(event.data.event.startsAt)}, {londonTime(event.data.event.startsAt)} (
                {londonZone(event.data.event.startsAt)})
                {event.data.event.place ? ` · ${event.data.event.place}` : ''}
              </p>
              <table className="attendees-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Name</th>
                    <th scope="col" className="attendees-table__num">
                      Places
                    </th>
                    <th scope="col">Booked</th>
                    <th scope="col" className="attendees-table__tick">
                      Here
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.registrations.map((r, i) => (
                    <tr key={r.id} data-testid="attendee">
                      <td>{i + 1}</td>
                      <td>
                        {r.name}
                        {r.teamName && !r.byPhone ? ` (team ${r.teamName})` : ''}
                      </td>
                      <td className="attendees-table__num">{r.places}</td>
                      <td>{r.byPhone ? `By phone${r.phone ? ` · ${r.phone}` : ''}` : 'In the app'}</td>
                      <td className="attendees-table__tick" aria-hidden="true">
                        ☐
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      Total
                    </th>
                    <td className="attendees-table__num" data-testid="attendees-total">
                      {list.data.placesTaken}
                    </td>
                    <td colSpan={2}>
                      {list.data.registrations.length}{' '}
                      {list.data.registrations.length === 1 ? 'booking' : 'bookings'}
                      {list.data.capacity !== null ? ` · ${list.data.capacity} places in all` : ''}
                    </td>
                  </tr>
                </tfoot>
              </table>
              {list.data.waitlist.length > 0 ? (
                <>
                  <h2>Waiting list</h2>
                  <ol>
                    {list.data.waitlist.map((w) => (
                      <li key={w.id}>
                        {w.name}, {w.places} {w.places === 1 ? 'place' : 'places'}
                      </li>
                    ))}
                  </ol>
                </>
              ) : null}
            </article>
          )}
        </div>
      </IonContent>
    </>
  );
}
