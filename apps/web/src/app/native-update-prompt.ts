import { alertController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';
import { http } from '../lib/api.ts';
import { getAppVersionInfo } from '../lib/native.ts';
import { checkForNativeUpdate, type UpdateConfig } from '../lib/update-prompt.ts';

/** The update check on a device, with Ionic's alert and the system browser (loaded only there). */
export async function promptNativeUpdate(platform: 'ios' | 'android'): Promise<void> {
  await checkForNativeUpdate({
    platform,
    installedVersionCode: async () => (await getAppVersionInfo())?.versionCode ?? null,
    fetchConfig: () => http.get<UpdateConfig>('/api/config'),
    showAlert: async (options) => {
      defineCustomElement();
      const alert = await alertController.create(options);
      await alert.present();
    },
    openUrl: (url) => void window.open(url, '_system'),
  });
}
