import { IMAGE_MAX_BYTES } from '@lastman/api/content/rules';
import { AppError } from './errors.ts';

export { IMAGE_MAX_BYTES };

/** The image formats an upload may be, as recognised from its first bytes. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'heic';

/** The largest side of the display size, and the side of the square thumbnail, in pixels. */
export const DISPLAY_MAX_SIDE = 2048;
export const THUMBNAIL_SIDE = 480;
/** Past this many pixels an image is refused before it is decoded (a 100 MP camera is 1e8). */
const MAX_PIXELS = 120_000_000;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The format the bytes themselves say (never the file's name or declared type), or null. */
export function imageFormatOf(bytes: Uint8Array): ImageFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 12) return null;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const ascii = (from: number, to: number) => b.toString('latin1', from, to);
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO base media (HEIF, AVIF): a first box "ftyp" listing the major brand and compatible brands.
  if (ascii(4, 8) === 'ftyp') {
    const size = Math.min(b.readUInt32BE(0), b.length, 256);
    const brands = [ascii(8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(at, at + 4));
    if (brands.some((x) => AVIF_BRANDS.has(x))) return 'avif';
    if (brands.some((x) => HEIF_BRANDS.has(x))) return 'heic';
  }
  return null;
}

export interface ImageRendition {
  bytes: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The format the upload was. */
  format: ImageFormat;
  /** At most DISPLAY_MAX_SIDE on its longer side (never enlarged). */
  display: ImageRendition;
  /** A square of THUMBNAIL_SIDE, cropped to what matters most. */
  thumbnail: ImageRendition;
}

const notAnImage = () =>
  new AppError(
    'BAD_REQUEST',
    'This file is not a photo we can read: send a JPEG, PNG, WebP, GIF, AVIF or HEIC image.',
  );
const damaged = () =>
  new AppError('BAD_REQUEST', 'This photo could not be read: the file seems damaged. Try another.');

/**
 * Checks an upload from its bytes and size, and returns it upright (by its EXIF orientation), with
 * all metadata gone (GPS, camera, time, comments: a re-encode writes none back), as a display
 * size and a thumbnail, both WebP. HEIC, which sharp's prebuilt binaries cannot read, is decoded
 * by libheif compiled to WebAssembly (heic-decode); libheif applies its rotation itself.
 * Failures are the user's: 400 for what is not an image, 413 for one too large.
 */
export async function processImage(
  bytes: Uint8Array,
  opts: { maxBytes?: number } = {},
): Promise<ProcessedImage> {
  const maxBytes = opts.maxBytes ?? IMAGE_MAX_BYTES;
  if (bytes.byteLength > maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `The photo is too large: at most ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    );
  }
  const format = imageFormatOf(bytes);
  if (!format) throw notAnImage();
  // Loaded on the first upload, not at start-up: sharp brings in libvips, heic-decode a WebAssembly module.
  const { default: sharp } = await import('sharp');
  let input: ReturnType<typeof sharp>;
  if (format === 'heic') {
    const { default: decode } = await import('heic-decode');
    const image = await decode({ buffer: bytes }).catch(() => {
      throw damaged();
    });
    if (image.width * image.height > MAX_PIXELS) throw damaged();
    input = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  } else {
    input = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  }
  const upright = input.rotate();
  try {
    const [display, thumbnail] = await Promise.all([
      upright
        .clone()
        .resize(DISPLAY_MAX_SIDE, DISPLAY_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 75 })
        .toBuffer({ resolveWithObject: true }),
    ]);
    const rendition = (r: typeof display): ImageRendition => ({
      bytes: r.data,
      contentType: 'image/webp',
      width: r.info.width,
      height: r.info.height,
    });
    return { format, display: rendition(display), thumbnail: rendition(thumbnail) };
  } catch {
    throw damaged();
  }
}

// Tenants: a club's logo is one small image, not a display size and a thumbnail.
const LOGO_FORMATS = new Set<ImageFormat>(['jpeg', 'png', 'webp']);

/**
 * An uploaded image checked by its bytes and re-encoded as WebP within a box (metadata dropped, turned
 * upright), so that what is stored and served is only ever an image we wrote (the club logo).
 */
export async function reencodeImage(
  body: unknown,
  { what, box }: { what: string; box: number },
): Promise<Buffer> {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError(
      'BAD_REQUEST',
      `Send the ${what} itself as the request body: a JPEG, PNG or WebP image.`,
    );
  }
  const format = imageFormatOf(body);
  if (!format || !LOGO_FORMATS.has(format)) {
    throw new AppError('BAD_REQUEST', `The ${what} must be a JPEG, PNG or WebP image.`);
  }
  const { default: sharp } = await import('sharp');
  return sharp(body, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(box, box, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer()
    .catch(() => {
      throw new AppError(
        'BAD_REQUEST',
        `This ${what} could not be read: the file seems damaged. Try another.`,
      );
    });
}
