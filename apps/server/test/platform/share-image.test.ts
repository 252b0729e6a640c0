import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  drawShareImage,
  SHARE_HEIGHT,
  SHARE_WIDTH,
  type ShareCard,
} from '../../src/public-pages/share-image.tsx';

/** The colour of the picture's pixel at (x, y), as #rrggbb, each channel rounded to 8 (resampling). */
async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const channel = (i: number) => Math.min(255, Math.round((data[at + i] ?? 0) / 8) * 8);
  return `#${[0, 1, 2].map((i) => channel(i).toString(16).padStart(2, '0')).join('')}`;
}
const rounded = (hex: string) =>
  `#${[1, 3, 5]
    .map((i) => Math.min(255, Math.round(Number.parseInt(hex.slice(i, i + 2), 16) / 8) * 8))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;

const card: ShareCard = {
  clubName: 'The Swan',
  primaryColor: '#1b5e20',
  secondaryColor: '#f9a825',
  title: 'Quiz night',
  lines: ['Thursday 10 December at 20:00'],
  kicker: 'Event',
  logo: null,
  logoVersion: null,
};

describe('the picture a shared link shows', () => {
  it("draws the club's logo (stored as WebP) at the top left; without one, the club's colour is there", async () => {
    // A logo the club uploaded (stored as WebP): blue, with a white square in its middle.
    const logoPng = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#0d47a1' },
    })
      .composite([
        {
          input: await sharp({ create: { width: 60, height: 60, channels: 3, background: '#ffffff' } })
            .png()
            .toBuffer(),
          top: 120,
          left: 120,
        },
      ])
      .webp({ lossless: true })
      .toBuffer();
    const withLogo = await drawShareImage({
      ...card,
      logo: { contentType: 'image/webp', bytes: logoPng },
      logoVersion: '1',
    });
    const without = await drawShareImage(card);

    for (const { png } of [withLogo, without]) {
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', SHARE_WIDTH, SHARE_HEIGHT]);
    }
    // The logo is drawn 110 px square, 64 px from the left and 48 px from the top.
    const logoBlue = await pixel(withLogo.png, 64 + 20, 48 + 20);
    const logoMiddle = await pixel(withLogo.png, 64 + 55, 48 + 55);
    expect(logoBlue).toBe(rounded('#0d47a1'));
    expect(logoMiddle).toBe(rounded('#ffffff'));
    expect(await pixel(without.png, 64 + 20, 48 + 20)).toBe(rounded('#1b5e20'));
    // A new logo is a new picture (its version is part of the picture's name).
    expect(withLogo.hash).not.toBe(without.hash);
  });
});
