import { IonButton, IonContent, IonIcon, IonSpinner } from '@ionic/react';
import type { ShiftCheck, ShiftInput } from '@lastman/api';
import { ROTA_LIMITS } from '@lastman/api/staff/rules';
import { isDate, londonMondayOf, toLondon } from '@lastman/api/time';
import { warningOutline } from 'ionicons/icons';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { showToast } from '../../../lib/toast.ts';
import { FormError, FormField, SelectField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { shiftInstants } from '../rota-time.ts';
import { ShiftTemplatesCard } from './shift-templates-card.tsx';
import {
  checkShift,
  useCreateShift,
  useCreateTemplate,
  useRotaWeek,
  useTemplates,
  useUpdateShift,
} from './shifts-api.ts';
import '../rota.css';

const POSITIONS = ['Bar', 'Floor', 'Kitchen', 'Cellar', 'Door', 'Glass collecting'];

interface Form {
  userId: string;
  date: string;
  start: string;
  end: string;
  position: string;
  breakMinutes: string;
  notes: string;
  overrideReason: string;
}

/** The form as the API takes it, or what is wrong with it. */
function shiftInputOf(form: Form): ShiftInput | string {
  if (!isDate(form.date)) return 'Choose the day of the shift.';
  if (!/^\d{2}:\d{2}$/.test(form.start) || !/^\d{2}:\d{2}$/.test(form.end))
    return 'Enter the start and end times.';
  const breakMinutes = Number(form.breakMinutes || '0');
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0 || breakMinutes > ROTA_LIMITS.breakMinutesMax) {
    return `The break is a whole number of minutes, up to ${ROTA_LIMITS.breakMinutesMax}.`;
  }
  if (!form.position.trim()) return 'Say what the shift is (bar, kitchen…).';
  return {
    userId: form.userId || null,
    ...shiftInstants(form.date, form.start, form.end),
    position: form.position.trim(),
    breakMinutes,
    ...(form.notes.trim() && { notes: form.notes.trim() }),
    ...(form.overrideReason.trim() && { overrideReason: form.overrideReason.trim() }),
  };
}

/** Adds a shift (or edits one, `?shift=<id>`), checking the Working Time rules as the admin types. */
export function AddSchedulePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const week = isDate(params.get('week')) ? (params.get('week') as string) : londonMondayOf();
  const editing = params.get('shift');
  const rota = useRotaWeek(week);
  const existing = rota.data?.shifts.find((s) => s.id === editing);
  const [form, setForm] = useState<Form>({
    userId: '',
    date: week,
    start: '18:00',
    end: '23:00',
    position: 'Bar',
    breakMinutes: '0',
    notes: '',
    overrideReason: '',
  });
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!existing || loaded === existing.id) return;
    const s = toLondon(existing.startsAt);
    setForm({
      userId: existing.userId ?? '',
      date: s.date,
      start: s.time,
      end: toLondon(existing.endsAt).time,
      position: existing.position,
      breakMinutes: String(existing.breakMinutes),
      notes: existing.notes ?? '',
      overrideReason: existing.overrideReason ?? '',
    });
    setLoaded(existing.id);
  }, [existing, loaded]);

  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const input = useMemo(() => shiftInputOf(form), [form]);

  const check = useShiftCheck(input, editing);

  const create = useCreateShift();
  const update = useUpdateShift();
  const saving = create.isPending || update.isPending;
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typeof input === 'string') return setError(input);
    setError(null);
    const done = {
      onSuccess: () => {
        showToast(
          editing ? 'Shift saved as a draft.' : 'Shift added as a draft. Publish the week when it is ready.',
        );
        navigate(`/staffschedules?view=week&week=${londonMondayOf(Date.parse(input.startsAt))}`);
      },
      onError: (err: Error) => setError(err.message),
    };
    if (editing) update.mutate({ id: editing, patch: input }, done);
    else create.mutate(input, done);
  };

  const applyTemplate = (tpl: Template) =>
    setForm((f) => ({
      ...f,
      position: tpl.position,
      start: tpl.startTime,
      end: tpl.endTime,
      breakMinutes: String(tpl.breakMinutes),
    }));

  const endsNextDay = form.end <= form.start;
  return (
    <>
      <PageHeader
        title={editing ? 'Edit shift' : undefined}
        back={`/staffschedules?view=week&week=${week}`}
      />
      <IonContent className="ion-padding">
        <form className="card page-narrow" onSubmit={submit} noValidate aria-labelledby="shift-heading">
          <h2 id="shift-heading">{editing ? 'Edit the shift' : 'A new shift'}</h2>
          <p className="muted">
            Times are London time. New and changed shifts are drafts until you publish the week.
          </p>
          <FormError message={error} />
          <TemplateChoice onChoose={applyTemplate} />
          <SelectField label="Who" value={form.userId} onValue={set('userId')}>
            <option value="">Open shift: any staff member may take it</option>
            {(rota.data?.staff ?? []).map((s) => (
              <option key={s.userId} value={s.userId}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <FormField label="Day" name="date" type="date" value={form.date} onValue={set('date')} />
          <FormField label="Starts" name="start" type="time" value={form.start} onValue={set('start')} />
          <FormField
            label="Ends"
            name="end"
            type="time"
            value={form.end}
            onValue={set('end')}
            helper={endsNextDay ? 'Ends the next morning.' : undefined}
          />
          <FormField
            label="Position"
            name="position"
            value={form.position}
            onValue={set('position')}
            helper={`For example: ${POSITIONS.join(', ')}.`}
          />
          <FormField
            label="Break (minutes)"
            name="breakMinutes"
            inputMode="numeric"
            value={form.breakMinutes}
            onValue={set('breakMinutes')}
          />
          <FormField
            label="Notes (optional)"
            name="notes"
            rows={2}
            value={form.notes}
            onValue={set('notes')}
          />
          {check?.overlap ? (
            <p className="form-error" role="alert" data-testid="overlap">
              {check.overlap}
            </p>
          ) : null}
          {check?.warnings.length ? (
            <Warnings check={check} reason={form.overrideReason} onReason={set('overrideReason')} />
          ) : null}
          <IonButton type="submit" expand="block" disabled={saving}>
            {saving ? <IonSpinner name="dots" aria-label="Saving" /> : editing ? 'Save shift' : 'Add shift'}
          </IonButton>
          <KeepAsTemplate form={form} />
        </form>
        <ShiftTemplatesCard />
      </IonContent>
    </>
  );
}

/** The Working Time rules, checked as the admin edits (a moment after the last change). */
function useShiftCheck(input: ShiftInput | string, editing: string | null): ShiftCheck | null {
  const [check, setCheck] = useState<ShiftCheck | null>(null);
  useEffect(() => {
    if (typeof input === 'string') return;
    let live = true;
    const timer = setTimeout(() => {
      checkShift({ ...input, ...(editing && { id: editing }) })
        .then((c) => live && setCheck(c))
        .catch(() => live && setCheck(null));
    }, 350);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [input, editing]);
  return check;
}

/** The rules' warnings for the shift, and why the admin keeps it anyway. */
function Warnings({
  check,
  reason,
  onReason,
}: {
  check: ShiftCheck;
  reason: string;
  onReason: (value: string) => void;
}) {
  return (
    <div data-testid="warnings">
      {check.warnings.map((w) => (
        <p key={w.code} className="rota-warning">
          <IonIcon icon={warningOutline} aria-hidden="true" /> {w.message}
        </p>
      ))}
      <FormField
        label="Why keep it anyway? (optional, kept with the shift)"
        name="overrideReason"
        value={reason}
        onValue={onReason}
      />
    </div>
  );
}

/** Keeps the form's position, times and break as a named template. */
function KeepAsTemplate({ form }: { form: Form }) {
  const saveTemplate = useCreateTemplate();
  const [templateName, setTemplateName] = useState('');
  const keepAsTemplate = () => {
    const breakMinutes = Number(form.breakMinutes || '0');
    if (!templateName.trim()) return showToast('Give the template a name first.', 'error');
    saveTemplate.mutate(
      {
        name: templateName.trim(),
        position: form.position.trim(),
        startTime: form.start,
        endTime: form.end,
        breakMinutes: Number.isInteger(breakMinutes) ? breakMinutes : 0,
      },
      {
        onSuccess: () => {
          showToast(`Template “${templateName.trim()}” saved.`);
          setTemplateName('');
        },
        onError: (err) => showToast(err.message, 'error'),
      },
    );
  };
  return (
    <details className="rota-template-save">
      <summary>Keep these times as a template</summary>
      <FormField
        label="Template name"
        name="templateName"
        value={templateName}
        onValue={setTemplateName}
        helper="For example: Late bar. The template keeps the position, times and break."
      />
      <IonButton fill="outline" disabled={saveTemplate.isPending} onClick={keepAsTemplate}>
        Save template
      </IonButton>
    </details>
  );
}

type Template = NonNullable<ReturnType<typeof useTemplates>['data']>['templates'][number];

/** Fills the form from one of the club's shift templates, when it has any. */
function TemplateChoice({ onChoose }: { onChoose: (template: Template) => void }) {
  const templates = useTemplates();
  const choose = (id: string) => {
    const tpl = templates.data?.templates.find((x) => x.id === id);
    if (tpl) onChoose(tpl);
  };
  if (!templates.data?.templates.length) return null;
  return (
    <SelectField label="From a template (optional)" value="" onValue={choose}>
      <option value="">Choose a template…</option>
      {templates.data.templates.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name}: {t.position}, {t.startTime}–{t.endTime}
          {t.breakMinutes ? `, ${t.breakMinutes} min break` : ''}
        </option>
      ))}
    </SelectField>
  );
}
