import { IonButton, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import type { ContactMessage } from '@lastman/api';
import { londonDateTime } from '@lastman/api/format';
import { mailOutline } from 'ionicons/icons';
import { type FormEvent, useState } from 'react';
import { showError, showToast } from '../../../lib/toast.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormField } from '../../../ui/form-field.tsx';
import { InlineLoading } from '../../../ui/page-loading.tsx';
import {
  type MessageFilter,
  useContactMessages,
  useReplyToMessage,
  useSetMessageDone,
} from './contact-messages-api.ts';
import '../../../ui/game-screens.css';
import '../../../ui/admin.css';

const emptyWords: Record<MessageFilter, { title: string; text: string }> = {
  all: {
    title: 'No messages yet',
    text: 'Messages that members and visitors send from the contact page will appear here.',
  },
  open: { title: 'Nothing open', text: 'Every message has been dealt with.' },
  done: { title: 'None done yet', text: 'Messages you mark done move here.' },
};

/** The contact form's messages on the Admin page: answer one by email, mark it done, reopen it. */
export function ContactMessagesAdmin() {
  const [filter, setFilter] = useState<MessageFilter>('all');
  const messages = useContactMessages(filter);
  const openCount = messages.data?.openCount;
  return (
    <section className="card contact-messages" aria-labelledby="messages-heading" id="messages">
      <div className="card-heading">
        <h2 id="messages-heading">Messages from the contact form</h2>
        <IonButton
          size="small"
          fill="clear"
          onClick={() => void messages.refetch()}
          disabled={messages.isFetching}
        >
          Refresh
        </IonButton>
      </div>
      <p className="muted">
        {openCount === undefined
          ? ''
          : openCount === 0
            ? 'No open messages. '
            : openCount === 1
              ? '1 open message. '
              : `${openCount} open messages. `}
        Reply under a message and it is emailed to the sender; mark it done once it is dealt with.
      </p>
      <IonSegment
        value={filter}
        aria-label="Which messages"
        onIonChange={(e) => setFilter((e.detail.value as MessageFilter | undefined) ?? 'all')}
      >
        <IonSegmentButton value="all">Open first</IonSegmentButton>
        <IonSegmentButton value="open">Open</IonSegmentButton>
        <IonSegmentButton value="done">Done</IonSegmentButton>
      </IonSegment>
      {messages.isPending ? (
        <InlineLoading />
      ) : messages.isError ? (
        <p role="alert" className="muted">
          {messages.error.message}
        </p>
      ) : messages.data.messages.length === 0 ? (
        <EmptyState icon={mailOutline} title={emptyWords[filter].title}>
          <p>{emptyWords[filter].text}</p>
        </EmptyState>
      ) : (
        <ul className="contact-messages__list" aria-label="Contact messages">
          {messages.data.messages.map((m) => (
            <li key={m.id}>
              <MessageCard message={m} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MessageCard({ message: m }: { message: ContactMessage }) {
  const [writing, setWriting] = useState(false);
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useReplyToMessage();
  const setDone = useSetMessageDone();
  const headingId = `message-${m.id}`;
  const done = m.status === 'done';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) {
      setError('Write your answer before sending it.');
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ id: m.id, reply });
      setReply('');
      setWriting(false);
      showToast(`Reply sent to ${m.email}.`);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The reply could not be sent.');
    }
  };

  const toggleDone = () =>
    void setDone
      .mutateAsync({ id: m.id, done: !done })
      .then(() => showToast(done ? 'Message reopened.' : 'Message marked done.'))
      .catch(showError);

  return (
    <article
      className="contact-message"
      aria-labelledby={headingId}
      data-testid="contact-message"
      data-status={m.status}
    >
      <div className="contact-message__top">
        <h3 id={headingId}>{m.subject}</h3>
        <span className={done ? 'pill pill--muted' : 'pill pill--info'}>{done ? 'Done' : 'Open'}</span>
      </div>
      <p className="muted small">
        {m.name}
        {m.email ? (
          <>
            {' · '}
            <a href={`mailto:${m.email}`}>{m.email}</a>
          </>
        ) : null}
        {' · '}
        {londonDateTime(m.createdAt)}
      </p>
      <p className="admin-message">{m.message}</p>
      {m.replies.map((r) => (
        <div key={r.id} className="contact-message__reply" data-testid="contact-reply">
          <p className="muted small">
            Replied by {r.sentByName}, {londonDateTime(r.sentAt)}
          </p>
          <p className="admin-message">{r.body}</p>
        </div>
      ))}
      {done && m.doneAt ? (
        <p className="muted small">
          Marked done by {m.doneByName}, {londonDateTime(m.doneAt)}
        </p>
      ) : null}
      {writing ? (
        <form className="contact-message__form" onSubmit={(e) => void submit(e)} noValidate>
          <FormField
            label={`Your reply to ${m.name}`}
            name="reply"
            value={reply}
            onValue={(value) => {
              setReply(value);
              if (value.trim()) setError(null);
            }}
            rows={5}
            error={error ?? undefined}
            helper={`Emailed to ${m.email}, and kept here with your name.`}
          />
          <div className="button-row">
            <IonButton type="submit" disabled={send.isPending}>
              {send.isPending ? <IonSpinner name="dots" /> : 'Send reply'}
            </IonButton>
            <IonButton
              fill="clear"
              onClick={() => {
                setWriting(false);
                setError(null);
              }}
            >
              Cancel
            </IonButton>
          </div>
        </form>
      ) : (
        <div className="button-row">
          {m.email ? (
            <IonButton onClick={() => setWriting(true)}>
              {m.replies.length ? 'Reply again' : 'Reply'}
            </IonButton>
          ) : (
            <p className="muted small">The sender deleted their account: there is no address to answer.</p>
          )}
          <IonButton fill="outline" onClick={toggleDone} disabled={setDone.isPending}>
            {done ? 'Reopen' : 'Mark done'}
          </IonButton>
        </div>
      )}
    </article>
  );
}
