import {
  IonButton,
  IonContent,
  IonRouterLink,
  IonSpinner,
  useIonRouter,
  useIonViewWillLeave,
} from '@ionic/react';
import { PHONE_CODE_RULES } from '@lastman/api/account/rules';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useMe } from '../../../lib/me.ts';
import { showToast } from '../../../lib/toast.ts';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import { sendSignInCode, sendVerifyCode, signInWithCode, useConfirmPhone } from './api/phone-codes.ts';
import { AuthHero } from './auth-hero.tsx';

const CODE_PATTERN = new RegExp(`^[0-9]{${PHONE_CODE_RULES.length}}$`);

/**
 * A code by SMS: signed out, it signs in with a confirmed number; signed in, it confirms the
 * number on the account. Where the browser has the WebOTP API the code fills itself in.
 */
export function WebOtpPage() {
  const me = useMe();
  const router = useIonRouter();
  const confirm = useConfirmPhone();
  const signedIn = Boolean(me.data);
  const [phone, setPhone] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listening = useRef<AbortController | null>(null);

  useIonViewWillLeave(() => listening.current?.abort());

  if (me.isPending) return <Frame back="/login">{<InlineLoading />}</Frame>;
  const number = phone ?? me.data?.user.phoneNumber ?? '';

  const check = async (value: string) => {
    if (!sentTo) return;
    if (!CODE_PATTERN.test(value.trim())) {
      setCodeError(`Enter the ${PHONE_CODE_RULES.length}-digit code from the text.`);
      return;
    }
    setCodeError(undefined);
    setFormError(null);
    setBusy(true);
    try {
      if (signedIn) {
        await confirm.mutateAsync({ phoneNumber: sentTo, code: value.trim() });
        showToast('Your phone number is confirmed.');
        router.push('/account', 'back', 'pop');
      } else {
        const account = await signInWithCode({ phoneNumber: sentTo, code: value.trim() });
        showToast(`Welcome back, ${account.user.name.split(' ')[0]}!`);
        router.push('/app/tabs/game', 'root', 'replace');
      }
      listening.current?.abort();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'That code did not work.');
    } finally {
      setBusy(false);
    }
  };

  /** Waits for the SMS through WebOTP, where there is one, and uses its code as if typed. */
  const listen = async () => {
    listening.current?.abort();
    const controller = new AbortController();
    listening.current = controller;
    const { readSmsCode, webOtpAvailable } = await import('./web-otp.ts');
    if (!webOtpAvailable()) return;
    const received = await readSmsCode(controller.signal);
    if (received && !controller.signal.aborted) {
      setCode(received);
      void check(received);
    }
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setFormError(null);
    if (!number.trim()) {
      setFormError('Enter your mobile number.');
      return;
    }
    setBusy(true);
    try {
      const sent = signedIn ? await sendVerifyCode(number.trim()) : await sendSignInCode(number.trim());
      setSentTo(sent.phoneNumber);
      setCode('');
      void listen();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'The code could not be sent.');
    } finally {
      setBusy(false);
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };

  return (
    <Frame back={signedIn ? '/account' : '/login'}>
      <AuthHero title={signedIn ? 'Confirm your phone' : 'Sign in with a text'} />
      {sentTo ? (
        <form className="card" onSubmit={submitCode} noValidate aria-label="Enter the code">
          <FormError message={formError} />
          <p data-testid="code-sent">
            We have texted a {PHONE_CODE_RULES.length}-digit code to <strong>{sentTo}</strong>
            {signedIn ? '.' : ' if it is confirmed on an account.'} It works for{' '}
            {PHONE_CODE_RULES.expiresInSeconds / 60} minutes.
          </p>
          <FormField
            label="Code"
            name="one-time-code"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            error={codeError}
            onValue={(v) => setCode(v.replace(/\D/g, '').slice(0, PHONE_CODE_RULES.length))}
          />
          <div className="form-actions">
            <IonButton type="submit" expand="block" disabled={busy}>
              {busy ? <IonSpinner name="dots" aria-label="Checking" /> : signedIn ? 'Confirm' : 'Sign in'}
            </IonButton>
          </div>
          <div className="button-row">
            <IonButton fill="clear" onClick={() => void send()} disabled={busy}>
              Send a new code
            </IonButton>
            <IonButton
              fill="clear"
              onClick={() => {
                listening.current?.abort();
                setSentTo(null);
                setFormError(null);
              }}
            >
              Use another number
            </IonButton>
          </div>
        </form>
      ) : (
        <NumberForm
          signedIn={signedIn}
          formError={formError}
          number={number}
          onNumber={setPhone}
          busy={busy}
          onSubmit={send}
        />
      )}
      {signedIn ? null : (
        <p className="link-row">
          No confirmed number? <IonRouterLink routerLink="/login">Log in with your email</IonRouterLink>
        </p>
      )}
    </Frame>
  );
}

/** The first step: the mobile number to text a code to. */
function NumberForm({
  signedIn,
  formError,
  number,
  onNumber,
  busy,
  onSubmit,
}: {
  signedIn: boolean;
  formError: string | null;
  number: string;
  onNumber: (value: string) => void;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-label="Your mobile number">
      <FormError message={formError} />
      <p className="muted">
        {signedIn
          ? 'We will text a code to this number. Once it is confirmed you can sign in with it.'
          : 'We will text a code to the number you confirmed on your account.'}
      </p>
      <FormField
        label="Mobile number"
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        value={number}
        onValue={onNumber}
        helper="A UK number such as 07700 900123, or +country code for others."
      />
      <div className="form-actions">
        <IonButton type="submit" expand="block" disabled={busy}>
          {busy ? <IonSpinner name="dots" aria-label="Sending" /> : 'Text me a code'}
        </IonButton>
      </div>
    </form>
  );
}

function Frame({ children, back }: { children: ReactNode; back: string }) {
  return (
    <>
      <PageHeader back={back} />
      <IonContent className="ion-padding">
        <div className="page-narrow">{children}</div>
      </IonContent>
    </>
  );
}
