import { IonContent, IonIcon, IonItem, IonLabel, IonList } from '@ionic/react';
import {
  barChartOutline,
  calendarOutline,
  documentTextOutline,
  imagesOutline,
  megaphoneOutline,
  peopleOutline,
  restaurantOutline,
  starOutline,
  storefrontOutline,
} from 'ionicons/icons';
import { paths } from '../../app/paths.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ContactMessagesAdmin, SetupChecklist } from '../club/index.ts';
import { GameAdmin } from '../game/index.ts';

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
  return (
    <>
      <PageHeader />
      <IonContent className="ion-padding">
        <div className="page-wide">
          <SetupChecklist untilDone />
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
          <ContactMessagesAdmin />
        </div>
      </IonContent>
    </>
  );
}
