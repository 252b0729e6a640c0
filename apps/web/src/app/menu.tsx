import { menuController } from '@ionic/core/components';
import {
  IonContent,
  IonFooter,
  IonIcon,
  IonItem,
  IonLabel,
  IonList,
  IonMenu,
  IonMenuToggle,
  IonToolbar,
} from '@ionic/react';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
// The badge's own module, not the feature's index: the index would bring the push-devices card into the first page.
import { UnreadBadge } from '../domains/notifications/unread-badge.tsx';
import { signOut } from '../lib/auth.ts';
import { useClub } from '../lib/club.ts';
import { useMe } from '../lib/me.ts';
import { takeOpenRequest } from '../lib/menu-request.ts';
import { showError } from '../lib/toast.ts';
import { useUiState } from '../lib/ui-state.ts';
import { ClubSwitcher } from './club-switcher.tsx';
import { menuIcons as icons } from './menu-icons.ts';
import { APP_DEVELOPER, APP_VERSION, type MenuItem, visibleSections } from './menu-table.ts';
import { paths } from './paths.ts';

/** The side menu; its code and icons load with it (lazy-menu.tsx), not with the first page. */
export function Menu() {
  const loggedIn = useUiState((s) => s.loggedIn);
  const menuEnabled = useUiState((s) => s.menuEnabled);
  const remembered = useUiState((s) => s.remembered);
  const me = useMe();
  const club = useClub();
  const location = useLocation();
  const navigate = useNavigate();
  const sections = visibleSections(loggedIn, me.data?.role ?? remembered?.role);
  const clubName = me.data?.club?.name ?? club.data?.name ?? remembered?.clubName;
  // Loaded by a press of the menu button: it opens as soon as it is ready.
  useEffect(() => {
    if (takeOpenRequest(() => void menuController.toggle())) void menuController.open();
  }, []);

  const logout = async () => {
    try {
      await signOut();
    } catch (error) {
      showError(error);
    }
    navigate(paths.login, { replace: true });
  };

  const renderItem = (item: MenuItem) => {
    const selected = item.path !== undefined && location.pathname.startsWith(item.path);
    return (
      <IonMenuToggle key={item.title} autoHide={false}>
        {item.action === 'logout' ? (
          <IonItem button detail={false} onClick={logout} lines="none" data-menu-item={item.title}>
            <IonIcon slot="start" icon={icons[item.icon]} aria-hidden="true" />
            <IonLabel>{item.title}</IonLabel>
          </IonItem>
        ) : (
          <IonItem
            routerLink={item.path}
            routerDirection="root"
            detail={false}
            lines="none"
            className={selected ? 'selected' : undefined}
            data-menu-item={item.title}
          >
            <IonIcon slot="start" icon={icons[item.icon]} aria-hidden="true" />
            <IonLabel>{item.title}</IonLabel>
            {item.path === paths.notificationList ? <UnreadBadge slot="end" /> : null}
          </IonItem>
        )}
      </IonMenuToggle>
    );
  };

  return (
    // The till screen is a kiosk: no menu there (nor beside it on a wide screen).
    <IonMenu
      contentId="main"
      type="overlay"
      disabled={!menuEnabled || location.pathname === paths.till}
      className="app-menu"
    >
      <IonContent>
        <div className="app-menu__brand">
          <div className="app-menu__logo" aria-hidden="true">
            {club.data?.logoUrl ? <img src={club.data.logoUrl} alt="" /> : <span>L</span>}
          </div>
          <div>
            <div className="app-menu__app">Lastman</div>
            {clubName ? <div className="app-menu__club">{clubName}</div> : null}
          </div>
        </div>
        <ClubSwitcher />
        <nav aria-label="Main menu">
          {sections.map((section) => (
            <section key={`${section.title}-${section.show}`} aria-label={section.title}>
              <h2 className="app-menu__heading">{section.title}</h2>
              <IonList lines="none" className="app-menu__list">
                {section.items.map(renderItem)}
              </IonList>
            </section>
          ))}
        </nav>
      </IonContent>
      <IonFooter className="ion-no-border">
        <IonToolbar className="app-menu__footer">
          <p>
            by {APP_DEVELOPER} · <span data-testid="app-version">{APP_VERSION}</span>
          </p>
        </IonToolbar>
      </IonFooter>
    </IonMenu>
  );
}
