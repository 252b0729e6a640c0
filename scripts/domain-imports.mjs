// Lists every import that crosses from one domain to another, and checks each goes through the other
// domain's index.ts (or its read-model.ts, the tables it lets others read). `node scripts/domain-imports.mjs`
// prints the count per pair of domains;
// `--check` exits 1 on a deep import (the linter's rule, for the layers biome cannot see across).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const ROOTS = ['apps/server/src/domains', 'apps/web/src/domains'];
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

const pairs = new Map();
const deep = [];
for (const root of ROOTS) {
  for (const file of files(root)) {
    const from = relative(root, file).split('/')[0];
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(root, normalize(join(dirname(file), spec)));
      if (target.startsWith('..')) continue;
      const to = target.split('/')[0];
      if (to === from) continue;
      const key = `${root.split('/')[1]}: ${from} -> ${to}`;
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
      // A schema file may name another domain's table for a foreign key (db/schema/index.ts says why).
      const schemaToSchema = file.endsWith('/schema.ts') && target.endsWith('/schema.ts');
      const entry = target === `${to}/index.ts` || target === `${to}/read-model.ts`;
      if (!entry && !schemaToSchema) deep.push(`${file}: ${spec}`);
    }
  }
}
for (const [key, n] of [...pairs].sort()) console.log(`${String(n).padStart(3)}  ${key}`);
console.log(`${[...pairs.values()].reduce((a, b) => a + b, 0)} cross-domain imports, ${deep.length} deep`);
if (process.argv.includes('--check') && deep.length) {
  console.error(deep.join('\n'));
  process.exit(1);
}
