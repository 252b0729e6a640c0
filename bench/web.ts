import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark, Figure } from './timing.ts';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

const gzKb = (file: string) => gzipSync(readFileSync(file)).length / 1024;

/** The JavaScript the first page loads before it can render: the entry module and its preloads. */
function initialScripts(html: string): string[] {
  const urls = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => m[1] ?? '');
  return [...new Set(urls)]
    .filter((u) => u.endsWith('.js'))
    .map((u) => path.join(dist, u.replace(/^\//, '')));
}

export const webBundleBenchmark: Benchmark = {
  name: 'web-bundle',
  description: 'initial JavaScript of the first page (gzipped) against all JavaScript of the build',
  async run(): Promise<Figure[]> {
    if (!existsSync(path.join(dist, 'index.html'))) {
      spawnSync('npm', ['run', '-s', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    }
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const initial = initialScripts(html).reduce((sum, f) => sum + gzKb(f), 0);
    const assets = path.join(dist, 'assets');
    const all = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzKb(path.join(assets, f)), 0);
    const css = readdirSync(assets)
      .filter((f) => f.endsWith('.css'))
      .reduce((sum, f) => sum + gzKb(path.join(assets, f)), 0);
    return [
      { label: 'all JS of the build (gz)', ms: all, unit: 'KB' },
      {
        label: 'initial JS of /app/tabs/game (gz)',
        ms: initial,
        unit: 'KB',
        against: 'all JS of the build (gz)',
      },
      { label: 'all CSS of the build (gz)', ms: css, unit: 'KB' },
    ];
  },
};

async function waitFor(url: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer`);
}

async function lighthouse(url: string): Promise<{ score: number; lcp: number; fcp: number; tbt: number }> {
  const { default: run } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await run(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: (lhr.categories.performance?.score ?? 0) * 100,
      lcp: num('largest-contentful-paint'),
      fcp: num('first-contentful-paint'),
      tbt: num('total-blocking-time'),
    };
  } finally {
    chrome.kill();
  }
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description:
    'Lighthouse (mobile) on /app/tabs/game of the production server, against a one-line static page',
  async run(): Promise<Figure[]> {
    if (!existsSync(path.join(dist, 'index.html'))) {
      spawnSync('npm', ['run', '-s', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    }
    const port = 41_000 + Math.floor(Math.random() * 1000);
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(root, 'apps/server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lastman-bench-')),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      },
      stdio: 'ignore',
    });
    const plainDir = mkdtempSync(path.join(tmpdir(), 'lastman-plain-'));
    writeFileSync(
      path.join(plainDir, 'index.html'),
      '<!doctype html><html lang="en"><title>Plain</title><h1>Hello</h1>',
    );
    const plain = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(readFileSync(path.join(plainDir, 'index.html')));
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainAddress = plain.address();
    const plainUrl = `http://127.0.0.1:${typeof plainAddress === 'object' && plainAddress ? plainAddress.port : 0}/`;
    try {
      await waitFor(`${base}/api/health`);
      const baseline = await lighthouse(plainUrl);
      const app = await lighthouse(`${base}/app/tabs/game`);
      return [
        { label: 'plain page: LCP', ms: baseline.lcp },
        { label: '/app/tabs/game: LCP', ms: app.lcp, against: 'plain page: LCP' },
        { label: '/app/tabs/game: FCP', ms: app.fcp },
        { label: '/app/tabs/game: total blocking time', ms: app.tbt },
        { label: 'plain page: performance score', ms: baseline.score, unit: 'score' },
        {
          label: '/app/tabs/game: performance score',
          ms: app.score,
          unit: 'score',
          against: 'plain page: performance score',
        },
      ];
    } finally {
      server.kill('SIGTERM');
      plain.close();
      statSync(plainDir);
    }
  },
};
