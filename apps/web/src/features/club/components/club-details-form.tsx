import { IonButton } from '@ionic/react';
import type { Club, OpeningDay } from '@lastman/api';
import { WEEKDAYS } from '@lastman/api/rules';
import { type FormEvent, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { useUpdateClubDetails } from '../api/club-home-api.ts';
import { dayName } from './opening-hours.tsx';

const blankWeek = (): OpeningDay[] => WEEKDAYS.map((day) => ({ day, open: '11:00', close: '23:00' }));

/** Admins set the address, opening hours (London time) and how to reach the club. */
export function ClubDetailsForm({ club, onDone }: { club: Club; onDone: () => void }) {
  const save = useUpdateClubDetails();
  const [address, setAddress] = useState(club.address ?? '');
  const [phone, setPhone] = useState(club.phone ?? '');
  const [email, setEmail] = useState(club.contactEmail ?? '');
  const [week, setWeek] = useState<OpeningDay[]>(club.openingHours ?? blankWeek());
  const setDay = (index: number, change: Partial<OpeningDay>) =>
    setWeek((w) => w.map((d, i) => (i === index ? { ...d, ...change } : d)));

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
        {week.map((d, i) => {
          const closed = d.open === null;
          return (
            <div key={d.day} className="hours-editor__day">
              <span className="hours-editor__name">{dayName(d.day)}</span>
              <label className="check-line">
                <input
                  type="checkbox"
                  checked={closed}
                  onChange={(e) =>
                    setDay(
                      i,
                      e.target.checked ? { open: null, close: null } : { open: '11:00', close: '23:00' },
                    )
                  }
                />
                Closed
              </label>
              {closed ? null : (
                <>
                  <label>
                    <span className="visually-hidden">{dayName(d.day)} opens at</span>
                    <input
                      type="time"
                      className="field__control"
                      value={d.open ?? ''}
                      onChange={(e) => setDay(i, { open: e.target.value })}
                    />
                  </label>
                  <span aria-hidden="true">to</span>
                  <label>
                    <span className="visually-hidden">{dayName(d.day)} closes at</span>
                    <input
                      type="time"
                      className="field__control"
                      value={d.close ?? ''}
                      onChange={(e) => setDay(i, { close: e.target.value })}
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
