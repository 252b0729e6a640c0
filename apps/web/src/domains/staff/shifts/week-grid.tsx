import { IonButton, IonIcon } from '@ionic/react';
import type { Absence, RotaWeek, Shift } from '@lastman/api';
import { formatDay, formatShortDay, londonTime, quarterHours } from '@lastman/api/format';
import { hoursBetween, toLondon } from '@lastman/api/time';
import { warningOutline } from 'ionicons/icons';
import { type DragEvent, type FormEvent, useId, useRef, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { SelectField } from '../../../ui/form-field.tsx';
import { useDeleteShift, usePlaceShift } from './shifts-api.ts';

// The week as a grid: a row per staff member and one for open shifts, a column per London day.
// A shift is dragged to another cell to move it (Alt/Option held: copied), or moved and copied
// through its menu, which is the way by keyboard and on touch screens. The server decides: a
// refused move puts the shift back where it was and the refusal shows above the grid.

const OPEN = 'open';
const MIME = 'application/x-lastman-shift';

/** Hours worked in a shift (break taken off). */
const hoursIn = (s: Pick<Shift, 'startsAt' | 'endsAt' | 'breakMinutes'>) =>
  hoursBetween(s.startsAt, s.endsAt, s.breakMinutes);

interface Row {
  id: string;
  name: string;
}

/** Approved leave or unavailability of a person that touches a London day. */
function awayOn(absences: Absence[], userId: string, day: string) {
  return absences.filter(
    (a) =>
      a.userId === userId &&
      a.status !== 'refused' &&
      (a.kind === 'unavailable' || a.status === 'approved') &&
      toLondon(a.startsAt).date <= day &&
      toLondon(new Date(Date.parse(a.endsAt) - 1).toISOString()).date >= day,
  );
}

const describeShift = (s: Shift) =>
  `${s.staffName ?? 'Open'} shift, ${s.position}, ${formatDay(toLondon(s.startsAt).date)} ${londonTime(s.startsAt)}–${londonTime(s.endsAt)}`;

export function WeekGrid({ week, rota, days }: { week: string; rota: RotaWeek; days: string[] }) {
  const place = usePlaceShift();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<{ shift: Shift; copy: boolean } | null>(null);
  const dragged = useRef<string | null>(null);

  const rows: Row[] = [
    ...rota.staff.map((s) => ({ id: s.userId, name: s.name })),
    { id: OPEN, name: 'Open shifts' },
  ];
  const nameOf = (id: string) => rows.find((r) => r.id === id)?.name ?? null;
  const cellOf = (s: Shift) => `${s.userId ?? OPEN}|${toLondon(s.startsAt).date}`;

  const send = (shift: Shift, rowId: string, day: string, copy: boolean) => {
    const userId = rowId === OPEN ? null : rowId;
    if (!copy && shift.userId === userId && toLondon(shift.startsAt).date === day) return;
    setRefusal(null);
    const where = `${nameOf(rowId) ?? 'Open shifts'}, ${formatDay(day)}`;
    place.mutate(
      { week, shift, to: { userId, day }, staffName: userId ? nameOf(rowId) : null, copy },
      {
        onSuccess: () =>
          showToast(copy ? `Copied to ${where}, as a draft.` : `Moved to ${where}, as a draft.`),
        onError: (e) => {
          setRefusal(`${copy ? 'Not copied' : 'Not moved'}: ${e.message}`);
          showToast(e.message, 'error');
        },
      },
    );
  };

  const drop = (e: DragEvent, rowId: string, day: string) => {
    e.preventDefault();
    setOver(null);
    const id = e.dataTransfer.getData(MIME) || dragged.current;
    dragged.current = null;
    const shift = rota.shifts.find((s) => s.id === id);
    if (shift) send(shift, rowId, day, e.altKey);
  };

  const { totalsByRow, totalsByDay, weekTotal } = hourTotals(rota.shifts);

  return (
    <div className="card rota-grid-card">
      <p className="muted rota-grid-help">
        Drag a shift to another person or day to move it; hold Alt (Option on a Mac) as you drop to copy it.
        Or use a shift’s menu (⋯): Move to…, Copy to…. Moved and copied shifts are drafts until you publish.
      </p>
      {refusal ? (
        <p className="form-error rota-grid-refusal" role="alert" data-testid="grid-refusal">
          {refusal}
        </p>
      ) : null}
      {choosing ? (
        <PlaceForm
          shift={choosing.shift}
          copy={choosing.copy}
          rows={rows}
          days={days}
          onClose={() => setChoosing(null)}
          onPlace={(rowId, day) => {
            send(choosing.shift, rowId, day, choosing.copy);
            setChoosing(null);
          }}
        />
      ) : null}
      <div className="table-scroll">
        <table className="rota-grid" data-testid="week-grid">
          <caption className="visually-hidden">
            Shifts of the week of {formatDay(week)}: a row per staff member, a column per day (London time)
          </caption>
          <GridHead days={days} />
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="grid-row" data-row={row.id}>
                <th scope="row" className={row.id === OPEN ? 'rota-grid__open' : undefined}>
                  {row.name}
                </th>
                {days.map((day) => {
                  const key = `${row.id}|${day}`;
                  const here = rota.shifts
                    .filter((s) => cellOf(s) === key)
                    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
                  const away = row.id === OPEN ? [] : awayOn(rota.absences, row.id, day);
                  return (
                    <td
                      key={day}
                      data-testid="grid-cell"
                      data-day={day}
                      className={over === key ? 'rota-grid__cell rota-grid__cell--over' : 'rota-grid__cell'}
                      aria-label={`${row.name}, ${formatDay(day)}`}
                      onDragOver={(e) => {
                        e.preventDefault();
                        e.dataTransfer.dropEffect = e.altKey ? 'copy' : 'move';
                        if (over !== key) setOver(key);
                      }}
                      onDragLeave={() => setOver((o) => (o === key ? null : o))}
                      onDrop={(e) => drop(e, row.id, day)}
                    >
                      {away.map((a) => (
                        <div key={a.id} className="rota-grid__away">
                          {a.kind === 'leave' ? 'On leave' : 'Unavailable'}
                        </div>
                      ))}
                      {here.map((s) => (
                        <GridShift
                          key={s.id}
                          shift={s}
                          week={week}
                          menuOpen={menuFor === s.id}
                          onMenu={(open) => setMenuFor(open ? s.id : null)}
                          onChoose={(copy) => {
                            setMenuFor(null);
                            setChoosing({ shift: s, copy });
                          }}
                          onDragStart={(e) => {
                            dragged.current = s.id;
                            e.dataTransfer.setData(MIME, s.id);
                            e.dataTransfer.setData('text/plain', describeShift(s));
                            e.dataTransfer.effectAllowed = 'copyMove';
                          }}
                        />
                      ))}
                    </td>
                  );
                })}
                <td className="rota-grid__total" data-testid="row-total">
                  {quarterHours(totalsByRow.get(row.id) ?? 0)}
                </td>
              </tr>
            ))}
          </tbody>
          <GridFoot days={days} totalsByDay={totalsByDay} weekTotal={weekTotal} />
        </table>
      </div>
    </div>
  );
}

/** Hours of the week's shifts per row (a person, or the open shifts), per day and in all. */
function hourTotals(shifts: Shift[]) {
  const totalsByRow = new Map<string, number>();
  const totalsByDay = new Map<string, number>();
  for (const s of shifts) {
    const h = hoursIn(s);
    totalsByRow.set(s.userId ?? OPEN, (totalsByRow.get(s.userId ?? OPEN) ?? 0) + h);
    const day = toLondon(s.startsAt).date;
    totalsByDay.set(day, (totalsByDay.get(day) ?? 0) + h);
  }
  const weekTotal = [...totalsByDay.values()].reduce((a, b) => a + b, 0);
  return { totalsByRow, totalsByDay, weekTotal };
}

function GridHead({ days }: { days: string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">Staff</th>
        {days.map((d) => (
          <th key={d} scope="col">
            {formatShortDay(d)}
          </th>
        ))}
        <th scope="col">Hours</th>
      </tr>
    </thead>
  );
}

function GridFoot({
  days,
  totalsByDay,
  weekTotal,
}: {
  days: string[];
  totalsByDay: Map<string, number>;
  weekTotal: number;
}) {
  return (
    <tfoot>
      <tr>
        <th scope="row">Hours per day</th>
        {days.map((d) => (
          <td key={d} className="rota-grid__total" data-testid="day-total">
            {quarterHours(totalsByDay.get(d) ?? 0)}
          </td>
        ))}
        <td className="rota-grid__total" data-testid="week-total">
          {quarterHours(weekTotal)}
        </td>
      </tr>
    </tfoot>
  );
}

function GridShift({
  shift,
  week,
  menuOpen,
  onMenu,
  onChoose,
  onDragStart,
}: {
  shift: Shift;
  week: string;
  menuOpen: boolean;
  onMenu: (open: boolean) => void;
  onChoose: (copy: boolean) => void;
  onDragStart: (e: DragEvent) => void;
}) {
  const remove = useDeleteShift();
  const menuId = useId();
  const pending = shift.id.startsWith('copy-of-');
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is for a pointer; the shift's menu (Move to…, Copy to…) is the way by keyboard and touch.
    <div
      className={shift.status === 'draft' ? 'rota-grid__shift rota-grid__shift--draft' : 'rota-grid__shift'}
      data-testid="grid-shift"
      data-shift={shift.id}
      draggable={!pending}
      onDragStart={onDragStart}
      title="Drag to move; hold Alt (Option) to copy"
    >
      <div className="rota-grid__shift-text">
        <span className="rota-grid__time">
          {londonTime(shift.startsAt)}–{londonTime(shift.endsAt)}
        </span>
        <span>{shift.position}</span>
        {shift.status === 'draft' ? <span className="badge rota-draft">Draft</span> : null}
        {shift.warnings.length ? (
          <span className="rota-grid__warn" title={shift.warnings.map((w) => w.message).join(' ')}>
            <IonIcon icon={warningOutline} aria-hidden="true" />
            <span className="visually-hidden">{shift.warnings.map((w) => w.message).join(' ')}</span>
          </span>
        ) : null}
      </div>
      <button
        type="button"
        className="rota-grid__menu-button"
        aria-label={`Options for the ${describeShift(shift)}`}
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? menuId : undefined}
        disabled={pending}
        onClick={() => onMenu(!menuOpen)}
      >
        ⋯
      </button>
      {menuOpen ? (
        <fieldset className="rota-grid__menu" id={menuId}>
          <legend className="visually-hidden">Shift options</legend>
          <IonButton size="small" fill="clear" routerLink={`/addschedule?shift=${shift.id}&week=${week}`}>
            Edit
          </IonButton>
          <IonButton size="small" fill="clear" onClick={() => onChoose(false)}>
            Move to…
          </IonButton>
          <IonButton size="small" fill="clear" onClick={() => onChoose(true)}>
            Copy to…
          </IonButton>
          <IonButton
            size="small"
            fill="clear"
            color="danger"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(shift.id, {
                onSuccess: () => showToast('Shift deleted.'),
                onError: (e) => showToast(e.message, 'error'),
              })
            }
          >
            Delete
          </IonButton>
        </fieldset>
      ) : null}
    </div>
  );
}

/** "Move to…" and "Copy to…": the person and day chosen from lists, for keyboards and touch screens. */
function PlaceForm({
  shift,
  copy,
  rows,
  days,
  onClose,
  onPlace,
}: {
  shift: Shift;
  copy: boolean;
  rows: Row[];
  days: string[];
  onClose: () => void;
  onPlace: (rowId: string, day: string) => void;
}) {
  const headingId = useId();
  const [rowId, setRowId] = useState(shift.userId ?? OPEN);
  const [day, setDay] = useState(toLondon(shift.startsAt).date);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onPlace(rowId, day);
  };
  return (
    <form className="rota-place-form" onSubmit={submit} aria-labelledby={headingId}>
      <h3 id={headingId} className="rota-day">
        {copy ? 'Copy' : 'Move'} the {describeShift(shift)}
      </h3>
      <SelectField label="To" value={rowId} onValue={setRowId}>
        {rows.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Day" value={day} onValue={setDay}>
        {days.map((d) => (
          <option key={d} value={d}>
            {formatDay(d)}
          </option>
        ))}
      </SelectField>
      <p className="muted">
        The shift keeps its times ({londonTime(shift.startsAt)}–{londonTime(shift.endsAt)}).
      </p>
      <div className="rota-actions">
        <IonButton type="submit">{copy ? 'Copy here' : 'Move here'}</IonButton>
        <IonButton fill="outline" onClick={onClose}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}
