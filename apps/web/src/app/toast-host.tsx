import { useEffect, useRef } from 'react';
import { dismissToast, TOAST_DURATION_MS, toastColor, useCurrentToast } from '../lib/toast.ts';
import { useIonToast } from '../lib/use-ion-toast.ts';

/**
 * The visible page's header, so that a toast sits just below it and leaves the back button, the
 * menu and the header's own actions free to tap.
 */
function visibleHeader(): HTMLElement | undefined {
  const headers = Array.from(document.querySelectorAll<HTMLElement>('ion-header'));
  return headers.find((h) => {
    if (h.closest('.ion-page-hidden, ion-modal, ion-menu')) return false;
    const box = h.getBoundingClientRect();
    return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight / 2;
  });
}

let marker: HTMLDivElement | null = null;

/**
 * Where the toast hangs from: a mark of ours at the bottom edge of the header, not the header
 * itself. Ionic measures its anchor only as the toast opens; a toast shown just before a move to
 * another page (signed up, club started, joined as staff) was anchored to the old page's header,
 * gone by then, and measured at the top of the screen, over the new page's header. The mark stays.
 * Before any header is drawn (the next page still loading) it waits up to 2 s for one.
 */
function headerEdge(): Promise<HTMLElement> {
  const deadline = performance.now() + 2000;
  return new Promise((resolve) => {
    const look = () => {
      const header = visibleHeader();
      if (!header && performance.now() < deadline) {
        requestAnimationFrame(look);
        return;
      }
      if (!marker) {
        marker = document.createElement('div');
        marker.setAttribute('aria-hidden', 'true');
        marker.style.cssText = 'position:absolute;left:0;width:1px;height:0;pointer-events:none;';
        document.body.append(marker);
      }
      // No header at all: the toolbar's own height, below the notch.
      marker.style.top = header
        ? `${header.getBoundingClientRect().bottom}px`
        : 'calc(56px + var(--ion-safe-area-top, 0px))';
      resolve(marker);
    };
    look();
  });
}

/** Presents each new toast at the top, below the header, for 4500 ms (success: green, error: danger). */
export function ToastHost() {
  const toast = useCurrentToast();
  const [present, dismiss] = useIonToast();
  const presented = useRef(0);
  useEffect(() => {
    // Only a new toast is presented; re-renders must not dismiss or repeat the current one.
    if (!toast || presented.current === toast.id) return;
    const replacing = presented.current !== 0;
    presented.current = toast.id;
    void (replacing ? dismiss().catch(() => undefined) : Promise.resolve()).then(async () =>
      present({
        message: toast.message,
        color: toastColor(toast.kind),
        position: 'top',
        positionAnchor: await headerEdge(),
        duration: TOAST_DURATION_MS,
        cssClass: ['app-toast', `app-toast--${toast.kind}`],
        buttons: [{ text: 'Close', role: 'cancel' }],
        onDidDismiss: () => dismissToast(toast.id),
      }),
    );
  }, [toast, present, dismiss]);
  return null;
}
