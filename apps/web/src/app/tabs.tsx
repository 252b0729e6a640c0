import { IonIcon, IonLabel, IonRouterOutlet, IonTabBar, IonTabButton, IonTabs } from '@ionic/react';
import {
  footballOutline,
  logInOutline,
  personCircleOutline,
  receiptOutline,
  storefrontOutline,
  trophyOutline,
} from 'ionicons/icons';
import { Navigate, Route } from 'react-router-dom';
import { useUiState } from '../lib/ui-state.ts';
import { paths } from './paths.ts';
import { tabRoutes } from './route-table.ts';

interface TabButton {
  tab: string;
  label: string;
  icon: string;
  show: 'always' | 'signedIn' | 'signedOut';
}

/** Game, Matches, Club (open to everyone), Orders (signed in), and Account or Login. */
const tabButtons: readonly TabButton[] = [
  { tab: 'game', label: 'Game', icon: trophyOutline, show: 'always' },
  { tab: 'matches', label: 'Matches', icon: footballOutline, show: 'always' },
  { tab: 'club', label: 'Club', icon: storefrontOutline, show: 'always' },
  { tab: 'selections', label: 'Orders', icon: receiptOutline, show: 'signedIn' },
  { tab: 'account', label: 'Account', icon: personCircleOutline, show: 'signedIn' },
  { tab: 'login', label: 'Login', icon: logInOutline, show: 'signedOut' },
];

export function Tabs() {
  const loggedIn = useUiState((s) => s.loggedIn);
  const visible = tabButtons.filter((b) => b.show === 'always' || (b.show === 'signedIn') === loggedIn);
  return (
    <IonTabs>
      <IonRouterOutlet>
        <Route index element={<Navigate to={paths.tabs.game} replace />} />
        {tabRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </IonRouterOutlet>
      <IonTabBar slot="bottom">
        {visible.map((b) => (
          <IonTabButton key={b.tab} tab={b.tab} href={`/app/tabs/${b.tab}`}>
            <IonIcon icon={b.icon} aria-hidden="true" />
            <IonLabel>{b.label}</IonLabel>
          </IonTabButton>
        ))}
      </IonTabBar>
    </IonTabs>
  );
}
