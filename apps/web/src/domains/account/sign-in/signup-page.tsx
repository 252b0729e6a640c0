import { IonButton, IonContent, IonRouterLink, IonSpinner, useIonRouter } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { signUp } from '../../../lib/auth.ts';
import { showToast } from '../../../lib/toast.ts';
import { getUiState } from '../../../lib/ui-state.ts';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { invitationQuery } from '../../club/index.ts';
import { AuthHero } from './auth-hero.tsx';
import {
  dateOfBirthError,
  type Errors,
  emailError,
  MIN_PASSWORD_LENGTH,
  newPasswordError,
  phoneError,
} from './validation.ts';

type Field = 'name' | 'email' | 'password' | 'dateOfBirth' | 'phone';

export function SignupPage() {
  const router = useIonRouter();
  const params = new URLSearchParams(useLocation().search);
  // From an invitation, back to it; from "Run Last Man Standing at your club", on to naming the club.
  const afterSignUp = params.get('next')?.startsWith('/invite/') ? params.get('next') : null;
  const startClub = params.get('start') === '1' || afterSignUp !== null;
  const inviteToken = afterSignUp ? decodeURIComponent(afterSignUp.slice('/invite/'.length)) : '';
  const invitation = useQuery({ ...invitationQuery(inviteToken), enabled: inviteToken !== '' });
  // Invited: the inviting club's name; starting a club: none yet; else the club shown by default.
  const heroClub = afterSignUp ? (invitation.data?.club ?? null) : startClub ? null : undefined;
  const [form, setForm] = useState<Record<Field, string>>({
    name: '',
    email: '',
    password: '',
    dateOfBirth: '',
    phone: '',
  });
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (v: string) => setForm((f) => ({ ...f, [field]: v }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors<Field> = {
      name: form.name.trim() ? undefined : 'Enter your name.',
      email: emailError(form.email),
      password: newPasswordError(form.password),
      dateOfBirth: dateOfBirthError(form.dateOfBirth),
      phone: phoneError(form.phone),
    };
    setErrors(next);
    setFormError(null);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      const me = await signUp({
        ...(startClub ? { startClub: true } : {}),
        name: form.name.trim(),
        email: form.email.trim(),
        password: form.password,
        dateOfBirth: form.dateOfBirth,
        ...(form.phone.trim() ? { phoneNumber: form.phone.trim() } : {}),
      });
      const welcomeTo = afterSignUp ? 'Lastman' : (me.club?.name ?? 'Lastman');
      showToast(
        `Welcome to ${welcomeTo}, ${me.user.name.split(' ')[0]}! Check your inbox: we sent a link to confirm ${me.user.email}.`,
      );
      if (startClub) router.push(afterSignUp ?? '/start-club', 'root', 'replace');
      else router.push(getUiState().hasSeenTutorial ? '/app/tabs/game' : '/tutorial', 'root', 'replace');
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'Could not create your account.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader back="/login" />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          <AuthHero
            title="Create your account"
            club={heroClub}
            {...(startClub && !afterSignUp ? { subtitle: 'Then set up Last Man Standing at your club' } : {})}
          />
          <form className="card" onSubmit={submit} noValidate aria-label="Sign up">
            <FormError message={formError} />
            <FormField
              label="Full name"
              name="name"
              autoComplete="name"
              value={form.name}
              error={errors.name}
              onValue={set('name')}
            />
            <FormField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              value={form.email}
              error={errors.email}
              onValue={set('email')}
            />
            <FormField
              label="Password"
              type="password"
              name="password"
              autoComplete="new-password"
              value={form.password}
              error={errors.password}
              helper={`At least ${MIN_PASSWORD_LENGTH} characters; avoid common passwords.`}
              onValue={set('password')}
            />
            <FormField
              label="Date of birth"
              type="date"
              name="dateOfBirth"
              autoComplete="bday"
              value={form.dateOfBirth}
              error={errors.dateOfBirth}
              helper="You must be 18 or over to enter paid competitions."
              onValue={set('dateOfBirth')}
            />
            <FormField
              label="Mobile phone (optional)"
              type="tel"
              name="phone"
              autoComplete="tel"
              inputMode="tel"
              value={form.phone}
              error={errors.phone}
              helper="So the club can reach you about prizes. We send nothing to it."
              onValue={set('phone')}
            />
            <div className="form-actions">
              <IonButton type="submit" expand="block" disabled={busy}>
                {busy ? <IonSpinner name="dots" aria-label="Creating your account" /> : 'Create account'}
              </IonButton>
            </div>
          </form>
          <p className="link-row">
            Already a member? <IonRouterLink routerLink="/login">Log in</IonRouterLink>
          </p>
        </div>
      </IonContent>
    </>
  );
}
