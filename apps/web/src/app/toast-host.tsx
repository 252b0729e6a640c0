import { useIonToast } from '@ionic/react';
import { useEffect, useRef } from 'react';
import { dismissToast, TOAST_DURATION_MS, toastColor, useCurrentToast } from '../lib/toast.ts';

/** Presents each new toast at the top for 4500 ms (success: secondary, error: danger). */
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
        duration: TOAST_DURATION_MS,
        cssClass: ['app-toast', `app-toast--${toast.kind}`],
        buttons: [{ text: 'Close', role: 'cancel' }],
        onDidDismiss: () => dismissToast(toast.id),
      }),
    );
  }, [toast, present, dismiss]);
  return null;
}
