// Renders public/favicon.svg into the PNG icons of the web app manifest, with Debian's Chromium.
// Run: node_modules/.bin/node apps/web/scripts/make-icons.mjs (from the repo root).
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM } from '../../../scripts/chromium.mjs';

const pub = new URL('../public/', import.meta.url).pathname;
const svg = readFileSync(`${pub}favicon.svg`, 'utf8');
const shield = svg.replace(/<rect[^>]*\/>/, '').replace(/<title>.*?<\/title>/, '');
const browser = await chromium.launch({
  executablePath: CHROMIUM,
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
await render('favicon-48.png', 48, svg.replace('<svg ', '<svg width="48" height="48" '));
await browser.close();

// Browsers still ask for /favicon.ico (a 404 there is a console error): an ICO holding the PNG.
const png = readFileSync(`${pub}icons/favicon-48.png`);
const ico = Buffer.alloc(22);
ico.writeUInt16LE(1, 2); // type: icon
ico.writeUInt16LE(1, 4); // one image
ico.writeUInt8(48, 6);
ico.writeUInt8(48, 7);
ico.writeUInt16LE(1, 10); // colour planes
ico.writeUInt16LE(32, 12); // bits per pixel
ico.writeUInt32LE(png.length, 14);
ico.writeUInt32LE(22, 18); // where the PNG starts
writeFileSync(`${pub}favicon.ico`, Buffer.concat([ico, png]));
console.log('icons written to public/icons and public/favicon.ico');
