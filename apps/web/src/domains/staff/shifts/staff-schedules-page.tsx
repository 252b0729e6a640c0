import { IonButton, IonContent, IonIcon, IonSpinner } from '@ionic/react';
import type { Absence, Shift, ShiftSwap, WeekHappening } from '@lastman/api';
import { formatDay, formatPence, londonTime, quarterHours } from '@lastman/api/format';
import { addDays, hoursBetween, isDate, londonMondayOf, toLondon, weekDates } from '@lastman/api/time';
import { calendarOutline, chevronBack, chevronForward, warningOutline } from 'ionicons/icons';
import { useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { hasRole, useMe } from '../../../lib/me.ts';
import { showToast } from '../../../lib/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { SelectField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { LeavePanel } from '../leave/leave-panel.tsx';
import { PayRatesPanel } from '../pay/pay-rates-panel.tsx';
import { isLive, SwapOfferForm, SwapsPanel, statusOf, WithdrawSwapButton } from '../swaps/swap-panel.tsx';
import { useMySwaps } from '../swaps/swaps-api.ts';
import {
  shiftIcsUrl,
  useClaimShift,
  useCopyWeek,
  useDeleteShift,
  useMyShifts,
  usePublishWeek,
  useRotaWeek,
  useShiftFeed,
} from './shifts-api.ts';
import { WeekGrid } from './week-grid.tsx';
import '../rota.css';

const WIDE = '(min-width: 768px)';
const subscribeWide = (change: () => void) => {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', change);
  return () => query?.removeEventListener('change', change);
};
/** A tablet or desktop (768 px and wider): the week shows as a grid there, as a list of days on a phone. */
const useWide = () => useSyncExternalStore(subscribeWide, () => window.matchMedia?.(WIDE).matches ?? true);

type View = 'week' | 'mine' | 'swaps' | 'leave' | 'pay';

/** Staff see their own shifts, next first; admins also plan the whole week (`?view=week`). */
export function StaffSchedulesPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const wide = useWide();
  const isAdmin = hasRole(me.data?.role, 'admin');
  const asked = params.get('view');
  const view: View =
    asked === 'leave' || asked === 'swaps'
      ? asked
      : isAdmin && asked === 'pay'
        ? 'pay'
        : isAdmin && asked !== 'mine'
          ? 'week'
          : 'mine';
  const setView = (v: View) =>
    setParams((p) => {
      p.set('view', v);
      return p;
    });
  // The grid takes the screen's width; everything else keeps to a readable column.
  const gridShown = view === 'week' && (params.get('layout') ?? (wide ? 'grid' : 'days')) === 'grid';
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className={gridShown ? 'rota-page-grid' : 'page-narrow'}>
          <fieldset className="rota-actions rota-views">
            <legend className="visually-hidden">Show</legend>
            {isAdmin ? (
              <IonButton fill={view === 'week' ? 'solid' : 'outline'} onClick={() => setView('week')}>
                Whole week
              </IonButton>
            ) : null}
            <IonButton fill={view === 'mine' ? 'solid' : 'outline'} onClick={() => setView('mine')}>
              My shifts
            </IonButton>
            <IonButton fill={view === 'swaps' ? 'solid' : 'outline'} onClick={() => setView('swaps')}>
              Swaps
            </IonButton>
            <IonButton fill={view === 'leave' ? 'solid' : 'outline'} onClick={() => setView('leave')}>
              Leave
            </IonButton>
            {isAdmin ? (
              <IonButton fill={view === 'pay' ? 'solid' : 'outline'} onClick={() => setView('pay')}>
                Pay rates
              </IonButton>
            ) : null}
          </fieldset>
          {view === 'week' ? (
            <WeekPlanner grid={gridShown} />
          ) : view === 'swaps' ? (
            <SwapsPanel isAdmin={isAdmin} />
          ) : view === 'pay' ? (
            <PayRatesPanel />
          ) : view === 'leave' ? (
            <LeavePanel isAdmin={isAdmin} />
          ) : (
            <MyShifts />
          )}
        </div>
      </IonContent>
    </>
  );
}

function ShiftLine({
  shift,
  showName,
  stack,
  note,
  children,
}: {
  shift: Shift;
  showName?: boolean;
  /** Buttons go under the text on a phone (more than one button beside it). */
  stack?: boolean;
  /** A line under the shift's details. */
  note?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <div className={stack ? 'rota-shift rota-shift--stack' : 'rota-shift'} data-testid="shift">
      <div className="rota-shift__main">
        <div className="rota-shift__time">
          {londonTime(shift.startsAt)}–{londonTime(shift.endsAt)}{' '}
          {shift.status === 'draft' ? <span className="badge rota-draft">Draft</span> : null}
        </div>
        <div>
          {showName ? <strong>{shift.staffName ?? 'Open shift'}</strong> : null}
          {showName ? ' · ' : null}
          {shift.position}
        </div>
        <div className="rota-shift__meta">
          {quarterHours(hoursBetween(shift.startsAt, shift.endsAt, shift.breakMinutes))}
          {shift.breakMinutes ? `, ${shift.breakMinutes} min break` : ''}
          {shift.costPence !== undefined && shift.costPence !== null
            ? ` · ${formatPence(shift.costPence)}`
            : ''}
          {shift.notes ? ` · ${shift.notes}` : ''}
        </div>
        {shift.warnings.map((w) => (
          <p key={w.code} className="rota-warning">
            <IonIcon icon={warningOutline} aria-hidden="true" /> {w.message}
            {shift.overrideReason ? ` Kept because: ${shift.overrideReason}` : ''}
          </p>
        ))}
        {note}
      </div>
      {children}
    </div>
  );
}

function WeekPlanner({ grid }: { grid: boolean }) {
  const [params, setParams] = useSearchParams();
  const week = isDate(params.get('week'))
    ? londonMondayOf(Date.parse(`${params.get('week')}T12:00:00Z`))
    : londonMondayOf();
  const person = params.get('person') ?? '';
  const rota = useRotaWeek(week);
  const remove = useDeleteShift();
  const set = (key: string, value: string) =>
    setParams((p) => {
      if (value) p.set(key, value);
      else p.delete(key);
      return p;
    });

  const shifts = (rota.data?.shifts ?? []).filter(
    (s) => !person || s.userId === person || (person === 'open' && !s.userId),
  );
  const days = weekDates(week);
  const thisWeek = londonMondayOf();

  return (
    <section aria-labelledby="week-heading">
      <div className="card">
        <div className="rota-toolbar">
          <IonButton fill="clear" aria-label="Previous week" onClick={() => set('week', addDays(week, -7))}>
            <IonIcon aria-hidden="true" icon={chevronBack} slot="icon-only" />
          </IonButton>
          <h2 id="week-heading" className="rota-week-label">
            Week of {formatDay(week)}
          </h2>
          <IonButton fill="clear" aria-label="Next week" onClick={() => set('week', addDays(week, 7))}>
            <IonIcon aria-hidden="true" icon={chevronForward} slot="icon-only" />
          </IonButton>
        </div>
        <fieldset className="rota-actions rota-views">
          <legend className="visually-hidden">Week</legend>
          <IonButton fill="outline" disabled={week === thisWeek} onClick={() => set('week', thisWeek)}>
            This week
          </IonButton>
          {grid ? (
            <IonButton fill="outline" onClick={() => set('layout', 'days')}>
              Day by day
            </IonButton>
          ) : (
            <IonButton fill="outline" onClick={() => set('layout', 'grid')}>
              Week grid
            </IonButton>
          )}
        </fieldset>
        <SelectField label="Show" value={person} onValue={(v) => set('person', v)}>
          <option value="">Everyone</option>
          <option value="open">Open shifts</option>
          {(rota.data?.staff ?? []).map((s) => (
            <option key={s.userId} value={s.userId}>
              {s.name}
            </option>
          ))}
        </SelectField>
        {rota.data ? (
          <p className="muted" data-testid="week-summary">
            {rota.data.shifts.length} shift{rota.data.shifts.length === 1 ? '' : 's'}
            {rota.data.drafts ? `, ${rota.data.drafts} not yet published` : ', all published'}
            {rota.data.totalCostPence ? ` · staff cost ${formatPence(rota.data.totalCostPence)}` : ''}
          </p>
        ) : null}
        <WeekActions week={week} drafts={rota.data?.drafts ?? 0} />
      </div>

      {rota.isPending ? (
        <InlineLoading label="Loading the week’s shifts" />
      ) : rota.isError ? (
        <p className="form-error" role="alert">
          The week could not be loaded: {rota.error.message}
        </p>
      ) : grid ? (
        <WeekGrid
          week={week}
          days={days}
          rota={
            person
              ? {
                  ...rota.data,
                  shifts,
                  staff: rota.data.staff.filter((s) => s.userId === person),
                }
              : rota.data
          }
        />
      ) : (
        days.map((day) => {
          const today = shifts.filter((s) => toLondon(s.startsAt).date === day);
          return (
            <div key={day} className="card">
              <h3 className="rota-day">{formatDay(day)}</h3>
              <DayNotes
                day={day}
                happenings={rota.data.happenings}
                absences={rota.data.absences.filter((a) => !person || a.userId === person)}
              />
              {today.length === 0 ? (
                <p className="muted">No shifts.</p>
              ) : (
                today.map((s) => (
                  <ShiftLine key={s.id} shift={s} showName>
                    <div>
                      <IonButton
                        size="small"
                        fill="outline"
                        routerLink={`/addschedule?shift=${s.id}&week=${week}`}
                      >
                        Edit
                      </IonButton>
                      <IonButton
                        size="small"
                        fill="clear"
                        color="danger"
                        aria-label={`Delete ${s.staffName ?? 'open'} shift ${londonTime(s.startsAt)}`}
                        onClick={() =>
                          remove.mutate(s.id, {
                            onSuccess: () => showToast('Shift deleted.'),
                            onError: (e) => showToast(e.message, 'error'),
                          })
                        }
                      >
                        Delete
                      </IonButton>
                    </div>
                  </ShiftLine>
                ))
              )}
            </div>
          );
        })
      )}
    </section>
  );
}

/** The week's actions: add a shift, its timesheets, copy last week, publish the drafts. */
function WeekActions({ week, drafts }: { week: string; drafts: number }) {
  const publish = usePublishWeek();
  const copy = useCopyWeek();
  return (
    <div className="rota-actions">
      <IonButton routerLink={`/addschedule?week=${week}`}>Add shift</IonButton>
      <IonButton fill="outline" routerLink={`/timesheets?week=${week}`}>
        Timesheets
      </IonButton>
      <IonButton
        fill="outline"
        disabled={copy.isPending}
        onClick={() =>
          copy.mutate(
            { from: addDays(week, -7), to: week },
            {
              onSuccess: (r) =>
                showToast(
                  r.copied
                    ? `Copied ${r.copied} shift${r.copied === 1 ? '' : 's'} from last week as drafts${r.skipped ? `; ${r.skipped} skipped because they would overlap` : ''}.`
                    : 'Last week had no shifts to copy.',
                ),
              onError: (e) => showToast(e.message, 'error'),
            },
          )
        }
      >
        Copy last week
      </IonButton>
      {drafts ? (
        <IonButton
          color="secondary"
          disabled={publish.isPending}
          onClick={() =>
            publish.mutate(week, {
              onSuccess: (r) =>
                showToast(
                  `Published ${r.published} shift${r.published === 1 ? '' : 's'}. Staff can see them now.`,
                ),
              onError: (e) => showToast(e.message, 'error'),
            })
          }
        >
          Publish {drafts} draft{drafts === 1 ? '' : 's'}
        </IonButton>
      ) : null}
    </div>
  );
}

/** "18:00–22:00" within a day, else "until Tuesday 23 February 00:00" (London time). */
function awayWhen(a: Absence): string {
  const s = toLondon(a.startsAt);
  const e = toLondon(a.endsAt);
  if (s.date === e.date) return `${s.time}–${e.time}`;
  return `until ${formatDay(e.date)} ${e.time}`;
}

/** What is on that day (events, kick-offs) and who is away, above the day's shifts. */
function DayNotes({
  day,
  happenings,
  absences,
}: {
  day: string;
  happenings: WeekHappening[];
  absences: Absence[];
}) {
  const on = happenings.filter((h) => toLondon(h.startsAt).date === day);
  const away = absences.filter(
    (a) =>
      toLondon(a.startsAt).date <= day &&
      toLondon(new Date(Date.parse(a.endsAt) - 1).toISOString()).date >= day,
  );
  if (on.length === 0 && away.length === 0) return null;
  return (
    <div data-testid="day-notes">
      {on.map((h) => (
        <p key={h.id} className="rota-happening">
          <strong>{londonTime(h.startsAt)}</strong> {h.kind === 'match' ? 'Kick-off: ' : 'Event: '}
          {h.title}
        </p>
      ))}
      {away.map((a) => (
        <p key={a.id} className="rota-absence">
          {a.staffName}:{' '}
          {a.kind === 'leave' ? (a.status === 'approved' ? 'on leave' : 'asked for leave') : 'unavailable'}{' '}
          {awayWhen(a)}
        </p>
      ))}
    </div>
  );
}

/** The viewer's shifts in their own calendar app: one shift, or a feed that keeps itself up to date. */
function CalendarFeed() {
  const feed = useShiftFeed();
  if (!feed.data) return null;
  const url = feed.data.url;
  return (
    <section className="card" aria-labelledby="calendar-feed">
      <h2 id="calendar-feed">Your shifts in your calendar</h2>
      <p className="muted">
        Subscribe once and your calendar keeps up with the rota. The link is yours alone: do not share it.
      </p>
      <div className="rota-actions">
        <IonButton href={url.replace(/^https?:/, 'webcal:')}>Subscribe</IonButton>
        <IonButton
          fill="outline"
          onClick={() =>
            navigator.clipboard
              .writeText(url)
              .then(() => showToast('Link copied.'))
              .catch(() => showToast(url))
          }
        >
          Copy link
        </IonButton>
      </div>
    </section>
  );
}

/** One of the viewer's shifts: to their calendar, and offered to a colleague (or the offer's state). */
function MyShift({ shift, swap }: { shift: Shift; swap: ShiftSwap | undefined }) {
  const [offering, setOffering] = useState(false);
  return (
    <>
      <ShiftLine
        shift={shift}
        stack
        note={
          swap ? (
            <p className="rota-shift__meta rota-shift__swap" data-testid="shift-swap-state">
              {swap.otherShift ? 'Swap' : 'Offered'} to{' '}
              {swap.toUserId === null ? 'anyone' : (swap.toName ?? 'a colleague')}:{' '}
              {statusOf(swap).toLowerCase()}.
            </p>
          ) : null
        }
      >
        <div className="rota-shift__buttons">
          <AddToCalendar shift={shift} />
          {swap ? (
            <WithdrawSwapButton swap={swap} />
          ) : (
            <IonButton
              size="small"
              fill="outline"
              disabled={offering}
              aria-expanded={offering}
              onClick={() => setOffering(true)}
            >
              Swap or give away
            </IonButton>
          )}
        </div>
      </ShiftLine>
      {offering && !swap ? <SwapOfferForm shift={shift} onClose={() => setOffering(false)} /> : null}
    </>
  );
}

function MyShifts() {
  const mine = useMyShifts();
  const claim = useClaimShift();
  const me = useMe();
  const swaps = useMySwaps();
  // The viewer's own offer still under way for a shift, if any (one at a time: the API refuses a second).
  const liveSwapOf = (s: Shift) =>
    swaps.data?.swaps.find((w) => w.shift.id === s.id && w.fromUserId === me.data?.user.id && isLive(w));
  if (mine.isPending) return <InlineLoading label="Loading your shifts" />;
  if (mine.isError) {
    return (
      <p className="form-error" role="alert">
        Your shifts could not be loaded: {mine.error.message}
      </p>
    );
  }
  const [next, ...later] = mine.data.shifts;
  return (
    <>
      {next ? (
        <section className="card rota-next" aria-labelledby="next-shift">
          <h2 id="next-shift">Your next shift</h2>
          <p className="rota-day">{formatDay(toLondon(next.startsAt).date)}</p>
          <MyShift shift={next} swap={liveSwapOf(next)} />
        </section>
      ) : (
        <div className="card">
          <EmptyState icon={calendarOutline} title="No shifts coming up">
            <p>When an admin publishes the rota, your shifts appear here, next one first.</p>
          </EmptyState>
        </div>
      )}
      {later.length ? (
        <section className="card" aria-labelledby="later-shifts">
          <h2 id="later-shifts">After that</h2>
          {later.map((s) => (
            <div key={s.id}>
              <h3 className="rota-day">{formatDay(toLondon(s.startsAt).date)}</h3>
              <MyShift shift={s} swap={liveSwapOf(s)} />
            </div>
          ))}
        </section>
      ) : null}
      <SwapsWaiting />
      <CalendarFeed />
      <section className="card" aria-labelledby="open-shifts">
        <h2 id="open-shifts">Open shifts</h2>
        {mine.data.open.length === 0 ? (
          <p className="muted">No open shifts to pick up right now.</p>
        ) : (
          mine.data.open.map((s) => (
            <div key={s.id}>
              <h3 className="rota-day">{formatDay(toLondon(s.startsAt).date)}</h3>
              <ShiftLine shift={s}>
                <IonButton
                  size="small"
                  disabled={claim.isPending}
                  onClick={() =>
                    claim.mutate(s.id, {
                      onSuccess: () => showToast('The shift is yours.'),
                      onError: (e) => showToast(e.message, 'error'),
                    })
                  }
                >
                  {claim.isPending ? <IonSpinner name="dots" aria-label="Taking it" /> : 'Take it'}
                </IonButton>
              </ShiftLine>
            </div>
          ))
        )}
      </section>
    </>
  );
}

/** Swaps have their own tab; here only how many wait for the viewer, with the way there. */
function SwapsWaiting() {
  const me = useMe();
  const swaps = useMySwaps();
  const [, setParams] = useSearchParams();
  const myId = me.data?.user.id;
  const waiting = (swaps.data?.swaps ?? []).filter(
    (w) => w.status === 'offered' && (w.toUserId === myId || (w.toUserId === null && w.fromUserId !== myId)),
  ).length;
  return (
    <section className="card" aria-labelledby="swaps-link">
      <h2 id="swaps-link">Shift swaps</h2>
      <p className="muted" data-testid="swaps-waiting">
        {waiting
          ? `${waiting} shift${waiting === 1 ? '' : 's'} offered to you or to anyone, waiting for an answer.`
          : 'Swaps and shifts given away are under Swaps.'}
      </p>
      <IonButton
        fill="outline"
        onClick={() =>
          setParams((p) => {
            p.set('view', 'swaps');
            return p;
          })
        }
      >
        Open Swaps
      </IonButton>
    </section>
  );
}

function AddToCalendar({ shift }: { shift: Shift }) {
  return (
    <IonButton
      size="small"
      fill="outline"
      href={shiftIcsUrl(shift.id)}
      download={`shift-${toLondon(shift.startsAt).date}.ics`}
      aria-label={`Add the ${shift.position} shift of ${formatDay(toLondon(shift.startsAt).date)} to your calendar`}
    >
      Add to calendar
    </IonButton>
  );
}
