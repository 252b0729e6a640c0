import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { londonDateTime } from '@lastman/api/format';
import { checkmarkCircle, fingerPrintOutline, trashOutline } from 'ionicons/icons';
import { useState } from 'react';
import { passkeyFailure } from '../../lib/device-errors.ts';
import type { Me } from '../../lib/me.ts';
import { showError, showToast } from '../../lib/toast.ts';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './api/passkeys.ts';

const supported = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Passkeys: sign in with this device's fingerprint, face or screen lock instead of a password. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<string | null>(null);

  const create = () =>
    add.mutate(undefined, {
      onSuccess: (p) => showToast(`Passkey added: ${p.name}.`),
      onError: (e) => showToast(passkeyFailure(e), 'error'),
    });
  const drop = (id: string) => {
    setRemoving(id);
    remove.mutate(id, {
      onSuccess: () => showToast('Passkey removed.'),
      onError: showError,
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <section className="card" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p className="muted">
        Sign in with this device&rsquo;s fingerprint, face or screen lock instead of a password.
      </p>
      {passkeys.isPending ? (
        <InlineLoading label="Loading your passkeys…" />
      ) : passkeys.isError ? (
        <p role="alert">Your passkeys could not be loaded. Check your connection and try again.</p>
      ) : passkeys.data.passkeys.length === 0 ? (
        <p data-testid="no-passkeys">You have no passkeys yet.</p>
      ) : (
        <ul className="passkey-list" data-testid="passkey-list">
          {passkeys.data.passkeys.map((p) => (
            <li key={p.id} className="passkey-row">
              <div className="passkey-row__text">
                <strong>{p.name}</strong>
                <span className="muted">
                  Added {londonDateTime(p.createdAt)}
                  {p.lastUsedAt ? ` · last used ${londonDateTime(p.lastUsedAt)}` : ''}
                </span>
              </div>
              <IonButton
                fill="clear"
                color="danger"
                onClick={() => drop(p.id)}
                disabled={removing === p.id}
                aria-label={`Remove ${p.name}`}
              >
                <IonIcon slot="icon-only" icon={trashOutline} aria-hidden="true" />
              </IonButton>
            </li>
          ))}
        </ul>
      )}
      {supported() ? (
        <IonButton fill="outline" onClick={create} disabled={add.isPending}>
          {add.isPending ? (
            <IonSpinner name="dots" aria-label="Waiting for your device" />
          ) : (
            <>
              <IonIcon slot="start" icon={fingerPrintOutline} aria-hidden="true" />
              Add a passkey
            </>
          )}
        </IonButton>
      ) : (
        <p className="muted">This browser cannot make passkeys.</p>
      )}
    </section>
  );
}

/** The phone number: confirmed with a code by text, after which it can sign in. */
export function PhoneCard({ me }: { me: Me }) {
  return (
    <section className="card" aria-labelledby="phone-heading">
      <h2 id="phone-heading">Phone</h2>
      {me.user.phoneNumber ? (
        <p>
          {me.user.phoneNumber}{' '}
          {me.user.phoneNumberVerified ? (
            <span className="badge" data-testid="phone-confirmed">
              <IonIcon icon={checkmarkCircle} aria-hidden="true" /> Confirmed
            </span>
          ) : null}
        </p>
      ) : (
        <p className="muted">No phone number on your account.</p>
      )}
      <p className="muted">
        {me.user.phoneNumberVerified
          ? 'You can sign in with a code texted to this number.'
          : 'Confirm a mobile number with a texted code, then sign in with a code instead of a password.'}
      </p>
      <IonButton fill="outline" routerLink="/web-otp-page">
        {me.user.phoneNumberVerified ? 'Change number' : 'Confirm a number'}
      </IonButton>
    </section>
  );
}
