import { describe, expect, it } from 'vitest';
import { parseVersionCode, shouldPromptUpdate, storeUrl, UPDATE_PROMPT } from './update-prompt.ts';

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

  it('opens the store page of the platform', () => {
    expect(storeUrl('android')).toContain('play.google.com');
    expect(storeUrl('ios')).toContain('apps.apple.com');
  });

  it('parses the build number as the version code', () => {
    expect(parseVersionCode('5')).toBe(5);
    expect(parseVersionCode(undefined)).toBeNull();
    expect(parseVersionCode('abc')).toBeNull();
  });
});
