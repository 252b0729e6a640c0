import { type AlertOptions, alertController, type OverlayEventDetail } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';
import { useCallback, useRef } from 'react';

/**
 * `useIonAlert` as @ionic/react has it (one alert at a time; `onDidDismiss`), for the pages that
 * ask for confirmation. @ionic/react's own hook sits in its single module, which the first page
 * loads, so the alert element (about 15 KB gzipped) landed in the first page's JavaScript although
 * only the admin screens show an alert.
 */
export function useIonAlert() {
  const shown = useRef<HTMLIonAlertElement | undefined>(undefined);
  const present = useCallback(
    async ({
      onDidDismiss,
      ...options
    }: AlertOptions & { onDidDismiss?: (event: CustomEvent<OverlayEventDetail>) => void }) => {
      if (shown.current) return;
      defineCustomElement();
      const alert = await alertController.create(options);
      shown.current = alert;
      alert.addEventListener('ionAlertDidDismiss', (event) => {
        shown.current = undefined;
        onDidDismiss?.(event);
      });
      await alert.present();
    },
    [],
  );
  const dismiss = useCallback(async () => {
    await shown.current?.dismiss();
  }, []);
  return [present, dismiss] as const;
}
