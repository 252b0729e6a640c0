// The club rules both apps apply, written once. No zod here: the web app's first chunk imports
// this module (`@lastman/api/club/rules`), and the club schemas read their limits from it.

import { MAX_EMAIL_LENGTH } from '../account/rules.ts';

/**
 * The contact form's limits. A message needs only to say something: "When?" is a fair question
 * to a club, so the shortest is one character once trimmed, on the form and on the server alike.
 */
export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: MAX_EMAIL_LENGTH,
  subjectMax: 200,
  messageMin: 1,
  messageMax: 5000,
} as const;

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const CLUB_DETAILS_LIMITS = { addressMax: 300, emailMax: MAX_EMAIL_LENGTH } as const;

// Tenants: club colours, checked for readability (WCAG 2.x AA).
/** Text in a club colour on the app's white page, and white text on it, need this ratio (AA). */
export const MIN_COLOR_CONTRAST = 4.5;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The club colour as the app uses it: the colour itself when white text on it (and it as text on
 * white) reaches AA, else the same hue darkened just enough to reach it. Colours are adjusted, not
 * refused: the settings screen shows the shade that will be used before it is saved.
 */
export function readableClubColor(hex: string): string {
  if (!HEX_COLOR.test(hex)) return hex;
  const rgb = [0, 1, 2].map((i) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16));
  const toHex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
  for (let step = 0; step <= 100; step++) {
    const shade = toHex(rgb.map((v) => v * (1 - step / 100)));
    if (contrastRatio(shade, '#ffffff') >= MIN_COLOR_CONTRAST) return shade;
  }
  return '#000000';
}

/** What the settings screen says of a colour: null when it is used as given, else what it becomes. */
export function clubColorNote(hex: string): string | null {
  if (!HEX_COLOR.test(hex)) return 'Give a colour as #rrggbb.';
  const used = readableClubColor(hex);
  if (used === hex.toLowerCase() || contrastRatio(hex, '#ffffff') >= MIN_COLOR_CONTRAST) return null;
  return `${hex} is too pale for white text (${contrastRatio(hex, '#ffffff').toFixed(1)}:1, AA needs ${MIN_COLOR_CONTRAST}:1): it will be darkened to ${used} (${contrastRatio(used, '#ffffff').toFixed(1)}:1).`;
}

/** A club's web address name: /c/<slug>. */
export const CLUB_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
/** Slugs the app's own pages or words use. */
export const RESERVED_SLUGS = ['admin', 'api', 'app', 'new', 'join', 'clubs', 'club', 'lastman', 'www'];
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** A club logo: the same limit and types as a profile photo. */
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
