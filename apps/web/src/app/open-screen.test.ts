import { describe, expect, it } from 'vitest';
import { appScreen } from './open-screen.ts';
import { paths } from './paths.ts';

describe("the screen a club's public page opens in the app", () => {
  it('is a path of this app, query and all', () => {
    expect(appScreen('/signup')).toBe('/signup');
    expect(appScreen('/events?when=tonight')).toBe('/events?when=tonight');
  });

  it('is the game screen for nothing asked, another site, or the club link itself', () => {
    for (const open of [
      null,
      '',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      '/c/red-lion',
      'signup',
    ]) {
      expect(appScreen(open), String(open)).toBe(paths.tabs.game);
    }
  });
});
