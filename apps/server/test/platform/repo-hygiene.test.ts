import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crossDomainImports, DOMAIN_ROOTS, domainLayers } from '../../../../scripts/domain-imports.ts';
import { envSchema } from '../../src/config.ts';

// Checks on the repository's text rather than on the running server: code says what a thing is,
// not which request brought it; the decisions carry a status and a date and are referred to by
// files that exist; the README's settings table lists exactly the settings the server reads.

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const CODE_FOLDERS = ['apps', 'packages', 'bench', 'e2e', 'scripts'];
/** Dependencies, build output and generated files: not written by us, or written from what is. */
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'build',
  'coverage',
  '.tmp',
  'test-results',
  'playwright-report',
  'android',
  'ios',
]);
const SKIPPED_PATHS = new Set(['apps/server/drizzle/meta']);
const BINARY = /\.(png|jpe?g|gif|webp|avif|heic|ico|pdf|woff2?|ttf|otf|zip|gz|br|wasm|mp3|mp4)$/i;

/** Every text file under a folder of the repository, as a path relative to the root. */
function filesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.posix.join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !SKIPPED_PATHS.has(child)) walk(child);
      } else if (entry.isFile() && !BINARY.test(entry.name)) {
        out.push(child);
      }
    }
  };
  walk(folder);
  return out;
}

const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');

/** Each line of the files matching `pattern`, as `file:line: text`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  const hits: string[] = [];
  for (const file of files) {
    read(file)
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
  return hits;
}

const codeFiles = CODE_FOLDERS.flatMap(filesUnder);

/**
 * A reference to a tracker entry by its number: the word, then a number, "#" and a number, or
 * "no." or "number" before one. The word on its own (a payment's issues, re-issuing a token) is fine.
 */
const ISSUE_NUMBER = /\bissues?\s*(?:no\.?\s*|number\s*)?(?:#\s*\d|\s\d)/i;

describe('code names what a thing is, not the request that brought it', () => {
  it('the pattern catches references by number and leaves the plain word alone', () => {
    const word = 'issue';
    for (const s of [
      `(${word} 7)`,
      `${word} #7`,
      `${word}s 7 and 8`,
      `${word} no. 7`,
      `Events, ${word}#7.`,
    ]) {
      expect(s).toMatch(ISSUE_NUMBER);
    }
    for (const s of ['payment issues', 're-issue the cookie', `${word}Id: 7`, 'issues/7/resolve']) {
      expect(s).not.toMatch(ISSUE_NUMBER);
    }
  });

  it(`no file under ${CODE_FOLDERS.join(', ')} names a tracker entry by number`, () => {
    expect(codeFiles.length).toBeGreaterThan(100);
    expect(linesMatching(codeFiles, ISSUE_NUMBER)).toEqual([]);
  });
});

const decisionsDir = 'docs/decisions';
const decisionFiles = readdirSync(path.join(root, decisionsDir))
  .filter((f) => f.endsWith('.md'))
  .sort();

describe('decisions', () => {
  it('each is NNN-title.md, numbered once, with a Status and a Date line under its title', () => {
    expect(decisionFiles.length).toBeGreaterThan(0);
    const problems: string[] = [];
    const numbers = new Map<string, string>();
    for (const file of decisionFiles) {
      const number = /^(\d{3})-[a-z0-9-]+\.md$/.exec(file)?.[1];
      if (!number) {
        problems.push(`${file}: not named NNN-title.md`);
        continue;
      }
      if (numbers.has(number)) problems.push(`${file}: number ${number} is also ${numbers.get(number)}`);
      numbers.set(number, file);
      const head = read(`${decisionsDir}/${file}`).split('\n').slice(0, 8);
      if (!head[0]?.startsWith(`# ${number}`))
        problems.push(`${file}: the title does not start "# ${number}"`);
      const status = head.find((l) => l.startsWith('Status:'));
      if (!status || !/^Status: (Accepted|Superseded by \[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\))/.test(status)) {
        problems.push(`${file}: no "Status: Accepted…" or "Status: Superseded by [NNN](NNN-….md)" line`);
      }
      const date = head.find((l) => l.startsWith('Date:'));
      const day = date && /^Date: (\d{4}-\d{2}-\d{2})$/.exec(date)?.[1];
      if (!day || Number.isNaN(Date.parse(day)) || new Date(day).toISOString().slice(0, 10) !== day) {
        problems.push(`${file}: no "Date: YYYY-MM-DD" line`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every decision the repository refers to exists, by number and by file name', () => {
    const documents = [
      ...readdirSync(root).filter((f) => f.endsWith('.md')),
      ...filesUnder('docs'),
      ...codeFiles,
    ];
    const byNumber = new Set(decisionFiles.map((f) => f.slice(0, 3)));
    const problems: string[] = [];
    for (const file of documents) {
      const inDecisions = file.startsWith(`${decisionsDir}/`);
      read(file)
        .split('\n')
        .forEach((line, i) => {
          const at = `${file}:${i + 1}`;
          // A path: docs/decisions/NNN-title.md names a file; a bare NNN or NNN-title, its start.
          for (const [, ref = ''] of line.matchAll(/docs\/decisions\/(\d{3}[a-z0-9-]*(?:\.md)?)/g)) {
            const found = ref.endsWith('.md')
              ? decisionFiles.includes(ref)
              : decisionFiles.some((f) => f.startsWith(/^\d{3}$/.test(ref) ? `${ref}-` : ref));
            if (!found) problems.push(`${at}: docs/decisions/${ref} does not exist`);
          }
          // A link between decisions: [NNN](NNN-title.md).
          if (inDecisions) {
            for (const [, target = ''] of line.matchAll(/\]\((\d{3}-[^)#\s]*\.md)(?:#[^)]*)?\)/g)) {
              if (!decisionFiles.includes(target))
                problems.push(`${at}: link to ${target}, which does not exist`);
            }
          }
          // "decision NNN" in prose or a comment.
          for (const [, number = ''] of line.matchAll(/\bdecisions?\s+\[?(\d{3})\b/gi)) {
            if (!byNumber.has(number)) problems.push(`${at}: decision ${number} does not exist`);
          }
        });
    }
    expect(problems).toEqual([]);
  });
});

describe("the README's settings table", () => {
  it('lists exactly the settings the server reads (envSchema in config.ts)', () => {
    const readme = read('README.md');
    const at = readme.indexOf('\n## Configuration\n');
    expect(at, 'README.md has a "## Configuration" section').toBeGreaterThan(-1);
    const section = readme.slice(at);
    // The section's first table: its rows run from the header to the first line that is not a row.
    const lines = section.split('\n');
    const start = lines.findIndex((l) => l.startsWith('| variable |'));
    expect(start, 'the Configuration section has a "| variable | default | meaning |" table').toBeGreaterThan(
      0,
    );
    const rows = lines.slice(start + 2);
    const end = rows.findIndex((l) => !l.startsWith('|'));
    const documented = new Set(
      rows
        .slice(0, end === -1 ? rows.length : end)
        .flatMap((row) =>
          [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''),
        ),
    );
    const inSchema = new Set(Object.keys(envSchema.shape));
    const undocumented = [...inSchema].filter((name) => !documented.has(name));
    const notRead = [...documented].filter((name) => !inSchema.has(name));
    expect({ undocumented, notRead }).toEqual({ undocumented: [], notRead: [] });
  });
});

describe("the README's drawing of the domains", () => {
  it.each(Object.entries(DOMAIN_ROOTS))(
    'shows the %s domains and their imports as the code has them',
    (layer, dir) => {
      const readme = read('README.md');
      const block = readme.match(
        new RegExp(`<!-- domains:${layer} -->\\n\`\`\`\\n([\\s\\S]*?)\\n\`\`\`\\n<!-- /domains:${layer} -->`),
      );
      expect(block, `README.md has a drawing between <!-- domains:${layer} --> markers`).not.toBeNull();
      expect(block?.[1]).toBe(domainLayers(root, dir));
    },
  );

  it('has no import into another domain other than through its index.ts', () => {
    const deep = Object.values(DOMAIN_ROOTS).flatMap((dir) =>
      crossDomainImports(root, dir)
        .filter((i) => i.deep)
        .map((i) => `${i.file}: ${i.spec}`),
    );
    expect(deep).toEqual([]);
  });
});
