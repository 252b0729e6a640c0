import { IonButton, IonContent, IonIcon, IonSpinner, useIonRouter } from '@ionic/react';
import { formatLongDate } from '@lastman/api/format';
import { isDate } from '@lastman/api/time';
import { useQuery } from '@tanstack/react-query';
import { checkmarkCircle, downloadOutline, logOutOutline, mailOutline, trashOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { session, signOut } from '../../lib/auth.ts';
import { type Me, useMe } from '../../lib/me.ts';
import { getAppVersionInfo } from '../../lib/native.ts';
import { showError, showToast } from '../../lib/toast.ts';
import { CheckboxField, FormError, FormField } from '../../ui/form-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { MyClubsCard } from '../club/index.ts';
import { PushDevicesCard } from '../notifications/index.ts';
import {
  changePassword,
  deleteAccount,
  exportData,
  sendVerificationEmail,
  useUpdateProfile,
} from './account-api.ts';
import { PasskeysCard, PhoneCard } from './passkeys-card.tsx';
import { ProfilePhotoButtons } from './profile-photo.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

function ProfileCard({ me }: { me: Me }) {
  const [sending, setSending] = useState(false);
  const verify = async () => {
    setSending(true);
    try {
      await sendVerificationEmail(me.user.email);
      showToast(`We have sent a verification link to ${me.user.email}.`);
    } catch (e) {
      showError(e);
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="card account-profile" aria-labelledby="account-name">
      <div className="account-profile__avatar" aria-hidden="true">
        {me.user.image ? (
          <img src={me.user.image} alt="" data-testid="profile-photo" />
        ) : (
          initials(me.user.name)
        )}
      </div>
      <div className="account-profile__body">
        <h1 id="account-name">{me.user.name}</h1>
        <p className="account-profile__email">
          {me.user.email}{' '}
          {me.user.emailVerified ? (
            <span className="badge">
              <IonIcon icon={checkmarkCircle} aria-hidden="true" /> Verified
            </span>
          ) : null}
        </p>
        <p className="signed-in-as" data-testid="signed-in-as">
          Signed in as {me.user.name}
          {me.club ? ` (${me.role}) at ${me.club.name}` : ', in no club yet'}
        </p>
        <ProfilePhotoButtons me={me} />
        {me.user.emailVerified ? null : (
          <IonButton size="small" fill="outline" onClick={verify} disabled={sending}>
            <IonIcon slot="start" icon={mailOutline} aria-hidden="true" />
            Verify email
          </IonButton>
        )}
      </div>
    </section>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const server = { name: me.user.name, phone: me.user.phoneNumber ?? '' };
  const [name, setName] = useState(server.name);
  const [phone, setPhone] = useState(server.phone);
  // A reload shows the device's last copy first; when the server's answer differs, the fields the
  // person has not touched follow it.
  const [shown, setShown] = useState(server);
  if (shown.name !== server.name || shown.phone !== server.phone) {
    if (name === shown.name) setName(server.name);
    if (phone === shown.phone) setPhone(server.phone);
    setShown(server);
  }
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!name.trim()) return setFormError('Your name cannot be empty.');
    update.mutate(
      { name: name.trim(), phoneNumber: phone.trim() || null },
      {
        onSuccess: async (updated) => {
          await session.setPhoneNumber(updated.user.phoneNumber ?? '').catch(() => undefined);
          showToast('Your profile has been saved.');
        },
        onError: (e) => setFormError(e.message),
      },
    );
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <FormError message={formError} />
      <FormField label="Full name" name="name" autoComplete="name" value={name} onValue={setName} />
      <FormField
        label="Mobile phone"
        type="tel"
        name="phone"
        autoComplete="tel"
        value={phone}
        onValue={setPhone}
      />
      {me.user.dateOfBirth ? (
        <p className="muted">Date of birth: {calendarDate(me.user.dateOfBirth)}</p>
      ) : null}
      <IonButton type="submit" disabled={update.isPending}>
        {update.isPending ? <IonSpinner name="dots" aria-label="Saving" /> : 'Save profile'}
      </IonButton>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [revoke, setRevoke] = useState(true);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!current) return setFormError('Enter your current password.');
    if (next.length < 8) return setFormError('Your new password needs at least 8 characters.');
    setBusy(true);
    try {
      await changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: revoke });
      setCurrent('');
      setNext('');
      showToast('Your password has been changed.');
    } catch (e) {
      setFormError(e instanceof Error ? e.message : 'Could not change your password.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <FormError message={formError} />
      <FormField
        label="Current password"
        type="password"
        name="currentPassword"
        autoComplete="current-password"
        value={current}
        onValue={setCurrent}
      />
      <FormField
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        helper="At least 8 characters."
        value={next}
        onValue={setNext}
      />
      <CheckboxField label="Log out my other devices" checked={revoke} onChange={setRevoke} />
      <div className="form-actions">
        <IonButton type="submit" disabled={busy}>
          {busy ? <IonSpinner name="dots" aria-label="Saving" /> : 'Change password'}
        </IonButton>
      </div>
    </form>
  );
}

function DataCard({ onDeleted }: { onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const confirmDelete = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return showToast('Enter your password to delete your account.', 'error');
    setDeleting(true);
    try {
      await deleteAccount(password);
      onDeleted();
    } catch (e) {
      showError(e);
    } finally {
      setDeleting(false);
    }
  };
  const download = async () => {
    setExporting(true);
    try {
      const blob = await exportData();
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'lastman-my-data.json';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast('Your data has been downloaded.');
    } catch (e) {
      showError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <section className="card" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p className="muted">
        Download everything we hold about you, or delete your account. Orders and payments are kept
        anonymously for six years, as UK law requires.
      </p>
      <div className="button-row">
        <IonButton fill="outline" onClick={download} disabled={exporting}>
          <IonIcon slot="start" icon={downloadOutline} aria-hidden="true" />
          Export my data
        </IonButton>
        <IonButton fill="outline" color="danger" onClick={() => setConfirming(true)}>
          <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
          Delete account
        </IonButton>
      </div>
      {confirming ? (
        <form className="confirm-delete" onSubmit={confirmDelete} noValidate aria-label="Delete your account">
          <p>
            <strong>Delete your account?</strong> This removes your name, email, phone and date of birth and
            cannot be undone. Enter your password to confirm.
          </p>
          <FormField
            label="Password"
            type="password"
            name="deletePassword"
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
          />
          <div className="button-row">
            <IonButton type="submit" color="danger" disabled={deleting}>
              Delete my account
            </IonButton>
            <IonButton fill="clear" onClick={() => setConfirming(false)}>
              Cancel
            </IonButton>
          </div>
        </form>
      ) : null}
    </section>
  );
}

export function AccountPage() {
  const me = useMe();
  const router = useIonRouter();
  const version = useQuery({ queryKey: ['app-version-info'], queryFn: getAppVersionInfo });

  const logout = async () => {
    await signOut().catch(showError);
    router.push('/login', 'root', 'replace');
  };
  const deleted = async () => {
    await signOut().catch(() => undefined);
    showToast('Your account has been deleted.');
    router.push('/login', 'root', 'replace');
  };

  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {me.data ? (
            <>
              <VerificationOutcome me={me.data} />
              <ProfileCard me={me.data} />
              <ProfileForm me={me.data} />
              <MyClubsCard />
              <PhoneCard me={me.data} />
              <PasskeysCard />
              <PasswordForm />
              <PushDevicesCard />
              <DataCard onDeleted={deleted} />
              <section className="card" aria-labelledby="app-heading">
                <h2 id="app-heading">App</h2>
                <p className="muted">
                  {version.data
                    ? `${version.data.appName} ${version.data.versionNumber} (${version.data.packageName}, version code ${version.data.versionCode ?? 'unknown'})`
                    : 'Lastman v2.0'}
                </p>
                <IonButton fill="clear" color="danger" onClick={logout}>
                  <IonIcon slot="start" icon={logOutOutline} aria-hidden="true" />
                  Log out
                </IonButton>
              </section>
            </>
          ) : (
            <InlineLoading />
          )}
        </div>
      </IonContent>
    </>
  );
}

/** "1990-07-21" as "21 July 1990": a calendar date, the same in every time zone. */
function calendarDate(isoDate: string): string {
  return isDate(isoDate) ? formatLongDate(isoDate) : isoDate;
}

/** Where the emailed verification link lands (`?verified=1`): whether it worked, in plain words. */
function VerificationOutcome({ me }: { me: Me }) {
  const [params] = useSearchParams();
  if (!params.has('verified') && !params.has('error')) return null;
  if (me.user.emailVerified) {
    return (
      <p className="status-note status-note--good" role="status" data-testid="verified-notice">
        <IonIcon className="status-note__icon" icon={checkmarkCircle} aria-hidden="true" /> Thank you: your
        email address {me.user.email} is confirmed.
      </p>
    );
  }
  return (
    <p className="status-note status-note--bad" role="alert" data-testid="verified-notice">
      This confirmation link has expired or was already used. Tap &ldquo;Verify email&rdquo; below for a new
      one.
    </p>
  );
}
