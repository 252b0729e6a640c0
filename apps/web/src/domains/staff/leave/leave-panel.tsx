import { IonButton } from '@ionic/react';
import type { Absence, AbsenceInput } from '@lastman/api';
import { formatDay, formatHours } from '@lastman/api/format';
import { addDays, daysInPeriod, fromLondon, isDate, toLondon } from '@lastman/api/time';
import { type FormEvent, useState } from 'react';
import { isConfirmationRequired } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { AnswerButtons } from '../swaps/swap-panel.tsx';
import {
  useClubAbsences,
  useClubHoliday,
  useDecideAbsence,
  useMyAbsences,
  useMyHoliday,
  useRequestAbsence,
  useWithdrawAbsence,
} from './leave-api.ts';

/**
 * "Monday 7 December to Wednesday 9 December (3 days)" for whole days; else "Monday 9 November 18:00
 * to Tuesday 10 November 00:00", London time.
 */
function period(a: Pick<Absence, 'startsAt' | 'endsAt' | 'days'>) {
  if (a.days) {
    const n = daysInPeriod(a.days.from, a.days.to);
    return n === 1
      ? `${formatDay(a.days.from)} (1 day)`
      : `${formatDay(a.days.from)} to ${formatDay(a.days.to)} (${n} days)`;
  }
  const s = toLondon(a.startsAt);
  const e = toLondon(a.endsAt);
  return `${formatDay(s.date)} ${s.time} to ${formatDay(e.date)} ${e.time}`;
}

const STATUS: Record<Absence['status'], string> = {
  pending: 'Waiting for a manager',
  approved: 'Approved',
  refused: 'Refused',
};
/** Leave, unavailability and holiday: each person's own, and for admins the club's to decide. */
export function LeavePanel({ isAdmin }: { isAdmin: boolean }) {
  return (
    <>
      {isAdmin ? <AdminLeave /> : null}
      <HolidayCard />
      <AskForm />
      <MyRequests />
    </>
  );
}

function HolidayCard() {
  const holiday = useMyHoliday();
  return (
    <section className="card" aria-labelledby="holiday-heading">
      <h2 id="holiday-heading">Your holiday</h2>
      {holiday.isPending ? (
        <InlineLoading label="Loading your holiday balance" />
      ) : holiday.isError ? (
        <p className="form-error" role="alert">
          Your holiday balance could not be loaded: {holiday.error.message}
        </p>
      ) : (
        <>
          <p data-testid="holiday-balance">
            <strong>{formatHours(holiday.data.balanceHours)}</strong> to take
          </p>
          <p className="muted">
            12.07% of the {formatHours(holiday.data.hoursWorked)} you have worked is{' '}
            {formatHours(holiday.data.accruedHours)}; approved leave has used{' '}
            {formatHours(holiday.data.takenHours)}.
          </p>
        </>
      )}
    </section>
  );
}

interface Ask {
  kind: AbsenceInput['kind'];
  from: string;
  fromTime: string;
  to: string;
  toTime: string;
  reason: string;
}

/** Hours of leave a day unless the person says otherwise. */
const HOURS_A_DAY = 8;

function AskForm() {
  const today = toLondon(new Date().toISOString()).date;
  const [form, setForm] = useState<Ask>({
    kind: 'leave',
    from: today,
    fromTime: '00:00',
    to: today,
    toTime: '00:00',
    reason: '',
  });
  // The hours follow the days chosen: typed for so many days, they keep that length of day.
  const [typed, setTyped] = useState({ text: String(HOURS_A_DAY), days: 1 });
  const days =
    isDate(form.from) && isDate(form.to) && form.to >= form.from ? daysInPeriod(form.from, form.to) : 1;
  const perDay = Number(typed.text) / typed.days;
  const hoursText =
    days === typed.days || !(perDay > 0) ? typed.text : String(Math.round(perDay * days * 4) / 4);
  const [error, setError] = useState<string | null>(null);
  const ask = useRequestAbsence();
  const set = (k: keyof Ask) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isDate(form.from) || !isDate(form.to)) return setError('Choose the first and last days.');
    const h = Number(hoursText);
    const leave = form.kind === 'leave';
    if (leave && form.to < form.from) return setError('The last day must be on or after the first day.');
    if (leave && !(h > 0)) return setError('Say how many hours of holiday it takes.');
    setError(null);
    ask.mutate(
      {
        kind: form.kind,
        // Leave is whole days, the last one included; unavailability can be part of a day.
        ...(leave
          ? { fromDay: form.from, toDay: form.to }
          : {
              startsAt: fromLondon(form.from, form.fromTime).toISOString(),
              endsAt: fromLondon(form.to, form.toTime).toISOString(),
            }),
        ...(form.reason.trim() && { reason: form.reason.trim() }),
        ...(leave && { hours: Math.round(h * 4) / 4 }),
      },
      {
        onSuccess: () =>
          showToast(
            form.kind === 'leave'
              ? 'Leave asked for. A manager will answer.'
              : 'Noted: you are unavailable then.',
          ),
        onError: (err) => setError(err.message),
      },
    );
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="ask-heading">
      <h2 id="ask-heading">Ask for leave, or say when you cannot work</h2>
      <FormError message={error} />
      <SelectField
        label="What"
        value={form.kind}
        // Leave counts whole days (a one-day leave ends the day it starts); a time off runs to a time.
        onValue={(v) =>
          setForm((f) => ({ ...f, kind: v as Ask['kind'], to: v === 'leave' ? f.from : addDays(f.from, 1) }))
        }
      >
        <option value="leave">Leave (holiday from your balance)</option>
        <option value="unavailable">Unavailable (no approval needed)</option>
      </SelectField>
      {form.kind === 'leave' ? (
        <>
          <FormField label="First day" name="from" type="date" value={form.from} onValue={set('from')} />
          <FormField
            label="Last day"
            name="to"
            type="date"
            value={form.to}
            onValue={set('to')}
            helper={
              isDate(form.from) && isDate(form.to) && form.to >= form.from
                ? `Whole days, the last one included: ${daysInPeriod(form.from, form.to)} day${daysInPeriod(form.from, form.to) === 1 ? '' : 's'}.`
                : 'Whole days, the last one included.'
            }
          />
        </>
      ) : (
        <>
          <FormField label="From (day)" name="from" type="date" value={form.from} onValue={set('from')} />
          <FormField
            label="From (time)"
            name="fromTime"
            type="time"
            value={form.fromTime}
            onValue={set('fromTime')}
          />
          <FormField label="Until (day)" name="to" type="date" value={form.to} onValue={set('to')} />
          <FormField
            label="Until (time)"
            name="toTime"
            type="time"
            value={form.toTime}
            onValue={set('toTime')}
          />
        </>
      )}
      {form.kind === 'leave' ? (
        <FormField
          label="Hours of holiday it takes"
          name="hours"
          inputMode="numeric"
          value={hoursText}
          onValue={(text) => setTyped({ text, days })}
          helper={`${HOURS_A_DAY} hours a day unless you change it.`}
        />
      ) : null}
      <FormField label="Reason (optional)" name="reason" value={form.reason} onValue={set('reason')} />
      <IonButton type="submit" expand="block" disabled={ask.isPending}>
        {form.kind === 'leave' ? 'Ask for leave' : 'Mark unavailable'}
      </IonButton>
    </form>
  );
}

function MyRequests() {
  const mine = useMyAbsences();
  const withdraw = useWithdrawAbsence();
  return (
    <section className="card" aria-labelledby="my-requests">
      <h2 id="my-requests">Your leave and unavailability</h2>
      {mine.isPending ? (
        <InlineLoading label="Loading your requests" />
      ) : mine.isError ? (
        <p className="form-error" role="alert">
          Your requests could not be loaded: {mine.error.message}
        </p>
      ) : mine.data.absences.length === 0 ? (
        <p className="muted">Nothing asked for yet.</p>
      ) : (
        mine.data.absences.map((a) => (
          <div key={a.id} className="rota-shift" data-testid="my-absence">
            <div className="rota-shift__main">
              <div className="rota-shift__time">
                {a.kind === 'leave' ? `Leave, ${formatHours(a.hours)}` : 'Unavailable'}
              </div>
              <div>{period(a)}</div>
              <div className="rota-shift__meta">
                {a.kind === 'leave' ? STATUS[a.status] : 'Noted'}
                {a.reason ? ` · ${a.reason}` : ''}
              </div>
            </div>
            {a.kind === 'unavailable' || a.status === 'pending' ? (
              <IonButton
                size="small"
                fill="clear"
                color="danger"
                disabled={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(a.id, {
                    onSuccess: () => showToast('Withdrawn.'),
                    onError: (e) => showToast(e.message, 'error'),
                  })
                }
              >
                Withdraw
              </IonButton>
            ) : null}
          </div>
        ))
      )}
    </section>
  );
}

function AdminLeave() {
  const absences = useClubAbsences(true);
  const decide = useDecideAbsence();
  const [presentAlert] = useIonAlert();
  const balances = useClubHoliday(true);
  const pending = absences.data?.absences.filter((a) => a.kind === 'leave' && a.status === 'pending') ?? [];
  return (
    <>
      <section className="card" aria-labelledby="to-decide">
        <h2 id="to-decide">Leave to decide</h2>
        {absences.isPending ? (
          <InlineLoading label="Loading leave requests" />
        ) : absences.isError ? (
          <p className="form-error" role="alert">
            Leave requests could not be loaded: {absences.error.message}
          </p>
        ) : pending.length === 0 ? (
          <p className="muted">No leave waiting for a decision.</p>
        ) : (
          pending.map((a) => (
            <div key={a.id} className="rota-shift rota-shift--stack" data-testid="leave-request">
              <div className="rota-shift__main">
                <div className="rota-shift__time">
                  {a.staffName}: {formatHours(a.hours)}
                </div>
                <div>{period(a)}</div>
                {a.reason ? <div className="rota-shift__meta">{a.reason}</div> : null}
              </div>
              <AnswerButtons
                pending={decide.isPending}
                yes="Approve"
                no="Refuse"
                onAnswer={(approve) => {
                  const done = () =>
                    showToast(
                      approve
                        ? `Leave approved; ${a.staffName} is told.`
                        : `Refused; ${a.staffName} is told.`,
                    );
                  const fail = (e: Error) => showToast(e.message, 'error');
                  decide.mutate(
                    { id: a.id, approve },
                    {
                      onSuccess: done,
                      // Leave beyond the balance: the server says by how much, and the admin decides.
                      onError: (e) =>
                        isConfirmationRequired(e)
                          ? void presentAlert({
                              header: 'Holiday balance below zero',
                              message: e.message,
                              buttons: [
                                { text: 'Not now', role: 'cancel' },
                                {
                                  text: 'Approve anyway',
                                  handler: () =>
                                    decide.mutate(
                                      { id: a.id, approve: true, confirmNegativeBalance: true },
                                      { onSuccess: done, onError: fail },
                                    ),
                                },
                              ],
                            })
                          : fail(e),
                    },
                  );
                }}
              />
            </div>
          ))
        )}
      </section>
      <section className="card" aria-labelledby="balances">
        <h2 id="balances">Holiday balances</h2>
        {balances.isPending ? (
          <InlineLoading label="Loading holiday balances" />
        ) : balances.isError ? (
          <p className="form-error" role="alert">
            Balances could not be loaded: {balances.error.message}
          </p>
        ) : (
          <div className="table-scroll">
            <table className="rota-table">
              <caption className="visually-hidden">
                Holiday per person: 12.07% of hours worked, less approved leave
              </caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Worked</th>
                  <th scope="col">Accrued</th>
                  <th scope="col">Taken</th>
                  <th scope="col">Balance</th>
                </tr>
              </thead>
              <tbody>
                {balances.data.balances.map((b) => (
                  <tr key={b.userId}>
                    <th scope="row">{b.name}</th>
                    <td>{formatHours(b.hoursWorked)}</td>
                    <td>{formatHours(b.accruedHours)}</td>
                    <td>{formatHours(b.takenHours)}</td>
                    <td>{formatHours(b.balanceHours)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
