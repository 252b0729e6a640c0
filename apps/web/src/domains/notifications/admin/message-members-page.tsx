import { IonButton, IonContent } from '@ionic/react';
import { type BroadcastInput, NOTIFICATION_LIMITS } from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import { megaphoneOutline } from 'ionicons/icons';
import { useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useIonAlert } from '../../../lib/use-ion-alert.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormError, FormField } from '../../../ui/form-field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import '../notifications.css';
import { useBroadcasts, useSendBroadcast } from './broadcasts-api.ts';

type Audience = BroadcastInput['audience'];

const audienceLabels: Record<Audience, string> = { members: 'All members', staff: 'Staff only' };
const people = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** An admin messages the club: club news to every member who gets it, or a message to the staff. */
export function MessageMembersPage() {
  const list = useBroadcasts();
  const send = useSendBroadcast();
  const [presentAlert] = useIonAlert();
  const [audience, setAudience] = useState<Audience>('members');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const reach = list.data?.reach;
  const reachOf = (a: Audience) =>
    reach === undefined
      ? ''
      : a === 'members'
        ? people(reach.members, 'member gets club news', 'members get club news')
        : people(reach.staff, 'member of staff', 'staff and admins');
  const ready = title.trim().length > 0 && body.trim().length > 0;

  const submit = () =>
    void presentAlert({
      header: 'Send this message?',
      message: `${audienceLabels[audience]}: ${reachOf(audience)}. It cannot be taken back.`,
      buttons: [
        { text: 'Keep editing', role: 'cancel' },
        {
          text: 'Send',
          handler: () =>
            send.mutate(
              { audience, title: title.trim(), body: body.trim() },
              {
                onSuccess: (done) => {
                  showToast(`Sent to ${people(done.recipients, 'person', 'people')}.`);
                  setTitle('');
                  setBody('');
                },
              },
            ),
        },
      ],
    });

  return (
    <>
      <PageHeader back="/admin" />
      <IonContent className="ion-padding">
        <div className="page-narrow message-members">
          <section className="card" aria-labelledby="new-message-heading">
            <h2 id="new-message-heading">New message</h2>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (ready) submit();
              }}
            >
              <fieldset className="audience-choice">
                <legend className="field__label">Send to</legend>
                {(['members', 'staff'] as const).map((a) => (
                  <label key={a} className="check-field">
                    <input
                      type="radio"
                      name="audience"
                      value={a}
                      checked={audience === a}
                      onChange={() => setAudience(a)}
                    />
                    <span>
                      {audienceLabels[a]}
                      {reach ? <span className="muted small"> · {reachOf(a)}</span> : null}
                    </span>
                  </label>
                ))}
              </fieldset>
              <FormField
                label="Title"
                name="title"
                value={title}
                onValue={(v) => setTitle(v.slice(0, NOTIFICATION_LIMITS.titleMax))}
                helper={`${title.length} of ${NOTIFICATION_LIMITS.titleMax} characters`}
              />
              <FormField
                label="Message"
                name="body"
                value={body}
                onValue={(v) => setBody(v.slice(0, NOTIFICATION_LIMITS.bodyMax))}
                rows={4}
                helper={`${body.length} of ${NOTIFICATION_LIMITS.bodyMax} characters`}
              />
              <h3 className="small">Preview</h3>
              <div className="card notification notification--unread broadcast-preview" data-testid="preview">
                <span className="notification__open">
                  <span className="notification__title">
                    <span className="notification__dot" aria-hidden="true" />
                    {title.trim() || 'Your title'}
                  </span>
                  <span className="notification__body">{body.trim() || 'Your message'}</span>
                  <span className="notification__time muted">
                    {audience === 'members' ? 'Club news' : 'Message to staff'} · just now
                  </span>
                </span>
              </div>
              <p className="muted small" data-testid="delivery-note">
                {audience === 'members'
                  ? 'It goes to every member who has club news on in their notification settings (on unless they turned it off): in the app and as a push, and by email to those who agreed to club news by email. '
                  : 'It goes to every member of staff and admin as a message to staff, whatever they chose for club news: in the app, as a push and by email, as each set in their notification settings. '}
                Members in their quiet hours (each sets their own, such as 22:00 to 07:00) get no push or
                email for it: they find it in their notifications the next time they open the app.
              </p>
              <FormError message={send.error?.message ?? null} />
              <IonButton type="submit" expand="block" disabled={!ready || send.isPending}>
                Send to {audienceLabels[audience].toLowerCase()}
              </IonButton>
            </form>
          </section>

          <section className="card" aria-labelledby="sent-heading">
            <h2 id="sent-heading">Sent</h2>
            {list.isPending ? (
              <InlineLoading />
            ) : list.isError ? (
              <p role="alert">{list.error.message}</p>
            ) : list.data.broadcasts.length === 0 ? (
              <EmptyState icon={megaphoneOutline} title="Nothing sent yet">
                <p>Messages you send appear here, with when, by whom and how many they reached.</p>
              </EmptyState>
            ) : (
              <ul className="list-plain sent-messages" aria-label="Sent messages">
                {list.data.broadcasts.map((b) => (
                  <li key={b.id} data-broadcast={b.id}>
                    <h3>{b.title}</h3>
                    <p className="admin-message">{b.body}</p>
                    <p className="muted small">
                      <time dateTime={b.sentAt}>{londonDateTime(b.sentAt)}</time> · by{' '}
                      {b.sentBy ?? 'a former admin'} · {audienceLabels[b.audience].toLowerCase()} · reached{' '}
                      {people(b.recipients, 'person', 'people')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </IonContent>
    </>
  );
}
