// Lists source files over 600 lines and functions or components over 150 lines, and fails when it
// finds any. A Fastify route-registration plugin (a function named `*Routes`) is a route table, not
// a function to split, so it is left out. Run: node --import tsx scripts/sizes.ts
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 600;
const MAX_FUNCTION_LINES = 150;

const root = join(import.meta.dirname, '..');
const sourceRoots = ['apps', 'packages'].flatMap((dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => join(root, dir, d.name, 'src')),
);

const isTest = (name: string) => /\.(test|spec)\.tsx?$/.test(name);

function sourceFiles(dir: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') && !isTest(e.name) ? [path] : [];
  });
}

/** The name a function is known by: its own, or that of the variable, property or method it is. */
function nameOf(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) {
    return node.name.getText();
  }
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))) {
    return parent.name.getText();
  }
  if (ts.isFunctionExpression(node) && node.name) return node.name.getText();
  return '(anonymous)';
}

type Finding = { file: string; what: string; lines: number };

function functionsOver(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const name = nameOf(node);
      if (name.endsWith('Routes')) return;
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > MAX_FUNCTION_LINES) {
        found.push({ file, what: `${name} (line ${lineOf(node.getStart(source)) + 1})`, lines });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files: Finding[] = [];
const functions: Finding[] = [];
for (const path of sourceRoots.flatMap(sourceFiles).sort()) {
  const text = readFileSync(path, 'utf8');
  const file = relative(root, path);
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) files.push({ file, what: file, lines });
  functions.push(...functionsOver(file, text));
}

for (const f of files) console.log(`file over ${MAX_FILE_LINES} lines: ${f.file} (${f.lines})`);
for (const f of functions)
  console.log(`function over ${MAX_FUNCTION_LINES} lines: ${f.file} ${f.what} (${f.lines})`);
if (files.length + functions.length > 0) {
  console.log(`${files.length} files and ${functions.length} functions too long`);
  process.exit(1);
}
