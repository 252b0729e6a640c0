import { paths } from './paths.ts';

/**
 * The screen a public page's button asks for (`?open=/signup`): a path of this app only, never
 * another site (`//host`, `/\host`, a scheme), nor one with spaces or control characters (a
 * browser drops a tab or a line break from an address, which would turn `/<tab>/host` into
 * `//host`), nor the club link itself; the game screen otherwise.
 */
export function appScreen(open: string | null): string {
  if (!open) return paths.tabs.game;
  const onlyPath = /^\/(?![/\\])/.test(open) && !open.startsWith('/c/');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  const plain = !/[\s\u0000-\u001f\u007f\\]/.test(open);
  const inApp = onlyPath && plain;
  return inApp ? open : paths.tabs.game;
}
