import { IonButton, IonContent, IonItem, IonLabel, IonList } from '@ionic/react';
import type { ContactMessageList } from '@lastman/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailOutline } from 'ionicons/icons';
import { http } from '../../lib/api.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { InlineLoading } from '../../ui/page-loading.tsx';
import { GameAdmin } from './components/game-admin.tsx';

const contactMessagesQuery = queryOptions({
  queryKey: ['admin', 'contact-messages'],
  queryFn: () => http.get<ContactMessageList>('/api/admin/contact-messages'),
});

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/London',
});

export function AdminPage() {
  const messages = useQuery(contactMessagesQuery);
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-wide">
          <GameAdmin />
          {/* Events (issue 12). */}
          <IonButton expand="block" fill="outline" routerLink="/admin/events">
            Manage events
          </IonButton>
          <IonButton expand="block" fill="outline" routerLink="/message-members">
            Message members
          </IonButton>
          <section className="card" aria-labelledby="messages-heading">
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
            {messages.isPending ? (
              <InlineLoading />
            ) : messages.isError ? (
              <p role="alert" className="muted">
                {messages.error.message}
              </p>
            ) : messages.data.messages.length === 0 ? (
              <EmptyState icon={mailOutline} title="No messages yet">
                <p>Messages that members and visitors send from the contact page will appear here.</p>
              </EmptyState>
            ) : (
              <IonList lines="full">
                {messages.data.messages.map((m) => (
                  <IonItem key={m.id}>
                    <IonLabel className="ion-text-wrap">
                      <h3>{m.subject}</h3>
                      <p>
                        {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
                      </p>
                      <p className="admin-message">{m.message}</p>
                    </IonLabel>
                    <p className="muted">{dateFormat.format(new Date(m.createdAt))}</p>
                  </IonItem>
                ))}
              </IonList>
            )}
          </section>
          <p className="muted">
            Events, the gallery, the menu, schedules and users will be managed here too.
          </p>
        </div>
      </IonContent>
    </>
  );
}
