// Browser tests drive Debian's Chromium; install it when missing (never a downloaded browser build).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

import { CHROMIUM } from './chromium.mjs';

if (!existsSync(CHROMIUM)) {
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's package…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq chromium`, { stdio: 'inherit' });
}
