import { IonButton, IonContent, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import type { ContactMessageList } from '@lastman/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  barChartOutline,
  calendarOutline,
  documentTextOutline,
  imagesOutline,
  mailOutline,
  megaphoneOutline,
  peopleOutline,
  restaurantOutline,
  starOutline,
  storefrontOutline,
} from 'ionicons/icons';
import { paths } from '../../app/paths.ts';
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

/** Every admin screen of the club, so the admin page is where a landlord finds them all. */
const clubAreas = [
  { title: 'Events', path: paths.adminEvents, icon: starOutline },
  { title: 'Gallery: add photos', path: paths.galleryUpload, icon: imagesOutline },
  { title: 'Menu manager', path: paths.menumanager, icon: restaurantOutline },
  { title: 'Staff schedules', path: paths.staffschedules, icon: calendarOutline },
  { title: 'Timesheets', path: paths.timesheets, icon: documentTextOutline },
  { title: 'Analytics', path: paths.analytics, icon: barChartOutline },
  { title: 'Members', path: paths.adminMembers, icon: peopleOutline },
  { title: 'Message members', path: paths.messageMembers, icon: megaphoneOutline },
  { title: 'Club settings', path: paths.adminClub, icon: storefrontOutline },
] as const;

export function AdminPage() {
  const messages = useQuery(contactMessagesQuery);
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-wide">
          <GameAdmin />
          <section className="card" aria-labelledby="club-areas-heading">
            <h2 id="club-areas-heading">Running the club</h2>
            <IonList lines="full" className="admin-areas">
              {clubAreas.map((area) => (
                <IonItem key={area.path} routerLink={area.path} detail>
                  <IonIcon slot="start" icon={area.icon} aria-hidden="true" />
                  <IonLabel>{area.title}</IonLabel>
                </IonItem>
              ))}
            </IonList>
          </section>
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
        </div>
      </IonContent>
    </>
  );
}
