import { alertController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-alert.js';
import { http } from '../lib/api.ts';
import { getAppVersionInfo } from '../lib/native.ts';
import {
  DEFAULT_EXPECTED_VERSION_CODE,
  shouldPromptUpdate,
  storeUrl,
  UPDATE_PROMPT,
} from '../lib/update-prompt.ts';

/** The original's update prompt, on a device whose version code differs from the server's expected one. */
export async function checkForNativeUpdate(platform: 'ios' | 'android'): Promise<void> {
  const [info, config] = await Promise.all([
    getAppVersionInfo(),
    http.get<{ expectedVersionCode?: number }>('/api/config').catch(() => null),
  ]);
  const expectedVersionCode = config?.expectedVersionCode ?? DEFAULT_EXPECTED_VERSION_CODE;
  if (!shouldPromptUpdate({ platform, installedVersionCode: info?.versionCode ?? null, expectedVersionCode }))
    return;
  defineCustomElement();
  const alert = await alertController.create({
    header: UPDATE_PROMPT.header,
    subHeader: UPDATE_PROMPT.subHeader,
    message: UPDATE_PROMPT.message,
    buttons: [
      { text: UPDATE_PROMPT.no, role: 'cancel' },
      { text: UPDATE_PROMPT.yes, handler: () => void window.open(storeUrl(platform), '_system') },
    ],
  });
  await alert.present();
}
