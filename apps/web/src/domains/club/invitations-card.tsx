import { IonButton, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import type { InvitationChannel, InvitationCreated, PendingInvitation, Role } from '@lastman/api';
import { londonDate, londonDateTime } from '@lastman/api/format';
import { mailOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { showError, showToast } from '../../lib/toast.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import {
  useCreateInvitation,
  usePendingInvitations,
  useResendInvitation,
  useWithdrawInvitation,
} from './api/clubs-api.ts';

const ROLES: Role[] = ['player', 'staff', 'admin'];

const channelWords: Record<InvitationChannel, string> = {
  email: 'By email',
  sms: 'By text message',
  link: 'Link to share',
};

/** Invite someone with a role: sent to an email address or a phone number, or a link to share by hand. */
export function InviteCard() {
  const create = useCreateInvitation();
  const [role, setRole] = useState<Role>('staff');
  const [channel, setChannel] = useState<InvitationChannel>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<InvitationCreated | null>(null);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast('Invitation link copied.');
    } catch {
      showToast('Select the link and copy it.');
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setLink(null);
    if (channel === 'email' && !email.trim()) return setError('Write the email address to send it to.');
    if (channel === 'sms' && !phone.trim()) return setError('Write the mobile number to text it to.');
    try {
      const created = await create.mutateAsync({
        role,
        ...(channel === 'email' && { email: email.trim() }),
        ...(channel === 'sms' && { phoneNumber: phone.trim() }),
      });
      if (channel === 'link') {
        setLink(created);
        return;
      }
      showToast(`Invitation sent to ${created.invitation.sentTo}.`);
      setEmail('');
      setPhone('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The invitation could not be sent.');
    }
  };

  return (
    <section className="card club-invite" aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite</h2>
      <p>
        An invitation works once, for 7 days: whoever accepts it joins with the role you choose. Send it by
        email or text message, or make a link to share yourself.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="club-invite__role">
          Role{' '}
          <select aria-label="Invitation role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <IonSegment
          className="club-invite__how"
          value={channel}
          aria-label="How to send the invitation"
          onIonChange={(e) => {
            setChannel((e.detail.value as InvitationChannel | undefined) ?? 'email');
            setError(null);
            setLink(null);
          }}
        >
          <IonSegmentButton value="email">Email</IonSegmentButton>
          <IonSegmentButton value="sms">Text</IonSegmentButton>
          <IonSegmentButton value="link">Link</IonSegmentButton>
        </IonSegment>
        {channel === 'email' ? (
          <FormField
            label="Their email address"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onValue={setEmail}
            error={error ?? undefined}
          />
        ) : channel === 'sms' ? (
          <FormField
            label="Their mobile number"
            name="phoneNumber"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            onValue={setPhone}
            error={error ?? undefined}
            helper="Such as 07700 900123, or with its country code: +44 7700 900123."
          />
        ) : error ? (
          <p role="alert" className="field__error">
            {error}
          </p>
        ) : null}
        <IonButton type="submit" disabled={create.isPending}>
          {create.isPending ? (
            <IonSpinner name="dots" />
          ) : channel === 'link' ? (
            'Make an invitation link'
          ) : (
            'Send the invitation'
          )}
        </IonButton>
      </form>
      {link ? (
        <div>
          <p className="club-invite__url" data-testid="invitation-url">
            {link.url}
          </p>
          <IonButton fill="outline" onClick={() => void copy(link.url)}>
            Copy the link
          </IonButton>
        </div>
      ) : null}
    </section>
  );
}

/** The invitations waiting to be accepted: who, which role, how and when sent, until when; send again or withdraw. */
export function PendingInvitationsCard() {
  const pending = usePendingInvitations();
  return (
    <section className="card" aria-labelledby="pending-heading">
      <h2 id="pending-heading">Pending invitations</h2>
      {pending.isPending ? (
        <InlineLoading />
      ) : pending.isError ? (
        <p role="alert">{pending.error.message}</p>
      ) : pending.data.invitations.length === 0 ? (
        <EmptyState icon={mailOutline} title="None waiting">
          <p>Invitations not yet accepted appear here until they expire.</p>
        </EmptyState>
      ) : (
        <ul className="invitation-list" aria-label="Pending invitations">
          {pending.data.invitations.map((i) => (
            <PendingRow key={i.id} invitation={i} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingRow({ invitation: i }: { invitation: PendingInvitation }) {
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const who = i.sentTo ?? 'Anyone with the link';
  return (
    <li className="invitation-row" data-testid="pending-invitation" data-sent-to={i.sentTo ?? ''}>
      <div className="invitation-row__who">
        <strong>{who}</strong> <span className="pill pill--info">{i.role}</span>
        <div className="muted small">
          {channelWords[i.channel]}, {i.channel === 'link' ? 'made' : 'sent'} {londonDateTime(i.sentAt)}
          {i.createdByName ? ` by ${i.createdByName}` : ''}. Expires {londonDate(i.expiresAt)}.
        </div>
      </div>
      <div className="invitation-row__actions">
        {i.channel !== 'link' ? (
          <IonButton
            fill="outline"
            disabled={resend.isPending}
            onClick={() =>
              void resend
                .mutateAsync(i.id)
                .then(() => showToast(`Sent again to ${who}, with a new link.`))
                .catch(showError)
            }
          >
            Send again
          </IonButton>
        ) : null}
        <IonButton
          fill="clear"
          color="danger"
          disabled={withdraw.isPending}
          onClick={() => {
            if (!window.confirm(`Withdraw the invitation to ${who}? Its link will stop working.`)) return;
            void withdraw
              .mutateAsync(i.id)
              .then(() => showToast('Invitation withdrawn.'))
              .catch(showError);
          }}
        >
          Withdraw
        </IonButton>
      </div>
    </li>
  );
}
