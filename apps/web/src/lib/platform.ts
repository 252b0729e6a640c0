import { Capacitor } from '@capacitor/core';
import { isPlatform } from '@ionic/react';

export const isNative = (): boolean => Capacitor.isNativePlatform();
export const nativePlatform = (): 'ios' | 'android' | 'web' => {
  const p = Capacitor.getPlatform();
  return p === 'ios' || p === 'android' ? p : 'web';
};
/** Phones and tablets (native or browser) get the longer mobile timeout. */
export const isMobile = (): boolean => isNative() || isPlatform('mobile');
