import { IonIcon, IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import { useLayoutEffect, useState } from 'react';
import { Navigate, Route } from 'react-router-dom';
// The badge's own module, not the feature's index: the index would bring the push-devices card into the first page.
import { UnreadBadge } from '../domains/notifications/unread-badge.tsx';
import { useMe } from '../lib/me.ts';
import { useOnline } from '../lib/online.ts';
import { useUiState } from '../lib/ui-state.ts';
import { paths, tabPath } from './paths.ts';
import { type TabRoute, tabRoutes } from './route-table.ts';

/** A tab's button shows when its route is open to the visitor: everyone, members, or visitors only. */
function tabVisible(route: TabRoute, loggedIn: boolean): boolean {
  if (route.access === 'public') return true;
  if (route.access === 'signedOut') return !loggedIn;
  return loggedIn;
}

/**
 * The tab buttons (Ionic elements with an icon and a label each) mount two tasks after the tabs:
 * with them, the tabs' first render was the longest task of the first page on a slowed phone.
 * The bar keeps its place meanwhile, as while the session is asked (below).
 */
function useButtonsShown(): boolean {
  const [shown, setShown] = useState(false);
  useLayoutEffect(() => {
    let inner = 0;
    const outer = setTimeout(() => {
      inner = window.setTimeout(() => setShown(true), 0);
    }, 0);
    return () => {
      clearTimeout(outer);
      clearTimeout(inner);
    };
  }, []);
  return shown;
}

export function Tabs() {
  const loggedIn = useUiState((s) => s.loggedIn);
  const buttonsShown = useButtonsShown();
  const tabButtons = buttonsShown ? tabRoutes.filter((route) => tabVisible(route, loggedIn)) : [];
  // A first visit signed in by cookie alone: until the server says who this is, and for the 300 ms
  // the logged-in state takes to follow its answer (lib/user-events.ts), the visitor's tabs would be
  // a wrong guess. The bar keeps its place with its buttons unseen, so they do not appear as one set
  // and then slide over for the other.
  const me = useMe();
  const asking = me.isPending && me.fetchStatus === 'fetching' && me.failureCount === 0;
  const unknown = !loggedIn && (asking || Boolean(me.data));
  // As the main outlet: no page animation offline, whose code may not be on the device yet.
  const online = useOnline();
  return (
    <IonTabs>
      <IonRouterOutlet animated={online}>
        <Route index element={<Navigate to={paths.tabs.game} replace />} />
        {tabRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </IonRouterOutlet>
      <IonTabBar slot="bottom" className={unknown ? 'tab-bar--unknown' : undefined}>
        {tabButtons.map((tab) => (
          <IonTabButton key={tab.path} tab={tab.path} href={tabPath(tab.path)}>
            <IonIcon icon={tab.icon} aria-hidden="true" />
            <IonLabel>{tab.label}</IonLabel>
            {/* The unread notifications, on the tab of the player's own things. */}
            {tab.path === 'account' ? <UnreadBadge /> : null}
          </IonTabButton>
        ))}
      </IonTabBar>
    </IonTabs>
  );
}
