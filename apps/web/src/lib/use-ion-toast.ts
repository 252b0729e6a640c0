import type { OverlayEventDetail, ToastOptions } from '@ionic/core/components';
import { useCallback, useRef } from 'react';

/**
 * `useIonToast` as @ionic/react has it (present with `onDidDismiss`, dismiss the shown one), with
 * Ionic's toast element loaded when the first toast shows: @ionic/react's own hook sits in its
 * single module, which the first page loads, so the toast and overlay code (about 5 KB gzipped)
 * was in the first page's JavaScript although the first screen shows no toast.
 */
export function useIonToast() {
  const shown = useRef<HTMLIonToastElement | undefined>(undefined);
  const present = useCallback(
    async ({
      onDidDismiss,
      ...options
    }: ToastOptions & { onDidDismiss?: (event: CustomEvent<OverlayEventDetail>) => void }) => {
      const { createToast } = await import('./toast-element.ts');
      const toast = await createToast(options);
      shown.current = toast;
      toast.addEventListener('ionToastDidDismiss', (event) => {
        if (shown.current === toast) shown.current = undefined;
        onDidDismiss?.(event as CustomEvent<OverlayEventDetail>);
      });
      await toast.present();
    },
    [],
  );
  const dismiss = useCallback(async () => {
    await shown.current?.dismiss();
  }, []);
  return [present, dismiss] as const;
}
