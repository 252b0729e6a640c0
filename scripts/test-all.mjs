// Every test: typecheck, lint, unit and integration tests (Vitest, on PGlite and PostgreSQL),
// then the browser tests (Playwright on Debian's Chromium against the production build, which
// playwright.config.ts builds before it starts the server).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const failedSteps = [];
function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title} ===\n`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `--- ${title}: ${res.status === 0 ? 'ok' : `failed (exit ${res.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (res.status !== 0) failedSteps.push(title);
  return res.status === 0;
}

const results = [];
results.push(run('typecheck', 'npm', ['run', '-s', 'typecheck']));
results.push(run('lint', 'npm', ['run', '-s', 'lint']));
results.push(run('ensure Chromium', process.execPath, ['scripts/ensure-chromium.mjs']));
results.push(
  run('unit and integration tests (Vitest)', bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(out, 'vitest.json')}`,
  ]),
);
const hasBrowserTests = existsSync(path.join(root, 'playwright.config.ts'));
if (hasBrowserTests) {
  results.push(
    run('browser tests (Playwright)', bin('playwright'), ['test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(out, 'playwright.json'),
    }),
  );
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson('vitest.json');
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const pw = readJson('playwright.json');
if (pw?.stats) {
  passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  failed += pw.stats.unexpected ?? 0;
  skipped += pw.stats.skipped ?? 0;
}
const ok = results.every(Boolean) && failed === 0 && passed > 0;
// A file whose set-up failed counts its tests as skipped, not failed: name it at the end, where a
// reader of only the last lines looks.
for (const file of vitest?.testResults ?? []) {
  if (file.status === 'failed') {
    console.log(`failed: ${path.relative(root, file.name)}: ${(file.message ?? '').split('\n')[0]}`);
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'failed')
        console.log(`  ${a.fullName}: ${(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
    }
  }
}
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);

function readJson(name) {
  try {
    return JSON.parse(readFileSync(path.join(out, name), 'utf8'));
  } catch {
    return null;
  }
}
