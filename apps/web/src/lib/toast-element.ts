import { type ToastOptions, toastController } from '@ionic/core/components';
import { defineCustomElement } from '@ionic/core/components/ion-toast.js';

/** Ionic's toast, defined on first use (loaded by use-ion-toast.ts when the first toast shows). */
export function createToast(options: ToastOptions): Promise<HTMLIonToastElement> {
  defineCustomElement();
  return toastController.create(options);
}
