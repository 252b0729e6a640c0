import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { activePage, expect, logInByApi, test } from './support/fixtures.ts';
import { expectInside, smallControls } from './support/layout.ts';

/** Three photos as a phone gives them: different colours, so each is told apart on screen. */
const colours = ['#b71c1c', '#1b5e20', '#0d47a1'];
const photos = await Promise.all(
  colours.map(async (background, i) => ({
    name: `IMG_00${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background } })
      .jpeg()
      .toBuffer(),
  })),
);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/gallery/${name}.png`, fullPage: false });

/** A finger swipe across the viewer: real touch events through the DevTools protocol. */
async function swipe(page: Page, direction: 'left' | 'right') {
  const box = await page.getByTestId('photo-viewer').locator('.photo-viewer__stage').boundingBox();
  if (!box) throw new Error('no viewer');
  const y = box.y + box.height / 2;
  const [from, to] =
    direction === 'left'
      ? [box.x + box.width * 0.8, box.x + box.width * 0.2]
      : [box.x + box.width * 0.2, box.x + box.width * 0.8];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from + ((to - from) * step) / 5, y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('an admin uploads photos into an album and a member swipes through them', async ({ page }, info) => {
  const phone = info.project.name === 'phone';
  const album = `Quiz night ${info.project.name} ${Date.now().toString(36)}`;

  // The admin: a new album, three photos at once, each with its own progress.
  await logInByApi(page, 'admin@redlion.test');
  await page.goto('/gallery-upload');
  const upload = activePage(page);
  await upload.getByLabel(/Or start a new album/).fill(album);
  await upload.getByRole('button', { name: 'Create' }).click();
  await expect(upload.getByTestId('album-select')).toHaveValue(/.+/);
  await expect(upload.getByTestId('album-select').locator('option:checked')).toHaveText(album);
  await upload.getByTestId('gallery-file-input').setInputFiles(photos);
  const items = upload.getByTestId('upload-list').locator('li');
  await expect(items).toHaveCount(3);
  const captions = ['The winning team', 'The quizmaster', 'Last orders'];
  for (const [i, caption] of captions.entries())
    await upload.getByLabel(`Caption for IMG_00${i + 1}.jpg`).fill(caption);
  await shot(page, `upload-ready-${info.project.name}`);
  await upload.getByTestId('start-upload').click();
  await expect(items.and(page.locator('[data-state="done"]'))).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByText('3 photos added to the gallery.')).toBeVisible();
  await shot(page, `upload-done-${info.project.name}`);
  expect(await smallControls(upload.locator('button, select, input:not([type="file"]), ion-button'))).toEqual(
    [],
  );
  await expectInside(upload.locator('.gallery-upload__name span'), '.card');

  // A member of the club opens the album and goes through it.
  await page.context().clearCookies();
  await logInByApi(page, 'player1@redlion.test');
  await page.goto('/gallery');
  const gallery = activePage(page);
  await gallery.getByRole('button', { name: new RegExp(album) }).click();
  const thumbs = gallery.getByTestId('gallery-grid').getByRole('button');
  await expect(thumbs).toHaveCount(3);
  // In the order the admin listed them, each with its caption under it.
  await expect(gallery.getByTestId('gallery-grid').locator('li')).toHaveText(captions);
  await expect(gallery.getByRole('link', { name: 'Upload photos' })).toHaveCount(0);
  await expect(gallery.getByTestId('gallery-upload-link')).toHaveCount(0);
  expect(await smallControls(gallery.locator('.gallery__album, .gallery__thumb'))).toEqual([]);
  await shot(page, `grid-${info.project.name}`);
  if (phone) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'grid-phone-390');
    await page.setViewportSize({ width: 360, height: 740 });
  }

  await thumbs.first().click();
  const viewer = page.getByTestId('photo-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText('1 of 3');
  await expect(viewer).toContainText('The winning team');
  const image = viewer.getByTestId('viewer-image');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const first = await image.getAttribute('data-photo-id');
  await shot(page, `viewer-${info.project.name}`);

  const next = () => (phone ? swipe(page, 'left') : page.keyboard.press('ArrowRight'));
  const back = () => (phone ? swipe(page, 'right') : page.keyboard.press('ArrowLeft'));
  await next();
  await expect(viewer).toContainText('2 of 3');
  expect(await image.getAttribute('data-photo-id')).not.toBe(first);
  await next();
  await expect(viewer).toContainText('3 of 3');
  await next();
  await expect(viewer).toContainText('3 of 3');
  await back();
  await expect(viewer).toContainText('2 of 3');
  await back();
  await expect(viewer).toContainText('1 of 3');
  expect(await image.getAttribute('data-photo-id')).toBe(first);
  await expect(viewer.getByRole('button', { name: 'Delete this photo' })).toHaveCount(0);
  expect(await smallControls(viewer.locator('ion-button'))).toEqual([]);

  if (phone) await viewer.getByRole('button', { name: 'Close the viewer' }).click();
  else await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});
