import { useEffect } from 'react';
import { nativePlatform } from '../lib/platform.ts';
import { registerServiceWorker } from '../lib/pwa.ts';
import { useIonToast } from '../lib/use-ion-toast.ts';

/**
 * Start-up update checks. In a browser: the service worker, and a toast offering a reload when a
 * new version is waiting. On a device: the original's update prompt (loaded only there).
 */
export function UpdateChecks() {
  const [present] = useIonToast();
  useEffect(() => {
    const platform = nativePlatform();
    if (platform !== 'web') {
      void import('./native-update-prompt.ts').then((m) => m.promptNativeUpdate(platform));
      return;
    }
    registerServiceWorker((reload) => {
      void present({
        message: 'A new version of Lastman is ready.',
        position: 'top',
        color: 'secondary',
        cssClass: 'app-toast',
        buttons: [
          { text: 'Reload', handler: () => void reload() },
          { text: 'Later', role: 'cancel' },
        ],
      });
    });
  }, [present]);
  return null;
}
