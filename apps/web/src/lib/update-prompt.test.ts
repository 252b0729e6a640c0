import { DEFAULT_STORE_URLS, NATIVE_APP } from '@lastman/api/native-app';
import { describe, expect, it, vi } from 'vitest';
import capacitorConfig from '../../capacitor.config.ts';
import {
  checkForNativeUpdate,
  parseVersionCode,
  shouldPromptUpdate,
  storeUrl,
  UPDATE_PROMPT,
  type UpdateAlert,
  type UpdateCheckParts,
  type UpdateConfig,
} from './update-prompt.ts';

describe('update prompt rule', () => {
  it('prompts on a native device when the installed version code differs from the expected one', () => {
    expect(shouldPromptUpdate({ platform: 'android', installedVersionCode: 4, expectedVersionCode: 5 })).toBe(
      true,
    );
    expect(shouldPromptUpdate({ platform: 'ios', installedVersionCode: 6, expectedVersionCode: 5 })).toBe(
      true,
    );
  });

  it('does not prompt when the codes match, in a browser, or when the code is unknown', () => {
    expect(shouldPromptUpdate({ platform: 'android', installedVersionCode: 5, expectedVersionCode: 5 })).toBe(
      false,
    );
    expect(shouldPromptUpdate({ platform: 'web', installedVersionCode: 1, expectedVersionCode: 5 })).toBe(
      false,
    );
    expect(shouldPromptUpdate({ platform: 'ios', installedVersionCode: null, expectedVersionCode: 5 })).toBe(
      false,
    );
  });

  it('keeps the original texts, with the message spelled correctly', () => {
    expect(UPDATE_PROMPT).toEqual({
      header: 'Update Your App',
      subHeader: 'You Want to Update App?',
      message: 'New version available. Update your app.',
      no: 'No',
      yes: 'Yes!',
    });
  });

  it("opens the store page of the platform: the server's link, else the default", () => {
    const config = {
      iosAppStoreUrl: 'https://apps.apple.com/gb/app/lastman/id1234567890',
      androidPlayStoreUrl: 'https://play.google.com/store/apps/details?id=uk.lastman.other',
    };
    expect(storeUrl('ios', config)).toBe(config.iosAppStoreUrl);
    expect(storeUrl('android', config)).toBe(config.androidPlayStoreUrl);
    expect(storeUrl('android')).toBe(
      `https://play.google.com/store/apps/details?id=${capacitorConfig.appId}`,
    );
    expect(storeUrl('ios')).toBe(DEFAULT_STORE_URLS.ios);
    expect(new URL(storeUrl('ios')).searchParams.get('term')).toBe(capacitorConfig.appName);
    expect(NATIVE_APP).toEqual({ id: capacitorConfig.appId, name: capacitorConfig.appName });
  });

  it('parses the build number as the version code', () => {
    expect(parseVersionCode('5')).toBe(5);
    expect(parseVersionCode(undefined)).toBeNull();
    expect(parseVersionCode('abc')).toBeNull();
  });
});

/** The device and UI parts of the check, recorded. */
function parts(
  platform: UpdateCheckParts['platform'],
  installed: number | null,
  config: UpdateConfig | Error,
) {
  const alerts: UpdateAlert[] = [];
  const opened: string[] = [];
  const fetchConfig = vi.fn(async () => {
    if (config instanceof Error) throw config;
    return config;
  });
  const p: UpdateCheckParts = {
    platform,
    installedVersionCode: async () => installed,
    fetchConfig,
    showAlert: async (alert) => void alerts.push(alert),
    openUrl: (url) => void opened.push(url),
  };
  const press = (text: string) => alerts[0]?.buttons.find((b) => b.text === text)?.handler?.();
  return { p, alerts, opened, fetchConfig, press };
}

const serverConfig: UpdateConfig = {
  expectedVersionCode: 7,
  iosAppStoreUrl: 'https://apps.apple.com/gb/app/lastman/id1234567890',
  androidPlayStoreUrl: 'https://play.google.com/store/apps/details?id=uk.lastman.app',
};

describe('checkForNativeUpdate', () => {
  it('reads the expected version code from the server config and asks when the installed one differs', async () => {
    const t = parts('android', 5, serverConfig);
    expect(await checkForNativeUpdate(t.p)).toBe(true);
    expect(t.fetchConfig).toHaveBeenCalledOnce();
    expect(t.alerts).toHaveLength(1);
    expect(t.alerts[0]).toMatchObject({
      header: UPDATE_PROMPT.header,
      subHeader: UPDATE_PROMPT.subHeader,
      message: UPDATE_PROMPT.message,
    });
    expect(t.alerts[0]?.buttons.map((b) => b.text)).toEqual(['No', 'Yes!']);
  });

  it('does not ask when the installed code is the expected one', async () => {
    const t = parts('ios', 7, serverConfig);
    expect(await checkForNativeUpdate(t.p)).toBe(false);
    expect(t.alerts).toEqual([]);
  });

  it('expects version code 5 when the config has none or cannot be read', async () => {
    for (const config of [{}, new Error('offline')]) {
      const same = parts('android', 5, config);
      expect(await checkForNativeUpdate(same.p)).toBe(false);
      const older = parts('android', 4, config);
      expect(await checkForNativeUpdate(older.p)).toBe(true);
      older.press('Yes!');
      expect(older.opened).toEqual([DEFAULT_STORE_URLS.android]);
    }
  });

  it('never asks in a browser, nor when the installed code is unknown', async () => {
    const web = parts('web', 1, serverConfig);
    expect(await checkForNativeUpdate(web.p)).toBe(false);
    expect(web.fetchConfig).not.toHaveBeenCalled();
    const unknown = parts('ios', null, serverConfig);
    expect(await checkForNativeUpdate(unknown.p)).toBe(false);
    expect(unknown.alerts).toEqual([]);
  });

  it('"Yes!" opens the store page of the platform from the config; "No" opens nothing', async () => {
    const ios = parts('ios', 6, serverConfig);
    await checkForNativeUpdate(ios.p);
    ios.press('No');
    expect(ios.opened).toEqual([]);
    ios.press('Yes!');
    expect(ios.opened).toEqual([serverConfig.iosAppStoreUrl]);

    const android = parts('android', 6, serverConfig);
    await checkForNativeUpdate(android.p);
    android.press('Yes!');
    expect(android.opened).toEqual([serverConfig.androidPlayStoreUrl]);
  });
});
