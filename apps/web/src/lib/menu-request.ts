/**
 * Whether the side menu has been asked for (app/lazy-menu.tsx loads it then), and whether it should
 * open as soon as it is shown: the state the menu button and the menu share.
 */
let wanted = false;
let mounted = false;
let openWhenReady = false;
let toggle: (() => void) | null = null;
const listeners = new Set<() => void>();

export const subscribeMenuRequest = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const isMenuWanted = () => wanted;

/** Asks for the menu; `open`: the menu button was pressed, so it opens once shown. */
export function wantMenu({ open }: { open: boolean }) {
  if (open && !mounted) openWhenReady = true;
  if (wanted) return;
  wanted = true;
  for (const listener of [...listeners]) listener();
}

/** The header's menu button (ui/menu-button.tsx): loads and opens the menu, or toggles it once loaded. */
export function pressMenuButton() {
  if (toggle) toggle();
  else wantMenu({ open: true });
}

/**
 * Called by the menu when it is first shown, with the function that toggles it: whether it should
 * open at once (the button was pressed while it loaded). From then on the button toggles it.
 */
export function takeOpenRequest(toggleMenu: () => void): boolean {
  mounted = true;
  toggle = toggleMenu;
  const open = openWhenReady;
  openWhenReady = false;
  return open;
}
