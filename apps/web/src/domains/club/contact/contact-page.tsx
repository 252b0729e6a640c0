import { IonButton, IonContent, IonSpinner } from '@ionic/react';
import type { ContactMessageInput } from '@lastman/api';
import { CONTACT_LIMITS } from '@lastman/api/club/rules';
import { formatNumber } from '@lastman/api/format';
import { useMutation } from '@tanstack/react-query';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { http } from '../../../lib/api.ts';
import { useClub } from '../../../lib/club.ts';
import { useMe } from '../../../lib/me.ts';
import { showToast } from '../../../lib/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';

type Field = 'name' | 'email' | 'subject' | 'message';
const sendContact = (input: ContactMessageInput) => http.post('/api/contact', input);

const tooLong = (what: string, max: number) => `Keep the ${what} under ${formatNumber(max)} characters.`;

export function ContactPage() {
  const me = useMe();
  const club = useClub();
  const [form, setForm] = useState<Record<Field, string>>({ name: '', email: '', subject: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useMutation({ mutationFn: sendContact });
  const value = (f: Field) =>
    form[f] || (f === 'name' ? me.data?.user.name : f === 'email' ? me.data?.user.email : '') || '';
  const set = (f: Field) => (v: string) => setForm((s) => ({ ...s, [f]: v }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name: value('name').trim(),
      email: value('email').trim(),
      subject: value('subject').trim(),
      message: value('message').trim(),
    };
    const next: Partial<Record<Field, string>> = {
      name: !input.name
        ? 'Enter your name.'
        : input.name.length > CONTACT_LIMITS.nameMax
          ? tooLong('name', CONTACT_LIMITS.nameMax)
          : undefined,
      email:
        /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.email) && input.email.length <= CONTACT_LIMITS.emailMax
          ? undefined
          : 'Enter a valid email address.',
      subject: !input.subject
        ? 'Enter a subject.'
        : input.subject.length > CONTACT_LIMITS.subjectMax
          ? tooLong('subject', CONTACT_LIMITS.subjectMax)
          : undefined,
      message:
        input.message.length < CONTACT_LIMITS.messageMin
          ? 'Write your message.'
          : input.message.length > CONTACT_LIMITS.messageMax
            ? tooLong('message', CONTACT_LIMITS.messageMax)
            : undefined,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    const clubSlug = me.data?.club?.slug ?? club.data?.slug;
    send.mutate(
      { ...input, ...(clubSlug ? { clubSlug } : {}) },
      { onSuccess: () => showToast('Thanks! Your message has been sent to the club.') },
    );
  };

  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-narrow">
          {send.isSuccess ? (
            <div className="card">
              <EmptyState
                icon={checkmarkCircleOutline}
                title="Message sent"
                actions={
                  <IonButton routerLink="/app/tabs/game" routerDirection="root">
                    Back to the game
                  </IonButton>
                }
              >
                <p>
                  Thanks for getting in touch. An admin at {club.data?.name ?? 'the club'} will reply by
                  email.
                </p>
              </EmptyState>
            </div>
          ) : (
            <form className="card" onSubmit={submit} noValidate aria-labelledby="contact-heading">
              <h2 id="contact-heading">Message {club.data?.name ?? 'the club'}</h2>
              <p className="muted">
                Questions about the game, your entries or the club. We usually reply within a day.
              </p>
              <FormError message={send.error?.message ?? null} />
              <FormField
                label="Your name"
                name="name"
                autoComplete="name"
                value={value('name')}
                error={errors.name}
                onValue={set('name')}
              />
              <FormField
                label="Email"
                type="email"
                name="email"
                autoComplete="email"
                value={value('email')}
                error={errors.email}
                onValue={set('email')}
              />
              <FormField
                label="Subject"
                name="subject"
                value={value('subject')}
                error={errors.subject}
                onValue={set('subject')}
              />
              <FormField
                label="Message"
                name="message"
                rows={5}
                value={value('message')}
                error={errors.message}
                onValue={set('message')}
              />
              <IonButton type="submit" expand="block" disabled={send.isPending}>
                {send.isPending ? <IonSpinner name="dots" aria-label="Sending" /> : 'Send message'}
              </IonButton>
            </form>
          )}
        </div>
      </IonContent>
    </>
  );
}
