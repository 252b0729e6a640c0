import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/chromium.mjs';
import type { Benchmark, Figure } from './timing.ts';

const root = path.resolve(import.meta.dirname, '..');

const sizeScript = path.join(root, 'apps/web/scripts/initial-js-size.mjs');
const starterConfig = path.join(root, 'apps/web/scripts/ionic-starter/vite.config.mjs');

/** Builds the web app into a fresh folder of its own, so no figure ever comes from an old build. */
export function buildWeb(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lastman-bench-web-'));
  const built = spawnSync(
    'npm',
    ['run', '-s', '-w', 'apps/web', 'build', '--', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (built.status !== 0) throw new Error('the web build failed');
  return outDir;
}

/** The bare Ionic React tabs starter, built as it ships (apps/web/scripts/ionic-starter). */
function buildStarter(): string {
  const outDir = mkdtempSync(path.join(tmpdir(), 'lastman-bench-starter-'));
  const built = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      starterConfig,
      '--outDir',
      outDir,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (built.status !== 0) throw new Error('the Ionic starter build failed');
  return outDir;
}

/** Every script the page fetches in Chromium until it is idle, gzipped (apps/web/scripts/initial-js-size.mjs). */
function firstPageKb(dist: string, pagePath: string, staticServe: boolean): number {
  const args = [
    sizeScript,
    '--dist',
    dist,
    '--path',
    pagePath,
    '--json',
    ...(staticServe ? ['--static'] : []),
  ];
  const run = spawnSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`measuring ${pagePath} failed`);
  return (JSON.parse(run.stdout) as { totalKb: number }).totalKb;
}

const gzKb = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;
const sumKb = (dir: string, ext: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .reduce((sum, f) => sum + gzKb(path.join(dir, f)), 0);

export const webBundleBenchmark: Benchmark = {
  name: 'web-bundle',
  description:
    'JavaScript /app/tabs/game loads in Chromium until idle (gzipped), against the bare Ionic React tabs starter built and loaded the same way',
  async run(): Promise<Figure[]> {
    const dist = buildWeb();
    const starter = buildStarter();
    try {
      const baseline = firstPageKb(starter, '/tab1', true);
      const app = firstPageKb(dist, '/app/tabs/game', false);
      return [
        { label: 'Ionic React tabs starter: first-page JS (gz)', ms: baseline, unit: 'KB' },
        {
          label: '/app/tabs/game: first-page JS (gz)',
          ms: app,
          unit: 'KB',
          against: 'Ionic React tabs starter: first-page JS (gz)',
        },
        { label: 'all JS of the build (gz)', ms: sumKb(path.join(dist, 'assets'), '.js'), unit: 'KB' },
        { label: 'all CSS of the build (gz)', ms: sumKb(path.join(dist, 'assets'), '.css'), unit: 'KB' },
      ];
    } finally {
      rmSync(dist, { recursive: true, force: true });
      rmSync(starter, { recursive: true, force: true });
    }
  },
};

interface LighthouseResult {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
}

async function lighthouse(url: string): Promise<LighthouseResult> {
  const { default: run } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    // Lighthouse's defaults: mobile (Moto G Power screen), simulated slow 4G and 4x CPU slowdown.
    const result = await run(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: (lhr.categories.performance?.score ?? 0) * 100,
      lcp: num('largest-contentful-paint'),
      fcp: num('first-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** The run with the median score (Lighthouse's own advice for variable runs), its figures together. */
async function medianLighthouse(url: string): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouse(url));
  runs.sort((a, b) => a.score - b.score || a.lcp - b.lcp);
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description: `Lighthouse (mobile), median of ${RUNS} runs: /app/tabs/game of a fresh production build on the real server, against a one-line static page`,
  async run(): Promise<Figure[]> {
    const web = buildWeb();
    const plain = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html lang="en"><title>Plain</title><h1>Hello</h1>');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainAddress = plain.address();
    const plainUrl = `http://127.0.0.1:${typeof plainAddress === 'object' && plainAddress ? plainAddress.port : 0}/`;
    const { startAppServer } = (await import(pathToFileURL(sizeScript).href)) as {
      startAppServer(dist: string): Promise<{ base: string; stop(): void }>;
    };
    const server = await startAppServer(web);
    try {
      const baseline = await medianLighthouse(plainUrl);
      const app = await medianLighthouse(`${server.base}/app/tabs/game`);
      return [
        { label: 'plain page: LCP', ms: baseline.lcp },
        { label: '/app/tabs/game: LCP', ms: app.lcp, against: 'plain page: LCP' },
        { label: '/app/tabs/game: FCP', ms: app.fcp },
        { label: '/app/tabs/game: total blocking time', ms: app.tbt },
        { label: '/app/tabs/game: cumulative layout shift', ms: app.cls, unit: 'score' },
        { label: 'plain page: performance score', ms: baseline.score, unit: 'score' },
        {
          label: '/app/tabs/game: performance score',
          ms: app.score,
          unit: 'score',
          against: 'plain page: performance score',
        },
      ];
    } finally {
      server.stop();
      plain.close();
      rmSync(web, { recursive: true, force: true });
    }
  },
};
