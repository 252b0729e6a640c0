import { IonButton, IonContent } from '@ionic/react';
import { formatDay, formatMinutes } from '@lastman/api/format';
import { addDays, londonMondayOf } from '@lastman/api/time';
import { timeOutline } from 'ionicons/icons';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { DaysTable, EntryLine } from './timesheet-parts.tsx';
import { useMyHours } from './timesheets-api.ts';
import '../rota.css';

/** How many weeks back a staff member sees their hours. */
const WEEKS_SHOWN = 8;

/** Staff: their own hours, week by week (this week first), with any corrections an admin made. */
export function MyHoursPage() {
  const thisWeek = londonMondayOf();
  const from = addDays(thisWeek, -7 * (WEEKS_SHOWN - 1));
  const hours = useMyHours(from, addDays(thisWeek, 6));
  // This week always; earlier weeks only when they hold something.
  const weeks = [...(hours.data?.weeks ?? [])]
    .reverse()
    .filter(
      (w, i) =>
        i === 0 ||
        w.people[0]?.entries.length ||
        w.people[0]?.totals.scheduledMinutes ||
        w.people[0]?.approval,
    );
  const any = weeks.some((w) => w.people[0]?.entries.length || w.people[0]?.totals.scheduledMinutes);
  return (
    <>
      <PageHeader back="/clockin" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {hours.isPending ? (
            <InlineLoading label="Loading your hours" />
          ) : hours.isError ? (
            <p className="form-error" role="alert">
              Your hours could not be loaded: {hours.error.message}
            </p>
          ) : !any ? (
            <EmptyState
              icon={timeOutline}
              title="No hours yet"
              actions={<IonButton routerLink="/clockin">Clock in</IonButton>}
            >
              Your shifts and the time you clock appear here, week by week.
            </EmptyState>
          ) : (
            weeks.map((w) => {
              const me = w.people[0];
              if (!me) return null;
              const id = `my-week-${w.weekStart}`;
              return (
                <section key={w.weekStart} className="card" aria-labelledby={id} data-testid="my-hours-week">
                  <h2 id={id} className="timesheet-name">
                    Week of {formatDay(w.weekStart)}{' '}
                    <span className={me.approval ? 'badge timesheet-approved' : 'badge timesheet-pending'}>
                      {me.approval ? 'Approved' : 'Not yet approved'}
                    </span>
                  </h2>
                  <p className="timesheet-totals">
                    Worked <strong>{formatMinutes(me.totals.workedMinutes)}</strong> of{' '}
                    {formatMinutes(me.totals.scheduledMinutes)} scheduled
                    {me.totals.lateMinutes ? ` · ${formatMinutes(me.totals.lateMinutes)} late in all` : ''}
                  </p>
                  <DaysTable person={me} caption={`Your hours in the week of ${formatDay(w.weekStart)}`} />
                  {me.entries.map((e) => (
                    <EntryLine key={e.id} entry={e} />
                  ))}
                </section>
              );
            })
          )}
        </div>
      </IonContent>
    </>
  );
}
