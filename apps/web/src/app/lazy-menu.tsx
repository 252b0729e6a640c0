import { type ComponentType, useEffect, useState, useSyncExternalStore } from 'react';
import { isMenuWanted, subscribeMenuRequest, wantMenu } from '../lib/menu-request.ts';

/**
 * The side menu (`ion-menu`, its items, the club switcher, its icons) loads on the first press of
 * a page's menu button (ui/menu-button.tsx), or at once where Ionic's split pane shows it beside
 * the page (from 992 px, the `lg` of `<IonSplitPane when="lg">`): the first page on a phone draws
 * none of it. Once loaded it stays, and opens by swipe as well. Quiet: a menu that cannot load
 * (offline, never opened before) leaves the page as it is, and loads when the connection comes
 * back. Its module is imported into state, not through `lazy` and Suspense: a Suspense boundary
 * around the menu could hide what it holds while something under it loads (it did under Preact,
 * taking the open menu away mid-gesture), and state needs no fallback at all.
 */
function useMenuComponent(wanted: boolean): ComponentType | null {
  const [Menu, setMenu] = useState<ComponentType | null>(null);
  const [attempt, setAttempt] = useState(0);
  // `attempt` is what a failed import bumps when the connection comes back: the import runs again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of attempt is the retry
  useEffect(() => {
    if (!wanted || Menu) return;
    let live = true;
    const again = () => setAttempt((n) => n + 1);
    import('./menu.tsx').then(
      (m) => {
        if (live) setMenu(() => m.Menu);
      },
      () => window.addEventListener('online', again, { once: true }),
    );
    return () => {
      live = false;
      window.removeEventListener('online', again);
    };
  }, [wanted, Menu, attempt]);
  return Menu;
}

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
  const Menu = useMenuComponent(shown);
  return Menu ? <Menu /> : null;
}
