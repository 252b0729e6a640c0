import { DEFAULT_STORE_URLS } from '@lastman/api/native-app';

/** The original's update prompt; the message is spelled correctly (product.md, departures). */
export const UPDATE_PROMPT = {
  header: 'Update Your App',
  subHeader: 'You Want to Update App?',
  message: 'New version available. Update your app.',
  no: 'No',
  yes: 'Yes!',
} as const;

export const DEFAULT_EXPECTED_VERSION_CODE = 5;

/** Shown only on a native device whose installed version code differs from the expected one. */
export function shouldPromptUpdate(input: {
  platform: 'ios' | 'android' | 'web';
  installedVersionCode: number | null;
  expectedVersionCode: number;
}): boolean {
  if (input.platform === 'web' || input.installedVersionCode === null) return false;
  return input.installedVersionCode !== input.expectedVersionCode;
}

/** The store links and expected version code, as GET /api/config gives them. */
export interface UpdateConfig {
  expectedVersionCode?: number;
  iosAppStoreUrl?: string;
  androidPlayStoreUrl?: string;
}

/** The store page of the platform: the server's link, or the default when the server gave none. */
export function storeUrl(platform: 'ios' | 'android', config: UpdateConfig | null = null): string {
  return platform === 'ios'
    ? (config?.iosAppStoreUrl ?? DEFAULT_STORE_URLS.ios)
    : (config?.androidPlayStoreUrl ?? DEFAULT_STORE_URLS.android);
}

export interface UpdateAlert {
  header: string;
  subHeader: string;
  message: string;
  buttons: Array<{ text: string; role?: 'cancel'; handler?: () => void }>;
}

/** The device and UI parts of the update check, given by the caller (and by tests). */
export interface UpdateCheckParts {
  platform: 'ios' | 'android' | 'web';
  /** The installed app's version code, or null when it cannot be read. */
  installedVersionCode: () => Promise<number | null>;
  /** GET /api/config; a failure counts as no config (the defaults apply). */
  fetchConfig: () => Promise<UpdateConfig>;
  showAlert: (alert: UpdateAlert) => Promise<void>;
  openUrl: (url: string) => void;
}

/**
 * The original's update prompt: on a device whose installed version code differs from the
 * server's expected one (5 when the server says nothing), ask; "Yes!" opens the platform's store
 * page. Resolves to whether the prompt was shown.
 */
export async function checkForNativeUpdate(parts: UpdateCheckParts): Promise<boolean> {
  const { platform } = parts;
  if (platform === 'web') return false;
  const [installedVersionCode, config] = await Promise.all([
    parts.installedVersionCode(),
    parts.fetchConfig().catch(() => null),
  ]);
  const expectedVersionCode = config?.expectedVersionCode ?? DEFAULT_EXPECTED_VERSION_CODE;
  if (!shouldPromptUpdate({ platform, installedVersionCode, expectedVersionCode })) return false;
  const url = storeUrl(platform, config);
  await parts.showAlert({
    header: UPDATE_PROMPT.header,
    subHeader: UPDATE_PROMPT.subHeader,
    message: UPDATE_PROMPT.message,
    buttons: [
      { text: UPDATE_PROMPT.no, role: 'cancel' },
      { text: UPDATE_PROMPT.yes, handler: () => parts.openUrl(url) },
    ],
  });
  return true;
}

/** Capacitor's `build` is the version code on Android (a number) and the build string on iOS. */
export function parseVersionCode(build: string | undefined): number | null {
  if (!build) return null;
  const code = Number.parseInt(build, 10);
  return Number.isFinite(code) ? code : null;
}
