// Debian's Chromium, the one browser the tests, benchmarks and tools here drive (never a downloaded
// browser build), and the headless flags they start it with. CHROMIUM_PATH points elsewhere.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Playwright's launch options for that Chromium with those flags. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM, args: CHROMIUM_FLAGS };
