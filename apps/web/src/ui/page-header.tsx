import { IonBackButton, IonButtons, IonHeader, IonTitle, IonToolbar } from '@ionic/react';
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router-dom';
import { OFFLINE_MESSAGE, useOnline } from '../lib/online.ts';
import { MenuButton } from './menu-button.tsx';

/** The title of the route being shown, from the route table (provided around each routed page). */
export const RouteTitle = createContext('');

/** The current route's title from the route table. */
export const useRouteTitle = () => useContext(RouteTitle);

/** Where a page's back button leads when there is no history to go back through (a reload, a link). */
const HOME = '/app/tabs/game';

/**
 * The standard page header: the menu button, and a back button on every page outside the tab bar
 * (a Home Screen app on an iPhone has no system back). The title is the route table's unless the
 * page shows something else (a club's name, a round number).
 */
export function PageHeader({ title, back, end }: { title?: string; back?: string; end?: ReactNode }) {
  const routeTitle = useRouteTitle();
  const inTabs = useLocation().pathname.startsWith('/app/tabs/');
  const backTo = back ?? (inTabs ? null : HOME);
  const online = useOnline();
  return (
    <IonHeader>
      <IonToolbar color="primary">
        <IonButtons slot="start">
          {backTo ? <IonBackButton defaultHref={backTo} /> : null}
          <MenuButton />
        </IonButtons>
        <IonTitle>{title ?? routeTitle}</IonTitle>
        {end ? <IonButtons slot="end">{end}</IonButtons> : null}
      </IonToolbar>
      {online ? null : (
        <p className="offline-bar" role="status" data-testid="offline-bar">
          {OFFLINE_MESSAGE} What you see may be out of date; picks and payments wait until you are back
          online.
        </p>
      )}
    </IonHeader>
  );
}
