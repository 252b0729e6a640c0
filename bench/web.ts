import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * Every script the page fetches in Chromium at 390 px until it is idle, gzipped
 * (apps/web/scripts/initial-js-size.mjs); `signedIn` signs in as a demo player first.
 */
function firstPageKb(
  dist: string,
  pagePath: string,
  opts: { staticServe?: boolean; signedIn?: boolean },
): number {
  const args = [
    sizeScript,
    '--dist',
    dist,
    '--path',
    pagePath,
    '--json',
    ...(opts.staticServe ? ['--static'] : []),
    ...(opts.signedIn ? ['--signed-in'] : []),
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
    'JavaScript the first page loads in Chromium at 390 px until idle (gzipped): /app/tabs/game signed in as a demo player, and a visitor on /c/red-lion, against the bare Ionic React tabs starter built and loaded the same way',
  async run(): Promise<Figure[]> {
    const dist = buildWeb();
    const starter = buildStarter();
    try {
      const baseline = firstPageKb(starter, '/tab1', { staticServe: true });
      const game = firstPageKb(dist, '/app/tabs/game', { signedIn: true });
      const club = firstPageKb(dist, '/c/red-lion', {});
      const starterLabel = 'Ionic React tabs starter: first-page JS (gz)';
      return [
        { label: starterLabel, ms: baseline, unit: 'KB' },
        {
          label: '/app/tabs/game signed in: first-page JS (gz)',
          ms: game,
          unit: 'KB',
          against: starterLabel,
        },
        { label: '/c/red-lion visitor: first-page JS (gz)', ms: club, unit: 'KB', against: starterLabel },
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

/** The session cookies of a demo player signed in through the API, as one Cookie header. */
async function signedInCookie(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/api/club`));
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      origin: base,
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ email: 'player1@redlion.test', password: 'lastman-demo' }),
  });
  if (!res.ok) throw new Error(`signing in for Lighthouse failed: ${res.status} ${await res.text()}`);
  keep(res);
  return header();
}

async function lighthouse(url: string, cookie?: string): Promise<LighthouseResult> {
  const { default: run } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    // Lighthouse's mobile defaults (simulated slow 4G, 4x CPU slowdown) on a 390 px phone screen;
    // a signed-in run sends the session's cookies with every request.
    const result = await run(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      },
      {
        extends: 'lighthouse:default',
        settings: {
          formFactor: 'mobile',
          screenEmulation: { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false },
        },
      },
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    if (lhr.runtimeError) {
      throw new LighthouseRunError(lhr.runtimeError.code, `Lighthouse: ${lhr.runtimeError.message}`);
    }
    // BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's report, to read its long tasks and bootup time.
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
      writeFileSync(path.join(reports, name), JSON.stringify(lhr));
    }
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

class LighthouseRunError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Lighthouse's own failures to record a trace, which it says to retry; the page's are not retried. */
const TRACE_NOT_RECORDED = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST']);

/** One run, run again (twice at most) when Lighthouse failed to record the trace, not the page to load. */
async function lighthouseRun(url: string, cookie?: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouse(url, cookie);
    } catch (err) {
      if (!(err instanceof LighthouseRunError && TRACE_NOT_RECORDED.has(err.code)) || attempt === 3)
        throw err;
      console.log(`  (${err.message}: run again)`);
    }
  }
}

/** The run with the median score (Lighthouse's own advice for variable runs), its figures together. */
async function medianLighthouse(url: string, cookie?: string): Promise<LighthouseResult> {
  const runs: LighthouseResult[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseRun(url, cookie));
  runs.sort((a, b) => a.score - b.score || a.lcp - b.lcp);
  const median = runs[Math.floor(runs.length / 2)];
  if (!median) throw new Error('no Lighthouse run');
  return median;
}

const pageFigures = (name: string, r: LighthouseResult): Figure[] => [
  { label: `${name}: LCP`, ms: r.lcp, against: 'plain page: LCP' },
  { label: `${name}: FCP`, ms: r.fcp },
  { label: `${name}: total blocking time`, ms: r.tbt },
  { label: `${name}: cumulative layout shift`, ms: r.cls, unit: 'score' },
  {
    label: `${name}: performance score`,
    ms: r.score,
    unit: 'score',
    against: 'plain page: performance score',
  },
];

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description: `Lighthouse (mobile, 390 px), median of ${RUNS} runs each: /app/tabs/game signed in as a demo player and /c/red-lion as a visitor, of a fresh production build on the real server, against a one-line static page`,
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
      const game = await medianLighthouse(`${server.base}/app/tabs/game`, await signedInCookie(server.base));
      const club = await medianLighthouse(`${server.base}/c/red-lion`);
      return [
        { label: 'plain page: LCP', ms: baseline.lcp },
        { label: 'plain page: performance score', ms: baseline.score, unit: 'score' },
        ...pageFigures('/app/tabs/game signed in', game),
        ...pageFigures('/c/red-lion visitor', club),
      ];
    } finally {
      server.stop();
      plain.close();
      rmSync(web, { recursive: true, force: true });
    }
  },
};
