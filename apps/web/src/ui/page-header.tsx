import { IonBackButton, IonButtons, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import { createContext, type ReactNode, useContext } from 'react';

/** The title of the route being shown, from the route table (provided around each routed page). */
export const RouteTitle = createContext('');

/** The current route's title from the route table. */
export const useRouteTitle = () => useContext(RouteTitle);

/**
 * The standard page header: menu button on root pages, back button on pushed pages. The title is
 * the route table's unless the page shows something else (a club's name, a round number).
 */
export function PageHeader({ title, back, end }: { title?: string; back?: string; end?: ReactNode }) {
  const routeTitle = useRouteTitle();
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          {back ? <IonBackButton defaultHref={back} /> : null}
          <IonMenuButton />
        </IonButtons>
        <IonTitle>{title ?? routeTitle}</IonTitle>
        {end ? <IonButtons slot="end">{end}</IonButtons> : null}
      </IonToolbar>
    </IonHeader>
  );
}
