/** @jsxRuntime automatic @jsxImportSource react */
// (A pragma, as tsx, which runs the server, does not read apps/server/tsconfig.json's jsx setting.)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';
import type { ClubLogo } from './read.ts';
import { clubColours } from './theme.ts';

/**
 * The picture a shared link shows (og:image, 1200x630 PNG): the club's colours and logo, a title,
 * and the lines that matter (date, place, pot). satori lays the text out with a font from an npm
 * package (the same on every machine, no system fonts, offline) and turns it into an SVG of paths;
 * sharp, already the server's image library, makes the PNG. Drawn once per content: the content's
 * hash names the picture, so a change gives a new URL and an unchanged one is served from memory.
 */

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

export interface ShareCard {
  clubName: string;
  primaryColor: string;
  secondaryColor: string;
  title: string;
  lines: string[];
  /** A short word above the title ("Event", "Last Man Standing"). */
  kicker: string;
  logo: ClubLogo | null;
  /** What identifies the logo's version (its URL holds its upload time). */
  logoVersion: string | null;
}

const require = createRequire(import.meta.url);
let fonts: { name: string; data: Buffer; weight: 400 | 700 | 800; style: 'normal' }[] | null = null;
function loadFonts() {
  fonts ??= ([400, 700, 800] as const).map((weight) => ({
    name: 'Inter',
    weight,
    style: 'normal' as const,
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
  }));
  return fonts;
}

/** The content's hash: the picture's version in its URL and its ETag. */
export function shareHash(card: ShareCard): string {
  const { logo: _bytes, ...drawn } = card;
  return createHash('sha256').update(JSON.stringify(drawn)).digest('hex').slice(0, 16);
}

const cache = new Map<string, Buffer>();
const CACHE_MAX = 200;

export async function drawShareImage(card: ShareCard): Promise<{ png: Buffer; hash: string }> {
  const hash = shareHash(card);
  const cached = cache.get(hash);
  if (cached) return { png: cached, hash };
  // satori reads PNG and JPEG, not the WebP logos are stored as.
  const logo = card.logo
    ? `data:image/png;base64,${(await sharp(card.logo.bytes).resize(220, 220, { fit: 'inside' }).png().toBuffer()).toString('base64')}`
    : null;
  const colours = clubColours(card);
  const svg = await satori(
    <div
      style={{
        width: SHARE_WIDTH,
        height: SHARE_HEIGHT,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        background: colours.primary,
        color: colours.onPrimary,
        fontFamily: 'Inter',
        padding: '48px 64px 64px',
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 28 }}>
        {logo ? (
          <img
            src={logo}
            width={110}
            height={110}
            style={{ borderRadius: 20, background: '#ffffff' }}
            alt=""
          />
        ) : null}
        <div style={{ display: 'flex', fontSize: 44, fontWeight: 700 }}>{card.clubName}</div>
      </div>
      {/* Laid out from the top: satori measures a wrapped title shorter than it draws it. */}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 84 }}>
        <div
          style={{
            display: 'flex',
            alignSelf: 'flex-start',
            fontSize: 28,
            fontWeight: 700,
            textTransform: 'uppercase',
            background: colours.secondary,
            color: colours.onSecondary,
            borderRadius: 12,
            padding: '6px 16px',
          }}
        >
          {card.kicker}
        </div>
        <div
          style={{
            display: 'flex',
            fontSize: card.title.length > 32 ? 58 : 74,
            fontWeight: 800,
            lineHeight: 1.1,
          }}
        >
          {card.title.length > 70 ? `${card.title.slice(0, 68).trimEnd()}…` : card.title}
        </div>
        {card.lines.map((line) => (
          <div key={line} style={{ display: 'flex', fontSize: 34, fontWeight: 400 }}>
            {line}
          </div>
        ))}
      </div>
    </div>,
    { width: SHARE_WIDTH, height: SHARE_HEIGHT, fonts: loadFonts() },
  );
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  if (cache.size >= CACHE_MAX) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  cache.set(hash, png);
  return { png, hash };
}
