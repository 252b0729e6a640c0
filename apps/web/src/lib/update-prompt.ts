/** The original's update prompt; the message is spelled correctly (product.md, departures). */
export const UPDATE_PROMPT = {
  header: 'Update Your App',
  subHeader: 'You Want to Update App?',
  message: 'New version available. Update your app.',
  no: 'No',
  yes: 'Yes!',
} as const;

export const DEFAULT_EXPECTED_VERSION_CODE = 5;

export const STORE_URLS = {
  android: 'https://play.google.com/store/apps/details?id=uk.lastman.app',
  ios: 'https://apps.apple.com/gb/app/lastman/id0000000000',
} as const;

/** Shown only on a native device whose installed version code differs from the expected one. */
export function shouldPromptUpdate(input: {
  platform: 'ios' | 'android' | 'web';
  installedVersionCode: number | null;
  expectedVersionCode: number;
}): boolean {
  if (input.platform === 'web' || input.installedVersionCode === null) return false;
  return input.installedVersionCode !== input.expectedVersionCode;
}

export function storeUrl(platform: 'ios' | 'android'): string {
  return STORE_URLS[platform];
}

/** Capacitor's `build` is the version code on Android (a number) and the build string on iOS. */
export function parseVersionCode(build: string | undefined): number | null {
  if (!build) return null;
  const code = Number.parseInt(build, 10);
  return Number.isFinite(code) ? code : null;
}
