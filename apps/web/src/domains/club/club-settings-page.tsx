import { IonButton, IonContent, IonSpinner } from '@ionic/react';
import type { ClubSettings, JoinPolicy } from '@lastman/api';
import { clubColorNote, HEX_COLOR, readableClubColor } from '@lastman/api/club/rules';
import { type FormEvent, useState } from 'react';
import { showError, showToast } from '../../lib/toast.ts';
import { FormError, FormField } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import {
  useCloseClub,
  useClubSettings,
  useRenewJoinCode,
  useUpdateClubSettings,
  useUploadLogo,
} from './api/clubs-api.ts';
import { SetupChecklist } from './setup/setup-checklist.tsx';
import './clubs.css';

/** The club's settings (admin): name, colours, logo, how people join, the join code and poster, export, close. */
export function ClubSettingsPage() {
  const settings = useClubSettings();
  return (
    <>
      <PageHeader title="Club settings" back="/admin" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {settings.isPending ? (
            <InlineLoading />
          ) : settings.isError ? (
            <p role="alert">{settings.error.message}</p>
          ) : (
            <>
              <SetupChecklist />
              <SettingsForm key={settings.data.id + settings.data.name} club={settings.data} />
              <JoiningCard club={settings.data} />
              <LogoCard club={settings.data} />
              <DataCard club={settings.data} />
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}

function SettingsForm({ club }: { club: ClubSettings }) {
  const update = useUpdateClubSettings();
  const [name, setName] = useState(club.name);
  const [primary, setPrimary] = useState(club.primaryColor);
  const [secondary, setSecondary] = useState(club.secondaryColor);
  const primaryNote = clubColorNote(primary);
  const secondaryNote = clubColorNote(secondary);
  const badFormat = !HEX_COLOR.test(primary) || !HEX_COLOR.test(secondary);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (badFormat || !name.trim()) return;
    try {
      await update.mutateAsync({ name: name.trim(), primaryColor: primary, secondaryColor: secondary });
      showToast('Club settings saved.');
    } catch {
      // Shown from the mutation's error.
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="club-look">
      <h2 id="club-look">Name and colours</h2>
      <FormField
        label="Club name"
        name="clubName"
        value={name}
        onValue={setName}
        error={name.trim() ? undefined : 'Enter a name.'}
      />
      <ColorField
        label="Main colour"
        name="primaryColor"
        value={primary}
        onValue={setPrimary}
        note={primaryNote}
      />
      <ColorField
        label="Second colour"
        name="secondaryColor"
        value={secondary}
        onValue={setSecondary}
        note={secondaryNote}
      />
      <p className="muted">
        The app takes these colours. Each must keep white text readable on it (WCAG AA, 4.5:1): a colour too
        pale is darkened until it does, and you see the result before saving.
      </p>
      <FormError message={update.error ? update.error.message : null} />
      <IonButton type="submit" expand="block" disabled={update.isPending || badFormat}>
        {update.isPending ? <IonSpinner name="dots" /> : 'Save'}
      </IonButton>
    </form>
  );
}

function ColorField(props: {
  label: string;
  name: string;
  value: string;
  onValue: (v: string) => void;
  note: string | null;
}) {
  const { label, name, value, onValue, note } = props;
  const shown = HEX_COLOR.test(value) ? readableClubColor(value) : undefined;
  return (
    <div className="club-color">
      <FormField
        label={label}
        name={name}
        value={value}
        onValue={onValue}
        error={HEX_COLOR.test(value) ? undefined : (note ?? undefined)}
        helper={HEX_COLOR.test(value) ? (note ?? 'Readable as it is.') : undefined}
      />
      <input
        type="color"
        aria-label={`${label}: pick`}
        className="club-color__picker"
        value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
        onChange={(e) => onValue(e.target.value)}
      />
      <span className="club-color__sample" style={{ background: shown }}>
        Aa
      </span>
    </div>
  );
}

function JoiningCard({ club }: { club: ClubSettings }) {
  const update = useUpdateClubSettings();
  const renew = useRenewJoinCode();
  const setPolicy = (joinPolicy: JoinPolicy) => void update.mutateAsync({ joinPolicy }).catch(showError);
  return (
    <section className="card" aria-labelledby="club-joining">
      <h2 id="club-joining">How people join</h2>
      <fieldset className="club-policy">
        <legend>Joining needs</legend>
        <label>
          <input
            type="radio"
            name="joinPolicy"
            checked={club.joinPolicy === 'link'}
            onChange={() => setPolicy('link')}
          />{' '}
          the club's link is enough
        </label>
        <label>
          <input
            type="radio"
            name="joinPolicy"
            checked={club.joinPolicy === 'code'}
            onChange={() => setPolicy('code')}
          />{' '}
          the join code (the poster's QR code carries it)
        </label>
      </fieldset>
      <p>
        Join code: <strong data-testid="join-code">{club.joinCode}</strong>
      </p>
      <p className="club-link">
        Link: <a href={club.joinUrl}>{club.joinUrl}</a>
      </p>
      <div className="club-actions">
        <IonButton routerLink="/club-poster">Print the poster</IonButton>
        <IonButton
          fill="outline"
          disabled={renew.isPending}
          onClick={() =>
            void renew
              .mutateAsync()
              .then(() => showToast('New join code made: the old one and old posters no longer work.'))
              .catch(showError)
          }
        >
          New join code
        </IonButton>
        <IonButton fill="outline" routerLink="/club-members">
          Members and invitations
        </IonButton>
      </div>
    </section>
  );
}

function LogoCard({ club }: { club: ClubSettings }) {
  const upload = useUploadLogo();
  const update = useUpdateClubSettings();
  return (
    <section className="card" aria-labelledby="club-logo">
      <h2 id="club-logo">Logo</h2>
      {club.logoUrl ? (
        <img className="club-logo" src={club.logoUrl} alt={`${club.name} logo`} />
      ) : (
        <p>No logo yet.</p>
      )}
      <label className="club-file">
        <span>Choose a logo (JPEG, PNG or WebP, at most 5 MB)</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file)
              void upload
                .mutateAsync(file)
                .then(() => showToast('Logo saved.'))
                .catch(showError);
          }}
        />
      </label>
      {upload.isPending ? <IonSpinner name="dots" /> : null}
      {club.logoUrl ? (
        <IonButton fill="clear" onClick={() => void update.mutateAsync({ logo: null }).catch(showError)}>
          Remove the logo
        </IonButton>
      ) : null}
    </section>
  );
}

function DataCard({ club }: { club: ClubSettings }) {
  const close = useCloseClub();
  const [confirm, setConfirm] = useState('');
  return (
    <section className="card" aria-labelledby="club-data">
      <h2 id="club-data">The club's data</h2>
      <div className="club-actions">
        <IonButton fill="outline" href="/api/admin/club/export?format=json" download="">
          Export as JSON
        </IonButton>
        <IonButton fill="outline" href="/api/admin/club/export?format=csv" download="">
          Export as CSV (zip)
        </IonButton>
      </div>
      <h3>Close the club</h3>
      <p className="muted">
        No one can act in or join a closed club. Members keep their accounts and other clubs; entries, orders
        and refunds are kept as records. Type <strong>{club.slug}</strong> to confirm.
      </p>
      <FormField label="Web address name" name="confirmSlug" value={confirm} onValue={setConfirm} />
      <FormError message={close.error ? close.error.message : null} />
      <IonButton
        color="danger"
        disabled={confirm !== club.slug || close.isPending}
        onClick={() => void close.mutateAsync(confirm).catch(() => undefined)}
      >
        Close the club
      </IonButton>
    </section>
  );
}
