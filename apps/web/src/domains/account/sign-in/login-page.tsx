import { IonButton, IonContent, IonRouterLink, IonSpinner, useIonRouter } from '@ionic/react';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { signIn } from '../../../lib/auth.ts';
import { showToast } from '../../../lib/toast.ts';
import { CheckboxField, FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { AuthHero } from './auth-hero.tsx';
import { type Errors, emailError } from './validation.ts';

/** Only same-app paths are followed after login. */
function safeNext(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/app/tabs/game';
}

export function LoginPage() {
  const router = useIonRouter();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors<'email' | 'password'> = {
      email: emailError(email),
      password: password ? undefined : 'Enter your password.',
    };
    setErrors(next);
    setFormError(null);
    if (next.email || next.password) return;
    setBusy(true);
    try {
      const me = await signIn({ email: email.trim(), password, rememberMe });
      setPassword('');
      showToast(`Welcome back, ${me.user.name.split(' ')[0]}!`);
      router.push(safeNext(location.search), 'root', 'replace');
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'Could not log in.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <AuthHero title="Welcome back" />
          <form className="card" onSubmit={submit} noValidate aria-label="Log in">
            <FormError message={formError} />
            <FormField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              error={errors.email}
              onValue={setEmail}
            />
            <FormField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              error={errors.password}
              onValue={setPassword}
            />
            <CheckboxField label="Keep me logged in" checked={rememberMe} onChange={setRememberMe} />
            <div className="form-actions">
              <IonButton type="submit" expand="block" disabled={busy}>
                {busy ? <IonSpinner name="dots" aria-label="Logging in" /> : 'Log in'}
              </IonButton>
            </div>
            <p className="link-row">
              <IonRouterLink routerLink="/forgot-password">Forgot your password?</IonRouterLink>
            </p>
          </form>
          <p className="link-row">
            Or sign in with <IonRouterLink routerLink="/bio-auth">a passkey</IonRouterLink> or{' '}
            <IonRouterLink routerLink="/web-otp-page">a code by text</IonRouterLink>
          </p>
          <p className="link-row">
            New here? <IonRouterLink routerLink="/signup">Create an account</IonRouterLink>
          </p>
        </div>
      </IonContent>
    </>
  );
}
