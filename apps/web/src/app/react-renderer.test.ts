import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * The web app runs on React 19's own renderer (decision 035, which supersedes 028's preact/compat
 * alias): Ionic React supports React only, and React 19's transitions and form hooks run only on
 * React. These checks fail if Preact comes back by any of the ways it came in before.
 */
const web = fileURLToPath(new URL('../..', import.meta.url));
const root = path.resolve(web, '../..');
const isPreact = (name: string) => name === 'preact' || /^(preact-|@preact\/|@prefresh\/)/.test(name);

const workspaceManifests = () => {
  const dirs = ['apps', 'packages'].flatMap((dir) =>
    readdirSync(path.join(root, dir)).map((name) => path.join(root, dir, name)),
  );
  return [root, ...dirs].map((dir) => path.join(dir, 'package.json')).filter((file) => existsSync(file));
};

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [file] : [];
  });

describe('the web build runs on React', () => {
  it('no package.json of the workspace depends on Preact', () => {
    const manifests = workspaceManifests();
    expect(manifests.length).toBeGreaterThanOrEqual(5);
    for (const file of manifests) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        const names = Object.keys((pkg[field] as Record<string, string> | undefined) ?? {});
        expect(names.filter(isPreact), `${path.relative(root, file)} ${field}`).toEqual([]);
      }
    }
  });

  it('the lock file installs no Preact package', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    const installed = Object.keys(lock.packages)
      .map((key) => key.split('node_modules/').at(-1) ?? '')
      .filter(isPreact);
    expect(installed).toEqual([]);
  });

  it("Vite resolves react and react-dom to React's own packages, with Fast Refresh on", async () => {
    const config = await resolveConfig({ root: web, configFile: path.join(web, 'vite.config.ts') }, 'build');
    const aliases = config.resolve.alias.map((a) => String(a.replacement));
    expect(aliases.filter((a) => /preact/.test(a))).toEqual([]);
    const resolve = config.createResolver();
    for (const id of ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime']) {
      const file = (await resolve(id, path.join(web, 'src/main.tsx'))) ?? '';
      expect(file, id).toMatch(new RegExp(`node_modules[\\\\/]${id.split('/')[0]}[\\\\/]`));
    }
    const source = readFileSync(path.join(web, 'vite.config.ts'), 'utf8');
    expect(source).not.toMatch(/preact|refreshExclude/);
  });

  it('no module of the app or its packages imports Preact', () => {
    const files = [
      ...sourceFiles(path.join(web, 'src')),
      ...sourceFiles(path.join(root, 'packages')),
      ...sourceFiles(path.join(root, 'apps/server/src')),
    ];
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) =>
      /\bfrom\s+['"](preact|@preact\/)|import\(\s*['"](preact|@preact\/)/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });
});
