// The imports between domains (docs/architecture.md). `node scripts/domain-imports.ts` prints the
// count per pair and the domains from the top layer down; `--check` exits 1 on an import into another
// domain that is not its index.ts or read-model.ts (the linter's rule, checked across every folder depth).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

export const DOMAIN_ROOTS = { server: 'apps/server/src/domains', web: 'apps/web/src/domains' } as const;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

export interface CrossImport {
  file: string;
  spec: string;
  from: string;
  to: string;
  /** Into the other domain's tables: its read-model.ts, or a schema file naming a table for a foreign key. */
  tables: boolean;
  /** Past the other domain's public files (index.ts, read-model.ts): what the rule refuses. */
  deep: boolean;
}

/** Every relative import in `root` (a domains folder, from the repository's root) that leaves its domain. */
export function crossDomainImports(repo: string, root: string): CrossImport[] {
  const found: CrossImport[] = [];
  for (const file of sourceFiles(join(repo, root))) {
    const from = relative(join(repo, root), file).split('/')[0] ?? '';
    for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(join(repo, root), normalize(join(dirname(file), spec)));
      if (target.startsWith('..')) continue;
      const to = target.split('/')[0] ?? '';
      if (to === from) continue;
      // A schema file may name another domain's table for a foreign key (db/schema/index.ts says why).
      const schemaToSchema = file.endsWith('/schema.ts') && target.endsWith('/schema.ts');
      const tables = schemaToSchema || target === `${to}/read-model.ts`;
      const deep = !tables && target !== `${to}/index.ts`;
      found.push({ file: relative(repo, file), spec, from, to, tables, deep });
    }
  }
  return found;
}

/**
 * Each domain and the domains whose functions it calls (imports of their index.ts), from the top layer
 * down. Reads of another domain's tables (read-model.ts, foreign keys) are data, not calls: not drawn.
 */
export function domainLayers(repo: string, root: string): string {
  const domains = readdirSync(join(repo, root)).filter((d) => statSync(join(repo, root, d)).isDirectory());
  const uses = new Map(domains.map((d) => [d, new Set<string>()]));
  for (const i of crossDomainImports(repo, root)) if (!i.tables) uses.get(i.from)?.add(i.to);
  const layer = new Map<string, number>();
  const layerOf = (d: string, seen: string[] = []): number => {
    if (seen.includes(d))
      throw new Error(`The domains import each other in a circle: ${[...seen, d].join(' -> ')}`);
    const known = layer.get(d);
    if (known !== undefined) return known;
    const n = Math.max(-1, ...[...(uses.get(d) ?? [])].map((u) => layerOf(u, [...seen, d]))) + 1;
    layer.set(d, n);
    return n;
  };
  const ordered = [...domains].sort((a, b) => layerOf(b) - layerOf(a) || a.localeCompare(b));
  const width = Math.max(...domains.map((d) => d.length));
  return ordered
    .map((d) => {
      const to = [...(uses.get(d) ?? [])].sort();
      return `${d.padEnd(width)}${to.length ? `  -> ${to.join(', ')}` : ''}`.trimEnd();
    })
    .join('\n');
}

if (import.meta.main) {
  const repo = process.cwd();
  const check = process.argv.includes('--check');
  let deep: CrossImport[] = [];
  for (const [layer, root] of Object.entries(DOMAIN_ROOTS)) {
    const imports = crossDomainImports(repo, root);
    deep = [...deep, ...imports.filter((i) => i.deep)];
    const pairs = new Map<string, number>();
    for (const i of imports) pairs.set(`${i.from} -> ${i.to}`, (pairs.get(`${i.from} -> ${i.to}`) ?? 0) + 1);
    console.log(
      `${layer}: ${imports.length} imports across domains, ${imports.filter((i) => i.deep).length} past an index.ts`,
    );
    if (check) continue;
    for (const [pair, n] of [...pairs].sort()) console.log(`  ${String(n).padStart(3)}  ${pair}`);
    console.log(`\n${domainLayers(repo, root)}\n`);
  }
  if (check && deep.length) {
    console.error(deep.map((i) => `${i.file}: ${i.spec}`).join('\n'));
    process.exit(1);
  }
}
