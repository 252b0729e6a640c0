import { IonButton, IonContent, IonIcon } from '@ionic/react';
import type { TimesheetEntry, TimesheetLayout, TimesheetPersonWeek } from '@lastman/api';
import { formatDay, formatMinutes, formatPence, londonDateTime } from '@lastman/api/format';
import { addDays, isDate, londonMondayOf, toLondon, weekDates } from '@lastman/api/time';
import { checkmarkCircle, chevronBack, chevronForward, documentTextOutline } from 'ionicons/icons';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isConfirmationRequired } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { shiftInstants } from '../rota-time.ts';
import { DaysTable, EntryLine } from './timesheet-parts.tsx';
import {
  fetchTimesheetCsv,
  useAddEntry,
  useApproveWeek,
  useCorrectEntry,
  useReopenWeek,
  useTimesheetWeek,
} from './timesheets-api.ts';
import '../rota.css';

const LAYOUTS: { value: TimesheetLayout; label: string }[] = [
  { value: 'generic', label: 'Spreadsheet (a row a day)' },
  { value: 'brightpay', label: 'BrightPay hourly import' },
  { value: 'sage50', label: 'Sage 50 Payroll timesheet' },
];

/**
 * Approving a week, asking first when it has not ended: the server answers such a request with the
 * question (how many shifts are still to come), and "Approve anyway" sends it again, confirmed.
 */
function useApproveAsking() {
  const approve = useApproveWeek();
  const [presentAlert] = useIonAlert();
  const run = (input: { week: string; userId?: string }, done: (approved: number) => void) => {
    const fail = (e: Error) => showToast(e.message, 'error');
    approve.mutate(input, {
      onSuccess: (r) => done(r.approved),
      onError: (e) => {
        if (!isConfirmationRequired(e)) return fail(e);
        void presentAlert({
          header: 'Approve before the week ends?',
          message: e.message,
          buttons: [
            { text: 'Not yet', role: 'cancel' },
            {
              text: 'Approve anyway',
              handler: () =>
                approve.mutate(
                  { ...input, confirmNotEnded: true },
                  { onSuccess: (r) => done(r.approved), onError: fail },
                ),
            },
          ],
        });
      },
    });
  };
  return { run, isPending: approve.isPending };
}

/** What the correction dialog is doing: correcting an entry, or adding one a person forgot. */
type Editing = { person: TimesheetPersonWeek; entry: TimesheetEntry | null } | null;

/** Admins: scheduled against worked time per person for a week; approve, correct, export. */
export function TimesheetsPage() {
  const [params, setParams] = useSearchParams();
  const week = isDate(params.get('week'))
    ? londonMondayOf(Date.parse(`${params.get('week')}T12:00:00Z`))
    : londonMondayOf();
  const sheet = useTimesheetWeek(week);
  const approve = useApproveAsking();
  const [layout, setLayout] = useState<TimesheetLayout>('generic');
  const [sagePayment, setSagePayment] = useState('');
  const [exporting, setExporting] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const setWeek = (w: string) =>
    setParams((p) => {
      p.set('week', w);
      return p;
    });

  const people = sheet.data?.weeks[0]?.people ?? [];
  const approvedCount = people.filter((p) => p.approval).length;
  const total = (k: 'scheduledMinutes' | 'workedMinutes') => people.reduce((s, p) => s + p.totals[k], 0);
  const cost = people.reduce((s, p) => s + (p.totals.costPence ?? 0), 0);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { text, filename } = await fetchTimesheetCsv(week, layout, sagePayment);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast('The timesheet file has been downloaded.');
    } catch (e) {
      showToast((e as Error).message, 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader back="/staffschedules" />
      <IonContent className="ion-padding">
        <div className="page-wide">
          <section className="card" aria-labelledby="timesheet-week">
            <div className="rota-toolbar">
              <IonButton fill="clear" aria-label="Previous week" onClick={() => setWeek(addDays(week, -7))}>
                <IonIcon aria-hidden="true" icon={chevronBack} slot="icon-only" />
              </IonButton>
              <h2 id="timesheet-week" className="rota-week-label">
                Week of {formatDay(week)}
              </h2>
              <IonButton fill="clear" aria-label="Next week" onClick={() => setWeek(addDays(week, 7))}>
                <IonIcon aria-hidden="true" icon={chevronForward} slot="icon-only" />
              </IonButton>
            </div>
            {sheet.data ? (
              <p className="muted" data-testid="timesheet-summary">
                Scheduled {formatMinutes(total('scheduledMinutes'))}, worked{' '}
                {formatMinutes(total('workedMinutes'))}
                {cost ? ` · cost ${formatPence(cost)}` : ''} · {approvedCount} of {people.length} approved
              </p>
            ) : null}
            <div className="rota-actions">
              {people.length > approvedCount ? (
                <IonButton
                  disabled={approve.isPending}
                  onClick={() =>
                    approve.run({ week }, (approved) =>
                      showToast(
                        `Approved ${approved} timesheet${approved === 1 ? '' : 's'}; the week is locked.`,
                      ),
                    )
                  }
                >
                  Approve whole week
                </IonButton>
              ) : null}
            </div>
            <div className="timesheet-export">
              <SelectField
                label="File layout"
                value={layout}
                onValue={(v) => setLayout(v as TimesheetLayout)}
              >
                {LAYOUTS.map((l) => (
                  <option key={l.value} value={l.value}>
                    {l.label}
                  </option>
                ))}
              </SelectField>
              {layout === 'sage50' ? (
                <FormField
                  label="Sage payment number"
                  name="sagePayment"
                  inputMode="numeric"
                  value={sagePayment}
                  onValue={setSagePayment}
                  helper="The number Sage 50 Payroll gives the hourly payment these hours are paid under. Each person needs their payroll number, set under Pay rates."
                />
              ) : null}
              <IonButton fill="outline" disabled={exporting} onClick={exportCsv}>
                <IonIcon aria-hidden="true" icon={documentTextOutline} slot="start" />
                Export CSV
              </IonButton>
            </div>
          </section>

          {sheet.isPending ? (
            <InlineLoading label="Loading the week’s timesheets" />
          ) : sheet.isError ? (
            <p className="form-error" role="alert">
              The timesheets could not be loaded: {sheet.error.message}
            </p>
          ) : people.length === 0 ? (
            <EmptyState icon={documentTextOutline} title="No staff yet">
              Timesheets appear here once the club has staff with shifts or clock-ins.
            </EmptyState>
          ) : (
            people.map((p) => (
              <PersonCard
                key={p.userId}
                week={week}
                person={p}
                onEdit={(entry) => setEditing({ person: p, entry })}
              />
            ))
          )}
        </div>
        <EntryDialog week={week} editing={editing} onClose={() => setEditing(null)} />
      </IonContent>
    </>
  );
}

function PersonCard({
  week,
  person,
  onEdit,
}: {
  week: string;
  person: TimesheetPersonWeek;
  onEdit: (entry: TimesheetEntry | null) => void;
}) {
  const approve = useApproveAsking();
  const reopen = useReopenWeek();
  const headingId = `${useId()}-name`;
  const t = person.totals;
  const locked = person.approval !== null;
  const fail = (e: Error) => showToast(e.message, 'error');
  return (
    <section className="card" aria-labelledby={headingId} data-testid="timesheet-person">
      <h3 id={headingId} className="timesheet-name">
        {person.name}{' '}
        {locked ? (
          <span className="badge timesheet-approved">
            <IonIcon icon={checkmarkCircle} aria-hidden="true" /> Approved
          </span>
        ) : (
          <span className="badge timesheet-pending">Not approved</span>
        )}
      </h3>
      <p className="timesheet-totals">
        Scheduled <strong>{formatMinutes(t.scheduledMinutes)}</strong> · worked{' '}
        <strong>{formatMinutes(t.workedMinutes)}</strong>
        {t.lateMinutes ? ` · ${formatMinutes(t.lateMinutes)} late in all` : ''}
        {t.costPence !== null ? ` · ${formatPence(t.costPence)}` : ' · no hourly rate set'}
      </p>
      {person.approval ? (
        <p className="muted">
          Approved by {person.approval.byName ?? 'a former admin'} on {londonDateTime(person.approval.at)}.
          Reopen the week to change it.
        </p>
      ) : null}
      <DaysTable person={person} caption={`${person.name}: scheduled and worked time by day`} />
      {person.entries.map((e) => (
        <EntryLine key={e.id} entry={e}>
          {locked ? null : (
            <IonButton size="small" fill="outline" onClick={() => onEdit(e)}>
              Correct
            </IonButton>
          )}
        </EntryLine>
      ))}
      <div className="rota-actions">
        {locked ? (
          <IonButton
            fill="outline"
            disabled={reopen.isPending}
            onClick={() =>
              reopen.mutate(
                { week, userId: person.userId },
                {
                  onSuccess: () => showToast(`${person.name}’s week is open to changes again.`),
                  onError: fail,
                },
              )
            }
          >
            Reopen week
          </IonButton>
        ) : (
          <>
            <IonButton
              disabled={approve.isPending}
              onClick={() =>
                approve.run({ week, userId: person.userId }, () =>
                  showToast(`${person.name}’s week is approved and locked.`),
                )
              }
            >
              Approve week
            </IonButton>
            <IonButton fill="outline" onClick={() => onEdit(null)}>
              Add a missing entry
            </IonButton>
          </>
        )}
      </div>
    </section>
  );
}

/** The correction dialog: London date and times, the break, and the reason (kept with the entry). */
function EntryDialog({ week, editing, onClose }: { week: string; editing: Editing; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const correct = useCorrectEntry();
  const add = useAddEntry();
  const [date, setDate] = useState(week);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [breakMinutes, setBreakMinutes] = useState('0');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Opening the native dialog is a side effect of choosing an entry: it is not state we could derive.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (editing && !dialog.open) {
      const e = editing.entry;
      setDate(e ? toLondon(e.clockInAt).date : week);
      setStart(e ? toLondon(e.clockInAt).time : '');
      setEnd(e?.clockOutAt ? toLondon(e.clockOutAt).time : '');
      setBreakMinutes(String(e?.breakMinutes ?? 0));
      setReason('');
      setError(null);
      dialog.showModal();
    } else if (!editing && dialog.open) dialog.close();
  }, [editing, week]);

  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!editing) return;
    if (!reason.trim()) return setError('Say why the entry changes: the reason is kept with it.');
    if (!start || !end) return setError('Give the clock-in and clock-out times.');
    const { startsAt, endsAt } = shiftInstants(date, start, end);
    const minutes = Number(breakMinutes);
    if (!Number.isInteger(minutes) || minutes < 0) return setError('The break is a whole number of minutes.');
    try {
      if (editing.entry) {
        await correct.mutateAsync({
          id: editing.entry.id,
          input: { clockInAt: startsAt, clockOutAt: endsAt, breakMinutes: minutes, reason },
        });
        showToast('The entry is corrected; the change is kept in its history.');
      } else {
        await add.mutateAsync({
          userId: editing.person.userId,
          clockInAt: startsAt,
          clockOutAt: endsAt,
          breakMinutes: minutes,
          reason,
        });
        showToast('The entry is added.');
      }
      onClose();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const title = editing?.entry
    ? `Correct ${editing.person.name}’s entry`
    : `Add an entry for ${editing?.person.name ?? ''}`;
  return (
    <dialog ref={ref} className="timesheet-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        <p className="muted">Times are London time. A clock-out before the clock-in is the next morning.</p>
        <SelectField label="Day" value={date} onValue={setDate}>
          {weekDates(week).map((d) => (
            <option key={d} value={d}>
              {formatDay(d)}
            </option>
          ))}
        </SelectField>
        <FormField label="Clocked in at" name="clockIn" type="time" value={start} onValue={setStart} />
        <FormField label="Clocked out at" name="clockOut" type="time" value={end} onValue={setEnd} />
        <FormField
          label="Break (minutes)"
          name="breakMinutes"
          inputMode="numeric"
          value={breakMinutes}
          onValue={setBreakMinutes}
        />
        <FormField
          label="Reason"
          name="reason"
          rows={2}
          value={reason}
          onValue={setReason}
          helper="Required: kept with the entry and shown to the staff member."
        />
        <FormError message={error} />
        <div className="rota-actions">
          <IonButton type="submit" disabled={correct.isPending || add.isPending}>
            Save
          </IonButton>
          <IonButton fill="outline" onClick={onClose}>
            Cancel
          </IonButton>
        </div>
      </form>
    </dialog>
  );
}
