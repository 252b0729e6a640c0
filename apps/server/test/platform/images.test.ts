import { readFile } from 'node:fs/promises';
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.ts';
import { DISPLAY_MAX_SIDE, imageFormatOf, processImage, THUMBNAIL_SIDE } from '../../src/lib/images.ts';

/**
 * A photo as a phone stores it: the sensor's landscape pixels (left half red, right half blue)
 * with EXIF orientation 6 ("turn 90 degrees clockwise to view"), the camera, the time and GPS.
 */
async function phonePhoto(width = 300, height = 200) {
  const half = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      if (x < width / 2) half[i] = 220;
      else half[i + 2] = 220;
    }
  }
  return sharp(half, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: {
        Make: 'SecretPhoneMaker',
        Model: 'SecretPhone 15',
        DateTime: '2026:11:20 21:14:03',
        Artist: 'Quiz Master Jo',
      },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2600/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .toBuffer();
}

/** The chunk names of a WebP file (RIFF). */
function webpChunks(bytes: Buffer): string[] {
  const names: string[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    names.push(bytes.toString('latin1', at, at + 4));
    const size = bytes.readUInt32LE(at + 4);
    at += 8 + size + (size % 2);
  }
  return names;
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('image formats from the bytes', () => {
  it('recognises the signatures, whatever the file is called', async () => {
    const base = sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } });
    expect(imageFormatOf(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(imageFormatOf(await base.clone().png().toBuffer())).toBe('png');
    expect(imageFormatOf(await base.clone().webp().toBuffer())).toBe('webp');
    expect(imageFormatOf(await base.clone().gif().toBuffer())).toBe('gif');
    expect(imageFormatOf(await base.clone().avif().toBuffer())).toBe('avif');
    const heicHeader = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    expect(imageFormatOf(heicHeader)).toBe('heic');
    expect(imageFormatOf(Buffer.from('Quiz night answers: 1. Paris 2. 1966 3. Blue'))).toBeNull();
    expect(imageFormatOf(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'))).toBeNull();
    expect(imageFormatOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it('turns a photo upright by its EXIF orientation', async () => {
    const { display, thumbnail } = await processImage(await phonePhoto(300, 200));
    expect([display.width, display.height]).toEqual([200, 300]);
    // Orientation 6: the sensor's left (red) half is at the top once upright.
    const { data, info } = await sharp(display.bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [topR = 0, , topB = 0] = at(100, 20);
    const [botR = 0, , botB = 0] = at(100, 280);
    expect(topR).toBeGreaterThan(150);
    expect(topB).toBeLessThan(80);
    expect(botB).toBeGreaterThan(150);
    expect(botR).toBeLessThan(80);
    expect([thumbnail.width, thumbnail.height]).toEqual([THUMBNAIL_SIDE, THUMBNAIL_SIDE]);
  });

  it('keeps no metadata at all: no EXIF, GPS, camera, time, XMP or ICC in either file', async () => {
    const input = await phonePhoto();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('SecretPhone');
    expect(before.orientation).toBe(6);
    const gps = await exifr.gps(input);
    expect(gps?.latitude).toBeCloseTo(51.507, 2);
    const { display, thumbnail } = await processImage(input);
    for (const out of [display, thumbnail]) {
      expect(out.contentType).toBe('image/webp');
      const meta = await sharp(out.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // WebP keeps metadata only in EXIF, XMP and ICCP chunks: a VP8 bitstream and nothing else.
      const chunks = webpChunks(out.bytes);
      expect(
        chunks.every((c) => c === 'VP8 ' || c === 'VP8L' || c === 'VP8X' || c === 'ALPH'),
        chunks.join(),
      ).toBe(true);
      const raw = out.bytes.toString('latin1');
      for (const mark of [
        'Exif',
        'EXIF',
        'XMP ',
        'ICCP',
        'GPS',
        'SecretPhone',
        'Quiz Master',
        '2026:11:20',
      ]) {
        expect(raw.includes(mark), mark).toBe(false);
      }
    }
  });

  it('makes a display size no larger than the limit and never enlarges a small one', async () => {
    const big = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const { display } = await processImage(big);
    expect([display.width, display.height]).toEqual([DISPLAY_MAX_SIDE, 1536]);
    const small = await sharp({ create: { width: 320, height: 240, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const out = await processImage(small);
    expect([out.display.width, out.display.height]).toEqual([320, 240]);
  });

  it('takes PNG, WebP, GIF and AVIF too', async () => {
    const base = sharp({ create: { width: 60, height: 40, channels: 3, background: '#b71c1c' } });
    for (const format of ['png', 'webp', 'gif', 'avif'] as const) {
      const out = await processImage(await base.clone().toFormat(format).toBuffer());
      expect(out.format).toBe(format);
      expect([out.display.width, out.display.height]).toEqual([60, 40]);
    }
  });

  it("accepts an iPhone's HEIC, decoded without native code, its metadata gone", async () => {
    const heic = await readFile(new URL('../fixtures/phone-photo.heic', import.meta.url));
    expect(imageFormatOf(heic)).toBe('heic');
    expect(heic.toString('latin1')).toContain('SecretPhone');
    const { format, display, thumbnail } = await processImage(heic);
    expect(format).toBe('heic');
    expect([display.width, display.height]).toEqual([240, 160]);
    expect([thumbnail.width, thumbnail.height]).toEqual([THUMBNAIL_SIDE, THUMBNAIL_SIDE]);
    const { data, info } = await sharp(display.bytes).raw().toBuffer({ resolveWithObject: true });
    const left = (20 * info.width + 20) * info.channels;
    const right = (20 * info.width + 220) * info.channels;
    expect(data[left]).toBeGreaterThan(150);
    expect(data[right + 2]).toBeGreaterThan(150);
    const meta = await sharp(display.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(display.bytes.toString('latin1')).not.toContain('SecretPhone');
  });

  it('refuses a text file named like a photo, and a damaged photo, with a 400 in plain words', async () => {
    const text = await refusal(
      processImage(Buffer.from('Not a photo at all, just a renamed holiday-snap.jpg')),
    );
    expect(text.statusCode).toBe(400);
    expect(text.message).toMatch(/not a photo/);
    const damaged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    const broken = await refusal(processImage(damaged));
    expect(broken.statusCode).toBe(400);
    expect(broken.message).toMatch(/could not be read/);
  });

  it('refuses a file over the size limit with a 413 before reading it', async () => {
    const err = await refusal(processImage(await phonePhoto(), { maxBytes: 1000 }));
    expect(err.statusCode).toBe(413);
    expect(err.message).toMatch(/too large/);
  });
});
