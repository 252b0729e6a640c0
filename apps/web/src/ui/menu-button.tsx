import { IonMenuButton } from '@ionic/react';
import { wantMenu } from '../lib/menu-request.ts';
import { useUiState } from '../lib/ui-state.ts';

/**
 * The header's menu button. The menu loads on demand (app/lazy-menu.tsx), and Ionic's own button
 * hides itself while no menu exists, so it is always shown here (`autoHide` off) while the menu is
 * enabled, and hidden by CSS where the split pane shows the menu beside the page
 * (`.app-menu-button` in theme.css). Its first press loads the menu and opens it; once the menu is
 * loaded, Ionic's button toggles it itself.
 */
export function MenuButton() {
  const menuEnabled = useUiState((s) => s.menuEnabled);
  if (!menuEnabled) return null;
  return (
    <IonMenuButton autoHide={false} className="app-menu-button" onClick={() => wantMenu({ open: true })} />
  );
}
