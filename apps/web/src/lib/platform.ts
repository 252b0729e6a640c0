import { isPlatform } from '@ionic/react';

/** What Capacitor's native shells put on `window` before the app starts. */
interface NativeShell {
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
}

/**
 * The platform as @capacitor/core's `Capacitor.getPlatform()` decides it (its `getPlatformId`),
 * without loading @capacitor/core: a browser never needs it on the first page.
 */
export const nativePlatform = (): 'ios' | 'android' | 'web' => {
  const shell = window as unknown as NativeShell;
  if (shell.androidBridge) return 'android';
  if (shell.webkit?.messageHandlers?.bridge) return 'ios';
  return 'web';
};
export const isNative = (): boolean => nativePlatform() !== 'web';
/** Phones and tablets (native or browser) get the longer mobile timeout. */
export const isMobile = (): boolean => isNative() || isPlatform('mobile');
