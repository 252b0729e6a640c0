import { isNative, nativePlatform } from './platform.ts';
import { parseVersionCode } from './update-prompt.ts';

export interface AppVersionInfo {
  appName: string;
  packageName: string;
  versionCode: number | null;
  versionNumber: string;
}

/** App version info read from the device (name, package, version code); null in a browser. */
export async function getAppVersionInfo(): Promise<AppVersionInfo | null> {
  if (!isNative()) return null;
  const { App } = await import('@capacitor/app');
  const info = await App.getInfo();
  return {
    appName: info.name,
    packageName: info.id,
    versionCode: parseVersionCode(info.build),
    versionNumber: info.version,
  };
}

/** Hides the splash screen once the first screen is up (Android and iOS only). */
export async function hideSplash(): Promise<void> {
  const platform = nativePlatform();
  if (platform === 'web') return;
  const { SplashScreen } = await import('@capacitor/splash-screen');
  await SplashScreen.hide();
}
