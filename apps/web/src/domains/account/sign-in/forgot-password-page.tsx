import { IonButton, IonContent, IonRouterLink, IonSpinner } from '@ionic/react';
import { mailOpenOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { http } from '../../../lib/api.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { AuthHero } from './auth-hero.tsx';
import { emailError } from './validation.ts';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setError(problem);
    setFormError(null);
    if (problem) return;
    setBusy(true);
    try {
      await http.post('/api/auth/request-password-reset', {
        email: email.trim(),
        redirectTo: '/reset-password',
      });
      setSentTo(email.trim());
    } catch (e) {
      setFormError(e instanceof Error ? e.message : 'Could not send the email.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader back="/login" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {sentTo ? (
            <div className="card">
              <EmptyState
                icon={mailOpenOutline}
                title="Check your email"
                actions={
                  <IonButton routerLink="/login" routerDirection="root">
                    Back to log in
                  </IonButton>
                }
              >
                <p>
                  If an account exists for <strong>{sentTo}</strong>, we have sent it a link to choose a new
                  password. The link works once and expires in an hour.
                </p>
              </EmptyState>
            </div>
          ) : (
            <>
              <AuthHero
                title="Reset your password"
                subtitle="We will email you a link to choose a new one."
              />
              <form className="card" onSubmit={submit} noValidate aria-label="Request a password reset">
                <FormError message={formError} />
                <FormField
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  inputMode="email"
                  value={email}
                  error={error}
                  onValue={setEmail}
                />
                <div className="form-actions">
                  <IonButton type="submit" expand="block" disabled={busy}>
                    {busy ? <IonSpinner name="dots" aria-label="Sending" /> : 'Send reset link'}
                  </IonButton>
                </div>
              </form>
              <p className="link-row">
                Remembered it? <IonRouterLink routerLink="/login">Log in</IonRouterLink>
              </p>
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}
