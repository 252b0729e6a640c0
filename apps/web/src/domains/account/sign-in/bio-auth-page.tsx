import { IonButton, IonContent, IonIcon, IonRouterLink, IonSpinner, useIonRouter } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { fingerPrintOutline } from 'ionicons/icons';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  biometricLockEnabled,
  biometryName,
  setBiometricLock,
  unlockWithBiometrics,
} from '../../../lib/biometric-lock.ts';
import { passkeyFailure } from '../../../lib/device-errors.ts';
import { useMe } from '../../../lib/me.ts';
import { isNative } from '../../../lib/platform.ts';
import { showToast } from '../../../lib/toast.ts';
import { FormError } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { passkeysSupported, signInWithPasskey } from './api/sign-in-methods.ts';
import { AuthHero } from './auth-hero.tsx';

/** Only same-app paths are followed. */
function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/app/tabs/game';
}

/**
 * `bio-auth`: in a browser, signing in with a passkey (the device's fingerprint, face or PIN);
 * in the native app, the biometric lock that guards the stored session.
 */
export function BioAuthPage() {
  return (
    <>
      <PageHeader back="/login" />
      <IonContent className="ion-padding">
        <div className="page-narrow">{isNative() ? <BiometricLock /> : <PasskeySignIn />}</div>
      </IonContent>
    </>
  );
}

function PasskeySignIn() {
  const router = useIonRouter();
  const location = useLocation();
  const me = useMe();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();

  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      const account = await signInWithPasskey();
      showToast(`Welcome back, ${account.user.name.split(' ')[0]}!`);
      router.push(safeNext(location.search), 'root', 'replace');
    } catch (e) {
      setError(passkeyFailure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHero title="Sign in with a passkey" />
      <section className="card" aria-label="Passkey sign-in">
        <FormError message={error} />
        {me.data ? (
          <p>
            You are signed in as <strong>{me.data.user.name}</strong>. Add or remove passkeys on your{' '}
            <IonRouterLink routerLink="/account">account page</IonRouterLink>.
          </p>
        ) : supported ? (
          <>
            <p className="muted">
              Use the fingerprint, face or screen lock of this device, or a phone nearby, instead of a
              password. You can add a passkey on your account page once you are signed in.
            </p>
            <div className="form-actions">
              <IonButton expand="block" onClick={go} disabled={busy}>
                {busy ? (
                  <IonSpinner name="dots" aria-label="Waiting for your passkey" />
                ) : (
                  <>
                    <IonIcon slot="start" icon={fingerPrintOutline} aria-hidden="true" />
                    Sign in with a passkey
                  </>
                )}
              </IonButton>
            </div>
          </>
        ) : (
          <p>This browser cannot use passkeys. Please log in with your email and password, or a text code.</p>
        )}
      </section>
      <p className="link-row">
        <IonRouterLink routerLink="/login">Log in with your email</IonRouterLink> ·{' '}
        <IonRouterLink routerLink="/web-otp-page">Get a code by text</IonRouterLink>
      </p>
    </>
  );
}

function BiometricLock() {
  const router = useIonRouter();
  const location = useLocation();
  const me = useMe();
  const lock = useQuery({ queryKey: ['biometric-lock'], queryFn: biometricLockEnabled });
  const biometry = useQuery({ queryKey: ['biometry'], queryFn: biometryName });
  const [error, setError] = useState<string | null>(null);
  const what = biometry.data ?? 'your fingerprint or face';

  const unlock = async () => {
    setError(null);
    try {
      await unlockWithBiometrics();
      router.push(safeNext(location.search), 'root', 'replace');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Not unlocked. Try again.');
    }
  };
  const toggle = async () => {
    setError(null);
    try {
      await setBiometricLock(!lock.data);
      await lock.refetch();
      showToast(lock.data ? 'The lock is off.' : `Lastman now opens with ${what}.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The lock could not be changed.');
    }
  };

  return (
    <>
      <AuthHero title="Biometric lock" />
      <section className="card" aria-label="Biometric lock">
        <FormError message={error} />
        {!me.data ? (
          <p>
            Sign in first; then you can lock the app with {what}.{' '}
            <IonRouterLink routerLink="/login">Log in</IonRouterLink>
          </p>
        ) : biometry.isSuccess && biometry.data === null ? (
          <p>
            This device has no fingerprint, face or screen lock set up, so the app cannot be locked with one.
          </p>
        ) : (
          <>
            <p className="muted">
              {lock.data
                ? `Lastman asks for ${what} each time it opens, so no one else can use your signed-in account on this phone.`
                : `Ask for ${what} each time Lastman opens, so no one else can use your signed-in account on this phone.`}
            </p>
            <div className="button-row">
              {lock.data ? <IonButton onClick={unlock}>Unlock with {what}</IonButton> : null}
              <IonButton fill="outline" onClick={toggle} disabled={lock.isPending}>
                {lock.data ? 'Turn the lock off' : 'Turn the lock on'}
              </IonButton>
            </div>
          </>
        )}
      </section>
    </>
  );
}
