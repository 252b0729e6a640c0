import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { isMenuWanted, subscribeMenuRequest, wantMenu } from '../lib/menu-request.ts';
import { lazyPart } from '../ui/lazy-part.tsx';

/**
 * The side menu (`ion-menu`, its items, the club switcher, its icons) loads on the first press of
 * a page's menu button (ui/menu-button.tsx), or at once where Ionic's split pane shows it beside
 * the page (from 992 px, the `lg` of `<IonSplitPane when="lg">`): the first page on a phone draws
 * none of it. Once loaded it stays, and opens by swipe as well. Quiet: a menu that cannot load
 * (offline, never opened before) leaves the page as it is, and loads when the connection comes
 * back.
 */
const Menu = lazyPart(async () => (await import('./menu.tsx')).Menu, { quiet: true });

const WIDE = '(min-width: 992px)';

/** The menu's place in the split pane: empty until it is wanted. */
export function LazyMenu() {
  const shown = useSyncExternalStore(subscribeMenuRequest, isMenuWanted, isMenuWanted);
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    if (wide.matches) return wantMenu({ open: false });
    const load = () => {
      if (wide.matches) wantMenu({ open: false });
    };
    wide.addEventListener('change', load);
    return () => wide.removeEventListener('change', load);
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <Menu />
    </Suspense>
  ) : null;
}
