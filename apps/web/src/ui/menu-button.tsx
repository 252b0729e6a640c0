import { IonButton, IonIcon } from '@ionic/react';
import { menuOutline, menuSharp } from 'ionicons/icons';
import { pressMenuButton } from '../lib/menu-request.ts';
import { useUiState } from '../lib/ui-state.ts';

/**
 * The header's menu button: a plain icon button drawn with the `ion-button` and `ion-icon` the first
 * page draws anyway, with the icons Ionic's own `ion-menu-button` shows (a sharp one on Android, an
 * outline on iOS). Ionic's button brought its menu controller and animation code into the first page
 * (about 4 KB gzipped) for a menu that loads on demand (app/lazy-menu.tsx): the first press loads
 * the menu and opens it; once it is loaded the menu toggles itself (lib/menu-request.ts). Hidden by
 * CSS where the split pane shows the menu beside the page (`.app-menu-button` in theme.css).
 */
export function MenuButton() {
  const menuEnabled = useUiState((s) => s.menuEnabled);
  if (!menuEnabled) return null;
  return (
    <IonButton className="app-menu-button" aria-label="menu" onClick={pressMenuButton}>
      <IonIcon slot="icon-only" ios={menuOutline} md={menuSharp} aria-hidden="true" />
    </IonButton>
  );
}
