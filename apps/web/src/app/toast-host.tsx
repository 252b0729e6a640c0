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
    void (replacing ? dismiss().catch(() => undefined) : Promise.resolve()).then(() =>
      present({
        message: toast.message,
        color: toastColor(toast.kind),
        position: 'top',
        positionAnchor: visibleHeader(),
        duration: TOAST_DURATION_MS,
        cssClass: ['app-toast', `app-toast--${toast.kind}`],
        buttons: [{ text: 'Close', role: 'cancel' }],
        onDidDismiss: () => dismissToast(toast.id),
      }),
    );
  }, [toast, present, dismiss]);
  return null;
}
