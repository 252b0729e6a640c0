// The JavaScript the first page really loads, gzipped: /app/tabs/game of a web build, served by the
// real server (a throwaway database with the demo club), opened in Chromium at 390 px; every
// script fetched until the network has been quiet for a second counts (the entry, its preloads,
// the page's chunks and whatever they import on start), whatever its path.
//
//   node scripts/initial-js-size.mjs [--dist DIR] [--static] [--path /app/tabs/game] [--signed-in] [--json]
//
// --signed-in signs in as the demo club's first player before opening the page.
//
// --static serves DIR with a plain file server (for an app without our server, such as the Ionic
// starter the bench compares with). Without --dist it measures apps/web/dist and refuses a build
// older than the web app's sources.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

const web = fileURLToPath(new URL('..', import.meta.url));
const root = path.resolve(web, '../..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : statSync(file).mtimeMs);
  }
  return newest;
}

/** Refuses a build older than anything it is built from, so an old build is never reported. */
function assertFresh(dist) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) throw new Error(`${dist} has no build; run npm run -w apps/web build`);
  const sources = Math.max(
    newestMtime(path.join(web, 'src')),
    newestMtime(path.join(web, 'public')),
    statSync(path.join(web, 'index.html')).mtimeMs,
    statSync(path.join(web, 'vite.config.ts')).mtimeMs,
  );
  if (statSync(index).mtimeMs < sources)
    throw new Error(`${dist} is older than the web app's sources; run npm run -w apps/web build`);
}

async function waitFor(url, ms = 300_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer`);
}

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** The real server on a free port with a throwaway database; returns its URL and a stop function. */
export async function startAppServer(dist) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lastman-size-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      SEED_DEMO: 'true',
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  await waitFor(`${base}/api/health`);
  return {
    base,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A plain file server for a single-page app: files as they are, index.html for every other path. */
export async function startStaticServer(dist) {
  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((req, res) => {
    const file = path.join(dist, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const found = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    const send = found ? file : path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(send)] ?? 'application/octet-stream' });
    res.end(readFileSync(send));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, stop: () => server.close() };
}

/** The demo club's first player (apps/server/src/seed), whom the signed-in measurements sign in as. */
export const DEMO_PLAYER = { email: 'player1@redlion.test', password: 'lastman-demo' };

/** Signs the context in through the API, as the app itself would, so its cookies carry the session. */
export async function signIn(context, base, { email, password }) {
  await context.request.get(`${base}/api/club`);
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post(`${base}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Origin: base },
  });
  if (!res.ok()) throw new Error(`signing in as ${email} failed: ${res.status()} ${await res.text()}`);
}

/** A 390 px phone's browser context (service workers blocked: a first visit has none). */
export const phoneContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
};

/**
 * Every script a new page of `context` fetches at `url` until it is drawn and the network has been
 * quiet for two seconds, gzipped at level 9 from the body the browser received: any request Chromium makes as a
 * script (a module, a preload, a worker, one named without `.js`) counts, whatever its path.
 */
export async function scriptsOfPage(context, url) {
  const page = await context.newPage();
  const bodies = new Map();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const isScript = response.request().resourceType() === 'script' || /\.m?js$/.test(pathname);
    if (isScript && !bodies.has(pathname))
      bodies.set(
        pathname,
        response.body().catch(() => Buffer.alloc(0)),
      );
  });
  let lastRequest = Date.now();
  page.on('request', () => {
    lastRequest = Date.now();
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Idle means drawn: React has replaced index.html's placeholder and no page shows its spinner
  // (on a busy machine the network can be quiet before the app has asked for its data), and then
  // two seconds without a request.
  await page.waitForFunction(
    () => !document.querySelector('.boot') && !document.querySelector('.page-loading'),
    undefined,
    { timeout: 30_000 },
  );
  while (Date.now() - lastRequest < 2000) await page.waitForTimeout(250);
  const scripts = [];
  for (const [pathname, body] of bodies) {
    scripts.push({ file: pathname.replace(/^\//, ''), kb: gzipSync(await body, { level: 9 }).length / 1024 });
  }
  await page.close();
  return scripts;
}

/** The first page's scripts at `url` in a fresh Chromium at 390 px; `user` signs in first. */
export async function firstPageScripts(url, { user } = {}) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext(phoneContextOptions);
    if (user) await signIn(context, new URL(url).origin, user);
    return await scriptsOfPage(context, url);
  } finally {
    await browser.close();
  }
}

/**
 * Measures `dist` at `pagePath`, served by the real server or (staticServe) a plain file server;
 * `user` ({ email, password }) signs in first.
 */
export async function measureFirstPage({ dist, staticServe = false, pagePath = '/app/tabs/game', user }) {
  const server = staticServe ? await startStaticServer(dist) : await startAppServer(dist);
  try {
    const scripts = await firstPageScripts(`${server.base}${pagePath}`, { user });
    return { scripts, totalKb: scripts.reduce((sum, s) => sum + s.kb, 0) };
  } finally {
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Read only when run as a script: the benchmarks import this module with arguments of their own.
  const { values: args } = parseArgs({
    options: {
      dist: { type: 'string' },
      static: { type: 'boolean', default: false },
      path: { type: 'string', default: '/app/tabs/game' },
      json: { type: 'boolean', default: false },
      'signed-in': { type: 'boolean', default: false },
    },
  });
  const dist = path.resolve(args.dist ?? process.env.DIST ?? path.join(web, 'dist'));
  if (!args.dist && !process.env.DIST) assertFresh(dist);
  const result = await measureFirstPage({
    dist,
    staticServe: args.static,
    pagePath: args.path,
    user: args['signed-in'] ? DEMO_PLAYER : undefined,
  });
  if (args.json) {
    console.log(JSON.stringify(result));
  } else {
    for (const s of [...result.scripts].sort((a, b) => b.kb - a.kb))
      console.log(`${s.kb.toFixed(1).padStart(7)} KB  ${s.file}`);
    console.log(
      `${result.totalKb.toFixed(1).padStart(7)} KB  JavaScript of ${args.path}, gzipped (${result.scripts.length} files)`,
    );
  }
}
