import { IonButton } from '@ionic/react';
import type { Club, OpeningHours, OpeningTimes } from '@lastman/api';
import { WEEKDAYS, type Weekday } from '@lastman/api/club/rules';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { useUpdateClubDetails } from '../api/club-home-api.ts';
import { dayName } from './opening-hours.tsx';

const blankWeek = (): OpeningHours =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, { open: '11:00', close: '23:00' }])) as OpeningHours;

/** Admins set the address, opening hours (London time) and how to reach the club. */
export function ClubDetailsForm({ club, onDone }: { club: Club; onDone: () => void }) {
  const save = useUpdateClubDetails();
  const [address, setAddress] = useState(club.address ?? '');
  const [phone, setPhone] = useState(club.phone ?? '');
  const [email, setEmail] = useState(club.contactEmail ?? '');
  const [week, setWeek] = useState<OpeningHours>(club.openingHours ?? blankWeek());
  const setDay = (day: Weekday, times: OpeningTimes | null) => setWeek((w) => ({ ...w, [day]: times }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        address: address.trim() || null,
        phone: phone.trim() || null,
        contactEmail: email.trim() || null,
        openingHours: week,
      },
      {
        onSuccess: () => {
          showToast('Club details saved.');
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Club details">
      <FormError message={save.error?.message ?? null} />
      <FormField label="Address" name="address" value={address} onValue={setAddress} rows={2} />
      <FormField label="Phone" name="phone" type="tel" inputMode="tel" value={phone} onValue={setPhone} />
      <FormField label="Contact email" name="contactEmail" type="email" value={email} onValue={setEmail} />
      <fieldset className="hours-editor">
        <legend>Opening hours (UK time)</legend>
        {WEEKDAYS.map((day) => {
          const times = week[day];
          return (
            <div key={day} className="hours-editor__day">
              <span className="hours-editor__name">{dayName(day)}</span>
              <label className="check-line">
                <input
                  type="checkbox"
                  checked={times === null}
                  onChange={(e) => setDay(day, e.target.checked ? null : { open: '11:00', close: '23:00' })}
                />
                Closed
              </label>
              {times === null ? null : (
                <>
                  <label>
                    <span className="visually-hidden">{dayName(day)} opens at</span>
                    <input
                      type="time"
                      className="field__control"
                      value={times.open}
                      onChange={(e) => setDay(day, { ...times, open: e.target.value })}
                    />
                  </label>
                  <span aria-hidden="true">to</span>
                  <label>
                    <span className="visually-hidden">{dayName(day)} closes at</span>
                    <input
                      type="time"
                      className="field__control"
                      value={times.close}
                      onChange={(e) => setDay(day, { ...times, close: e.target.value })}
                    />
                  </label>
                </>
              )}
            </div>
          );
        })}
      </fieldset>
      <div className="form-actions">
        <IonButton type="submit" disabled={save.isPending}>
          Save details
        </IonButton>
        <IonButton fill="clear" onClick={onDone}>
          Cancel
        </IonButton>
      </div>
    </form>
  );
}
