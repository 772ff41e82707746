#!/usr/bin/env node
// Issue 37's size rule for runtime source (apps/*/src and packages/*/src, tests, test folders and
// e2e left out): no file over 600 lines, and no function over 150 lines unless it is a React
// component (a PascalCase name) or a factory (a name starting with `create`). Hooks (`use*`) count as
// functions. Exits 1 and lists what breaks it.
// Usage: node scripts/check-sizes.mjs [file...]   (no files: every runtime source file)
// Not yet part of `npm run check` (apps/server/src/app.ts is still over 600 lines). To wire it, add
// "check:sizes": "node scripts/check-sizes.mjs" to package.json's scripts and append
// `&& npm run check:sizes` to "check".
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 600;
const MAX_FUNCTION_LINES = 150;

/**
 * What may break the rule for now, each with its reason: `path` for a file's length,
 * `path#name` for a function. An entry that no longer breaks it is an error too, so the list only
 * shrinks. Keep it empty unless a split must wait.
 */
const ALLOWED = new Map([]);

const root = path.resolve(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|cts)$/;

/** Runtime source: not a test, a test helper folder, an e2e file or a declaration file. */
function isRuntime(relative) {
  const parts = relative.split('/');
  if (!(parts[0] === 'apps' || parts[0] === 'packages') || parts[2] !== 'src') return false;
  if (!SOURCE.test(relative) || /\.d\.[mc]?ts$/.test(relative)) return false;
  if (/\.(test|spec|e2e)\.[cm]?tsx?$/.test(relative)) return false;
  return !parts.some((p) => p === 'test' || p === '__tests__' || p === 'node_modules' || p === 'dist');
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (entry.isFile()) yield file;
  }
}

function runtimeFiles() {
  const files = [];
  for (const top of ['apps', 'packages']) {
    const base = path.join(root, top);
    if (!fs.existsSync(base)) continue;
    for (const name of fs.readdirSync(base)) {
      const src = path.join(base, name, 'src');
      if (fs.existsSync(src)) files.push(...walk(src));
    }
  }
  return files;
}

/** A function's name as it is called: its own, or that of what it is assigned to (through memo(…) and the like). */
function nameOf(node) {
  if (node.name) return node.name.getText();
  let child = node;
  let parent = node.parent;
  for (;;) {
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent) ||
      ts.isTypeAssertionExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      (ts.isCallExpression(parent) && parent.arguments.includes(child))
    ) {
      child = parent;
      parent = parent.parent;
      continue;
    }
    break;
  }
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertyDeclaration(parent)) &&
    parent.initializer === child
  ) {
    return parent.name.getText();
  }
  return undefined;
}

const isExempt = (name) =>
  name !== undefined && (/^[A-Z][A-Za-z0-9]*$/.test(name) || /^create([A-Z0-9_]|$)/.test(name));

const isFunction = (n) =>
  ts.isFunctionDeclaration(n) ||
  ts.isFunctionExpression(n) ||
  ts.isArrowFunction(n) ||
  ts.isMethodDeclaration(n) ||
  ts.isConstructorDeclaration(n) ||
  ts.isGetAccessorDeclaration(n) ||
  ts.isSetAccessorDeclaration(n);

/** Each finding: { key, where, what } (key: the ALLOWED entry that would let it be). */
function check(file) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  const text = fs.readFileSync(file, 'utf8');
  const findings = [];
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MAX_FILE_LINES) {
    findings.push({
      key: relative,
      where: relative,
      what: `file of ${lines} lines (at most ${MAX_FILE_LINES})`,
    });
  }
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = end - start;
      const name = nameOf(node);
      if (length > MAX_FUNCTION_LINES && !isExempt(name)) {
        findings.push({
          key: `${relative}#${name ?? '(anonymous)'}`,
          where: `${relative}:${start + 1}`,
          what: `function ${name ?? '(anonymous)'} of ${length} lines (at most ${MAX_FUNCTION_LINES})`,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

const args = process.argv.slice(2);
const files = (args.length > 0 ? args.map((f) => path.resolve(f)) : runtimeFiles()).filter((f) =>
  isRuntime(path.relative(root, f).split(path.sep).join('/')),
);
const findings = files.flatMap(check);
const failures = findings.filter((f) => !ALLOWED.has(f.key));
const allowed = findings.filter((f) => ALLOWED.has(f.key));
// Only a whole run can tell that an entry is stale.
const stale =
  args.length > 0 ? [] : [...ALLOWED.keys()].filter((key) => !findings.some((f) => f.key === key));

for (const f of allowed) console.warn(`allowed: ${f.where}: ${f.what} (${ALLOWED.get(f.key)})`);
for (const f of failures) console.error(`${f.where}: ${f.what}`);
for (const key of stale)
  console.error(`scripts/check-sizes.mjs: ALLOWED has ${key}, which keeps the rule now: remove it`);
if (failures.length > 0 || stale.length > 0) {
  console.error(
    `\n${failures.length} runtime file(s) or function(s) too long: split them (issue 37; React components and create* factories may be longer).`,
  );
  process.exit(1);
}
console.log(`Sizes: ${files.length} runtime files keep the rule.`);
