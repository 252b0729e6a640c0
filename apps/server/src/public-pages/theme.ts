/** The club's colours, checked (they go into CSS) and with a text colour that reads on each. */

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const DEFAULT_PRIMARY = '#b71c1c';
const DEFAULT_SECONDARY = '#1b5e20';

function channels(hex: string): [number, number, number] {
  const h = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG's relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever has the higher contrast on the colour. */
export function textOn(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#ffffff' : '#1a1a1a';
}

export function clubColours(club: { primaryColor: string; secondaryColor: string }) {
  const primary = HEX.test(club.primaryColor) ? club.primaryColor : DEFAULT_PRIMARY;
  const secondary = HEX.test(club.secondaryColor) ? club.secondaryColor : DEFAULT_SECONDARY;
  // Links and headings on the white page: the club's colour when it reads there (4.5:1), else ink.
  const inkOnWhite = 1.05 / (luminance(primary) + 0.05) >= 4.5 ? primary : '#1a1a1a';
  return { primary, secondary, onPrimary: textOn(primary), onSecondary: textOn(secondary), inkOnWhite };
}
