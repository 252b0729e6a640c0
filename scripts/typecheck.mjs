// Type-checks every project, as many at a time as the machine has cores (tsc uses one each).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
// The largest first, so that the small ones fill the lanes at the end.
const projects = ['apps/web', 'apps/server', '.', 'packages/api', 'packages/game'];

const check = (project) =>
  new Promise((resolve) => {
    const child = spawn(tsc, ['-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ project, code, output }));
  });

const queue = [...projects];
const failed = [];
const lane = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const { code, output } = await check(project);
    if (output) process.stdout.write(output);
    if (code !== 0) failed.push(project);
  }
};
await Promise.all(Array.from({ length: Math.min(availableParallelism(), projects.length) }, lane));
if (failed.length > 0) {
  console.error(`type errors in: ${failed.join(', ')}`);
  process.exit(1);
}
