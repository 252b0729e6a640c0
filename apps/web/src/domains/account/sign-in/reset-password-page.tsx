import { IonButton, IonContent, IonSpinner, useIonRouter } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { http } from '../../../lib/api.ts';
import { showToast } from '../../../lib/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { AuthHero } from './auth-hero.tsx';
import { type Errors, MIN_PASSWORD_LENGTH, newPasswordError } from './validation.ts';

export function ResetPasswordPage() {
  const router = useIonRouter();
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token');
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors<'password' | 'confirm'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      password: newPasswordError(password),
      confirm: confirm === password ? undefined : 'The two passwords do not match.',
    };
    setErrors(next);
    setFormError(null);
    if (next.password || next.confirm || !token) return;
    setBusy(true);
    try {
      await http.post('/api/auth/reset-password', { newPassword: password, token });
      showToast('Your password has been changed. Log in with your new password.');
      router.push('/login', 'root', 'replace');
    } catch (e) {
      setFormError(e instanceof Error ? e.message : 'Could not change your password.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader back="/login" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {linkError || !token ? (
            <div className="card">
              <EmptyState
                icon={alertCircleOutline}
                title="This link has expired"
                actions={<IonButton routerLink="/forgot-password">Send a new link</IonButton>}
              >
                <p>
                  Password reset links work once and only for a short time. Ask for a new one and use it
                  straight away.
                </p>
              </EmptyState>
            </div>
          ) : (
            <>
              <AuthHero
                title="Choose a new password"
                subtitle={`At least ${MIN_PASSWORD_LENGTH} characters.`}
              />
              <form className="card" onSubmit={submit} noValidate aria-label="Choose a new password">
                <FormError message={formError} />
                <FormField
                  label="New password"
                  type="password"
                  name="newPassword"
                  autoComplete="new-password"
                  value={password}
                  error={errors.password}
                  onValue={setPassword}
                />
                <FormField
                  label="Repeat new password"
                  type="password"
                  name="confirmPassword"
                  autoComplete="new-password"
                  value={confirm}
                  error={errors.confirm}
                  onValue={setConfirm}
                />
                <div className="form-actions">
                  <IonButton type="submit" expand="block" disabled={busy}>
                    {busy ? <IonSpinner name="dots" aria-label="Saving" /> : 'Save new password'}
                  </IonButton>
                </div>
              </form>
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}
