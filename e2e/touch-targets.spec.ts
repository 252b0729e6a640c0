/** Every control a thumb uses is at least 44 x 44 px, on the screens players and admins use most. */
import { expect, logIn, test, visibleTitle } from './support/fixtures.ts';
import { smallControls } from './support/layout.ts';

// Inline links inside a sentence are exempt (WCAG 2.5.8's inline exception); everything else counts.
const CONTROLS = [
  'ion-button',
  'button',
  'a[href]:not(p a):not(li p a)',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'ion-segment-button',
  'ion-toggle',
  'ion-checkbox',
  'ion-tab-button',
  'ion-back-button',
  '.app-menu-button',
].join(', ');

const screens = [
  {
    who: 'player1@redlion.test',
    paths: [
      '/app/tabs/game',
      '/app/tabs/matches',
      '/app/tabs/selections',
      '/payments',
      '/rules',
      '/account',
      '/contact',
    ],
  },
  { who: 'admin@redlion.test', paths: ['/admin'] },
];

for (const { who, paths } of screens) {
  test(`controls are at least 44 x 44 px for ${who.split('@')[0]}`, async ({ page }) => {
    test.setTimeout(120_000);
    await logIn(page, who);
    const small: Record<string, unknown> = {};
    for (const path of paths) {
      await page.goto(path);
      await expect(visibleTitle(page)).not.toBeEmpty();
      await page.waitForLoadState('networkidle');
      // Hidden Ionic pages are display: none, so their controls measure 0 and are passed over.
      const found = await smallControls(page.locator(CONTROLS));
      if (found.length > 0) small[path] = found;
    }
    expect(small, 'controls smaller than 44 x 44 px, by screen').toEqual({});
  });
}
