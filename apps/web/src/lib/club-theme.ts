/** Derives Ionic's colour variables (base, rgb, contrast, shade, tint) from a club colour. */
function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([\da-f]{6}|[\da-f]{3})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (rgb: number[]) => `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: number[], b: number[], t: number) => a.map((v, i) => v + ((b[i] ?? 0) - v) * t);

function luminance([r, g, b]: number[]): number {
  const lin = (v = 0) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function ionicColorVariables(name: 'primary' | 'secondary', hex: string): Record<string, string> {
  const rgb = parseHex(hex);
  if (!rgb) return {};
  const contrast = luminance(rgb) > 0.4 ? [0, 0, 0] : [255, 255, 255];
  return {
    [`--ion-color-${name}`]: toHex(rgb),
    [`--ion-color-${name}-rgb`]: rgb.join(','),
    [`--ion-color-${name}-contrast`]: toHex(contrast),
    [`--ion-color-${name}-contrast-rgb`]: contrast.join(','),
    [`--ion-color-${name}-shade`]: toHex(mix(rgb, [0, 0, 0], 0.12)),
    [`--ion-color-${name}-tint`]: toHex(mix(rgb, [255, 255, 255], 0.1)),
  };
}

function applyClubColors(primary: string, secondary: string, root: HTMLElement = document.documentElement) {
  const vars = { ...ionicColorVariables('primary', primary), ...ionicColorVariables('secondary', secondary) };
  for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primary);
}

type Colors = readonly [primary: string, secondary: string];
let acting: Colors | null = null;
let borrowed: Colors | null = null;

/**
 * The acting club's colours, as the app learns them. A page showing another club's colours (an
 * invitation, borrowClubColors) keeps them until it gives them back, whenever these arrive: the
 * part of the app that sets them mounts after the first render.
 */
export function setActingClubColors(primary: string, secondary: string): void {
  acting = [primary, secondary];
  if (!borrowed) applyClubColors(primary, secondary);
}

/** Shows another club's colours until the function returned is called; the acting club's come back then. */
export function borrowClubColors(primary: string, secondary: string): () => void {
  const mine: Colors = [primary, secondary];
  borrowed = mine;
  applyClubColors(primary, secondary);
  return () => {
    if (borrowed !== mine) return;
    borrowed = null;
    if (acting) applyClubColors(...acting);
  };
}
