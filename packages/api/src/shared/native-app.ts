// No zod here: the web app's first chunk imports this module (`@lastman/api/native-app`).

/** The native app as the stores know it (the app id is capacitor.config.ts's `appId`). */
export const NATIVE_APP = { id: 'uk.lastman.app', name: 'Lastman' } as const;

/**
 * Store pages the update prompt opens when none are configured: the Play Store page of the app id,
 * and an App Store search for the app's name (its App Store id is only known once it is listed).
 */
export const DEFAULT_STORE_URLS = {
  android: `https://play.google.com/store/apps/details?id=${NATIVE_APP.id}`,
  ios: `https://search.itunes.apple.com/WebObjects/MZSearch.woa/wa/search?media=software&term=${encodeURIComponent(NATIVE_APP.name)}`,
} as const;
