// Renders public/favicon.svg into the PNG icons of the web app manifest, with Debian's Chromium.
// Run: node_modules/.bin/node apps/web/scripts/make-icons.mjs (from the repo root).
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const pub = new URL('../public/', import.meta.url).pathname;
const svg = readFileSync(`${pub}favicon.svg`, 'utf8');
const shield = svg.replace(/<rect[^>]*\/>/, '').replace(/<title>.*?<\/title>/, '');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox'],
});
const page = await browser.newPage();

async function render(file, size, html) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0">${html}</body></html>`);
  await page.screenshot({ path: `${pub}icons/${file}`, omitBackground: true });
}
const inner = (size, scale) =>
  `<div style="width:${size}px;height:${size}px;background:#b3142b;display:grid;place-items:center">` +
  `<div style="width:${size * scale}px;height:${size * scale}px">${shield.replace('<svg ', '<svg width="100%" height="100%" ')}</div></div>`;

await render('icon-192.png', 192, svg.replace('<svg ', '<svg width="192" height="192" '));
await render('icon-512.png', 512, svg.replace('<svg ', '<svg width="512" height="512" '));
// Maskable: full-bleed background, artwork inside the 80% safe zone.
await render('icon-maskable-512.png', 512, inner(512, 0.7));
await render('apple-touch-icon.png', 180, inner(180, 0.8));
await browser.close();
console.log('icons written to public/icons');
