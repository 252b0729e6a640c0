import { IonBackButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import type { ReactNode } from 'react';

/** The standard page header: menu button on root pages, back button on pushed pages. */
export function PageHeader({ title, back, end }: { title: string; back?: string; end?: ReactNode }) {
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          {back ? <IonBackButton defaultHref={back} /> : null}
          <IonMenuButton />
        </IonButtons>
        <IonTitle>{title}</IonTitle>
        {end ? <IonButtons slot="end">{end}</IonButtons> : null}
      </IonToolbar>
    </IonHeader>
  );
}
